// The manifest documents what the JSDoc tags say, and each element's attributes
// and properties from its widget's descriptor (src/components/<name>/widget.ts)
// and words (about.ts): the elements declare no property of their own, Lit makes
// them from the descriptor. The analyzer also guesses events from
// `dispatchEvent(new SomeEvent(...))` calls, which yields nameless entries for
// our typed event classes; keep only named events. Modules are sorted by path so
// that the file does not change with the file system's order. Last, the manifest
// is made to describe the files the package ships (scripts/build/manifest-paths.mjs):
// lib/ paths, every reference resolved, one definition per tag.
import { tsImport } from 'tsx/esm/api';
import { shippedManifest } from './scripts/build/manifest-paths.mjs';

const { catalog } = await tsImport('./src/registry.ts', import.meta.url);
const { ABOUT_INPUTS } = await tsImport('./src/widget/about.ts', import.meta.url);
const { COMMON_INPUTS, HEADING_INPUTS, LIST_INPUTS, camel } = await tsImport(
  './src/widget/descriptor.ts',
  import.meta.url,
);

const BASE = { name: 'KhountousElement', module: 'src/element/khountous-element.ts' };
const LIST = { name: 'KhountousListElement', module: 'src/element/list-element.ts' };

/** An input's type as a script sets its property: the values it takes where they are known (src/widget/descriptor.ts). */
function typeOf(attribute, input) {
  if (input.kind === 'flag' || input.kind === 'unless-false') return 'boolean';
  const rule = input.rule;
  if (rule?.type === 'integer') return input.initial === null ? 'string | number | null' : 'string | number';
  const values = rule?.type === 'choice' ? rule.values : input.values;
  if (!values) return 'string';
  const types = values.map((value) => `'${value}'`);
  if (input.subtags) types.push(...values.map((value) => `\`${value}-\${string}\``));
  // A choice without a fallback, or a list, may be left empty (no filter, the page's language).
  if (rule?.fallback === undefined && input.initial === '') types.push("''");
  return types.join(' | ');
}

const defaultOf = (input) =>
  typeof input.initial === 'string' ? `'${input.initial}'` : String(input.initial ?? 'undefined');

/** The manifest's attribute and field of one input. */
function documented(attribute, input, description, inheritedFrom) {
  const name = camel(attribute);
  const common = { type: { text: typeOf(attribute, input) }, default: defaultOf(input), description };
  const from = inheritedFrom ? { inheritedFrom } : {};
  return {
    attribute: { name: attribute, ...common, fieldName: name, ...from },
    field: {
      kind: 'field',
      name,
      ...common,
      attribute,
      ...(input.reflect ? { reflects: true } : {}),
      ...from,
    },
  };
}

/** The inputs of one element in the order its reference shows them: its own, its title's, its list's, everyone's. */
function inputsOf(entry) {
  const own = [];
  const heading = [];
  const list = [];
  for (const [attribute, input] of Object.entries(entry.widget.inputs)) {
    if (attribute in LIST_INPUTS) list.push([attribute, input, ABOUT_INPUTS[attribute].en, LIST]);
    else if (attribute in HEADING_INPUTS) heading.push([attribute, input, ABOUT_INPUTS[attribute].en]);
    else {
      const words = entry.about.inputs[attribute];
      if (!words) throw new Error(`${entry.widget.tag}: no words for its input ${attribute} (about.ts)`);
      own.push([attribute, input, words.en]);
    }
  }
  const common = Object.entries(COMMON_INPUTS).map(([attribute, input]) => [
    attribute,
    input,
    ABOUT_INPUTS[attribute].en,
    BASE,
  ]);
  return [...own, ...heading, ...list, ...common];
}

/** Replaces the attributes and the input fields of `declaration` with those of `inputs`. */
function document(declaration, inputs) {
  const made = inputs.map(([attribute, input, description, from]) =>
    documented(attribute, input, description, from),
  );
  const names = new Set(made.map(({ field }) => field.name));
  declaration.attributes = made.map(({ attribute }) => attribute);
  declaration.members = [
    ...made.map(({ field }) => field),
    ...(declaration.members ?? []).filter((member) => !names.has(member.name)),
  ];
}

export default {
  litelement: true,
  globs: ['src/**/*.ts'],
  exclude: ['src/**/*.styles.ts', 'src/**/about.ts', 'src/registry.ts'],
  plugins: [
    {
      name: 'khountous-descriptors',
      packageLinkPhase({ customElementsManifest }) {
        const byTag = new Map(catalog.map((entry) => [entry.widget.tag, entry]));
        for (const module of customElementsManifest.modules) {
          for (const declaration of module.declarations ?? []) {
            if (declaration.name === BASE.name && module.path === BASE.module)
              document(
                declaration,
                Object.entries(COMMON_INPUTS).map(([a, input]) => [a, input, ABOUT_INPUTS[a].en]),
              );
            if (declaration.name === LIST.name && module.path === LIST.module)
              document(
                declaration,
                Object.entries(LIST_INPUTS).map(([a, input]) => [a, input, ABOUT_INPUTS[a].en]),
              );
            const entry = declaration.tagName && byTag.get(declaration.tagName);
            if (!entry) continue;
            document(declaration, inputsOf(entry));
            declaration.summary = entry.about.summary.en;
            byTag.delete(declaration.tagName);
          }
        }
        if (byTag.size > 0) throw new Error(`no element class found for ${[...byTag.keys()].join(', ')}`);
      },
    },
    {
      name: 'khountous-named-events-only',
      packageLinkPhase({ customElementsManifest }) {
        customElementsManifest.modules.sort((a, b) => a.path.localeCompare(b.path));
        for (const module of customElementsManifest.modules) {
          for (const declaration of module.declarations ?? []) {
            if (declaration.events) {
              declaration.events = declaration.events.filter((event) => /^khountous-/.test(event.name ?? ''));
            }
          }
        }
      },
    },
    {
      name: 'khountous-shipped-paths',
      packageLinkPhase({ customElementsManifest }) {
        shippedManifest(customElementsManifest);
      },
    },
  ],
};
