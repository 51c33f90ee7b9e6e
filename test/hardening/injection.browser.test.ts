// Engines: all three (HTML parsing, bidi, storage and a host page's CSS differ between engines).
/**
 * Injection: API strings that hold markup, script, event-handler attributes or
 * `javascript:` URLs show as text in every element; only http(s) URLs become
 * links, and links that leave the site carry rel="noopener noreferrer".
 *
 * The data is the reference API's own, with every free text replaced by a
 * payload (enumerated values, which the schemas check, stay as they are).
 */
import { expect, fixture, fixtureCleanup } from '@open-wc/testing';
import '../helpers/every-element.js';
import { freshKit } from '../helpers/kit.js';
import {
  EVERY_ELEMENT,
  allSettled,
  assertSafe,
  create,
  installLoader,
  pageGuard,
  poisonedFetch,
  textOf,
} from './browser-kit.js';

const PAYLOADS = {
  script: '<script>window.__pwned = 1</script>',
  'event handler': '<img src=x onerror="window.__pwned = 1">',
  'broken attribute': '"><svg onload="window.__pwned = 1"><b x="',
  'javascript: URL': 'javascript:window.__pwned = 1',
} as const;

/** An API whose every answer is a list of one fact-check citing `sources`. */
function factCheckCiting(sources: { title: string; url: string }[]) {
  return async () =>
    new Response(
      JSON.stringify({
        data: [
          {
            slug: 'a',
            claim: 'c',
            verdict: 'false',
            evidenceLevel: 'strong',
            summary: 's',
            publishedAt: '2026-01-01',
            sources,
          },
        ],
        meta: { page: 1, pageSize: 10, total: 1 },
      }),
      { headers: { 'Content-Type': 'application/json' } },
    );
}

declare global {
  interface Window {
    __pwned?: unknown;
  }
}

let guard: ReturnType<typeof pageGuard>;

beforeEach(() => {
  freshKit();
  delete window.__pwned;
  guard = pageGuard();
});

afterEach(async () => {
  await new Promise((resolve) => setTimeout(resolve, 30));
  expect(window.__pwned, 'window.__pwned').to.equal(undefined);
  expect(guard.problems).to.deep.equal([]);
  fixtureCleanup();
  guard.stop();
  freshKit();
});

describe('API texts holding markup show as text', () => {
  for (const [label, payload] of Object.entries(PAYLOADS)) {
    for (const spec of EVERY_ELEMENT) {
      it(`<${spec.tag}>: ${label}`, async () => {
        installLoader({ fetch: poisonedFetch(payload) });
        const page = await fixture<HTMLDivElement>(document.createElement('div'));
        const element = create(page, spec.tag, {
          ...spec.attrs(),
          'base-url': 'https://api.example.test/v1',
          ...(spec.tag === 'khountous-ranking' || spec.tag === 'khountous-reports'
            ? { 'href-template': 'https://elsewhere.example/x/{slug}' }
            : {}),
        });
        await allSettled([element], ['ready']);
        expect(textOf(element), 'the payload, as text').to.contain(payload.replace(/\s+/g, ' ').trim());
        assertSafe(element);
      });
    }
  }
});

describe('links: only http(s), off-site ones noopener noreferrer', () => {
  // The links the template makes: every link but the source line's (to the platform's site, checked here too).
  const rows = (element: Element) => {
    const links = [...element.shadowRoot!.querySelectorAll('a[href]')];
    const source = links.filter((link) => link.closest('[part~="source"]'));
    expect(source.map((link) => link.getAttribute('href'))).to.deep.equal(['https://khountous.sn']);
    return links.filter((link) => !source.includes(link));
  };

  async function listWith(tag: string, template: string): Promise<HTMLElement> {
    installLoader({ fetch: poisonedFetch('<b>name</b>') });
    const page = await fixture<HTMLDivElement>(document.createElement('div'));
    const element = create(page, tag, {
      'base-url': 'https://api.example.test/v1',
      limit: '3',
      'href-template': template,
    });
    await allSettled([element], ['ready']);
    return element;
  }

  for (const tag of ['khountous-ranking', 'khountous-reports']) {
    for (const template of [
      'javascript:alert(1)//{slug}',
      ' JavaScript:alert(1)//{slug}',
      'java\tscript:alert(1)//{slug}',
      'data:text/html,<script>alert(1)</script>{slug}',
      'vbscript:msgbox(1)/{slug}',
      'blob:https://elsewhere.example/{slug}',
    ]) {
      it(`<${tag}> href-template="${template.replace(/\t/, '\\t')}" makes no link`, async () => {
        const element = await listWith(tag, template);
        expect(rows(element)).to.have.length(0);
        assertSafe(element);
      });
    }

    for (const [template, offSite] of [
      ['//elsewhere.example/{slug}', true],
      ['https://elsewhere.example/{slug}', true],
      ['/items/{slug}', false],
      [`${location.origin}/items/{slug}`, false],
    ] as const) {
      it(`<${tag}> href-template="${template}": links ${offSite ? 'with' : 'without'} rel="noopener noreferrer"`, async () => {
        const element = await listWith(tag, template);
        expect(rows(element)).to.have.length(3);
        for (const link of rows(element)) {
          const rel = link.getAttribute('rel');
          if (offSite) expect(rel).to.equal('noopener noreferrer');
          else expect(rel).to.equal(null);
        }
        assertSafe(element);
      });
    }
  }

  it('<khountous-ranking> a slug holding markup is encoded into the link, never markup', async () => {
    const slug = '"><img src=x onerror="window.__pwned=1">';
    installLoader({
      fetch: async () =>
        new Response(
          JSON.stringify({
            data: [{ slug, name: 'A', score: 50, responseRate: 50, avgDelayDays: 3 }],
            meta: { page: 1, pageSize: 3, total: 1 },
          }),
          { headers: { 'Content-Type': 'application/json' } },
        ),
    });
    const page = await fixture<HTMLDivElement>(document.createElement('div'));
    const element = create(page, 'khountous-ranking', {
      'base-url': 'https://api.example.test/v1',
      limit: '3',
      'href-template': '/a/{slug}',
    });
    await allSettled([element], ['ready']);
    const link = element.shadowRoot!.querySelector('a[href]')!;
    expect(link.getAttribute('href')).to.equal(`/a/${encodeURIComponent(slug)}`);
    assertSafe(element);
  });

  it('<khountous-fact-checks> sources: http(s) only, off-site with rel, the URL text never markup', async () => {
    const urls = [
      'https://evil.example/"><script>window.__pwned=1</script>',
      'HTTP://EVIL.EXAMPLE/path',
      `${location.origin}/same-site`,
    ];
    installLoader({
      fetch: factCheckCiting(urls.map((url, index) => ({ title: `source ${index}`, url }))),
    });
    const page = await fixture<HTMLDivElement>(document.createElement('div'));
    const element = create(page, 'khountous-fact-checks', { 'base-url': 'https://api.example.test/v1' });
    await allSettled([element], ['ready']);
    const links = [...element.shadowRoot!.querySelectorAll('[part~="sources"] a')];
    expect(links.map((link) => link.getAttribute('href'))).to.deep.equal(urls);
    expect(links.map((link) => link.getAttribute('rel'))).to.deep.equal([
      'noopener noreferrer',
      'noopener noreferrer',
      null,
    ]);
    assertSafe(element);
  });

  for (const url of [
    'javascript:window.__pwned=1',
    'data:text/html,x',
    'https:evil.example',
    '//evil.example/x',
  ]) {
    it(`<khountous-fact-checks> a source URL "${url}" is refused with the list (no link made)`, async () => {
      installLoader({ fetch: factCheckCiting([{ title: 't', url }]) });
      const page = await fixture<HTMLDivElement>(document.createElement('div'));
      const element = create(page, 'khountous-fact-checks', { 'base-url': 'https://api.example.test/v1' });
      await allSettled([element], ['error']);
      expect(element.shadowRoot!.querySelectorAll('a[href]')).to.have.length(0);
      assertSafe(element);
    });
  }

  it('<khountous-dataset> download links to an API on another site carry rel="noopener noreferrer"', async () => {
    installLoader({ fetch: poisonedFetch('<i>x</i>') });
    const page = await fixture<HTMLDivElement>(document.createElement('div'));
    const element = create(page, 'khountous-dataset', {
      'base-url': 'https://api.example.test/v1',
      'dataset-id': 'regional-indicators',
    });
    await allSettled([element], ['ready']);
    const links = [...element.shadowRoot!.querySelectorAll('a[part~="download"]')];
    expect(links).to.have.length(3);
    for (const link of links) expect(link.getAttribute('rel')).to.equal('noopener noreferrer');
    assertSafe(element);
  });
});
