/**
 * A widget's data as the WordPress plugin names it: the link inside its element
 * (the request its load makes, from its `resource()` and src/core/endpoints.ts)
 * and its request as the server renders it (the same path, query, defaults and
 * freshness as the browser's loader). A widget's `resource()` declares its
 * request: each path identifier an attribute's value, each query parameter an
 * attribute's value or a constant, which the plugin sends as it is.
 */
import type { Entry } from '../../../src/registry.js';
import { describe, ENDPOINTS, urlOf, type ResourceKind, type Target } from '../../../src/core/endpoints.js';
import { pathOf } from '../../../src/core/routes.js';
import { COMMON_INPUTS, type Input, type Inputs } from '../../../src/widget/descriptor.js';
import { planLoad } from '../../../src/widget/load.js';

/** Digits and lower-case letters: what a sample identifier's last character is changed to. */
const CHARACTERS = '0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * The valid values of `input` a sample may take, in order: a choice's, an identifier's
 * example then the example with its last character changed (those its pattern takes), an
 * integer's range; none for an input that names nothing.
 */
function* valuesOf(input: Input): Generator<string> {
  const rule = input.rule;
  if (rule?.type === 'choice') yield* rule.values;
  else if (rule?.type === 'id') {
    const pattern = new RegExp(rule.pattern);
    const { example } = rule;
    yield example;
    for (const character of CHARACTERS) {
      const other = `${example.slice(0, -1)}${character}`;
      if (other !== example && other.length <= rule.maxLength && pattern.test(other)) yield other;
    }
  } else if (rule?.type === 'integer') {
    for (let value = rule.min; value <= rule.max; value++) yield String(value);
  } else if (!rule && input.values) yield* input.values;
}

/** The first of `values` that `taken` does not hold. */
function firstFree(values: Iterable<string>, taken: (value: string) => boolean): string | undefined {
  for (const value of values) if (!taken(value)) return value;
  return undefined;
}

/** Whether an input selects the data (the selection's language, or an input with a rule that is not only shown). */
const selects = (attribute: string, input: Input): boolean =>
  attribute === 'lang' || (Boolean(input.rule) && !input.display);

/**
 * Two samples of a widget's attributes, by attribute: in the first, each value its own and
 * none an endpoint's default; in the second, each value another than its first. A parameter
 * the request reads from an attribute takes that attribute's two values, which no other
 * attribute has (the first values are all different).
 */
function samplesOf(tag: string, inputs: Inputs): [Map<string, string>, Map<string, string>] {
  const taken = new Set(
    Object.values(ENDPOINTS).flatMap((endpoint) => Object.values(endpoint.route.defaults).map(String)),
  );
  const first = new Map<string, string>();
  const second = new Map<string, string>();
  for (const [attribute, input] of Object.entries(inputs)) {
    const one = firstFree(valuesOf(input), (value) => taken.has(value));
    const two = one === undefined ? undefined : firstFree(valuesOf(input), (value) => value === one);
    if (one === undefined || two === undefined) {
      if (selects(attribute, input))
        throw new Error(`${tag}: ${attribute} selects the data, but no two sample values of it are found`);
      continue;
    }
    first.set(attribute, one);
    taken.add(one);
    second.set(attribute, two);
  }
  return [first, second];
}

/** What a widget's load asks for with the attributes of `sample` (the others at their initial values). */
function targetWith(entry: Entry, inputs: Inputs, sample: Map<string, string>): Target {
  const { widget } = entry;
  const planned = planLoad(
    widget,
    { localName: widget.tag } as Element,
    (attribute) => (sample.has(attribute) ? sample.get(attribute) : inputs[attribute]?.initial),
    { page: false },
  );
  if (planned instanceof Error)
    throw new Error(`${widget.tag}: no load from sample attributes: ${planned.message}`);
  return describe(planned.resource, planned.options.baseUrl!);
}

/** A widget's data link: its path, which attribute sets each query parameter, and the parameters its request fixes. */
interface DataLink {
  /** The endpoint's path, with `{attribute}` for its identifier. */
  path: string;
  /** The query parameters an attribute sets: the attribute, by parameter. */
  query: Record<string, string>;
  /** The constants of its request (sent whatever the attributes), less the endpoint's defaults: by parameter; absent when none. */
  fixed?: Record<string, string>;
}

/**
 * Where a widget's data lives, for the link inside its element: the request
 * its load makes, its identifiers as `{attribute}` in the path, which
 * attribute sets each query parameter, and the constants its `resource()`
 * sends. Found by planning its load from two samples of its attributes (each
 * attribute a value of its own in each, none of the first an endpoint's
 * default, each changed in the second) and reading both requests back: a
 * parameter that takes an attribute's two values is that attribute's; one
 * that is the same in both is a constant of the request (an endpoint's
 * default, which the API applies itself, is left out of the link). A path
 * identifier that is no attribute's, or a parameter that changes but is no
 * attribute's value, stops the build: the plugin sends an attribute's value as
 * it is, or a constant.
 */
export function dataLink(entry: Entry): DataLink {
  const { widget } = entry;
  const inputs: Inputs = { ...COMMON_INPUTS, ...widget.inputs };
  const [first, second] = samplesOf(widget.tag, inputs);
  const one = targetWith(entry, inputs, first);
  const two = targetWith(entry, inputs, second);
  /** The attribute whose two sample values the parameter took, if any. */
  const attributeOf = (a: unknown, b: unknown) =>
    a === undefined || b === undefined
      ? undefined
      : [...first].find(
          ([attribute, value]) => value === String(a) && second.get(attribute) === String(b),
        )?.[0];
  const ids: Record<string, string> = {};
  for (const [param, value] of Object.entries(one.ids)) {
    const attribute = attributeOf(value, two.ids[param]);
    if (!attribute)
      throw new Error(
        `${widget.tag}: the path's ${param} comes from no attribute (${String(value)}, then ${String(two.ids[param])}): a path identifier is an attribute's value, never a constant`,
      );
    ids[param] = `{${attribute}}`;
  }
  const sent = (target: Target): Record<string, string> =>
    Object.fromEntries(
      Object.entries({ ...target.query, ...target.window }).map(([param, value]) => [param, String(value)]),
    );
  const [a, b] = [sent(one), sent(two)];
  const query: Record<string, string> = {};
  const fixed: Record<string, string> = {};
  for (const param of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (a[param] !== undefined && a[param] === b[param]) {
      if (String(one.ep.route.defaults[param]) !== a[param]) fixed[param] = a[param];
      continue;
    }
    const attribute = attributeOf(a[param], b[param]);
    if (!attribute)
      throw new Error(
        `${widget.tag}: the request's ${param} (${a[param] ?? 'not sent'}, then ${b[param] ?? 'not sent'}) changes with the attributes but is no attribute's value: the plugin sends an attribute's value as it is, or a constant`,
      );
    query[param] = attribute;
  }
  return {
    path: pathOf(one.ep.route, ids),
    query,
    ...(Object.keys(fixed).length > 0 ? { fixed } : {}),
  };
}

/**
 * One query parameter of a widget's request: the attribute that sets it, else (or when not
 * set) its default; a constant of the request is its value as `default`, with no attribute.
 */
interface RequestParam {
  attribute?: string;
  default?: string;
}

/**
 * A widget's request as the plugin sends it on the server, so that its
 * inline data names the resource the element loads (src/core/inline.ts
 * `inlinePath`): the endpoint's path with `{attribute}` for its identifier,
 * every query parameter the loader sends (a list's page and limit included)
 * with the attribute that sets it and the value sent when none does (a
 * constant of its `resource()`: that value, and no attribute), and the
 * endpoint's freshness in seconds, and the kind of its answer (the rule the plugin
 * checks it by: definitions.php `answers`). Found as dataLink() finds the link, and by
 * planning a load from the inputs' initial values (an identifier: its
 * example) to read the defaults back.
 */
export function dataRequest(entry: Entry): {
  path: string;
  query: Record<string, RequestParam>;
  fresh: number;
  answer: ResourceKind;
} {
  const { widget } = entry;
  const inputs: Inputs = { ...COMMON_INPUTS, ...widget.inputs };
  const link = dataLink(entry);
  const initial = planLoad(
    widget,
    { localName: widget.tag } as Element,
    (attribute) => {
      const rule = inputs[attribute]?.rule;
      return rule?.type === 'id' && rule.required ? rule.example : inputs[attribute]?.initial;
    },
    { page: false },
  );
  if (initial instanceof Error)
    throw new Error(`${widget.tag}: no load from its initial inputs: ${initial.message}`);
  const target = describe(initial.resource, initial.options.baseUrl!);
  const sent = new URL(urlOf(target)).searchParams;
  const query: Record<string, RequestParam> = {};
  for (const [param, attribute] of Object.entries(link.query)) query[param] = { attribute };
  // A constant is sent as it is: a parameter with its value and no attribute.
  for (const [param, value] of sent) query[param] = { ...query[param], default: value };
  for (const [param, value] of Object.entries(link.fixed ?? {}))
    if (sent.get(param) !== value)
      throw new Error(
        `${widget.tag}: the request's ${param} is ${value} with two samples of its attributes, ${sent.get(param) ?? 'not sent'} with their initial values: a parameter is an attribute's value or a constant`,
      );
  // The language: the element's, else the page's (the plugin sends it so, whatever a constant says); French when neither.
  if (target.ep.query['lang'] && link.query['lang'] !== 'lang')
    throw new Error(`${widget.tag}: its request's lang is not its lang attribute's (the element's language)`);
  return { path: link.path, query, fresh: target.ep.fresh * 60, answer: target.kind };
}
