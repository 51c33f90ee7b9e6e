/**
 * `khountous-widgets render <files…>` (src/ssr/files.ts): the kit's tags of a
 * built HTML file filled with their rendered markup and inline data; a file is
 * rewritten only when every widget rendered, else left byte for byte as it was,
 * with the file, the line and the reason. Over the reference API through the
 * `fetch` option, in plain Node.
 */
import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { register } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, beforeEach, describe, it } from 'node:test';
import fc from 'fast-check';
import { html as spec, parse, type DefaultTreeAdapterTypes as Tree } from 'parse5';
import { createApi } from '../../demo/api/handler.js';

register('../helpers/vite-glob-hook.mjs', import.meta.url);
const { renderFiles, renderHtml } = await import('../../src/ssr/files.js');
const { resetRenderCache } = await import('../../src/ssr/render.js');

const api = createApi({ env: {}, quotas: { anonymous: 100_000, free: 100_000, partner: 100_000 } });
let requests = 0;
let down = false;
const fetch = async (input: string, init?: RequestInit) => {
  requests++;
  if (down) throw new TypeError('fetch failed');
  return api.handle(new Request(input, init), '198.51.100.30');
};
const options = { baseUrl: 'https://api.khountous.sn/v1', fetch };
const dir = mkdtempSync(join(tmpdir(), 'khountous-render-files-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const PAGE = `<!doctype html>
<html lang="en">
  <body>
    <h1>Our region</h1>
    <!-- <khountous-ranking limit="99"></khountous-ranking> is in a comment: left alone -->
    <khountous-region-stats region="kolda" lang="en"></khountous-region-stats>
    <p>Text between.</p>
    <khountous-ranking limit='2' lang=en data-note="a &amp; b"><p>Fallback</p></khountous-ranking>
  </body>
</html>
`;

describe('render <files…>', () => {
  beforeEach(() => {
    resetRenderCache();
    requests = 0;
    down = false;
  });

  it('fills every tag with its markup and inline data, and leaves the rest of the page as it was', async () => {
    const file = join(dir, 'page.html');
    writeFileSync(file, PAGE);
    const [result] = await renderFiles([file], options);
    assert.deepEqual(result, { file, rendered: 2 });
    const html = readFileSync(file, 'utf8');
    assert.match(
      html,
      /<khountous-region-stats region="kolda" lang="en" state="ready"[^>]*><template shadowroot/,
    );
    assert.match(
      html,
      /<khountous-ranking limit="2" lang="en" data-note="a &amp; b" state="ready"[^>]*><template shadowroot/,
    );
    assert.equal(html.match(/<script type="application\/json">/g)?.length, 2);
    assert.ok(
      html.includes(
        '<!-- <khountous-ranking limit="99"></khountous-ranking> is in a comment: left alone -->',
      ),
    );
    assert.ok(html.startsWith('<!doctype html>\n<html lang="en">\n  <body>\n    <h1>Our region</h1>'));
    assert.ok(html.includes('<p>Text between.</p>'));
    assert.doesNotMatch(html, /<p>Fallback<\/p>/, 'the old content replaced');
    // A second run renders the rendered page again, the same way.
    const again = await renderHtml(html, options);
    assert.equal(again.rendered, 2);
    assert.equal(again.html, html);
  });

  it('a file with a widget that cannot render is left untouched, and the error names the line', async () => {
    const file = join(dir, 'broken.html');
    const text = PAGE.replace('region="kolda"', 'region="paris"');
    writeFileSync(file, text);
    const [result] = await renderFiles([file], options);
    assert.equal(result!.rendered, 0);
    assert.match(result!.error ?? '', /^line 6: .*region="paris"/);
    assert.equal(readFileSync(file, 'utf8'), text);
  });

  it('with the API down and nothing cached, the file is left untouched', async () => {
    const file = join(dir, 'down.html');
    writeFileSync(file, PAGE);
    down = true;
    const [result] = await renderFiles([file], options);
    assert.match(result!.error ?? '', /no data to render/);
    assert.equal(readFileSync(file, 'utf8'), PAGE);
  });

  it('a kit tag in a script, a textarea, a title, a style or an attribute value is the page’s text: left byte for byte', async () => {
    const tag = '<khountous-ranking limit="2"></khountous-ranking>';
    const texts = [
      `<title>How to embed ${tag}</title>`,
      `<script>const snippet = '${tag}'; if (a < b && c > d) document.body.insertAdjacentHTML('beforeend', snippet);</script>`,
      `<SCRIPT type="module">\n  const t = "</khountous-ranking>";\n</SCRIPT>`,
      `<textarea name="code">${tag}</textarea>`,
      `<style>/* ${tag} */ p::after { content: '<khountous-report slug="x">'; }</style>`,
      `<a title='${tag}' data-example="${tag.replace(/"/g, '&quot;')}">example</a>`,
      `<img alt="a > b" src="x.png"><p>after a > in a value</p>`,
    ];
    const page = `<!doctype html><html><head>${texts[0]}${texts[1]}${texts[2]}</head><body>\n${texts
      .slice(3)
      .join(
        '\n',
      )}\n<khountous-region-stats region="kolda" lang="en"></khountous-region-stats>\n</body></html>`;
    const { html, rendered } = await renderHtml(page, options);
    assert.equal(rendered, 1, 'the one real widget');
    for (const text of texts) assert.ok(html.includes(text), `kept as written: ${text}`);
    assert.match(html, /<khountous-region-stats region="kolda" lang="en"[^>]* state="ready"/);
  });

  it('writes through a temporary file nobody can guess, never through a link left beside the file', async () => {
    const file = join(dir, 'linked.html');
    const victim = join(dir, 'victim.txt');
    writeFileSync(file, PAGE);
    writeFileSync(victim, 'keep me');
    // Links at the names a predictable scheme would use.
    for (const pid of [process.pid, process.pid + 1]) symlinkSync(victim, `${file}.khountous-${pid}.tmp`);
    const [result] = await renderFiles([file], options);
    assert.equal(result!.error, undefined);
    assert.equal(result!.rendered, 2);
    assert.equal(readFileSync(victim, 'utf8'), 'keep me');
    assert.match(readFileSync(file, 'utf8'), /state="ready"/);
    const left = readdirSync(dir).filter(
      (name) => name.startsWith('linked.html.khountous-') && !/-\d+\.tmp$/.test(name),
    );
    assert.deepEqual(left, [], 'no temporary file left');
  });

  it('an unclosed or unknown tag is an error, and a page without widgets is not rewritten', async () => {
    await assert.rejects(
      renderHtml('<khountous-ranking limit="2">', options),
      /line 1: <khountous-ranking> is not closed/,
    );
    await assert.rejects(
      renderHtml('<p>\n<khountous-nope></khountous-nope>', options),
      /line 2: <khountous-nope> is not an element/,
    );
    const file = join(dir, 'plain.html');
    writeFileSync(file, '<p>nothing here</p>\n');
    assert.deepEqual(await renderFiles([file], options), [{ file, rendered: 0 }]);
    assert.equal(requests, 0);
  });
});

type Document = Tree.Document;
type Element = Tree.Element;
type Node = Tree.Node;

/** The kit's HTML elements of a document outside templates, as parse5's tree parser (the oracle) reads it. */
function liveWidgets(document: Document): Element[] {
  const found: Element[] = [];
  const visit = (node: Node) => {
    if ('tagName' in node && node.namespaceURI === spec.NS.HTML && node.tagName.startsWith('khountous-')) {
      found.push(node);
      return;
    }
    if ('childNodes' in node) node.childNodes.forEach(visit);
  };
  visit(document);
  return found;
}

/** Every text node and comment of a document outside the kit's elements, templates' content included, in tree order. */
function textsOf(document: Document): string[] {
  const texts: string[] = [];
  const visit = (node: Node, inert: boolean) => {
    if (
      !inert &&
      'tagName' in node &&
      node.namespaceURI === spec.NS.HTML &&
      node.tagName.startsWith('khountous-')
    )
      return;
    if (node.nodeName === '#text') texts.push(`text ${JSON.stringify((node as Tree.TextNode).value)}`);
    if (node.nodeName === '#comment')
      texts.push(`comment ${JSON.stringify((node as Tree.CommentNode).data)}`);
    if ('childNodes' in node) for (const child of node.childNodes) visit(child, inert);
    if ('content' in node) visit(node.content, true);
  };
  visit(document, false);
  return texts;
}

const read = (text: string) => parse(text, { sourceCodeLocationInfo: true, scriptingEnabled: true });
const attributesOf = (element: Element) => Object.fromEntries(element.attrs.map((a) => [a.name, a.value]));
/** `text` without the source of `elements` (each from its start tag to its end tag). */
const without = (text: string, elements: Element[]) => {
  let out = '';
  let from = 0;
  for (const element of [...elements].sort(
    (a, b) => a.sourceCodeLocation!.startOffset - b.sourceCodeLocation!.startOffset,
  )) {
    out += text.slice(from, element.sourceCodeLocation!.startOffset);
    from = element.sourceCodeLocation!.endOffset;
  }
  return out + text.slice(from);
};

const RANKING = '<khountous-ranking limit="2"></khountous-ranking>';

describe('render <files…>: the page read as HTML reads it', () => {
  beforeEach(() => {
    resetRenderCache();
    requests = 0;
  });

  /** Pages where the kit's tag is text (or not an HTML element) for a browser: never rendered, kept byte for byte. */
  const TEXT: [string, string][] = [
    [
      'a raw text end tag with more letters (JSON in a script)',
      `<script type="application/json" id="data">{"note":"</scriptx>${RANKING.replace('2', '3')}<img src=x onerror=alert(document.domain)>"}</script>`,
    ],
    ['a script’s escaped text', `<script><!--<script></script>${RANKING}</script>`],
    ['a script’s comment-like text', `<script>/*<!--*/ ${RANKING} /*-->*/</script>`],
    [
      'a bogus comment (a PHP tag)',
      `<div class="article"><?php echo "x" ${RANKING.replace('2', '3')} ?><p>The article.</p></div>`,
    ],
    ['a bogus comment (<!x …>)', `<!x ${RANKING}>`],
    [
      'an RCDATA end tag with more letters (textarea)',
      `<textarea name="t">a </textareax>${RANKING}</textarea>`,
    ],
    ['an RCDATA end tag with more letters (title)', `<title>a </titlex>${RANKING}</title>`],
    ['a raw text end tag with more letters (style)', `<style>p {} </stylex>${RANKING}</style>`],
    [
      'xmp, iframe, noembed and noframes',
      `<xmp>${RANKING}</xmp><iframe>${RANKING}</iframe><noembed>${RANKING}</noembed><noframes>${RANKING}</noframes>`,
    ],
    ['noscript (raw text with scripting on)', `<noscript>${RANKING}</noscript>`],
    ['noscript in the head', `<head><noscript>${RANKING}</noscript></head>`],
    ['a template’s inert content', `<template id="t">${RANKING}</template>`],
    [
      'a declarative shadow root of the page’s own',
      `<my-card><template shadowrootmode="open">${RANKING}</template></my-card>`,
    ],
    ['an SVG element', `<svg>${RANKING}<style>${RANKING}</style></svg>`],
    ['CDATA in foreign content', `<svg><![CDATA[${RANKING}]]></svg>`],
    ['a comment with a nested opening', `<!-- <!-- ${RANKING} -->`],
    [
      'attribute values',
      `<p title="${RANKING.replace(/"/g, '&quot;')}" data-x='${RANKING}' data-y=&lt;${RANKING.slice(1, 18)}>x</p>`,
    ],
  ];

  for (const [name, text] of TEXT) {
    it(`a kit tag in ${name} is left byte for byte`, async () => {
      const page = `<!doctype html>\n${text}\n<p>then</p>\n${RANKING}\n`;
      const { html: out, rendered } = await renderHtml(page, options);
      assert.equal(rendered, 1, 'the real widget only');
      assert.ok(
        out.startsWith(`<!doctype html>\n${text}\n<p>then</p>\n<khountous-ranking limit="2" state="ready"`),
      );
      assert.deepEqual(textsOf(read(out)), textsOf(read(page)), 'every text and comment read as before');
    });
  }

  it('a JSON script with </scriptx>: the script keeps its text and no <img> comes alive', async () => {
    const script = `<script type="application/json">{"a":"</scriptx><khountous-ranking limit=3></khountous-ranking><img src=x onerror=alert(document.domain)>"}</script>`;
    const page = `<!doctype html><html><head>${script}</head><body>${RANKING}</body></html>`;
    const { html: out } = await renderHtml(page, options);
    const images: Node[] = [];
    const visit = (node: Node) => {
      if (node.nodeName === 'img') images.push(node);
      if ('childNodes' in node) node.childNodes.forEach(visit);
    };
    visit(read(out));
    assert.deepEqual(images, []);
    assert.ok(out.includes(script));
  });

  it('plaintext makes the rest of the page text', async () => {
    const page = `${RANKING}<plaintext>${RANKING}</plaintext>${RANKING}`;
    const { html: out, rendered } = await renderHtml(page, options);
    assert.equal(rendered, 1);
    assert.ok(out.endsWith(`</khountous-ranking><plaintext>${RANKING}</plaintext>${RANKING}`));
  });

  it('a tag that HTML reads as an element is rendered: after comments HTML ends early, in foreignObject and MathML text, after a noscript that ends in a value', async () => {
    const live = [
      `<!-->${RANKING}`,
      `<!--->${RANKING}`,
      `<!-- a --!>${RANKING}`,
      `<svg><foreignObject>${RANKING}</foreignObject></svg>`,
      `<math><mi>${RANKING}</mi></math>`,
      `<noscript><p title="</noscript>${RANKING}">`,
    ];
    for (const text of live) {
      const { html: out, rendered } = await renderHtml(`<!doctype html>${text}`, options);
      assert.equal(rendered, 1, text);
      assert.equal(liveWidgets(read(out))[0]?.attrs.find((a) => a.name === 'state')?.value, 'ready', text);
    }
  });

  it('attributes are decoded as HTML decodes them: character references in full, any quoting, the first of a name', async () => {
    const page = `<khountous-ranking LIMIT=&#50; lang = "&#x65;n"data-note="&notit; &not; &amp &lt;b&gt; &NotEqualTilde; x&ampy" data-q='a"b' limit="9"></khountous-ranking>`;
    const { html: out, rendered } = await renderHtml(page, options);
    assert.equal(rendered, 1);
    const [widget] = liveWidgets(read(out));
    const attributes = attributesOf(widget!);
    assert.equal(attributes['limit'], '2');
    assert.equal(attributes['lang'], 'en');
    assert.equal(attributes['data-note'], '&notit; \u00ac & <b> \u2242\u0338 x&ampy');
    assert.equal(attributes['data-q'], 'a"b');
  });

  it('a tag inside another, one HTML closes early, or one whose render would change the page around it is an error, and nothing is asked', async () => {
    await assert.rejects(
      renderHtml(
        `<khountous-ranking limit="2">\n<khountous-region-stats region="kolda"></khountous-region-stats></khountous-ranking>`,
        options,
      ),
      /^Error: line 2: <khountous-region-stats> is inside <khountous-ranking> \(line 1\)/,
    );
    await assert.rejects(
      renderHtml(`<p><khountous-ranking limit="2"></p></khountous-ranking>`, options),
      /^Error: line 1: <khountous-ranking> is not closed/,
    );
    assert.equal(requests, 0);
    // The <b> opened in the tag is reopened by HTML after it: without it, "after" is read otherwise.
    await assert.rejects(
      renderHtml(`<p>\n<khountous-ranking limit="2"><b></khountous-ranking>after</p>`, options),
      /^Error: line 2: with its widgets rendered, the page would be read otherwise here/,
    );
  });

  it('a file that is not UTF-8 is left byte for byte', async () => {
    const file = join(dir, 'latin1.html');
    const bytes = Buffer.concat([
      Buffer.from('<meta charset="iso-8859-1"><p>R'),
      Buffer.from([0xe9]),
      Buffer.from(`sum\u00e9</p>${RANKING}`),
    ]);
    writeFileSync(file, bytes);
    const [result] = await renderFiles([file], options);
    assert.match(result!.error ?? '', /not UTF-8/);
    assert.deepEqual(readFileSync(file), bytes);
  });

  it('a byte order mark, CRLF line ends and characters beyond the BMP stay as they were; lines are counted as HTML counts them', async () => {
    const head = '\ufeff<!doctype html>\r\n<p>R\u00e9sum\u00e9 \u{1F600}</p>\r\n';
    const { html: out } = await renderHtml(`${head}${RANKING}\r\n<p>fin</p>\r\n`, options);
    assert.ok(out.startsWith(`${head}<khountous-ranking limit="2" state="ready"`));
    assert.ok(out.endsWith('</khountous-ranking>\r\n<p>fin</p>\r\n'));
    await assert.rejects(
      renderHtml(`${head}\r<khountous-nope></khountous-nope>`, options),
      /^Error: line 4: <khountous-nope>/,
    );
  });
});

/**
 * Pieces of adversarial pages; `W` stands for a widget of the kit (each with an id of its own).
 * Balanced ones, and openers and closers that HTML repairs around what follows.
 */
const PIECES = [
  'W',
  'W',
  'W',
  '<p>W</p>',
  '<div class="a">W</div>',
  '<script>x = "</scriptx>W<img src=x onerror=alert(1)>";</script>',
  '<script><!--<script></script>W</script>',
  '<script><!--W--></script>',
  '<style>p {} </stylex>W</style>',
  '<textarea></textareax>W</textarea>',
  '<title></titlex>W</title>',
  '<xmp>W</xmp>',
  '<iframe>W</iframe>',
  '<noembed>W</noembed>',
  '<noframes>W</noframes>',
  '<noscript>W</noscript>',
  '<noscript><p title="</noscript>W">',
  '<template>W</template>',
  '<my-card><template shadowrootmode="open">W</template></my-card>',
  '<?php echo "x" W ?>',
  '<!x W>',
  '<!-- W -->',
  '<!-->W',
  '<!--->W',
  '<!-- a --!>W',
  '<!-- W --!>',
  '<!-- <!-- W -->',
  '<svg>W</svg>',
  '<svg><![CDATA[W]]></svg>',
  '<svg><style>W</style></svg>',
  '<svg><foreignObject>W</foreignObject></svg>',
  '<math><mi>W</mi></math>',
  '<p title="W">',
  "<p data-x='W'>",
  '<table><tr><td>W</td></tr></table>',
  '<table>W</table>',
  '<select>W</select>',
  '<p>',
  '</p>',
  '<b>',
  '</b>',
  '<div>',
  '</div>',
  '<table>',
  '</table>',
  '<svg>',
  '</svg>',
  '<template>',
  '</template>',
  '<script>',
  '</script>',
  '<textarea>',
  '<noscript>',
  '<plaintext>',
  '<!--',
  '-->',
  'text &amp; &lt;b&gt; & < > &notit; ',
  '\r\n',
  '\r',
  '\u00e9\u{1F600}\ufffd',
  '<khountous-nope></khountous-nope>',
];

const WIDGETS = [
  (id: string) => `<khountous-ranking limit="2" id="${id}"></khountous-ranking>`,
  (id: string) =>
    `<khountous-region-stats region=kolda lang=en id=${id}><p>old content</p></khountous-region-stats>`,
  (id: string) =>
    `<khountous-ranking limit=&#50; lang='en' id="${id}" data-note="a &amp b &lt; c"></khountous-ranking>`,
  // An element left open in the tag, which HTML reopens after it.
  (id: string) => `<khountous-ranking limit="2" id="${id}"><b>fallback</khountous-ranking>`,
];

/** A page of `pieces`, each W a widget with the id `w<n>`. */
const pageOf = (pieces: [string, number][]) => {
  let n = 0;
  return pieces
    .map(([piece, kind]) => piece.replace(/W/g, () => WIDGETS[kind % WIDGETS.length]!(`w${n++}`)))
    .join('\n');
};

describe('render <files…>: what it renders is what HTML reads, and nothing else changes (property)', () => {
  it('for pages of adversarial pieces: only the elements of the tree rendered, the rest byte for byte, every text and comment read as before', async () => {
    let renderedPages = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom(...PIECES), fc.nat(WIDGETS.length - 1)), { maxLength: 10 }),
        async (pieces) => {
          const page = pageOf(pieces);
          const live = liveWidgets(read(page));
          let result;
          try {
            result = await renderHtml(page, options);
          } catch (error) {
            // An error says where, and only a page with an element of the kit in its tree has one.
            assert.match(String(error), /^Error: line \d+: /);
            assert.ok(live.length > 0, `an error for a page with no widget in its tree: ${String(error)}`);
            return;
          }
          assert.equal(result.rendered, live.length);
          if (live.length === 0) return assert.equal(result.html, page);
          renderedPages++;
          const out = read(result.html);
          const rendered = liveWidgets(out);
          // The same widgets, each rendered (ready, with its shadow root), in the same order.
          assert.deepEqual(
            rendered.map((element) => attributesOf(element)['id']),
            live.map((element) => attributesOf(element)['id']),
          );
          for (const element of rendered) assert.equal(attributesOf(element)['state'], 'ready');
          // Outside the widgets, the page byte for byte, and read as before.
          assert.equal(without(result.html, rendered), without(page, live));
          assert.deepEqual(textsOf(out), textsOf(read(page)));
        },
      ),
      { numRuns: 300 },
    );
    assert.ok(renderedPages >= 60, `pages rendered: ${renderedPages} of 300`);
  });
});
