#!/usr/bin/env node
// Writes the README's reference tables from custom-elements.json, between
//   <!-- attributes:start --> ... <!-- attributes:end -->          (every element)
//   <!-- css-properties:start --> ... <!-- css-properties:end -->  (the theme's custom properties)
//
//   node scripts/generate/readme-attributes.mjs           rewrite README.md
//   node scripts/generate/readme-attributes.mjs --check   fail when README.md is not what the manifest says
//
// `npm run docs` regenerates the manifest (cem analyze) and then the tables.
import { readFileSync, writeFileSync } from 'node:fs';
import process from 'node:process';
import * as prettier from 'prettier';

const README = 'README.md';
const MANIFEST = 'custom-elements.json';

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

/** The markdown between the attributes markers. */
export function renderAttributes(manifest) {
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
    out.push('#### Every element', '', attributesTable(shared), '');
  }
  for (const element of elements) {
    const own = (element.attributes ?? []).filter((attribute) => !everywhere.has(attribute.name));
    out.push(`#### \`<${element.tagName}>\``, '');
    if (element.summary) out.push(cell(element.summary), '');
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
export function replaceBlock(text, name, content) {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from === -1 || to === -1 || to < from) throw new Error(`${README} has no ${start} ... ${end} block`);
  return `${text.slice(0, from + start.length)}\n\n${content}\n\n${text.slice(to)}`;
}

export async function renderReadme(readme, manifest) {
  let text = replaceBlock(readme, 'attributes', renderAttributes(manifest));
  text = replaceBlock(text, 'css-properties', renderCssProperties(manifest));
  const options = (await prettier.resolveConfig(README)) ?? {};
  return prettier.format(text, { ...options, parser: 'markdown' });
}

async function main() {
  const check = process.argv.includes('--check');
  const readme = readFileSync(README, 'utf8');
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
  const next = await renderReadme(readme, manifest);
  if (next === readme) {
    console.log(`${README}: the reference tables match ${MANIFEST}.`);
    return;
  }
  if (check) {
    console.error(`${README} is out of date with ${MANIFEST}: run \`npm run docs\` and commit the result.`);
    process.exit(1);
  }
  writeFileSync(README, next);
  console.log(`${README}: reference tables rewritten from ${MANIFEST}.`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
