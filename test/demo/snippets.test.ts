import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cdnHost, FORMATS, frameTitle, snippet } from '../../demo/snippets.js';
import { catalog } from '../../src/registry.js';

const input = {
  tag: 'khountous-ranking',
  attributes: [
    ['region', 'kolda'],
    ['paginate', ''],
    ['href-template', '/a?x="1"&y=<b>'],
  ] as [string, string][],
  host: 'https://example.org/khountous',
};

describe('embed builder snippets', () => {
  it('script tag: the bundle once, then the element with escaped attributes', () => {
    assert.equal(
      snippet('script', input),
      [
        '<!-- Once per page: -->',
        '<link rel="preconnect" href="https://api.khountous.sn" crossorigin />',
        '<script type="module" src="https://example.org/khountous/khountous.js" crossorigin="anonymous"></script>',
        '<!-- Where the widget goes: -->',
        '<khountous-ranking region="kolda" paginate href-template="/a?x=&quot;1&quot;&amp;y=&lt;b&gt;"></khountous-ranking>',
      ].join('\n'),
    );
  });

  it('an inline figure (variant="inline") has no iframe: the script tag, with why, in the builder’s language', () => {
    const figure = {
      tag: 'khountous-region-stats',
      attributes: [
        ['region', 'kolda'],
        ['variant', 'inline'],
      ] as [string, string][],
      host: 'https://example.org/khountous',
    };
    for (const lang of ['fr', 'en'] as const) {
      const frame = snippet('iframe', { ...figure, lang });
      assert.ok(!frame.includes('<iframe'), frame);
      assert.ok(frame.endsWith(snippet('script', { ...figure, lang })), frame);
      assert.match(frame, lang === 'fr' ? /ne tient pas dans une iframe/ : /cannot sit in an iframe/);
    }
    // Another variant keeps its iframe.
    const card = {
      ...figure,
      attributes: [
        ['region', 'kolda'],
        ['variant', 'single'],
      ] as [string, string][],
    };
    assert.ok(snippet('iframe', card).includes('<iframe'));
  });

  it('speaks the builder’s language in its comments, with the integrity of the build', () => {
    const integrity = { 'khountous.js': 'sha384-abc', 'embed-resize.js': 'sha384-def' };
    const french = snippet('script', { ...input, integrity, lang: 'fr' });
    assert.ok(french.includes('<!-- Une fois par page : -->'), french);
    assert.ok(french.includes('<!-- Là où va le widget : -->'), french);
    assert.ok(!/Once per page|Where the widget goes/.test(french), french);
    assert.ok(french.includes('khountous.js" integrity="sha384-abc" crossorigin="anonymous"'), french);
    const frame = snippet('iframe', { ...input, integrity, lang: 'fr' });
    assert.ok(frame.includes('Facultatif, une fois par page'), frame);
    assert.ok(frame.includes('embed-resize.js" integrity="sha384-def"'), frame);
    assert.ok(snippet('react', { ...input, lang: 'fr' }).includes('// Les types JSX'));
  });

  it('iframe: the embed page with the attributes as URL parameters, and the resize snippet', () => {
    const text = snippet('iframe', input);
    const src = /src="([^"]+)"/.exec(text)![1]!.replace(/&amp;/g, '&');
    const url = new URL(src);
    assert.equal(url.origin + url.pathname, 'https://example.org/khountous/embed.html');
    assert.equal(url.searchParams.get('widget'), 'ranking');
    assert.equal(url.searchParams.get('region'), 'kolda');
    assert.equal(url.searchParams.get('paginate'), 'true');
    assert.equal(url.searchParams.get('href-template'), '/a?x="1"&y=<b>');
    assert.match(text, /title="Khountous\u202f: classement des administrations"/);
    assert.match(
      text,
      /<script src="https:\/\/example.org\/khountous\/embed-resize.js" crossorigin="anonymous" async><\/script>/,
    );
    assert.equal(url.searchParams.has('base-url'), false);
  });

  it('iframe: with `share`, the frame allows the share sheet and the clipboard; without, it allows nothing', () => {
    const shared = snippet('iframe', { ...input, attributes: [...input.attributes, ['share', '']] });
    assert.match(
      shared,
      /<iframe src="[^"]*(?:\?|&amp;)share=[^"]*"\n[^\n]* allow="web-share; clipboard-write"><\/iframe>/,
    );
    assert.doesNotMatch(snippet('iframe', input), /allow=/);
  });

  it('iframe: titled by its widget, in the widget’s language (French unless its lang says English)', () => {
    const titled = (attributes: [string, string][], lang?: 'fr' | 'en') =>
      /title="([^"]*)"/.exec(snippet('iframe', { ...input, attributes, lang }))![1];
    assert.equal(titled([]), 'Khountous\u202f: classement des administrations');
    // The builder's own language does not decide: the embed page is French unless told.
    assert.equal(titled([], 'en'), 'Khountous\u202f: classement des administrations');
    assert.equal(titled([['lang', 'en']], 'fr'), 'Khountous: ranking of administrations');
    assert.equal(titled([['lang', 'wo']]), 'Khountous\u202f: classement des administrations');
    // Every widget by its about.ts title, and none by the kit's name alone.
    for (const { widget, about } of catalog) {
      for (const lang of ['fr', 'en'] as const) {
        const title = frameTitle(widget.tag, [['lang', lang]]);
        assert.equal(
          title.toLowerCase(),
          `khountous${lang === 'fr' ? '\u202f' : ''}: ${about.title[lang]}`.toLowerCase(),
        );
      }
    }
    assert.match(
      snippet('iframe', { ...input, tag: 'khountous-report', attributes: [] }),
      /title="Khountous\u202f: signalement citoyen"/,
    );
    // The editor's headline names the frame as it titles the widget: plain, its white space one space.
    const headline = 'Les   mairies "qui répondent" <b>';
    assert.equal(
      titled([
        ['lang', 'en'],
        ['headline', headline],
      ]),
      'Khountous: Les mairies &quot;qui répondent&quot; &lt;b&gt;',
    );
    const framed = snippet('iframe', { ...input, attributes: [['headline', headline]] });
    assert.match(framed, /title="Khountous\u202f: Les mairies &quot;qui répondent&quot; &lt;b&gt;"/);
    assert.equal(
      new URL(/src="([^"]+)"/.exec(framed)![1]!.replace(/&amp;/g, '&')).searchParams.get('headline'),
      headline,
      "the embed page's URL carries it",
    );
  });

  it('iframe: the height measured at a column’s width, and says so; without a measure, where to measure it', () => {
    const measured = snippet('iframe', { ...input, frame: { width: 320, height: 1130 } });
    assert.match(measured, / height="1130" /);
    assert.match(
      measured,
      /^<!-- height: measured for a 320 px column\. In a narrower column the widget is taller: without the script below, the iframe then shows a link to the full graphic\. -->$/m,
    );
    const french = snippet('iframe', { ...input, lang: 'fr', frame: { width: 960, height: 690 } });
    assert.match(french, / height="690" /);
    assert.match(french, /height\u202f: mesurée pour une colonne de 960\u00a0px/);
    const guessed = snippet('iframe', input);
    assert.match(guessed, / height="480" /);
    assert.match(
      guessed,
      /^<!-- height: measure it for your column in the builder \(builder\.html\)\. -->$/m,
    );
  });

  const integrity = {
    'khountous.js': 'sha384-AAAA+/bb',
    'embed-resize.js': 'sha384-CCCC',
  };

  it('script tag with another API: preconnect to its origin, the base-url meta, integrity and crossorigin', () => {
    const text = snippet('script', { ...input, baseUrl: 'http://localhost:6123/v1/', integrity });
    assert.deepEqual(text.split('\n').slice(0, 4), [
      '<!-- Once per page: -->',
      '<link rel="preconnect" href="http://localhost:6123" crossorigin />',
      '<meta name="khountous:base-url" content="http://localhost:6123/v1" />',
      '<script type="module" src="https://example.org/khountous/khountous.js" integrity="sha384-AAAA+/bb" crossorigin="anonymous"></script>',
    ]);
  });

  it('a relative base-url is resolved against where the kit is published; the default API needs no meta', () => {
    const relative = snippet('script', { ...input, baseUrl: '/proxy/v1' });
    assert.match(relative, /<link rel="preconnect" href="https:\/\/example.org" crossorigin \/>/);
    assert.match(relative, /<meta name="khountous:base-url" content="https:\/\/example.org\/proxy\/v1" \/>/);
    const standard = snippet('script', { ...input, baseUrl: 'https://api.khountous.sn/v1' });
    assert.doesNotMatch(standard, /khountous:base-url/);
  });

  it('a base-url with markup in it stays an attribute value', () => {
    const text = snippet('script', { ...input, baseUrl: 'https://x.example/"><script>alert(1)</script>' });
    assert.doesNotMatch(text, /"><script>alert/);
  });

  it('iframe with another API: base-url in the embed URL, embed-resize.js with integrity and crossorigin', () => {
    const text = snippet('iframe', { ...input, baseUrl: 'http://localhost:6123/v1', integrity });
    const src = /src="([^"]+)"/.exec(text)![1]!.replace(/&amp;/g, '&');
    assert.equal(new URL(src).searchParams.get('base-url'), 'http://localhost:6123/v1');
    assert.match(
      text,
      /<script src="https:\/\/example.org\/khountous\/embed-resize.js" integrity="sha384-CCCC" crossorigin="anonymous" async><\/script>/,
    );
  });

  it('React with another API: base-url on the element', () => {
    const text = snippet('react', { ...input, attributes: [], baseUrl: 'http://localhost:6123/v1' });
    assert.match(text, /return <khountous-ranking base-url="http:\/\/localhost:6123\/v1" \/>;/);
  });

  it('WordPress: the shortcode as pasted into a post, with escaped attributes and no API of its own', () => {
    assert.equal(
      snippet('wordpress', { ...input, baseUrl: 'https://proxy.example/v1' }),
      '[khountous-ranking region="kolda" paginate href-template="/a?x=&quot;1&quot;&amp;y=&lt;b&gt;"]',
    );
  });

  it('server rendering: renderWidget with the attributes as an object, and the API', () => {
    const text = snippet('ssr', {
      ...input,
      attributes: [
        ['limit', '5'],
        ['paginate', ''],
        ['href-template', "/r/{slug}?q='x'"],
      ],
      baseUrl: 'https://proxy.example/v1/',
    });
    assert.match(text, /^import \{ renderWidget \} from 'khountous-widgets\/ssr';$/m);
    assert.match(
      text,
      /renderWidget\('khountous-ranking', \{ limit: '5', paginate: true, 'href-template': '\/r\/\{slug\}\?q=\\'x\\'' \}, \{\n {2}baseUrl: 'https:\/\/proxy\.example\/v1',\n {2}\/\/ [^\n]+\n {2}fallback: \(error\) => console\.warn\(error\.message\),\n\}\);$/,
    );
    assert.match(
      snippet('ssr', { ...input, attributes: [] }),
      /renderWidget\('khountous-ranking', \{\}, \{\n {2}baseUrl: 'https:\/\/api\.khountous\.sn\/v1',/,
    );
  });

  it('from the npm CDN: the script tag loads from it, the iframe from the site’s own copy', () => {
    const cdn = { ...input, host: cdnHost('1.2.3'), integrity };
    assert.match(
      snippet('script', cdn),
      /<script type="module" src="https:\/\/cdn\.jsdelivr\.net\/npm\/khountous-widgets@1\.2\.3\/dist\/khountous\.js" integrity="sha384-AAAA\+\/bb" crossorigin="anonymous"><\/script>/,
    );
    const frame = snippet('iframe', cdn);
    assert.match(frame, /^<!-- embed\.html and embed-resize\.js come from your own copy of dist\/: -->$/m);
    assert.match(frame, /src="https:\/\/your-site\.example\/khountous\/embed\.html\?widget=ranking/);
    assert.match(frame, /<script src="https:\/\/your-site\.example\/khountous\/embed-resize\.js"/);
    assert.doesNotMatch(frame, /cdn\.jsdelivr/);
    assert.match(
      snippet('iframe', { ...cdn, lang: 'fr' }),
      /https:\/\/votre-site\.example\/khountous\/embed\.html/,
    );
  });

  it('offers every format the README names, in its order', () => {
    assert.deepEqual(FORMATS, ['script', 'iframe', 'wordpress', 'react', 'ssr']);
  });

  it('React: imports the element module and renders the tag', () => {
    const text = snippet('react', { ...input, tag: 'khountous-admin-card', attributes: [['slug', 'x']] });
    assert.match(text, /import 'khountous-widgets\/elements\/khountous-admin-card.js';/);
    assert.match(
      text,
      /export function KhountousAdminCard\(\) \{\n {2}return <khountous-admin-card slug="x" \/>;/,
    );
  });
});
