// Typings for React 19 JSX and Vue 3 templates, generated from custom-elements.json
// by the generators the custom-elements ecosystem maintains (@wc-toolkit/jsx-types
// and custom-element-vuejs-integration), written to dist/react.d.ts and
// dist/vue.d.ts (package.json "exports": `khountous-widgets/react`, `khountous-widgets/vue`).
//
// The manifest types each event as its class, `KhountousLoadEvent<Detail>` or
// `KhountousErrorEvent` (the JSDoc `@fires {Type}` tags). The JSX generator takes
// an event's type as the handler's parameter, the Vue generator takes it as the
// `detail` of a CustomEvent; neither imports a type written with generics. So each
// generator is given the form it expects, and the names the event types use are
// imported from the package's declarations when the generator did not import them.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateJsxTypes } from '@wc-toolkit/jsx-types';
import { generateVuejsTypes } from 'custom-element-vuejs-integration';

/** Where the generated files find the package's declarations (relative to dist/). */
const TYPES = './types/index.js';

const declarations = (manifest) =>
  manifest.modules.flatMap((module) => module.declarations ?? []).filter((d) => d.tagName);

/** A copy of the manifest with each event's type and name rewritten. */
function withEvents(manifest, { type = (text) => text, name = (text) => text } = {}) {
  const copy = structuredClone(manifest);
  for (const declaration of declarations(copy)) {
    for (const event of declaration.events ?? []) {
      if (!event.type?.text) throw new Error(`${declaration.tagName}: event ${event.name} has no type`);
      event.type = { text: type(event.type.text) };
      event.name = name(event.name);
    }
  }
  return copy;
}

/**
 * Vue's template compiler turns `@khountous-load` into the prop `onKhountousLoad`, and
 * vue-tsc types the handler from that prop; the generator writes `on` + the event's
 * name, so it is given the name as Vue spells it after `on`.
 */
const vueHandlerName = (name) => name.replace(/(^|-)(\w)/g, (_match, _dash, letter) => letter.toUpperCase());

/**
 * The detail of an event class, `KhountousLoadEvent<D>["detail"]`: written so, the Vue
 * generator leaves its import to us (it imports only plain names, and imports a name
 * shared by several elements once per element).
 */
const detailOf = (type) => `${type}["detail"]`;

/** Imports, from the package's declarations, every name of `types` that `code` does not import yet. */
function importMissing(code, types) {
  const imported = new Set(
    [...code.matchAll(/import type \{([^}]*)\}/g)].flatMap((match) =>
      match[1].split(',').map((name) => name.trim()),
    ),
  );
  const names = new Set(types.flatMap((type) => type.match(/\b[A-Z]\w*/g) ?? []));
  const missing = [...names].filter((name) => !imported.has(name) && name !== 'CustomEvent').sort();
  return missing.length ? `import type { ${missing.join(', ')} } from '${TYPES}';\n${code}` : code;
}

export function writeFrameworkTypes(manifest, dist) {
  const eventTypes = declarations(manifest).flatMap((d) => (d.events ?? []).map((e) => e.type?.text ?? ''));

  // React 19 (and the other JSX runtimes the generator knows): handlers take the event class.
  generateJsxTypes(withEvents(manifest), {
    outdir: dist,
    fileName: 'react.d.ts',
    globalTypePath: TYPES,
  });
  const react = join(dist, 'react.d.ts');
  writeFileSync(react, importMissing(readFileSync(react, 'utf8'), eventTypes));

  // Vue 3: handlers take CustomEvent<detail>, which the event classes are, under the
  // prop name Vue gives the listener.
  generateVuejsTypes(withEvents(manifest, { type: detailOf, name: vueHandlerName }), {
    outdir: dist,
    fileName: 'vue.d.ts',
    globalTypePath: TYPES,
    hideLogs: true,
  });
  const vue = join(dist, 'vue.d.ts');
  writeFileSync(vue, importMissing(readFileSync(vue, 'utf8'), eventTypes));
}
