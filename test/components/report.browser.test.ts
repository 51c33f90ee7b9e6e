// Engines: all three (what a reader sees: rendering, layout, styles and focus differ between engines).
import { expect, fixtureCleanup } from '@open-wc/testing';
import '../../src/components/report/define.js';
import type { ListEnvelope, Report, ReportListItem } from '../../src/core/types.js';
import { translations } from '../helpers/translations.js';
import { api, freshKit, loadAccessibilityChecker, mount, shadowText, sharedApi } from '../helpers/kit.js';

const report = (attrs: Record<string, string>) => mount('khountous-report', attrs);

describe('<khountous-report>', () => {
  loadAccessibilityChecker();
  let answered: string;
  let unanswered: string;
  before(async () => {
    answered = (await api<ListEnvelope<ReportListItem>>(sharedApi(), '/khountous?status=resolved&limit=1'))
      .data[0]!.slug;
    unanswered = (
      await api<ListEnvelope<ReportListItem>>(sharedApi(), '/khountous?status=under-review&limit=1')
    ).data[0]!.slug;
  });
  beforeEach(freshKit);
  afterEach(fixtureCleanup);

  for (const lang of ['fr', 'en'] as const) {
    it(`shows title, category, region, status, administration, timeline and response (${lang})`, async () => {
      const expected = await api<Report>(sharedApi(), `/khountous/${answered}?lang=${lang}`);
      const t = translations(lang);
      const element = await report({ slug: answered, lang });
      expect(element.getAttribute('state')).to.equal('ready');
      const root = element.shadowRoot!;
      expect(root.querySelector('[part="title"]')!.textContent).to.equal(expected.title);
      const meta = root.querySelector('[part="meta"]')!.textContent!;
      expect(meta).to.contain(t.categories[expected.category]);
      expect(meta).to.contain(t.statuses[expected.status]);
      expect(meta).to.contain(expected.administration.name);
      expect(shadowText(element)).to.contain(expected.description);
      const events = [...root.querySelectorAll('[part="timeline"] li')];
      expect(events).to.have.length(expected.timeline.length);
      const dates = events.map((li) => Date.parse(li.querySelector('time')!.getAttribute('datetime')!));
      expect([...dates].sort((a, b) => a - b)).to.deep.equal(dates);
      expect(
        events.map((li) => li.textContent!.trim().endsWith(expected.timeline[events.indexOf(li)]!.label)),
      ).to.not.include(false);
      expect(root.querySelector('[part="response"]')!.textContent).to.contain(
        expected.officialResponse!.text,
      );
      await expect(element).to.be.accessible();
    });
  }

  it('says clearly when there is no official response yet', async () => {
    const expected = await api<Report>(sharedApi(), `/khountous/${unanswered}`);
    expect(expected.officialResponse).to.equal(null);
    const element = await report({ slug: unanswered });
    expect(element.shadowRoot!.querySelector('[part="response"]')!.textContent).to.contain(
      'Pas encore de réponse officielle',
    );
    const en = await report({ slug: unanswered, lang: 'en' });
    expect(en.shadowRoot!.querySelector('[part="response"]')!.textContent).to.contain(
      'No official response yet',
    );
  });

  for (const [given, title, sub] of [
    ['4', '4', '5'],
    ['6', '6', '6'],
  ] as const) {
    it(`heading-level="${given}" puts timeline and response one level under the title (${title} > ${sub})`, async () => {
      const element = await report({ slug: answered, 'heading-level': given });
      const headings = [...element.shadowRoot!.querySelectorAll('[role="heading"]')];
      expect(headings.map((heading) => heading.getAttribute('aria-level'))).to.deep.equal([title, sub, sub]);
      expect(element.shadowRoot!.querySelector('h1, h2, h3, h4, h5, h6')).to.equal(null);
    });
  }

  it('writes dates in the language of the element', async () => {
    const fr = await report({ slug: answered });
    const en = await report({ slug: answered, lang: 'en' });
    const submitted = (element: Element) => element.shadowRoot!.querySelector('p.meta time')!.textContent!;
    expect(submitted(fr)).to.match(/^Signalé le \d{1,2} \S+ \d{4}$/u);
    expect(submitted(en)).to.match(/^Reported on \d{1,2} \S+ \d{4}$/);
  });
});
