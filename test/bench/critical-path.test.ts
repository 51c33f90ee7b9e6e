/**
 * The bench's critical path (bench/paint-view.mjs `criticalPath`): when the first API request
 * of a view left, and the bytes of the kit's files in by then; and its table
 * (bench/paint-tables.mjs), one row per page, the bytes of the first condition and the time of
 * each; what every element loads before it draws, by part, and the script tag, by module
 * (bench/bytes.mjs).
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, it } from 'node:test';
// @ts-expect-error: a plain .mjs script without declarations
import * as view from '../../bench/paint-view.mjs';
// @ts-expect-error: a plain .mjs script without declarations
import * as tables from '../../bench/paint-tables.mjs';

type Arrived = { url: string; bytes: number; endAt: number | undefined };
const criticalPath = view.criticalPath as (
  arrived: Arrived[],
  apiStarts: number[],
) => { sentAt: number | undefined; kitBytes: number | undefined };
const paintTables = tables.paintTables as (
  paint: object,
) => { title: string; head: string[]; rows: string[][] }[];

const page = 'http://127.0.0.1:4000';

describe('the critical path of a view', () => {
  it('counts the kit files in before the first API request left (any build of the kit), and no other file', () => {
    const arrived: Arrived[] = [
      { url: `${page}/paint/script.html`, bytes: 1500, endAt: 1000 },
      { url: `${page}/dist/khountous.js`, bytes: 22_600, endAt: 1400 },
      { url: `${page}/dist/paint.js`, bytes: 1900, endAt: 1500 },
      // The npm package as a Vite app bundles it is the kit's too; the page's style sheet is not.
      { url: `${page}/npm-app/kit.js`, bytes: 100, endAt: 1200 },
      { url: `${page}/demo/news.css`, bytes: 900, endAt: 1100 },
      // In after the request left: not on its path.
      { url: `${page}/dist/chunks/shared-x.js`, bytes: 17_400, endAt: 1700 },
      // Its arrival unknown: not counted.
      { url: `${page}/dist/elements/khountous-ranking.js`, bytes: 2300, endAt: undefined },
      { url: 'http://127.0.0.1:5000/v1/administrations?lang=fr', bytes: 1700, endAt: 2100 },
    ];
    assert.deepEqual(criticalPath(arrived, [1600, 1550, 0]), { sentAt: 1550, kitBytes: 24_600 });
  });

  it('is unknown when no API request left', () => {
    assert.deepEqual(criticalPath([{ url: `${page}/dist/khountous.js`, bytes: 1, endAt: 1 }], []), {
      sentAt: undefined,
      kitBytes: undefined,
    });
  });

  it('gives each page its bytes and the time its first request left in each condition', () => {
    const variants = (script: number, autoloader: number) => ({
      floor: { firstApiSentMs: 1050 },
      script: { kitBeforeApi: 22_600, firstApiSentMs: script },
      autoloader: { kitBeforeApi: 22_900, firstApiSentMs: autoloader },
      seeded: {},
    });
    const all = paintTables({
      runs: 7,
      conditions: [
        { profile: 'slow-3g', connection: 'cold', variants: variants(1570, 1960) },
        { profile: 'slow-3g', connection: 'warm', variants: variants(1520, 1900) },
      ],
    });
    const table = all.find((section) => section.title.startsWith('The critical path'));
    assert.ok(table, 'the table is written');
    assert.deepEqual(table.head.slice(1), [
      "kit's files before the first API request (slow-3g, cold)",
      'first API request sent: slow-3g, cold',
      'first API request sent: slow-3g, warm',
    ]);
    assert.deepEqual(table.rows, [
      ['floor', '–', '1.05 s', '1.05 s'],
      ['script', '22.6 kB', '1.57 s', '1.52 s'],
      ['autoloader', '22.9 kB', '1.96 s', '1.90 s'],
    ]);
  });

  it('is left out of the figures of a run that did not measure it', () => {
    const all = paintTables({
      runs: 7,
      conditions: [{ profile: 'slow-3g', connection: 'cold', variants: { script: {} } }],
    });
    assert.equal(
      all.some((section) => section.title.startsWith('The critical path')),
      false,
    );
  });
});

describe('what every element loads before it draws, by part', () => {
  const bytes = import('../../bench/bytes.mjs' as string) as Promise<{
    partOf: (id: string) => string;
    byPart: (
      modules: { id: string; rendered: number }[],
      gzip: number,
    ) => { part: string; rendered: number; gzipShare: number }[];
  }>;

  it('names each module’s part: Lit, @lit/task, each folder of src/', async () => {
    const { partOf } = await bytes;
    assert.equal(partOf('/p/node_modules/lit-html/lit-html.js'), 'Lit');
    assert.equal(partOf('/p/node_modules/@lit/reactive-element/reactive-element.js'), 'Lit');
    assert.equal(partOf('/p/node_modules/@lit/task/task.js'), '@lit/task');
    assert.equal(partOf('/p/src/core/loader/query.ts'), 'the data layer (src/core)');
    assert.equal(partOf('/p/src/i18n/format.ts'), 'the words and formats (src/i18n)');
    assert.equal(partOf('\0rolldown/runtime.js'), 'other');
  });

  it('sums the parts, largest first, each with its share of the gzip', async () => {
    const { byPart } = await bytes;
    assert.deepEqual(
      byPart(
        [
          { id: '/p/src/core/cache.ts', rendered: 300 },
          { id: '/p/src/core/budget.ts', rendered: 300 },
          { id: '/p/node_modules/lit-html/lit-html.js', rendered: 400 },
          { id: '/p/src/styles/tokens.styles.ts', rendered: 0 },
        ],
        1000,
      ),
      [
        { part: 'the data layer (src/core)', rendered: 600, gzipShare: 600 },
        { part: 'Lit', rendered: 400, gzipShare: 400 },
      ],
    );
  });
});

describe('what arrives before the first request: the script tag by module', () => {
  const dist = join(import.meta.dirname, '../../dist');
  const bytes = import('../../bench/bytes.mjs' as string) as Promise<{
    scriptByModule: (dist: string) => Promise<{
      gzip: number;
      graph: number;
      modules: { module: string; rendered: number; gzipShare: number }[];
    }>;
  }>;

  it('splits dist/khountous.js (npm run build) into its modules and its module graph, which add up to it', async () => {
    const { scriptByModule } = await bytes;
    const script = readFileSync(join(dist, 'khountous.js'));
    const { gzip, graph, modules } = await scriptByModule(dist);
    assert.equal(gzip, gzipSync(script, { level: 9 }).length);
    // The graph holds an integrity hash of each file besides the script: 44 characters or more each, random.
    const files = readdirSync(dist, { recursive: true }).filter(
      (file) => String(file).endsWith('.js') && file !== 'khountous.js',
    );
    assert.ok(graph > 30 * files.length, `the graph: ${graph} B for ${files.length} files`);
    const names = modules.map((row) => row.module);
    for (const module of ['src/core/loader/early.ts', 'src/boot/early-start.ts', 'src/registry.ts'])
      assert.ok(names.includes(module), module);
    // Modules the script imports on demand are not in it.
    assert.ok(!names.some((name) => name.startsWith('src/core/loader/queries')), names.join(', '));
    const shares = modules.reduce((sum, row) => sum + row.gzipShare, 0);
    assert.ok(Math.abs(shares + graph - gzip) <= modules.length, `${shares} + ${graph} against ${gzip}`);
  });

  it('refuses a dist/ whose script is not the one the source builds', async () => {
    const { scriptByModule } = await bytes;
    const other = mkdtempSync(join(tmpdir(), 'khountous-bench-dist-'));
    try {
      cpSync(dist, other, { recursive: true });
      writeFileSync(join(other, 'khountous.js'), `${readFileSync(join(dist, 'khountous.js'), 'utf8')};`);
      await assert.rejects(scriptByModule(other), /is not .*khountous\.js: run npm run build/);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
