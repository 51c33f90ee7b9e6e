// Typings of the khountous-* elements for React 19's JSX and Vue 3's templates,
// generated from the widgets' descriptors (src/components/<name>/widget.ts, through
// src/registry.ts `catalog`) and their words (about.ts): react.d.ts and vue.d.ts, what
// `khountous-widgets/react` and `khountous-widgets/vue` export.
//
// Each attribute takes what its input says: one of a choice's values or of a list's
// (`lang` also with subtags, `en-GB`; empty where that is how it starts, "not set"), a
// number or its text for an integer, a boolean for a flag (React and Vue set a defined
// element's property, which the text `false` would turn on), text otherwise; the
// identifier a widget shows (`slug`, `dataset-id`) is required. Every element fires
// `khountous-load`, its `detail` the data the element shows (read from the element's
// class), and `khountous-error`.
//
// The files import the element classes and the event types from the package's own
// declarations by a relative path (`typesImport`, `./index.js` beside them): relative
// imports with their .js extension, and `declare module` augmentations of `react` and
// `vue`, which moduleResolution bundler, node16, nodenext and node10 all read.
//
//   React 19: `react`'s JSX.IntrinsicElements, which the automatic runtime's JSX
//   (react/jsx-runtime) re-exports; attributes by their HTML names, events as React 19
//   listens to a custom element's (`onkhountous-load`); React's props of an HTML
//   element besides (ref, key, children, className, style...); and CSSProperties
//   takes the kit's custom properties (`--khountous-*`).
//   Vue 3: `vue`'s GlobalComponents, which vue-tsc checks templates against, each
//   element in the form Vue's guide gives custom elements (`$props`, `$emit`); props by
//   the camelCase names Vue's templates give attributes (`dataset-id` is `datasetId`).
//
// Synchronous: the descriptors are TypeScript, read through tsx's require.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { require as tsxRequire } from 'tsx/cjs/api';

const HEADER =
  "// Written by scripts/generate/framework-types.mjs from the widgets' descriptors: do not edit.";

/** The widgets (descriptor and words), the inputs every widget has, and their words. */
function load() {
  const { catalog } = tsxRequire('../../src/registry.ts', import.meta.url);
  const { COMMON_INPUTS, camel } = tsxRequire('../../src/widget/descriptor.ts', import.meta.url);
  const { ABOUT_INPUTS } = tsxRequire('../../src/widget/about.ts', import.meta.url);
  return { catalog, COMMON_INPUTS, camel, ABOUT_INPUTS };
}

/** `khountous-admin-card` -> `KhountousAdminCard`, the element's class (exported by the package's index). */
const className = (tag) => tag.replace(/(^|-)(\w)/g, (_match, _dash, letter) => letter.toUpperCase());

const literal = (value) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** A union, on one line when short, else one member a line at `indent`. */
function union(members, indent) {
  const line = members.join(' | ');
  if (line.length <= 70) return line;
  return members.map((member) => `\n${indent}| ${member}`).join('');
}

/** The values an input takes as an attribute, as members of a union. */
function valueTypes(input) {
  if (input.kind === 'flag' || input.kind === 'unless-false') return ['boolean'];
  const rule = input.rule;
  // `preview` alone (empty) is a preview of its default size: empty says something where nothing is the start.
  if (rule?.type === 'integer') return ['number', '`${number}`', ...(input.initial === null ? ["''"] : [])];
  const values = rule?.type === 'choice' ? rule.values : rule ? undefined : input.values;
  if (!values) return ['string'];
  return [
    ...values.map(literal),
    ...(input.subtags ? values.map((value) => `\`${value}-\${string}\``) : []),
    ...(input.initial === '' ? ["''"] : []),
  ];
}

/** Whether an attribute must be given: the identifier of the one resource a widget shows. */
const required = (input) => input.rule?.type === 'id' && input.rule.required === true;

/** A JSDoc comment at `indent`. */
function doc(text, indent) {
  if (!text) return '';
  return `${indent}/** ${text.replace(/\*\//g, '*\\/').replace(/\s*\n\s*/g, ' ')} */\n`;
}

/** Each element: its tag, class, summary and attributes (name as written, type, whether required, words). */
function elementsOf({ catalog, COMMON_INPUTS, ABOUT_INPUTS }) {
  return catalog.map(({ widget, about }) => ({
    tag: widget.tag,
    className: className(widget.tag),
    summary: about.summary.en,
    attributes: Object.entries({ ...widget.inputs, ...COMMON_INPUTS }).map(([attribute, input]) => ({
      attribute,
      types: valueTypes(input),
      required: required(input),
      words: (about.inputs[attribute] ?? ABOUT_INPUTS[attribute])?.en,
    })),
  }));
}

/** The names to import from the package's declarations. */
const imports = (elements) =>
  [
    ...elements.map((element) => element.className),
    'KhountousElement',
    'KhountousErrorEvent',
    'KhountousLoadEvent',
  ].sort();

const importList = (names) => `{\n${names.map((name) => `  ${name},\n`).join('')}}`;

/** An interface of attributes, keyed by `key(attribute)`. */
function attributesInterface(name, element, key, description) {
  const members = element.attributes.map(({ attribute, types, required: needed, words }) => {
    const property = key(attribute);
    const quoted = /^[A-Za-z_$][\w$]*$/.test(property) ? property : literal(property);
    const type = union(types, '    ');
    return `${doc(words, '  ')}  ${quoted}${needed ? '' : '?'}:${type.startsWith('\n') ? '' : ' '}${type};\n`;
  });
  return `${doc(description, '')}export interface ${name} {\n${members.join('')}}\n`;
}

const DATA_OF = `/** The data an element shows: the \`detail\` of its \`khountous-load\` event. */
type DataOf<E> = E extends KhountousElement<any, infer T> ? T : unknown;
`;

const LOAD_WORDS = 'Data is shown; `detail` is the data shown.';
const ERROR_WORDS = 'An error is shown; `detail` is the KhountousError (its `kind` names the cause).';

function react(elements, typesImport) {
  return `${HEADER}
/**
 * The khountous-* elements in React 19's JSX: their attributes typed with the values
 * they take, the identifier each shows required, their events typed. Once in an app:
 * \`import type {} from 'khountous-widgets/react';\`
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type ${importList(imports(elements))} from '${typesImport}';

${DATA_OF}
/** The events every element fires, as React 19 listens to a custom element's: \`on\` and the event's name. */
export interface KhountousEventProps<E> {
${doc(LOAD_WORDS, '  ')}  'onkhountous-load'?: ((event: KhountousLoadEvent<DataOf<E>>) => void) | undefined;
${doc(ERROR_WORDS, '  ')}  'onkhountous-error'?: ((event: KhountousErrorEvent) => void) | undefined;
}

/** React's props of an HTML element (ref, key, children, className, style...), with an element's own attributes and events in place of React's. */
export type KhountousElementProps<E extends HTMLElement, Attributes> = Omit<
  DetailedHTMLProps<HTMLAttributes<E>, E>,
  keyof Attributes | keyof KhountousEventProps<E>
> &
  Attributes &
  KhountousEventProps<E>;

${elements
  .map((element) =>
    attributesInterface(
      `${element.className}Attributes`,
      element,
      (attribute) => attribute,
      `<${element.tag}>'s attributes, by their HTML names.`,
    ),
  )
  .join('\n')}
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
${elements
  .map(
    (element) =>
      `${doc(element.summary, '      ')}      '${element.tag}': KhountousElementProps<${element.className}, ${element.className}Attributes>;\n`,
  )
  .join('')}    }
  }
  interface CSSProperties {
    /** The kit's custom properties (\`--khountous-color-accent\`...), which a widget's style may set. */
    [property: \`--khountous-\${string}\`]: string | number | undefined;
  }
}
`;
}

function vue(elements, typesImport, camel) {
  return `${HEADER}
/**
 * The khountous-* elements in Vue 3's templates, as vue-tsc checks them: their
 * attributes typed with the values they take, the identifier each shows required,
 * their events typed. Once in an app: \`import type {} from 'khountous-widgets/vue';\`
 */
import type { EmitFn, HTMLAttributes, PublicProps } from 'vue';
import type ${importList(imports(elements))} from '${typesImport}';

${DATA_OF}
/** The events every element fires, as a template listens to them (\`@khountous-load\`). */
export type KhountousEvents<E> = {
${doc(LOAD_WORDS, '  ')}  'khountous-load': (event: KhountousLoadEvent<DataOf<E>>) => void;
${doc(ERROR_WORDS, '  ')}  'khountous-error': (event: KhountousErrorEvent) => void;
};

/**
 * An element as vue-tsc reads a component, in the form Vue's guide gives custom
 * elements: \`$props\`, its attributes (by the camelCase names a template gives them)
 * with Vue's HTML attributes and its own (key, ref, class, style), and \`$emit\`, its events.
 */
export type KhountousVueElement<E extends HTMLElement, Props> = new () => E & {
  /** @deprecated For templates' type-checking only: no property of the element. */
  $props: Omit<HTMLAttributes, keyof Props> & Props & PublicProps;
  /** @deprecated For templates' type-checking only: no method of the element. */
  $emit: EmitFn<KhountousEvents<E>>;
};

${elements
  .map((element) =>
    attributesInterface(
      `${element.className}Props`,
      element,
      camel,
      `<${element.tag}>'s attributes, by the names a template gives them (\`heading-level\` is \`headingLevel\`).`,
    ),
  )
  .join('\n')}
declare module 'vue' {
  interface GlobalComponents {
${elements
  .map(
    (element) =>
      `${doc(element.summary, '    ')}    '${element.tag}': KhountousVueElement<${element.className}, ${element.className}Props>;\n`,
  )
  .join('')}  }
}
`;
}

/**
 * Writes `react.d.ts` and `vue.d.ts` into `outDir`. `typesImport` is where they
 * import the package's declarations from, relative to `outDir` (the element classes,
 * KhountousElement, the event classes), with its .js extension.
 */
export function writeFrameworkTypes(outDir, { typesImport = './index.js' } = {}) {
  if (!/^\.\.?\//.test(typesImport) || !typesImport.endsWith('.js'))
    throw new Error(`typesImport must be a relative path ending with .js, not ${typesImport}`);
  const loaded = load();
  const elements = elementsOf(loaded);
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'react.d.ts'), react(elements, typesImport));
  writeFileSync(join(outDir, 'vue.d.ts'), vue(elements, typesImport, loaded.camel));
}
