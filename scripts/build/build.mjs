#!/usr/bin/env node
// `npm run build`: writes the package's two builds from one source, each for its
// users, then prints the size of each script-tag entry.
//
// lib/: the npm build, for bundlers and servers (package.json "exports"). One ES module
// per source module (src/x.ts -> lib/x.js, its source map and declarations beside it),
// importing lit and @lit/task by bare specifier: an app's bundler resolves
// the graph and shares Lit with the app. Not minified (but for the template literals, whose strings match dist/'s), no preload graph.
//   lib/index.js                      the public exports (defines nothing)
//   lib/khountous.js                  the kit's entry (src/khountous.ts, boot/bundled.ts): registers each element
//                                     when its tag is first seen in the page, after starting its API request
//                                     (khountous-widgets/autoloader.js, the name earlier versions documented, is it too)
//   lib/elements/khountous-<name>.js  one element: src/components/<name>/define.ts
//   lib/ssr/render.js                 renderWidget (khountous-widgets/ssr), for Node: a widget with its data
//   lib/ssr/cli.js                    `npx khountous-widgets render <files…>`: the widgets of built HTML files rendered
//   lib/react.d.ts, lib/vue.d.ts      React 19 JSX and Vue 3 template typings (scripts/generate/framework-types.mjs),
//                                     with empty lib/react.js and lib/vue.js for value imports
//
// dist/: the script-tag build, for pages without a bundler (a CDN or a copy on the site):
// bundled with Lit in production mode, minified.
//   dist/khountous.js                 the script tag and the kit's core: the kit's entry (src/khountous.ts,
//                                     with boot/served.ts for boot/bundled.ts) in one file, with the loader and
//                                     the widgets' descriptors, that finds the kit's tags in the page, sends
//                                     their loads through the loader (no Lit), announces their elements' files
//                                     with modulepreload and integrity, and imports
//                                     dist/elements/khountous-<name>.js per tag, when it appears
//   dist/autoloader.js                a copy of khountous.js, under the name earlier versions documented
//                                     (the other files take the script's exports from the page: core-link.mjs)
//   dist/elements/khountous-<name>.js one module per element, taking the core from khountous.js and what
//                                     the elements share (Lit, the base element) from dist/chunks/
//   dist/hydrate.js, dist/paint.js    Lit's hydrate support (a page a server rendered) and the text paint
//   dist/embed.html, embed.js         one widget chosen by URL parameters, for iframes (its CSP in a <meta>);
//                                     embed.js places it, and khountous.js, which it imports, loads it
//   dist/embed-resize.js              the optional host snippet that sizes those iframes
//   dist/integrity.json               SRI hash (sha384) of every file of dist/
//
// build/khountous-widgets-wordpress.zip: the WordPress plugin (wordpress/khountous-widgets/)
// with the script-tag build inside (kit/), ready for Plugins > Add New > Upload; not in
// the npm package.
//
// `custom-elements.json` is regenerated first, so the manifest the package ships and the
// reference in docs/reference.md (scripts/generate/docs.mjs) describe the code built.
//
// The steps, in order, below; each build in its own module: scripts/build/npm.mjs (lib/ and its
// declarations), script-tag.mjs (dist/, with embed-page.mjs), wordpress-zip.mjs; context.mjs holds
// what they share (the folders, the elements found, running a command, hashing a file).
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { artefacts, dist, elementEntries, lib, listFiles, pkg, quiet, root, run, sri } from './context.mjs';
import { buildNpm, writeDeclarations } from './npm.mjs';
import { buildScriptTag } from './script-tag.mjs';
import { pluginZip } from './wordpress-zip.mjs';

/**
 * `--if-missing` (`npm start` runs it first): build only when dist/ has no integrity.json, so
 * that a fresh clone's demo gives the embed builder the SRI hashes of a build for its snippets.
 */
if (process.argv.includes('--if-missing') && existsSync(join(dist, 'integrity.json'))) process.exit(0);

async function main() {
  for (const dir of [dist, lib, artefacts]) rmSync(dir, { recursive: true, force: true });
  mkdirSync(dist, { recursive: true });

  run('src/registry.ts, src/summaries.ts and src/index.ts (scripts/generate/widgets.mjs)', 'node', [
    'scripts/generate/widgets.mjs',
  ]);
  // What a widget makes of data of its own (the map its shapes): src/components/<name>/generate.mjs.
  for (const folder of readdirSync(join(root, 'src/components')).sort()) {
    const generator = `src/components/${folder}/generate.mjs`;
    if (existsSync(join(root, generator))) run(`what ${generator} writes`, 'node', [generator]);
  }
  run('custom-elements.json (cem analyze)', 'npx', ['cem', 'analyze', '--quiet']);

  const elements = elementEntries();
  if (Object.keys(elements).length === 0) throw new Error('no src/components/*/define.ts found');

  // 1. The npm build (lib/, scripts/build/npm.mjs).
  await buildNpm(elements);
  // 2. The script-tag build (dist/, scripts/build/script-tag.mjs), the embed page included.
  await buildScriptTag(elements);
  // 3. Type declarations for npm users.
  writeDeclarations(elements);

  // 4. Subresource Integrity of every file a browser may load.
  const integrity = {};
  for (const file of listFiles(dist)) {
    const path = relative(dist, file).split('\\').join('/');
    if (path.endsWith('.d.ts') || path === 'integrity.json') continue;
    integrity[path] = sri(file);
  }
  writeFileSync(join(dist, 'integrity.json'), `${JSON.stringify(integrity, null, 2)}\n`);

  // 5. The WordPress plugin: its generated files (scripts/generate/wordpress.ts), then
  //    its zip with the kit's browser files inside.
  run('WordPress plugin (scripts/generate/wordpress.ts)', 'npx', ['tsx', 'scripts/generate/wordpress.ts']);
  mkdirSync(artefacts, { recursive: true });
  writeFileSync(join(artefacts, 'khountous-widgets-wordpress.zip'), pluginZip());

  // 6. The figures. Read once src/registry.ts is written (step 0): the pages they count are
  //    the widgets' own (their about.ts).
  const { coreFigures, entrySizes, formatCoreTable, formatSizeTable } = await import('./size-entries.mjs');
  const sizes = entrySizes(dist);
  console.log(`\nkhountous widgets ${pkg.version}: sizes of each entry with everything it imports\n`);
  console.log(formatSizeTable(sizes));
  // Each widget's share of the core, measured by building it without each (core-shares.mjs:
  // the script-tag graph built twice and once more per widget, some 15 s on two cores for
  // eight widgets). A --quiet build (the tests', the docs', the screenshots') leaves it to
  // size-limit, which measures it when build/core-shares.json does not describe this dist/.
  if (!quiet) {
    console.log(`\nWhat each widget adds to the core, gzip\n`);
    console.log(formatCoreTable(await coreFigures(dist)));
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
