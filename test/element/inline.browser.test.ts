// Engines: all three (custom elements, shadow roots, DOM observers and module loading differ between engines).
/**
 * Inline data in the page (src/core/inline.ts): an element whose server wrote
 * its data into a `<script type="application/json">` child (or a script set
 * its `inlineData`) shows it with no request; data it cannot use (another
 * selection, another shape, malformed, a second copy) is ignored with a
 * warning that says why, and the element loads as if it had none. The data is
 * text: markup in it is shown, never parsed.
 */
import { expect, fixture } from '@open-wc/testing';
import '../../src/components/ranking/define.js';
import '../../src/components/region-stats/define.js';
import { api, countFetches, isolatedApi, settled, shadowText, widgetTestHooks } from '../helpers/kit.js';

const warnings = widgetTestHooks();

/** A region-stats element with `inline` as its child script's text, on the page. */
async function withInline(
  base: string,
  inline: string,
  attrs: Record<string, string> = {},
): Promise<HTMLElement> {
  const element = document.createElement('khountous-region-stats');
  for (const [name, value] of Object.entries({
    region: 'kolda',
    lang: 'en',
    lazy: 'false',
    'base-url': base,
    ...attrs,
  }))
    element.setAttribute(name, value);
  const script = document.createElement('script');
  script.type = 'application/json';
  script.textContent = inline;
  element.append(script);
  await fixture(element);
  return element;
}

const inlineOf = (path: string, data: unknown, fetchedAt = new Date(Date.now() - 60_000).toISOString()) =>
  JSON.stringify({ khountous: 1, path, fetchedAt, data });

describe('inline data', () => {
  it('is shown with no request to the API', async () => {
    const base = isolatedApi('inline');
    const data = await api<unknown>(base, '/regions?lang=en');
    const fetches = countFetches();
    try {
      const element = await withInline(base, inlineOf('/regions?lang=en', data));
      expect(await settled(element)).to.equal('ready');
      expect(shadowText(element)).to.contain('Kolda');
      expect(fetches.urls.filter((url) => url.startsWith(base))).to.deep.equal([]);
      expect(warnings().all()).to.deep.equal([]);
    } finally {
      fetches.restore();
    }
  });

  it('set as a property by a script, likewise', async () => {
    const base = isolatedApi('inline-property');
    const data = await api<unknown>(base, '/regions?lang=en');
    const fetches = countFetches();
    try {
      const element = document.createElement('khountous-region-stats') as HTMLElement & {
        inlineData?: unknown;
      };
      for (const [name, value] of Object.entries({
        region: 'kolda',
        lang: 'en',
        lazy: 'false',
        'base-url': base,
      }))
        element.setAttribute(name, value);
      element.inlineData = {
        khountous: 1,
        path: '/regions?lang=en',
        fetchedAt: Date.now(),
        data,
      };
      await fixture(element);
      expect(await settled(element)).to.equal('ready');
      expect(fetches.urls.filter((url) => url.startsWith(base))).to.deep.equal([]);
    } finally {
      fetches.restore();
    }
  });

  for (const [what, inline, reason] of [
    [
      'for another selection',
      // The French regions, for an element in English.
      () => inlineOf('/regions?lang=fr', { data: [] }),
      /\/regions\?lang=fr, not of \/regions\?lang=en/,
    ],
    ['of another shape', () => inlineOf('/regions?lang=en', { nope: true }), /not what the API answers/],
    ['malformed', () => '{"khountous":1,', /not JSON/],
    [
      'from the future',
      () => inlineOf('/regions?lang=en', {}, new Date(Date.now() + 86_400_000).toISOString()),
      /in the future/,
    ],
  ] as const) {
    it(`${what}: ignored with a warning, and the element loads its data`, async () => {
      const base = isolatedApi('inline-bad');
      const fetches = countFetches();
      try {
        const element = await withInline(base, inline());
        expect(await settled(element)).to.equal('ready');
        expect(fetches.urls.filter((url) => url.startsWith(base))).to.have.length(1);
        const said = warnings().all().join('\n');
        expect(said).to.contain('<khountous-region-stats>: its inline data is ignored');
        expect(said).to.match(reason);
      } finally {
        fetches.restore();
      }
    });
  }

  it('a second copy of the same resource is ignored with a warning', async () => {
    const base = isolatedApi('inline-twice');
    const data = await api<unknown>(base, '/regions?lang=en');
    const first = await withInline(base, inlineOf('/regions?lang=en', data));
    const second = await withInline(base, inlineOf('/regions?lang=en', data));
    expect(await settled(first)).to.equal('ready');
    expect(await settled(second)).to.equal('ready');
    expect(warnings().all().join('\n')).to.match(/already gave the data of \/regions\?lang=en/);
  });

  it('its text is text: markup in the data is shown, not parsed', async () => {
    const base = isolatedApi('inline-markup');
    const list = await api<{ data: { name: string }[] }>(base, '/administrations?lang=en&limit=3&page=1');
    list.data[0]!.name = '<img src=x onerror="window.pwned=1">Mairie';
    const element = document.createElement('khountous-ranking');
    for (const [name, value] of Object.entries({ limit: '3', lang: 'en', lazy: 'false', 'base-url': base }))
      element.setAttribute(name, value);
    const script = document.createElement('script');
    script.type = 'application/json';
    script.textContent = inlineOf('/administrations?lang=en&limit=3&page=1', list);
    element.append(script);
    await fixture(element);
    expect(await settled(element)).to.equal('ready');
    expect(element.shadowRoot!.querySelector('img')).to.equal(null);
    expect(shadowText(element)).to.contain('<img src=x');
    expect((window as { pwned?: unknown }).pwned).to.equal(undefined);
  });
});
