/**
 * A widget's data as the WordPress plugin names it: the link inside its element
 * (the request its load makes, from its `resource()` and src/core/endpoints.ts)
 * and its request as the server renders it (the same path, query, defaults and
 * freshness as the browser's loader).
 */
import type { Entry } from '../../../src/registry.js';
import { describe, ENDPOINTS, urlOf, type ResourceKind } from '../../../src/core/endpoints.js';
import { pathOf } from '../../../src/core/routes.js';
import { COMMON_INPUTS, type Input, type Inputs } from '../../../src/widget/descriptor.js';
import { planLoad } from '../../../src/widget/load.js';

/** A sample attribute value of `input`, valid, and none of `taken`; undefined for an input that names nothing. */
function sampleOf(input: Input, taken: Set<string>): string | undefined {
  const rule = input.rule;
  const free = (values: readonly string[]) => values.find((value) => !taken.has(value));
  if (rule?.type === 'choice') return free(rule.values);
  if (rule?.type === 'id') return free([rule.example]);
  if (rule?.type === 'integer') {
    for (let value = rule.min; value <= rule.max; value++)
      if (!taken.has(String(value))) return String(value);
    return undefined;
  }
  if (!rule && input.values) return free(input.values);
  return undefined;
}

/**
 * Where a widget's data lives, for the link inside its element: the request
 * its load makes, its identifiers as `{attribute}` in the path, and which
 * attribute sets each query parameter. Found by planning a load with a value
 * of its own for each attribute, none of them an endpoint's default, and
 * reading the request back: a parameter that no attribute set is a default
 * of its endpoint, which the API applies itself.
 */
export function dataLink(entry: Entry): { path: string; query: Record<string, string> } {
  const { widget } = entry;
  const inputs: Inputs = { ...COMMON_INPUTS, ...widget.inputs };
  const taken = new Set(
    Object.values(ENDPOINTS).flatMap((endpoint) => Object.values(endpoint.route.defaults).map(String)),
  );
  const sample = new Map<string, string>();
  for (const [attribute, input] of Object.entries(inputs)) {
    const value = sampleOf(input, taken);
    if (value === undefined) continue;
    sample.set(attribute, value);
    taken.add(value);
  }
  const planned = planLoad(widget, { localName: widget.tag } as Element, (attribute) =>
    sample.has(attribute) ? sample.get(attribute) : inputs[attribute]?.initial,
  );
  if (planned instanceof Error)
    throw new Error(`${widget.tag}: no load from sample attributes: ${planned.message}`);
  const target = describe(planned.resource, planned.options.baseUrl!);
  const attributeOf = (value: unknown) => [...sample].find(([, sampled]) => sampled === String(value))?.[0];
  const ids: Record<string, string> = {};
  for (const [param, value] of Object.entries(target.ids)) {
    const attribute = attributeOf(value);
    if (!attribute) throw new Error(`${widget.tag}: the path's ${param} comes from no attribute`);
    ids[param] = `{${attribute}}`;
  }
  const query: Record<string, string> = {};
  for (const [param, value] of Object.entries({ ...target.query, ...target.window })) {
    const attribute = attributeOf(value);
    if (attribute) query[param] = attribute;
    else if (String(target.ep.route.defaults[param]) !== String(value))
      throw new Error(`${widget.tag}: the request's ${param}=${String(value)} comes from no attribute`);
  }
  return { path: pathOf(target.ep.route, ids), query };
}

/** One query parameter of a widget's request: the attribute that sets it, else (or when not set) its default. */
interface RequestParam {
  attribute?: string;
  default?: string;
}

/**
 * A widget's request as the plugin sends it on the server, so that its
 * inline data names the resource the element loads (src/core/inline.ts
 * `inlinePath`): the endpoint's path with `{attribute}` for its identifier,
 * every query parameter the loader sends (a list's page and limit included)
 * with the attribute that sets it and the value sent when none does, and the
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
  for (const [param, value] of sent) query[param] = { ...query[param], default: value };
  // The language: the element's, else the page's (the plugin says which); French when neither.
  if (!query['lang'] && target.ep.query['lang']) throw new Error(`${widget.tag}: its lang is not sent`);
  return { path: link.path, query, fresh: target.ep.fresh * 60, answer: target.kind };
}
