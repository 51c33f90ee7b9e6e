/**
 * `khountous-widgets render <files…>` (src/ssr/files.ts): the kit's tags of a
 * built HTML file filled with their rendered markup and inline data; a file is
 * rewritten only when every widget rendered, else left byte for byte as it was,
 * with the file, the line and the reason. Over the reference API through the
 * `fetch` option, in plain Node.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { register } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, beforeEach, describe, it } from 'node:test';
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
