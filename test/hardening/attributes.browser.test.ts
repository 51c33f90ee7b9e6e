// Engines: Chromium (how odd attributes are read and which requests follow: logic no engine changes (their rendering runs in all three: test/components/errors)).
/**
 * Attributes a page author may get wrong, across every element of the kit,
 * beyond the cases the element tests already cover: unknown languages, base
 * URLs that are not http(s), identifiers that are missing or malformed, odd
 * limits and pages, unknown filters, heading levels out of range.
 *
 * Each gives the documented clamping or a configuration error, and the kit
 * never sends a request with an invalid parameter: every URL it fetches is
 * checked against the API's rules.
 */
import { expect, fixture, fixtureCleanup } from '@open-wc/testing';
import '../helpers/every-element.js';
import {
  DATASET_FORMATS,
  DATASET_ID_PATTERN,
  LANGS,
  LEVELS,
  PERIOD_PATTERN,
  REGION_CODES,
  REPORT_CATEGORIES,
  REPORT_STATUSES,
  SECTORS,
  SLUG_PATTERN,
} from '../../src/core/types.js';
import { tellingWords, translations, widgetNameOf } from '../helpers/translations.js';
import { countFetches, freshKit, sharedApi, watchWarnings } from '../helpers/kit.js';
import { catalog } from '../../src/registry.js';
import { ELEMENTS, EVERY_ELEMENT, allSettled, create, pageGuard, textOf } from './browser-kit.js';

/** Throws unless `url` is a request the API accepts: known path, known parameters, valid values. */
function assertValidRequest(url: string): void {
  const { pathname, searchParams } = new URL(url, location.href);
  const path = pathname.replace(/^.*\/v1/, '');
  const match = /^\/(administrations|khountous|verifications|regions|datasets)(?:\/([^/]+))?$/.exec(path);
  expect(match, `path of ${url}`).to.not.equal(null);
  const [, collection, id] = match!;
  if (id !== undefined) {
    expect(id.length, `identifier length in ${url}`).to.be.at.most(200);
    expect(id, `identifier in ${url}`).to.match(
      collection === 'datasets' ? DATASET_ID_PATTERN : SLUG_PATTERN,
    );
  }
  const allowed: Record<string, (value: string) => boolean> = {
    limit: (value) => /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 100,
    page: (value) => /^\d+$/.test(value) && Number(value) >= 1 && Number.isSafeInteger(Number(value)),
    lang: (value) => (LANGS as readonly string[]).includes(value),
    region: (value) => (REGION_CODES as readonly string[]).includes(value),
    sector: (value) => (SECTORS as readonly string[]).includes(value),
    level: (value) => (LEVELS as readonly string[]).includes(value),
    category: (value) => (REPORT_CATEGORIES as readonly string[]).includes(value),
    status: (value) => (REPORT_STATUSES as readonly string[]).includes(value),
    period: (value) => PERIOD_PATTERN.test(value),
    format: (value) => (DATASET_FORMATS as readonly string[]).includes(value),
  };
  for (const [name, value] of searchParams) {
    expect(allowed[name], `parameter ${name} in ${url}`).to.be.a('function');
    expect(allowed[name]!(value), `${name}=${value} in ${url}`).to.equal(true);
  }
}

let guard: ReturnType<typeof pageGuard>;
let fetches: ReturnType<typeof countFetches>;
let warnings: ReturnType<typeof watchWarnings>;

/** The kit's console warnings about `<tag>`'s `attribute` since the test began. */
const warningsAbout = (tag: string, attribute: string) =>
  warnings.all().filter((line) => line.startsWith(`<${tag}>: `) && line.includes(attribute));

beforeEach(() => {
  freshKit();
  guard = pageGuard();
  fetches = countFetches();
  warnings = watchWarnings({ quiet: true });
});

afterEach(() => {
  warnings.restore();
  expect(warnings.litWarnings()).to.deep.equal([]);
  fetches.restore();
  for (const url of fetches.urls) assertValidRequest(url);
  expect(guard.problems).to.deep.equal([]);
  fixtureCleanup();
  guard.stop();
  freshKit();
});

/** Mounts `<tag>` on the shared API with `attrs` (null removes an attribute) and waits until it settles. */
async function mount(tag: string, attrs: Record<string, string | null>): Promise<HTMLElement> {
  // One element at a time: a widget pushed below the fold would wait to be scrolled near.
  fixtureCleanup();
  const page = await fixture<HTMLDivElement>(document.createElement('div'));
  const element = create(page, tag, { 'base-url': sharedApi() });
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null) element.removeAttribute(name);
    else element.setAttribute(name, value);
  }
  await allSettled([element]);
  return element;
}

/**
 * A configuration error: the localized sentence, no retry button, not one
 * request, and one console warning that names the element and the attribute.
 */
function expectConfigurationError(element: HTMLElement, attribute: string): void {
  expect(element.getAttribute('state')).to.equal('error');
  expect(textOf(element)).to.contain(
    translations('fr').error('invalid-parameter', widgetNameOf(element.localName)),
  );
  expect(element.shadowRoot!.querySelector('button[part~="retry"]')).to.equal(null);
  expect(fetches.urls).to.deep.equal([]);
  const about = warningsAbout(element.localName, attribute);
  expect(about, warnings.all().join('\n')).to.have.length(1);
  expect(about[0]!.length, 'a long value is cut in the warning').to.be.below(300);
}

describe('lang: unsupported or unusual values', function () {
  this.timeout(40_000);
  const CASES: [string, 'fr' | 'en'][] = [
    ['xx', 'fr'],
    ['wo', 'fr'],
    ['EN-us', 'en'],
    ['fr-SN', 'fr'],
    ['123', 'fr'],
    [' en ', 'en'],
  ];
  for (const spec of ELEMENTS) {
    it(`<${spec.tag}> lang=${CASES.map(([lang]) => JSON.stringify(lang)).join(', ')}`, async () => {
      // The words of its own strings that tell its languages apart, from a render in each (one at a time).
      const fr = textOf(await mount(spec.tag, { ...spec.attrs(), lang: 'fr' }));
      const en = textOf(await mount(spec.tag, { ...spec.attrs(), lang: 'en' }));
      const told = tellingWords(spec.tag, fr, en);
      expect(told, 'words of its own strings.ts, French in one, English in the other').to.not.be.empty;
      for (const [lang, used] of CASES) {
        const element = await mount(spec.tag, { ...spec.attrs(), lang });
        expect(element.getAttribute('state'), `lang="${lang}"`).to.equal('ready');
        for (const words of told) {
          expect(textOf(element), `lang="${lang}"`).to.contain(words[used]);
          expect(textOf(element), `lang="${lang}"`).not.to.contain(words[used === 'fr' ? 'en' : 'fr']);
        }
      }
    });
  }
});

describe('base-url that is not an http(s) API: a configuration error, no request', () => {
  const BASES = [
    'ftp://example.org/v1',
    'data:text/plain,v1',
    'file:///v1',
    'mailto:api@example.org',
    'ws://example.org/v1',
    'http://user:secret@example.org/v1',
  ];
  for (const spec of ELEMENTS) {
    for (const base of BASES) {
      it(`<${spec.tag}> base-url="${base}"`, async () => {
        expectConfigurationError(await mount(spec.tag, { ...spec.attrs(), 'base-url': base }), 'base-url');
      });
    }
  }
});

describe('a page-wide base URL that is not http(s)', () => {
  it('is a configuration error whose warning names the meta element', async () => {
    const meta = document.createElement('meta');
    meta.name = 'khountous:base-url';
    meta.content = 'ftp://example.org/v1';
    document.head.append(meta);
    try {
      const element = await mount('khountous-ranking', { 'base-url': null });
      expectConfigurationError(element, '<meta name="khountous:base-url" content="ftp://example.org/v1">');
    } finally {
      meta.remove();
    }
  });
});

describe('identifiers missing or malformed: a configuration error, no request', () => {
  // Every widget's identifying inputs, as its descriptor declares them.
  const ID_ELEMENTS: [string, string][] = catalog.flatMap(({ widget }) =>
    Object.entries(widget.inputs)
      .filter(([, input]) => input.identifies)
      .map(([attribute]): [string, string] => [widget.tag, attribute]),
  );
  it('finds the identifying inputs', () => {
    expect(ID_ELEMENTS.length).to.be.at.least(3);
  });
  const VALUES: (string | null)[] = [
    null,
    'UPPER',
    'a/b',
    'a?b=c',
    '%2e%2e',
    'a'.repeat(201),
    'é',
    '-a',
    'a--b',
    'a-',
    'a b',
  ];
  for (const [tag, attribute] of ID_ELEMENTS) {
    const values = tag === 'khountous-report' ? [...VALUES, '', '   ', '../x'] : VALUES;
    for (const value of values) {
      const label =
        value === null
          ? `no ${attribute} attribute`
          : `${attribute}="${value.length > 20 ? `${value.slice(0, 8)}…(${value.length})` : value}"`;
      it(`<${tag}> ${label}`, async () => {
        expectConfigurationError(await mount(tag, { [attribute]: value }), attribute);
      });
    }
  }
});

describe('limit and page of the lists: clamped, never sent out of range', () => {
  const LISTS = ['khountous-ranking', 'khountous-reports', 'khountous-fact-checks'];
  const LIMITS: [string, number][] = [
    [' 7 ', 7],
    ['1e2', 100],
    ['-0', 1],
    ['', 10],
    ['Infinity', 10],
    ['NaN', 10],
    ['5.5', 5],
    ['101', 100],
  ];
  const PAGES: [string, number][] = [
    ['0', 1],
    ['-5', 1],
    ['abc', 1],
    ['', 1],
    ['2.5', 2],
    ['99999999999', 100_000],
  ];
  const sent = (name: string) =>
    fetches.urls
      .map((url) => new URL(url, location.href).searchParams.get(name))
      .filter((value) => value !== null);

  for (const tag of LISTS) {
    for (const [limit, expected] of LIMITS) {
      it(`<${tag}> limit="${limit}" shows at most ${expected}`, async () => {
        const element = await mount(tag, { limit });
        expect(['ready', 'empty']).to.include(element.getAttribute('state'));
        expect(sent('limit').length).to.be.greaterThan(0);
        // One request may cover several widgets' windows: it covers this one.
        for (const value of sent('limit')) expect(Number(value)).to.be.at.least(Math.min(expected, 100));
        const items = element.shadowRoot!.querySelectorAll('tbody tr, li[part~="item"]');
        expect(items.length).to.be.at.most(expected);
      });
    }
    for (const [page, expected] of PAGES) {
      it(`<${tag}> page="${page}" starts on page ${expected}`, async () => {
        const element = await mount(tag, { page, limit: '2' });
        expect(['ready', 'empty']).to.include(element.getAttribute('state'));
        const pages = sent('page').map(Number);
        expect(pages.length).to.be.greaterThan(0);
        for (const value of pages) expect(value).to.be.within(1, expected);
      });
    }
  }
});

describe('filters and display attributes', function () {
  this.timeout(40_000);
  for (const [name, value] of [
    ['sector', 'xyz'],
    ['level', 'federal'],
    ['sector', 'health care'],
  ] as const) {
    it(`<khountous-ranking> ${name}="${value}" is a configuration error`, async () => {
      expectConfigurationError(await mount('khountous-ranking', { [name]: value }), name);
    });
  }

  const fallbacks: Record<string, string>[] = [
    { indicator: '' },
    { region: '' },
    { region: '  ', indicator: ' responseRate ' },
  ];
  for (const attrs of fallbacks) {
    it(`<khountous-region-stats> ${JSON.stringify(attrs)} falls back to the chart of every region`, async () => {
      const element = await mount('khountous-region-stats', attrs);
      expect(element.getAttribute('state')).to.equal('ready');
      expect(element.shadowRoot!.querySelectorAll('[part~="chart"] .row')).to.have.length(14);
    });
  }

  const HEADINGS: [string, string][] = [
    ['0', '2'],
    ['1', '2'],
    ['7', '6'],
    ['abc', '3'],
    ['-3', '2'],
    ['4.9', '4'],
  ];
  for (const tag of ['khountous-admin-card', 'khountous-report', 'khountous-region-stats']) {
    it(`<${tag}> heading-level=${HEADINGS.map(([level]) => level).join('|')} is clamped to 2..6`, async () => {
      const spec = EVERY_ELEMENT.find((element) => element.tag === tag)!;
      for (const [level, expected] of HEADINGS) {
        const element = await mount(tag, { ...spec.attrs(), 'heading-level': level });
        expect(element.getAttribute('state')).to.equal('ready');
        const heading = element.shadowRoot!.querySelector('[role="heading"]')!;
        expect(heading.getAttribute('aria-level'), `heading-level="${level}"`).to.equal(expected);
      }
    });
  }
});
