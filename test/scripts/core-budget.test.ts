/**
 * The script tag's core against its budget (scripts/build/size-entries.mjs CORE_BUDGET): a base
 * and an allowance for each widget of the registry, which each widget's share of the core
 * (scripts/build/core-shares.mjs) must stay within. size-limit runs here on a stand-in core
 * with the checks .size-limit.js gives it, so that a share over its allowance fails the real
 * check, by the widget's name.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
// @ts-expect-error: a plain .mjs script without declarations
import { onlyWidgets as onlyWidgetsJs } from '../../scripts/build/core-shares.mjs';
// @ts-expect-error: a plain .mjs script without declarations
import * as sizeEntries from '../../scripts/build/size-entries.mjs';
// @ts-expect-error: a plain .mjs script without declarations
import { widgetFolders as widgetFoldersJs } from '../../scripts/generate/widgets.mjs';
import { widgets } from '../../src/registry.js';

/** What the test reads of the scripts, typed. */
interface Figures {
  core: number;
  base: number;
  widgets: { tag: string; folder: string; share: number }[];
}
interface Entry {
  name: string;
  budget: number;
  files: string[];
}
interface Folder {
  folder: string;
  name: string;
  tag: string;
}
const {
  BUDGETS,
  CORE_BUDGET,
  PAGE_BUDGETS,
  coreBudget,
  coreShareChecks,
  coreShareEntries,
  formatCoreTable,
  sizeLimitChecks,
} = sizeEntries as {
  BUDGETS: Record<string, number>;
  CORE_BUDGET: { base: number; widget: number };
  PAGE_BUDGETS: Record<string, number>;
  coreBudget: (widgets: number) => number;
  coreShareChecks: (figures: Figures) => { tag: string; passed: boolean; message: string }[];
  coreShareEntries: (dist: string, figures: Figures) => Entry[];
  formatCoreTable: (figures: Figures) => string;
  sizeLimitChecks: (entries: Entry[]) => { name: string; path: string[]; limit: string; gzip: boolean }[];
};
const widgetFolders = widgetFoldersJs as () => Folder[];
const onlyWidgets = onlyWidgetsJs as (
  kept: Folder[],
  all: Folder[],
) => { load: (id: string) => string | null; transform: (code: string, id: string) => string | null };

const root = join(import.meta.dirname, '../..');
/** size-limit's command, as `npx size-limit` runs it. */
const sizeLimit = join(root, 'node_modules/size-limit/bin.js');

const allowance = CORE_BUDGET.widget;
/** The figures of a kit of two widgets: one at its allowance, one 25 B over it. */
const figures: Figures = {
  core: 20_000,
  base: 19_000,
  widgets: [
    { tag: 'khountous-small', folder: 'small', share: allowance },
    { tag: 'khountous-large', folder: 'large', share: allowance + 25 },
  ],
};

describe("the core's budget", () => {
  let dist: string;
  before(() => {
    dist = mkdtempSync(join(tmpdir(), 'khountous-core-budget-'));
    // A core that compresses to some kilobytes: numbers the gzip cannot guess.
    const lines = Array.from({ length: 600 }, (_, i) => `export const v${i} = ${(i * 7919) % 104729};`);
    writeFileSync(join(dist, 'khountous.js'), `${lines.join('\n')}\n`);
  });
  after(() => rmSync(dist, { recursive: true, force: true }));

  it('grows by the allowance with each widget of the registry, from the base', () => {
    assert.ok(CORE_BUDGET.base > 0 && allowance > 0);
    assert.equal(coreBudget(0), CORE_BUDGET.base);
    for (let count = 0; count < 12; count++)
      assert.equal(coreBudget(count + 1) - coreBudget(count), allowance);
    // The checks of the core, size-limit's and the pages' (page-sizes.mjs), hold the registry's widgets.
    assert.equal(BUDGETS['khountous.js'], coreBudget(widgets.length));
    assert.equal(PAGE_BUDGETS.core, coreBudget(widgets.length));
    assert.ok(coreBudget(widgets.length + 1) > BUDGETS['khountous.js']);
  });

  it('names a widget whose share is over its allowance, with its figure against the allowance', () => {
    const [small, large] = coreShareChecks(figures);
    assert.equal(small!.passed, true);
    assert.equal(large!.passed, false);
    assert.equal(
      large!.message,
      `<khountous-large>'s share of the core: ${allowance + 25} B gzip, 25 B over its allowance of ${allowance} B`,
    );
    const table = formatCoreTable(figures);
    assert.match(
      table,
      new RegExp(`share of <khountous-large> +${allowance + 25} B +${allowance} B FAIL, 25 B above`),
    );
    assert.match(table, new RegExp(`share of <khountous-small> +${allowance} B +${allowance} B pass`));
  });

  it('fails size-limit on the share over its allowance, by the widget, and only on it', () => {
    const gzip = gzipSync(readFileSync(join(dist, 'khountous.js')), { level: 9 }).length;
    const entries = coreShareEntries(dist, figures);
    // The limit: the core without the widget, plus its allowance.
    assert.deepEqual(
      entries.map((entry) => entry.budget),
      [gzip, gzip - 25],
    );
    const config = join(dist, 'size-limit.json');
    const checks = sizeLimitChecks(entries).map((check) => ({
      ...check,
      path: check.path.map((file) => resolve(root, file)),
    }));
    writeFileSync(config, JSON.stringify(checks));
    const run = spawnSync(process.execPath, [sizeLimit, '--config', config], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    const output = `${run.stdout}${run.stderr}`;
    assert.equal(run.status, 1, output);
    assert.match(
      output,
      new RegExp(
        `<khountous-large>'s share of the core: ${allowance + 25} B gzip, 25 B over its allowance of ${allowance} B\\s+Package size limit has exceeded by 25 B`,
      ),
    );
    assert.doesNotMatch(output, /<khountous-small>[^\n]*\n\s*Package size limit has exceeded/);
  });

  it('measures a widget by building the kit without it: out of the registry and of the loaders', async () => {
    const all = widgetFolders();
    assert.equal(all.length, widgets.length);
    const [left, ...kept] = all;
    const plugin = onlyWidgets(kept, all);
    const registry = plugin.load(join(root, 'src/registry.ts'));
    assert.ok(registry);
    assert.doesNotMatch(registry, new RegExp(`components/${left!.folder}/`));
    for (const { folder } of kept) assert.match(registry, new RegExp(`components/${folder}/widget\\.js`));
    const served = readFileSync(join(root, 'src/boot/served.ts'), 'utf8');
    const loaded = plugin.transform(served, join(root, 'src/boot/served.ts'));
    assert.ok(loaded?.includes(`'!../components/${left!.folder}/define.ts'`));
    assert.equal(
      onlyWidgets([], all).transform(served, join(root, 'src/boot/served.ts'))?.includes('glob'),
      false,
    );
  });
});
