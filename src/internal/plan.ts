/**
 * What an element loads, decided from its inputs by code that imports neither
 * Lit nor any element: the element calls it with its properties, and the kit's
 * early start (early-start.ts) with the attributes of a tag not upgraded yet,
 * so that both ask the loader for the very same resource.
 */
import type { LoadOptions, Resource } from '../core/loader/loader.js';
import type { Lang } from '../core/types.js';
import { RULES } from './attribute-rules.js';
import { clampInteger } from './attributes.js';

/** What a widget fetches: the inputs that select its data, resolved and checked. */
export interface Selection {
  lang: Lang;
  baseUrl: string;
}

/** What every paged list selects besides its filters. */
export interface ListSelection extends Selection {
  limit: number;
  page: number;
}

/** One input of an element, by attribute name: its property (the element) or its attribute (the early start). */
export type Read = (attribute: string) => unknown;

/** The text of an input, or undefined. */
export const text = (value: unknown): string | undefined =>
  value === null || value === undefined ? undefined : String(value);

/**
 * How one element turns its inputs into what it loads. `select` throws a
 * KhountousError('invalid-parameter') for an input it cannot use.
 */
export interface Plan<S extends Selection = Selection> {
  select(owner: Element, read: Read, base: Selection): S;
  resource(selection: S): Resource;
  /** Options of its loads and subscription (a compact card takes a summary: `partial`). */
  options?(selection: S): Pick<LoadOptions, 'partial'>;
}

/** `limit`, clamped (RULES.limit). */
export const clampLimit = (owner: Element, value: unknown): number =>
  clampInteger(owner, 'limit', value ?? 10, RULES.limit);

/** `page`, clamped (RULES.page). */
export const clampPage = (owner: Element, value: unknown): number =>
  clampInteger(owner, 'page', value, RULES.page);

/** The base selection with the clamped limit and page of a paged list. */
export const listSelection = (owner: Element, read: Read, base: Selection): ListSelection => ({
  ...base,
  limit: clampLimit(owner, read('limit')),
  page: clampPage(owner, read('page')),
});
