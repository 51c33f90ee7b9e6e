/**
 * `khountous-widgets render` (src/ssr/cli.ts) run as a command, from the
 * sources, against the reference API on a local port: `--budget` bounds the
 * requests of the run (renderWidget's `budget`); a value that is not one is a
 * usage error.
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

/** Runs the command; its exit code and what it wrote. */
function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', '--import', GLOB_HOOK, join(root, 'src/ssr/cli.ts'), 'render', ...args],
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
