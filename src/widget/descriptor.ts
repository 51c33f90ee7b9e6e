/**
 * A widget, described once (src/components/<name>/widget.ts): its tag, its
 * inputs with the rules they are checked against, and what it loads from
 * them. No Lit, no DOM: the early start, the element, the embed page and the
 * tools (the manifest, the WordPress plugin, the builder) read the same
 * object, so none of them restates an attribute.
 */
import type { LoadOptions, Resource } from '../core/loader/loader.js';
import { LANGS, type Lang } from '../core/types.js';
import { RULES, type AttributeRule, type IntegerRule } from '../attributes/rules.js';

/** How an attribute becomes its property's value. */
type InputKind =
  /** The attribute's text (a number, once a script sets one). */
  | 'text'
  /** Present: true (a boolean attribute such as `paginate`). */
  | 'flag'
  /** True unless written `false` (`lazy`). */
  | 'unless-false';

/** One input of a widget: an attribute and the property that mirrors it. */
export interface Input {
  /** `text` when absent. */
  readonly kind?: InputKind;
  /** The rule its value is checked against (attributes/rules.ts); none: taken as written. */
  readonly rule?: AttributeRule;
  /** Without a rule: the values it is meant to take, which a tool offers in a menu (the kit reads any other as it can). */
  readonly values?: readonly string[];
  /** With `values`, language tags: each value is also taken with subtags (`en-GB` is `en`). */
  readonly subtags?: boolean;
  /** Checked, but what it changes is shown, not loaded (`preview`, `heading-level`): no part of the selection. */
  readonly display?: boolean;
  /** The property is written back to the attribute (a host's CSS may select on it). */
  readonly reflect?: boolean;
  /** A change brings a paged list back to its `page`. */
  readonly filter?: boolean;
  /** Names the one resource shown: a not-found answer names this attribute. */
  readonly identifies?: boolean;
  /** The property's value before any attribute or script sets it. */
  readonly initial?: string | number | boolean | null;
}

export type Inputs = Readonly<Record<string, Input>>;

/** What every load selects besides a widget's own inputs. */
export interface Selection {
  lang: Lang;
  baseUrl: string;
}

/** `dataset-id` -> `datasetId`. */
type Camel<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : S;

/** A widget's short name, as the embed page's `widget=`, the plugin and the pictures name it: `khountous-ranking` -> `ranking`. */
export const shortName = (tag: string): string => tag.replace(/^khountous-/, '');

/** The tag of a widget's short name: `ranking` -> `khountous-ranking`. */
export const tagOfName = (name: string): string => `khountous-${name}`;

export const camel = (attribute: string): string =>
  attribute.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** The value a rule gives: a choice with a fallback is never empty; a required identifier neither. */
type ValueOf<R> = R extends IntegerRule
  ? number
  : R extends { type: 'choice'; values: readonly (infer V)[]; fallback: string }
    ? V
    : R extends { type: 'choice'; values: readonly (infer V)[] }
      ? V | undefined
      : R extends { type: 'id'; required: true }
        ? string
        : R extends { type: 'id' }
          ? string | undefined
          : never;

/** The rule of an input that selects data, else never. */
type Selecting<I> = I extends { rule: infer R } ? (I extends { display: true } ? never : R) : never;

/** What a widget selects: the language, the base URL and its checked inputs, by property name. */
export type SelectionOf<I extends Inputs> = Selection & {
  -readonly [K in keyof I as [Selecting<I[K]>] extends [never] ? never : Camel<K & string>]: ValueOf<
    Selecting<I[K]>
  >;
};

/** The values an input is meant to take, when it has a list (a choice's, or its `values`), else never. */
type ValuesOf<I> = I extends { rule: { type: 'choice'; values: readonly (infer V extends string)[] } }
  ? V
  : I extends { values: readonly (infer V extends string)[] }
    ? V | (I extends { subtags: true } ? `${V}-${string}` : never)
    : never;

/**
 * The property of an input, as a script reads and writes it: one of its values
 * where it has a list, or empty when that is where it starts ("not set"). The
 * type guides; a script that sets another value gets the widget's message.
 */
type PropertyOf<I extends Input> = I extends { kind: 'flag' | 'unless-false' }
  ? boolean
  : I extends { rule: IntegerRule }
    ? string | number | (I extends { initial: null } ? null : never)
    : [ValuesOf<I>] extends [never]
      ? string
      : ValuesOf<I> | (I extends { initial: '' } ? '' : never);

/** The properties of a widget's inputs, by property name. */
export type PropertiesOf<I extends Inputs> = {
  -readonly [K in keyof I as Camel<K & string>]: PropertyOf<I[K]>;
};

/** A widget: its tag, its inputs, and what it loads from them. */
export interface Widget<I extends Inputs = Inputs, S extends Selection = SelectionOf<I>> {
  readonly tag: string;
  /** Its own inputs (those of every widget are COMMON_INPUTS). */
  readonly inputs: I;
  /** What to ask the loader for. */
  resource(selection: S): Resource;
  /** Options of its loads and subscription (a compact card takes a summary: `partial`). */
  options?(selection: S): Pick<LoadOptions, 'partial'>;
  /**
   * Its box (widget/box.ts): the height (rem) it holds before its data arrives, for its
   * inputs (`read`, by attribute name, as its properties hold them) at `width` (rem).
   */
  box?(read: (attribute: string) => unknown, width: number): number;
}

/** A widget's descriptor, typed from its inputs. */
export const widget = <const I extends Inputs>(descriptor: Widget<I>): Widget<I> => descriptor;

/** The inputs of every widget. */
export const COMMON_INPUTS = {
  /** Language of the interface and of editorial texts. */
  lang: { values: LANGS, subtags: true, reflect: true, initial: '' },
  /** Base URL of the API (resolved with the page's default: widget/base-url.ts). */
  'base-url': { rule: RULES.baseUrl, display: true, initial: '' },
  /** Colour theme: `light`, `dark`, `auto`. */
  theme: { values: ['light', 'dark', 'auto'], reflect: true, initial: 'auto' },
  /** Waits until near the viewport unless `false`. */
  lazy: { kind: 'unless-false', initial: true },
  /** The source line under the data (`source`), or none for a page that credits the data elsewhere. */
  credit: { values: ['source', 'none'], initial: 'source' },
  /** The editor's title, in place of the widget's own (plain text, bounded: attributes/rules.ts). */
  headline: { rule: RULES.headline, display: true, initial: '' },
  /** The editor's line under the title. */
  subtitle: { rule: RULES.subtitle, display: true, initial: '' },
  /** The editor's note under the graphic, before the source line: the measure, the period. */
  note: { rule: RULES.note, display: true, initial: '' },
  /** Where the source line links (http(s)); none: the platform's public site (widget/source.ts). */
  'source-href': { rule: RULES.sourceHref, display: true, initial: '' },
  /** Under the data, the link to its CSV file and the citation (`csv`), or neither. */
  download: { values: ['csv', 'none'], initial: 'csv' },
  /** On the source line's row, a button that shares the page's address (element/share.ts). */
  share: { kind: 'flag', initial: false },
} as const satisfies Inputs;

/** Every input of a widget: those of every widget and its own (its element's observed attributes). */
export const inputsOf = (descriptor: Widget): Inputs => ({ ...COMMON_INPUTS, ...descriptor.inputs });

/**
 * Whether the kit writes attribute `name` on a widget where it writes the page's markup (a
 * server render, the CLI): its inputs, `id`, `class` and `data-*`, which address it or hold
 * the page's own data and run nothing. Anything else (`style`, `on*`, `autofocus`, a misspelt
 * input) is refused, not written.
 */
export const isWritableAttribute = (descriptor: Widget, name: string): boolean =>
  Object.hasOwn(inputsOf(descriptor), name) ||
  name === 'id' ||
  name === 'class' ||
  /^data-[a-z0-9-]+$/.test(name);

/** The inputs of a paged list. */
export const LIST_INPUTS = {
  limit: { rule: RULES.limit, initial: 10 },
  page: { rule: RULES.page, initial: 1 },
  paginate: { kind: 'flag', initial: false },
} as const satisfies Inputs;

/** The input of a widget that shows a title. */
export const HEADING_INPUTS = {
  'heading-level': { rule: RULES.headingLevel, display: true, initial: 3 },
} as const satisfies Inputs;

/** The input that names the resource shown, if any, with its value as `read` gives it (a not-found names it). */
export function identityOf(
  descriptor: Widget,
  read: (attribute: string) => unknown,
): [attribute: string, value: string] | undefined {
  const attribute = Object.keys(descriptor.inputs).find((name) => descriptor.inputs[name]!.identifies);
  return attribute ? [attribute, String(read(attribute) ?? '')] : undefined;
}

/** The properties whose change brings a list back to its `page`. */
export const filterProperties = (descriptor: Widget): string[] =>
  Object.entries(descriptor.inputs)
    .filter(([, input]) => input.filter)
    .map(([attribute]) => camel(attribute));
