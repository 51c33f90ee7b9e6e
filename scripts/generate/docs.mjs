#!/usr/bin/env node
// Writes the generated parts of the docs, each between two markers
// (<!-- name:start --> ... <!-- name:end -->), from what the kit says of itself:
//   docs/reference.md  attributes       every element's attributes, parts and events, and an example
//                                       (custom-elements.json; the example from its sample, src/registry.ts `catalog`)
//                      css-properties   the theme's custom properties (custom-elements.json)
//   README.md          script-tag       the script tag from an npm CDN, at package.json's name and version,
//                                       with the integrity of dist/khountous.js (dist/integrity.json),
//                                       and a widget
//                      gallery          each widget of src/registry.ts `catalog` with its pictures, light and dark
//                                       (docs/images/<name>-<theme>.png: `npm run pictures` takes them)
//
//   node scripts/generate/docs.mjs           rewrite those files
//   node scripts/generate/docs.mjs --check   fail when one of them is not what it would write
//
// `npm run docs` builds (the manifest, dist/) and then writes these parts.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import process from 'node:process';
import * as prettier from 'prettier';
import { tsImport } from 'tsx/esm/api';

const MANIFEST = 'custom-elements.json';
const REFERENCE = 'docs/reference.md';
const [{ frontOf }, { shortName }] = await Promise.all([
  tsImport('../../src/widget/about.ts', import.meta.url),
  tsImport('../../src/widget/descriptor.ts', import.meta.url),
]);

const README = 'README.md';
const INTEGRITY = 'dist/integrity.json';
const IMAGES = 'docs/images';
/** The npm CDN of the README's script tag. */
const CDN = 'https://cdn.jsdelivr.net/npm';

/** `|` would end a table cell; newlines would end the row. */
const cell = (text) =>
  String(text ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
/** A code span; one that holds a backtick (a template literal type) is fenced with two, spaced (CommonMark). */
const code = (text) => (text ? (text.includes('`') ? `\`\` ${cell(text)} \`\`` : `\`${cell(text)}\``) : '');

/** `''` and `null` say "nothing"; other defaults are shown as written. */
function defaultOf(attribute) {
  const value = attribute.default;
  if (value === undefined || value === "''" || value === 'null' || value === 'undefined') return '';
  return code(value.replace(/^'(.*)'$/, '$1'));
}

/** Every custom element of the manifest, by tag name. */
export function elementsOf(manifest) {
  const elements = [];
  for (const module of manifest.modules ?? []) {
    for (const declaration of module.declarations ?? []) {
      if (declaration.customElement && declaration.tagName)
        elements.push({ ...declaration, path: module.path });
    }
  }
  return elements.sort((a, b) => a.tagName.localeCompare(b.tagName));
}

function attributesTable(attributes) {
  const rows = ['| Attribute | Type | Default | Description |', '| --- | --- | --- | --- |'];
  for (const attribute of attributes) {
    rows.push(
      `| ${code(attribute.name)} | ${code(attribute.type?.text)} | ${defaultOf(attribute)} | ${cell(attribute.description)} |`,
    );
  }
  return rows.join('\n');
}

const escapeAttribute = (value) => String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** `<tag a="1"></tag>`: the element as a page writes it, with `attributes`. */
export function tagWith(tag, attributes = {}) {
  const list = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  return `<${tag}${list}></${tag}>`;
}

/**
 * The markdown between the attributes markers. `samples` (tag -> attributes, from each
 * widget's about.ts) gives each element an example that shows real data.
 */
export function renderAttributes(manifest, samples = {}) {
  const elements = elementsOf(manifest);
  if (elements.length === 0) throw new Error(`${MANIFEST} lists no custom element`);
  const out = [];
  // Shared: what every element has (the base class's attributes). Own: the rest,
  // including what an element inherits from an intermediate class (limit, page...).
  const names = (element) => new Set((element.attributes ?? []).map((attribute) => attribute.name));
  const everywhere = elements.map(names).reduce((a, b) => new Set([...a].filter((name) => b.has(name))));
  const shared = (elements[0].attributes ?? []).filter((attribute) => everywhere.has(attribute.name));
  out.push('Generated from `custom-elements.json` by `npm run docs`; do not edit by hand.', '');
  if (shared.length > 0) {
    out.push('### Every element', '', attributesTable(shared), '');
  }
  for (const element of elements) {
    const own = (element.attributes ?? []).filter((attribute) => !everywhere.has(attribute.name));
    out.push(`### \`<${element.tagName}>\``, '');
    if (element.summary) out.push(cell(element.summary), '');
    if (samples[element.tagName])
      out.push('```html', tagWith(element.tagName, samples[element.tagName]), '```', '');
    out.push(own.length > 0 ? attributesTable(own) : 'No attribute of its own.', '');
    const parts = (element.cssParts ?? []).map((part) => code(part.name));
    if (parts.length > 0) out.push(`Parts: ${parts.join(', ')}.`, '');
    const events = (element.events ?? []).map((event) => code(event.name));
    if (events.length > 0) out.push(`Events: ${events.join(', ')}.`, '');
  }
  return out.join('\n').trim();
}

/** The markdown between the css-properties markers: the custom properties every element reads. */
export function renderCssProperties(manifest) {
  const seen = new Map();
  // The base class documents the general meaning; elements may narrow a description.
  const base = manifest.modules
    .flatMap((module) => module.declarations ?? [])
    .find((declaration) => declaration.name === 'KhountousElement');
  for (const element of [base ?? {}, ...elementsOf(manifest)]) {
    for (const property of element.cssProperties ?? []) {
      if (!seen.has(property.name)) seen.set(property.name, property);
    }
  }
  const rows = ['| Custom property | Default | Description |', '| --- | --- | --- |'];
  for (const property of [...seen.values()].sort((a, b) => a.name.localeCompare(b.name))) {
    rows.push(`| ${code(property.name)} | ${code(property.default)} | ${cell(property.description)} |`);
  }
  return rows.join('\n');
}

/** `text` with the block between `<!-- name:start -->` and `<!-- name:end -->` replaced. */
export function replaceBlock(text, name, content, file = 'the file') {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from === -1 || to === -1 || to < from) throw new Error(`${file} has no ${start} ... ${end} block`);
  return `${text.slice(0, from + start.length)}\n\n${content}\n\n${text.slice(to)}`;
}

/** `text` with each of `blocks` (name -> markdown) in place, formatted as Prettier formats `file`. */
export async function withBlocks(file, text, blocks) {
  let next = text;
  for (const [name, content] of Object.entries(blocks)) next = replaceBlock(next, name, content, file);
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(next, { ...options, parser: 'markdown' });
}

/**
 * The README's first snippet: the script tag from the npm CDN, at the package's version, with
 * `integrity` (the SRI hash of dist/khountous.js as built), and one widget with its sample.
 */
export function renderScriptTag({ name, version }, integrity, catalog) {
  if (!integrity) throw new Error(`${INTEGRITY} has no hash of khountous.js: run \`npm run build\` first`);
  const entry = frontOf(catalog);
  return [
    '```html',
    `<script type="module" src="${CDN}/${name}@${version}/dist/khountous.js"`,
    `  integrity="${integrity}" crossorigin="anonymous"></script>`,
    tagWith(entry.widget.tag, entry.about.sample),
    '```',
  ].join('\n');
}

/**
 * The README's gallery: each widget of the catalog, its name, tag and summary, and its
 * pictures in the light and dark themes (`pictures`: the files of docs/images/ there are).
 */
export function renderGallery(catalog, pictures) {
  const out = [];
  for (const { widget, about } of catalog) {
    const name = shortName(widget.tag);
    out.push(
      `**${about.title.en}**, [\`<${widget.tag}>\`](docs/reference.md#${widget.tag}): ${about.summary.en}`,
      '',
    );
    const files = ['light', 'dark'].map((theme) => `${IMAGES}/${name}-${theme}.png`);
    out.push(
      files.every((file) => pictures.has(file))
        ? files
            .map((file, index) => `![${about.title.en}, ${index === 0 ? 'light' : 'dark'}](${file})`)
            .join(' ')
        : '_No picture yet: `npm run screenshots`, then `npm run pictures`._',
      '',
    );
  }
  return out.join('\n').trim();
}

/** Each widget's sample attributes by tag (src/registry.ts `catalog`). */
export const samplesOf = (catalog) =>
  Object.fromEntries(catalog.map(({ widget, about }) => [widget.tag, about.sample]));

/** What each generated file holds: file -> its blocks (name -> markdown). */
export function generatedBlocks({ manifest, catalog, pkg, integrity, pictures }) {
  return {
    [README]: {
      'script-tag': renderScriptTag(pkg, integrity?.['khountous.js'], catalog),
      gallery: renderGallery(catalog, pictures),
    },
    [REFERENCE]: {
      attributes: renderAttributes(manifest, samplesOf(catalog)),
      'css-properties': renderCssProperties(manifest),
    },
  };
}

/** What the repository's files and tools say: the inputs of generatedBlocks. */
export async function currentInputs() {
  const { catalog } = await tsImport('../../src/registry.ts', import.meta.url);
  const names = catalog.flatMap(({ widget }) =>
    ['light', 'dark'].map((theme) => `${IMAGES}/${shortName(widget.tag)}-${theme}.png`),
  );
  return {
    manifest: JSON.parse(readFileSync(MANIFEST, 'utf8')),
    catalog,
    pkg: JSON.parse(readFileSync('package.json', 'utf8')),
    integrity: existsSync(INTEGRITY) ? JSON.parse(readFileSync(INTEGRITY, 'utf8')) : undefined,
    pictures: new Set(names.filter((file) => existsSync(file))),
  };
}

async function main() {
  const check = process.argv.includes('--check');
  const blocks = generatedBlocks(await currentInputs());
  const stale = [];
  for (const [file, fileBlocks] of Object.entries(blocks)) {
    const text = readFileSync(file, 'utf8');
    const next = await withBlocks(file, text, fileBlocks);
    if (next === text) continue;
    stale.push(file);
    if (!check) writeFileSync(file, next);
  }
  if (stale.length === 0) {
    console.log(`${Object.keys(blocks).join(', ')}: the generated parts are up to date.`);
  } else if (check) {
    console.error(`${stale.join(', ')}: out of date; run \`npm run docs\` and commit the result.`);
    process.exit(1);
  } else {
    console.log(`${stale.join(', ')}: generated parts rewritten.`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
