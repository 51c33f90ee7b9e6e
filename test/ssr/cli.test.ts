/**
 * `khountous-widgets render` (src/ssr/cli.ts) run as a command, from the
 * sources, against the reference API on a local port: `--budget` bounds the
 * requests of the run (renderWidget's `budget`); a value that is not one is a
 * usage error. `khountous-widgets image` writes one widget's picture, PNG or SVG.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { createApi } from '../../demo/api/handler.js';
import { toNodeMiddleware } from '../../demo/api/node.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// The kit's sources in Node: tsx, and the hook of Vite's import.meta.glob.
const GLOB_HOOK = `data:text/javascript,import { register } from 'node:module'; register(${JSON.stringify(
  new URL('../helpers/vite-glob-hook.mjs', import.meta.url).href,
)});`;

const api = createApi({ env: {}, quotas: { anonymous: 100_000, free: 100_000, partner: 100_000 } });
const middleware = toNodeMiddleware(api);
let requests = 0;
const server = createServer((req, res) => {
  requests++;
  middleware(req, res, () => res.writeHead(404).end());
});
const dir = mkdtempSync(join(tmpdir(), 'khountous-cli-'));
let baseUrl = '';

before(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
after(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs `khountous-widgets render`; its exit code and what it wrote. */
const cli = (...args: string[]) => command('render', ...args);

/** Runs the command; its exit code and what it wrote. */
function command(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', '--import', GLOB_HOOK, join(root, 'src/ssr/cli.ts'), ...args],
      { cwd: root, env: { ...process.env, KHOUNTOUS_KEY: 'demo-free-key' } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

const PAGE = [1, 2, 3]
  .map((page) => `<p>Page ${page}</p>\n<khountous-ranking limit="1" page="${page}"></khountous-ranking>\n`)
  .join('');

describe('khountous-widgets render --budget', () => {
  it('no more requests than the budget: the file whose widgets it cannot all render is left as it was', async () => {
    const file = join(dir, 'three.html');
    writeFileSync(file, PAGE);
    requests = 0;
    const run = await cli('--base-url', baseUrl, '--budget', '2/hour', file);
    assert.equal(run.code, 1, run.stderr);
    assert.equal(requests, 2);
    assert.match(
      run.stderr,
      /three\.html: left untouched: .*the server's request budget for the API is spent \(2 requests per 1 h, /,
    );
    assert.equal(readFileSync(file, 'utf8'), PAGE);
    // A budget that covers them: rendered.
    const enough = await cli('--base-url', baseUrl, '--budget', '3/day', file);
    assert.equal(enough.code, 0, enough.stderr);
    assert.match(enough.stdout, /three\.html: 3 widgets rendered/);
  });

  it('a value that is not a budget: a usage error, nothing rendered', async () => {
    const file = join(dir, 'one.html');
    writeFileSync(file, PAGE);
    requests = 0;
    const values = ['5/week', '0/day', '-3/hour'];
    const runs = await Promise.all(
      values.map((value) => cli('--base-url', baseUrl, '--budget', value, file)),
    );
    runs.forEach((run, index) => {
      assert.equal(run.code, 2);
      assert.match(
        run.stderr,
        new RegExp(
          `^--budget "${values[index]}" is not the most requests per hour or per day \\(e\\.g\\. 20000/day\\)\\nusage: `,
        ),
      );
    });
    const missing = await cli('--base-url', baseUrl, file, '--budget');
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /^--budget "" is not/);
    assert.equal(requests, 0);
    assert.equal(readFileSync(file, 'utf8'), PAGE);
  });
});

describe('khountous-widgets render: a figure in a sentence', () => {
  it('renders an inline figure where it stands in its paragraph, with inline markup around the text', async () => {
    const file = join(dir, 'sentence.html');
    const before = 'À Kolda, le taux de réponse atteint ';
    const after = ', loin devant.';
    writeFileSync(
      file,
      `<p>${before}<khountous-region-stats region="kolda" indicator="responseRate" variant="inline"></khountous-region-stats>${after}</p>\n`,
    );
    const run = await cli('--base-url', baseUrl, file);
    assert.equal(run.code, 0, run.stderr);
    const html = readFileSync(file, 'utf8');
    const [, open, inside, close] =
      /^<p>(.*?)<khountous-region-stats [^>]*variant="inline"[^>]*>(.*)<\/khountous-region-stats>(.*)<\/p>\n$/s.exec(
        html,
      ) ?? [];
    assert.equal(open, before, html);
    assert.equal(close, after);
    // In the element's light DOM only its shadow root's template and its data: nothing a parser would
    // take for the end of the paragraph.
    const light = inside!.replace(/<template shadowroot(mode)?="open"[^>]*>.*<\/template>/s, '');
    assert.match(light, /^<script type="application\/json">[^<]*<\/script>$/);
    const shadow = /<template[^>]*>(.*)<\/template>/s.exec(inside!)![1]!;
    assert.doesNotMatch(shadow.replace(/<style>.*?<\/style>/gs, ''), /role="heading"|<p[\s>]|<h\d/);
    assert.match(shadow, /class="figure[^"]*"[^>]*tabindex="0"[^>]*>(<!--[^>]*-->)*\d+\s?%/);
  });
});

describe('khountous-widgets image', () => {
  it('writes the PNG or the SVG of a widget, in its language, theme and width', async () => {
    const png = join(dir, 'ranking.png');
    const run = await command(
      'image',
      'khountous-ranking',
      'limit=3',
      '--lang',
      'en',
      '--theme',
      'dark',
      '--width',
      '480',
      '--base-url',
      baseUrl,
      '--out',
      png,
    );
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /ranking\.png: the picture of <khountous-ranking> written/);
    const bytes = readFileSync(png);
    assert.deepEqual([...bytes.subarray(1, 4)], [...Buffer.from('PNG')]);
    assert.equal(bytes.readUInt32BE(16), 480);
    const svg = join(dir, 'card.svg');
    const text = await command(
      'image',
      'khountous-region-stats',
      'region=kolda',
      '--base-url',
      baseUrl,
      '--out',
      svg,
    );
    assert.equal(text.code, 0, text.stderr);
    assert.match(readFileSync(svg, 'utf8'), /^<svg [^>]*lang="fr"[\s\S]*Source\u202f: Khountous/);
  });

  it('a picture it cannot draw: exit 1, said why, nothing written; a usage error: exit 2', async () => {
    const out = join(dir, 'none.png');
    const bad = await command(
      'image',
      'khountous-ranking',
      '--width',
      '50',
      '--base-url',
      baseUrl,
      '--out',
      out,
    );
    assert.equal(bad.code, 1);
    assert.match(
      bad.stderr,
      /none\.png: not written: width 50 is not a whole number of pixels from 200 to 2400/,
    );
    assert.throws(() => readFileSync(out));
    const usage = await command('image', 'khountous-ranking', '--out', join(dir, 'x.gif'));
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /--out <file\.png\|file\.svg> are needed/);
  });
});
