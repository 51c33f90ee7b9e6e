// Engines: all three (what a reader sees: rendering, layout, styles and focus differ between engines).
/**
 * The editor's words on every widget: `headline` in place of the widget's own title (a
 * heading at `heading-level`), `subtitle` under it, `note` under the graphic before the source
 * line, each plain text (hostile markup stays text), bounded; the source line a link to
 * `source-href` (http(s) only), else to the platform's site; `credit="none"` still hides it.
 */
import { expect, fixture } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import '../helpers/every-element.js';
import type {
  AdministrationListItem,
  DatasetJson,
  ListEnvelope,
  ReportListItem,
} from '../../src/core/types.js';
import { loadMessages } from '../../src/attributes/owner.js';
import { PLATFORM_SITE } from '../../src/widget/source.js';
import { api, settled, sharedApi, widgetTestHooks } from '../helpers/kit.js';

let adminSlug = '';
let reportSlug = '';
let datasetId = '';

/** Each widget, and each form of it that renders its title otherwise. */
const FORMS: { tag: string; attrs: () => Record<string, string> }[] = [
  { tag: 'khountous-ranking', attrs: () => ({ limit: '3' }) },
  { tag: 'khountous-admin-card', attrs: () => ({ slug: adminSlug }) },
  { tag: 'khountous-report', attrs: () => ({ slug: reportSlug }) },
  { tag: 'khountous-region-stats', attrs: () => ({}) },
  { tag: 'khountous-region-stats', attrs: () => ({ region: 'kolda' }) },
  { tag: 'khountous-region-stats', attrs: () => ({ region: 'kolda', variant: 'single' }) },
  { tag: 'khountous-region-map', attrs: () => ({}) },
  { tag: 'khountous-reports', attrs: () => ({ limit: '3' }) },
  { tag: 'khountous-fact-checks', attrs: () => ({ limit: '3' }) },
  { tag: 'khountous-dataset', attrs: () => ({ 'dataset-id': datasetId, preview: '2' }) },
];

const HOSTILE = 'Écoles <img src=x onerror="window.__pwned=1"> & <b>scores</b>';

async function create(tag: string, attrs: Record<string, string>): Promise<HTMLElement> {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries({ ...attrs, 'base-url': sharedApi() }))
    element.setAttribute(name, value);
  await fixture(element);
  expect(await settled(element)).to.equal('ready');
  return element;
}

const part = (element: Element, name: string) => element.shadowRoot!.querySelector(`[part~="${name}"]`);
const headings = (element: Element) => [...element.shadowRoot!.querySelectorAll('[role="heading"]')];
const text = (node: Element | null) => node?.textContent?.replace(/\s+/g, ' ').trim();

before(async () => {
  const admins = await api<ListEnvelope<AdministrationListItem>>(sharedApi(), '/administrations?limit=3');
  adminSlug = admins.data[1]!.slug;
  const reports = await api<ListEnvelope<ReportListItem>>(sharedApi(), '/khountous?status=resolved&limit=1');
  reportSlug = reports.data[0]!.slug;
  datasetId = (await api<DatasetJson>(sharedApi(), '/datasets/regional-indicators?format=json')).id;
});

for (const form of FORMS) {
  describe(`<${form.tag}> ${JSON.stringify(form.attrs())}: the editor's words`, () => {
    const warnings = widgetTestHooks();

    it('the headline replaces its title at heading-level; subtitle under it; note before the source line', async () => {
      const plain = await create(form.tag, form.attrs());
      const own = text(headings(plain)[0]!);
      expect(own, 'its own title').to.be.a('string').and.not.equal('');
      expect(part(plain, 'subtitle')).to.equal(null);
      expect(part(plain, 'note')).to.equal(null);

      const element = await create(form.tag, {
        ...form.attrs(),
        headline: `  ${HOSTILE}\n\t `,
        subtitle: 'Score moyen,\n  sur 100',
        note: 'Moyenne des   scores de 2026.',
        'heading-level': '4',
      });
      const title = headings(element)[0]!;
      expect(text(title)).to.equal(HOSTILE.replace(/\s+/g, ' '));
      expect(title.getAttribute('aria-level')).to.equal('4');
      expect(headings(element).map(text), 'its own title is gone').not.to.include(own);
      // Text, never markup: no element made of the hostile words, nothing run.
      expect(element.shadowRoot!.querySelector('img, b')).to.equal(null);
      expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
      const subtitle = part(element, 'subtitle')!;
      expect(text(subtitle)).to.equal('Score moyen, sur 100');
      expect(title.compareDocumentPosition(subtitle) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
      const note = part(element, 'note')!;
      const source = part(element, 'source')!;
      expect(text(note)).to.equal('Moyenne des scores de 2026.');
      expect(note.compareDocumentPosition(source) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
      // Both printed: no print rule hides them.
      for (const node of [note, source, subtitle])
        expect(getComputedStyle(node).display).to.not.equal('none');
      await expect(element).to.be.accessible();
    });

    it('the source line links to the platform, to source-href, never to a javascript: URL', async () => {
      const link = async (attrs: Record<string, string>) =>
        part(await create(form.tag, { ...form.attrs(), ...attrs }), 'source')!.querySelector('a')!;
      const platform = await link({});
      expect(platform.getAttribute('href')).to.equal(PLATFORM_SITE);
      expect(platform.rel).to.include('noopener');
      expect(
        (await link({ 'source-href': 'https://www.example.org/methode' })).getAttribute('href'),
      ).to.equal('https://www.example.org/methode');
      for (const hostile of ['javascript:alert(1)', 'data:text/html,<b>x</b>', '//evil.example/']) {
        expect((await link({ 'source-href': hostile })).getAttribute('href')).to.equal(PLATFORM_SITE);
        // The warning that says so, once the sentences are here (attributes/messages.ts).
        await loadMessages();
        await new Promise((resolve) => setTimeout(resolve));
        const said = warnings()
          .all()
          .filter((line) => line.includes(`source-href="${hostile.slice(0, 20)}`));
        expect(said.join('\n')).to.include(PLATFORM_SITE);
      }
    });

    it('credit="none" hides the source line, not the note; a text over its bound is cut and said', async () => {
      const element = await create(form.tag, {
        ...form.attrs(),
        credit: 'none',
        note: 'n'.repeat(450),
        headline: 'h'.repeat(130),
      });
      expect(part(element, 'source')).to.equal(null);
      expect(text(part(element, 'note'))).to.equal(`${'n'.repeat(399)}…`);
      expect(text(headings(element)[0]!)).to.equal(`${'h'.repeat(119)}…`);
    });
  });
}

describe("the editor's words on paper", () => {
  widgetTestHooks();

  it('the note and the source line are printed, the link written after the line', async () => {
    const element = await create('khountous-ranking', { limit: '2', note: 'Score moyen sur 100.' });
    const note = part(element, 'note')!;
    const link = part(element, 'source')!.querySelector('a')!;
    // Every engine: the print rule that writes the address; in Chromium, print media emulated.
    const printRules = [...element.shadowRoot!.adoptedStyleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .filter(
        (rule): rule is CSSMediaRule => rule instanceof CSSMediaRule && /print/.test(rule.conditionText),
      )
      .map((rule) => rule.cssText)
      .join('\n');
    expect(printRules).to.match(/\.source a\[href\]::after\s*\{\s*content: (["']) \(\1 attr\(href\) \1\)\1;/);
    if (!/Chrome\//.test(navigator.userAgent)) return;
    await executeServerCommand('look-media', { media: 'print' });
    try {
      expect(matchMedia('print').matches).to.equal(true);
      expect(note.checkVisibility() && link.checkVisibility()).to.equal(true);
      expect(getComputedStyle(link, '::after').content).to.match(/attr\(href\)|khountous\.sn/);
    } finally {
      await executeServerCommand('look-media', { media: null });
    }
  });
});

describe("the card's compact and inline forms: the editor's words", () => {
  widgetTestHooks();

  it('compact: the headline in place of the name; inline: no title, the note in the tooltip', async () => {
    const compact = await create('khountous-admin-card', {
      slug: adminSlug,
      variant: 'compact',
      headline: 'Notre mairie',
      note: 'Sur 100.',
    });
    expect(text(part(compact, 'title'))).to.equal('Notre mairie');
    expect(text(part(compact, 'note'))).to.equal('Sur 100.');
    for (const tag of ['khountous-admin-card', 'khountous-region-stats']) {
      const attrs: Record<string, string> =
        tag === 'khountous-admin-card' ? { slug: adminSlug } : { region: 'kolda' };
      const inline = await create(tag, {
        ...attrs,
        variant: 'inline',
        headline: 'Titre',
        note: 'Score moyen en 2026',
      });
      expect(headings(inline)).to.deep.equal([]);
      expect(inline.shadowRoot!.textContent).not.to.include('Titre');
      expect(text(part(inline, 'tooltip'))).to.include('Score moyen en 2026.');
    }
  });
});
