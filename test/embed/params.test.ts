import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  acceptedAttributes,
  parseApiOrigins,
  parseEmbedParams,
  templateOrigin,
  type Refusal,
} from '../../src/embed/params.js';
import { resolveBaseUrl } from '../../src/widget/base-url.js';
import { fillTemplate } from '../../src/element/links.js';

const TAGS = ['khountous-ranking', 'khountous-admin-card'];

describe('parseEmbedParams', () => {
  it('reads the widget, its attributes and the frame id', () => {
    const parsed = parseEmbedParams('?widget=ranking&limit=5&lang=en&id=front&region=kolda', TAGS);
    assert.ok(parsed.ok);
    assert.equal(parsed.request.tag, 'khountous-ranking');
    assert.equal(parsed.request.id, 'front');
    assert.deepEqual(Object.fromEntries(parsed.request.attributes), {
      limit: '5',
      lang: 'en',
      region: 'kolda',
    });
  });

  it('refuses a widget that is not one of the kit, naming those that are', () => {
    for (const search of ['', '?widget=', '?widget=script', '?widget=../ranking', '?widget=Ranking%20x']) {
      const parsed = parseEmbedParams(search, TAGS);
      assert.equal(parsed.ok, false, search);
      if (!parsed.ok) assert.match(parsed.reason, /ranking, admin-card/);
    }
  });

  it('lets through plain attribute names only, never event handlers', () => {
    const parsed = parseEmbedParams(
      '?widget=ranking&onclick=alert(1)&onload=x&style=color:red&data%20x=1&x"y=1&-a=1&ok-name=1',
      TAGS,
    );
    assert.ok(parsed.ok);
    assert.deepEqual([...parsed.request.attributes.keys()], ['style', 'ok-name']);
  });

  it('keeps values as text and drops overlong ones', () => {
    const markup = '<img src=x onerror=alert(1)>';
    const parsed = parseEmbedParams(
      `?widget=admin-card&slug=${encodeURIComponent(markup)}&region=${'a'.repeat(501)}`,
      TAGS,
    );
    assert.ok(parsed.ok);
    assert.equal(parsed.request.attributes.get('slug'), markup);
    assert.equal(parsed.request.attributes.has('region'), false);
  });
});

/**
 * Every character JS's trim() or the URL parser may drop or read differently
 * at the ends of a value: JS whitespace (\s), C0 controls and space, format
 * characters (zero-width, bidi marks, BOM), and the line and paragraph separators.
 */
const EDGE_CHARACTERS = [
  ...Array.from({ length: 0x21 }, (_, code) => String.fromCharCode(code)),
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u00ad',
  '\u1680',
  '\u180e',
  ...Array.from({ length: 0x0b }, (_, i) => String.fromCharCode(0x2000 + i)),
  '\u200b',
  '\u200c',
  '\u200d',
  '\u200e',
  '\u200f',
  '\u2028',
  '\u2029',
  '\u202a',
  '\u202e',
  '\u202f',
  '\u205f',
  '\u2060',
  '\u2066',
  '\u3000',
  '\ufeff',
  '\ufff9',
];
const edges = fc.array(fc.constantFrom(...EDGE_CHARACTERS), { maxLength: 4 }).map((chars) => chars.join(''));

describe('acceptedAttributes', () => {
  const page = 'https://cdn.example.org/khountous/embed.html?widget=ranking';
  const apiOrigins = ['https://cdn.example.org', 'https://api.khountous.sn'];
  const policy = { apiOrigins, pageUrl: page, linkOrigin: 'https://news.example' };
  const observed = ['lang', 'base-url', 'theme', 'limit', 'region', 'href-template'];

  it('keeps the attributes the element observes', () => {
    const accepted = acceptedAttributes(
      new Map([
        ['limit', '5'],
        ['style', 'color:red'],
        ['slug', 'x'],
        ['lang', 'en'],
      ]),
      observed,
      policy,
    );
    assert.deepEqual(Object.fromEntries(accepted), { limit: '5', lang: 'en' });
  });

  const baseUrl = (value: string) =>
    acceptedAttributes(new Map([['base-url', value]]), observed, policy).get('base-url');

  it('keeps base-url only for the page origin or the default API, in the spelling the widget uses', () => {
    assert.equal(baseUrl('/v1'), 'https://cdn.example.org/v1');
    assert.equal(baseUrl(' https://api.khountous.sn/v1/?x#y '), 'https://api.khountous.sn/v1');
    assert.equal(baseUrl('https://evil.example/v1'), undefined);
    assert.equal(baseUrl('http://cdn.example.org/v1'), undefined, 'another scheme is another origin');
    assert.equal(baseUrl('http://['), undefined);
    assert.equal(baseUrl('javascript:alert(1)'), undefined);
    assert.equal(baseUrl(' '), undefined, 'blank: the widget keeps its default');
  });

  it('refuses a foreign base-url behind a leading no-break space, BOM, U+3000, U+200A or U+2028', () => {
    for (const space of ['\u00a0', '\ufeff', '\u3000', '\u200a', '\u2028']) {
      const value = `${space}http://127.0.0.1:6802/v1`;
      const kept = baseUrl(value);
      assert.ok(kept === undefined || apiOrigins.includes(new URL(resolveBaseUrl(kept)!).origin), kept);
    }
  });

  it('property: the base-url the widget fetches from is one the embed allowed', () => {
    const host = fc.constantFrom(
      'http://127.0.0.1:6802',
      'https://evil.example',
      '//evil.example',
      'https://api.khountous.sn',
      'https://cdn.example.org',
      '',
    );
    fc.assert(
      fc.property(edges, host, fc.constantFrom('/v1', '/v1/', ''), edges, (before, origin, path, after) => {
        const value = `${before}${origin}${path}${after}`;
        const kept = baseUrl(value);
        if (kept === undefined) return;
        // What the widget does with the attribute (it resolves against the embed page).
        const used = resolveBaseUrl(kept);
        assert.equal(used, kept, `the widget reads ${JSON.stringify(value)} as it was checked`);
        assert.ok(apiOrigins.includes(new URL(used).origin), JSON.stringify(value));
      }),
      { numRuns: 2000 },
    );
  });

  const template = (value: string) =>
    acceptedAttributes(new Map([['href-template', value]]), observed, policy).get('href-template');
  const unframed = (value: string) =>
    acceptedAttributes(new Map([['href-template', value]]), observed, {
      ...policy,
      linkOrigin: undefined,
    }).get('href-template');

  it('keeps href-template only when it begins with the framing page origin', () => {
    assert.equal(template('https://news.example/reports/{slug}'), 'https://news.example/reports/{slug}');
    assert.equal(template('HTTPS://NEWS.EXAMPLE:443/{slug}'), 'HTTPS://NEWS.EXAMPLE:443/{slug}');
    for (const value of [
      '//evil.example/{slug}',
      '\\\\evil.example/{slug}',
      '/\\evil.example/{slug}',
      'https:evil.example/{slug}',
      'https:\\\\evil.example/{slug}',
      'https://news.example@evil.example/{slug}',
      'https://news.example.evil.example/{slug}',
      'https://news.example{slug}',
      'https://{slug}/',
      ' https://news.example/{slug}',
      'https://news.exa\tmple/{slug}',
      '/reports/{slug}',
      '{slug}',
      'javascript:alert(1)//https://news.example/',
    ]) {
      assert.equal(template(value), undefined, value);
    }
    assert.equal(unframed('https://news.example/{slug}'), undefined, 'no framing page known');
  });

  const sourceHref = (value: string, linkOrigin: string | undefined = policy.linkOrigin) =>
    acceptedAttributes(new Map([['source-href', value]]), [...observed, 'source-href', 'headline'], {
      ...policy,
      linkOrigin,
    }).get('source-href');

  it("keeps source-href only to the framing page's origin or the platform's site; the editor's texts as given", () => {
    assert.equal(sourceHref('https://news.example/methode'), 'https://news.example/methode');
    assert.equal(sourceHref('https://khountous.sn'), 'https://khountous.sn');
    assert.equal(
      sourceHref('https://khountous.sn/methodologie', undefined),
      'https://khountous.sn/methodologie',
    );
    for (const value of [
      'https://evil.example/',
      'https://news.example@evil.example/',
      'https://khountous.sn.evil.example/',
      '//news.example/',
      '/\\evil.example/',
      '/methode',
      'javascript:alert(1)//https://news.example/',
      'data:text/html,x',
    ])
      assert.equal(sourceHref(value), undefined, value);
    const refused: Refusal[] = [];
    acceptedAttributes(new Map([['source-href', 'https://evil.example/']]), ['source-href'], policy, refused);
    assert.match(refused[0]!.reason, /news\.example nor https:\/\/khountous\.sn/);
    const hostile = '<img src=x onerror=alert(1)>';
    const texts = acceptedAttributes(new Map([['headline', hostile]]), ['headline'], policy);
    assert.equal(texts.get('headline'), hostile, 'a text, set as text by the page (setAttribute)');
  });

  it('property: a kept href-template links to the framing page origin whatever the data', () => {
    const piece = fc.constantFrom(
      'https:',
      'http:',
      '//',
      '/',
      '\\',
      '\\\\',
      'news.example',
      'evil.example',
      '@',
      ':443',
      '.',
      '{slug}',
      '?',
      '#',
      '%2f',
      'a',
    );
    const templates = fc
      .tuple(edges, fc.array(piece, { maxLength: 8 }), edges)
      .map(([before, pieces, after]) => `${before}${pieces.join('')}${after}`);
    fc.assert(
      fc.property(templates, fc.string({ unit: 'binary', maxLength: 20 }), (value, slug) => {
        const kept = template(value);
        if (kept === undefined) return;
        const href = fillTemplate(kept, { slug });
        if (href === undefined) return;
        assert.equal(new URL(href, page).origin, 'https://news.example', `${value} with ${slug}`);
      }),
      { numRuns: 3000 },
    );
    assert.equal(templateOrigin('https://news.example/{slug}'), 'https://news.example');
  });
});

describe('parseApiOrigins (<meta name="khountous:api-origins">)', () => {
  it('allows exact http(s) origins, separated by spaces or commas', () => {
    assert.deepEqual(
      parseApiOrigins(' https://proxy.example.org, http://localhost:6123/  HTTPS://API.Example.org '),
      {
        origins: ['https://proxy.example.org', 'http://localhost:6123', 'https://api.example.org'],
        invalid: [],
      },
    );
  });

  it('allows nothing that is not exactly an origin: no wildcard, path, other scheme or user info', () => {
    const tokens = [
      '*',
      'https://*.example.org',
      'https://x.example/v1',
      'ftp://x.example',
      'x.example',
      'https://u@x.example',
      'https://x.example?q',
    ];
    assert.deepEqual(parseApiOrigins(tokens.join(' ')), { origins: [], invalid: tokens });
  });

  it('an allowed origin lets base-url lead there, and only there', () => {
    const { origins } = parseApiOrigins('http://localhost:6123');
    const policy = {
      apiOrigins: ['https://site.example', ...origins],
      pageUrl: 'https://site.example/embed.html',
      linkOrigin: undefined,
    };
    const refused: Refusal[] = [];
    const kept = acceptedAttributes(
      new Map([['base-url', 'http://localhost:6123/v1']]),
      ['base-url'],
      policy,
      refused,
    );
    assert.equal(kept.get('base-url'), 'http://localhost:6123/v1');
    acceptedAttributes(new Map([['base-url', 'http://localhost:6124/v1']]), ['base-url'], policy, refused);
    assert.deepEqual(
      refused.map(({ origin }) => origin),
      ['http://localhost:6124'],
    );
  });
});
