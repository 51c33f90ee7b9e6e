// What each widget adds to the script tag's core (dist/khountous.js), measured by building it:
// the script-tag graph (script-tag.mjs buildGraph, then writeScriptGraph: its module graph with
// the sha256 of every file) built from the source as it is, once with every widget of
// src/registry.ts, once without each widget in turn (its descriptor out of the registry, its
// define.ts out of the served delivery's loaders, so its element's file and hashes out of the
// graph) and once with none, each into a folder of its own under the system's temporary folder
// (dist/ is never touched). A widget's share is the core's gzip bytes (level 9, as size-limit)
// with every widget less the core's without it: its descriptor (src/components/<name>/widget.ts
// and what only it imports), its loader and its graph's paths and hashes, compressed among the
// rest. The base is the core with no widget at all.
// size-entries.mjs holds the budgets of these figures; `npm run build` (not --quiet) measures
// them once and keeps them in build/core-shares.json beside the hash of the dist/khountous.js
// they describe, which size-limit (.size-limit.js) reads while dist/ is that build, and
// measures anew otherwise.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { registryCode, widgetFolders } from '../generate/widgets.mjs';
import { artefacts, elementEntries, root } from './context.mjs';
import { buildGraph, writeScriptGraph } from './script-tag.mjs';

/** What boot/served.ts loads the elements by: every define.ts of src/components/. */
const LOADERS = "import.meta.glob('../components/*/define.ts')";

/**
 * The plugin that builds the kit with the widgets of `kept` only (widgetFolders() entries):
 * src/registry.ts written with theirs alone, boot/served.ts loading their define.ts alone.
 */
export function onlyWidgets(kept, all) {
  const registry = join(root, 'src/registry.ts');
  const served = join(root, 'src/boot/served.ts');
  const left = all.filter((folder) => !kept.includes(folder));
  return {
    name: 'khountous-only-widgets',
    enforce: 'pre',
    load(id) {
      if (id !== registry) return null;
      // As scripts/generate/widgets.mjs writes it, so that the build with every widget is the kit's.
      return registryCode(kept).join('\n');
    },
    transform(code, id) {
      if (id !== served) return null;
      if (!code.includes(LOADERS))
        throw new Error(
          `src/boot/served.ts no longer loads the elements by ${LOADERS}: update core-shares.mjs`,
        );
      const patterns = [
        "'../components/*/define.ts'",
        ...left.map(({ folder }) => `'!../components/${folder}/define.ts'`),
      ];
      return code.replace(LOADERS, kept.length ? `import.meta.glob([${patterns.join(', ')}])` : '{}');
    },
  };
}

const gzip = (bytes) => gzipSync(bytes, { level: 9 }).length;

/** The core's gzip bytes when the kit holds the widgets of `kept` only. */
async function coreWith(kept, all) {
  const folder = mkdtempSync(join(tmpdir(), 'khountous-core-'));
  try {
    const keptNames = new Set(kept.map(({ folder: name }) => `elements/khountous-${name}`));
    const elements = Object.fromEntries(
      Object.entries(elementEntries()).filter(([name]) => keptNames.has(name)),
    );
    await buildGraph(elements, { outDir: folder, plugins: [onlyWidgets(kept, all)] });
    writeScriptGraph(elements, folder);
    return gzip(readFileSync(join(folder, 'khountous.js')));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * The core measured: `core` with every widget, `base` with none, and each widget's share
 * (`widgets`: tag, folder, share), in bytes gzip.
 */
export async function measureCore() {
  const all = widgetFolders();
  const core = await coreWith(all, all);
  const base = await coreWith([], all);
  const widgets = [];
  for (const widget of all) {
    const without = await coreWith(
      all.filter((other) => other !== widget),
      all,
    );
    widgets.push({ tag: widget.tag, folder: widget.folder, share: core - without });
  }
  return { core, base, widgets };
}

const CACHE = join(artefacts, 'core-shares.json');
const hashOf = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

/**
 * The figures of the core of `dist` (a built dist/): build/core-shares.json when it describes
 * that very dist/khountous.js, else measured from the source (and kept there).
 */
export async function coreShares(dist) {
  const script = hashOf(join(dist, 'khountous.js'));
  if (existsSync(CACHE)) {
    try {
      const kept = JSON.parse(readFileSync(CACHE, 'utf8'));
      if (kept.script === script && Array.isArray(kept.figures?.widgets)) return kept.figures;
    } catch {
      // Measured anew below.
    }
  }
  const figures = await measureCore();
  mkdirSync(artefacts, { recursive: true });
  const written = `${CACHE}.${process.pid}`;
  writeFileSync(written, `${JSON.stringify({ script, figures }, null, 2)}\n`);
  renameSync(written, CACHE);
  return figures;
}
