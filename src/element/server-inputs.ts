/**
 * What a server render was made for, so that hydration takes exactly the
 * markup the server rendered even when the page changed an attribute before
 * the element's code arrived (an edited page, a CMS, a script): the server
 * writes the widget's input attributes it rendered with on the frame
 * (`data-inputs`); the update that hydrates renders with those, and the next
 * update with the page's, which loads the page's selection like any change.
 */
import type { Inputs } from '../widget/descriptor.js';

/** The attribute on the server's frame that holds what it was rendered for. */
const SERVER_INPUTS = 'data-inputs'; // (the frame's template in khountous-element.ts writes it by this name)

type Attributes = Pick<Element, 'getAttribute'>;

/**
 * The inputs that decide what the markup is made of (not reflected ones: the
 * language and the theme change words and colours, not the template).
 */
const shaping = (inputs: Inputs): string[] =>
  Object.entries(inputs)
    .filter(([, input]) => !input.reflect)
    .map(([name]) => name);

/** The element's shaping input attributes that are present, as JSON (or undefined: none). */
export function inputsOfElement(element: Attributes, inputs: Inputs): string | undefined {
  const present = shaping(inputs)
    .map((name) => [name, element.getAttribute(name)] as const)
    .filter(([, value]) => value !== null);
  return present.length ? JSON.stringify(Object.fromEntries(present)) : undefined;
}

/** Where a reactive element takes an attribute's value into its property. */
interface Hydrating extends Attributes {
  attributeChangedCallback(name: string, old: string | null, value: string | null): void;
}

/**
 * Reads what the server rendered for from its frame in `root` and gives the
 * element's properties those values where the page's attributes differ.
 * Returns the page's values of the attributes so changed (empty: none), for
 * restorePageInputs after the update that hydrates.
 */
export function takeServerInputs(
  element: Hydrating,
  root: ParentNode,
  inputs: Inputs,
): Map<string, string | null> {
  const page = new Map<string, string | null>();
  const frame = root.querySelector(`[${SERVER_INPUTS}]`);
  let written: unknown;
  try {
    written = JSON.parse(frame?.getAttribute(SERVER_INPUTS) ?? 'null');
  } catch {
    return page;
  }
  frame?.removeAttribute(SERVER_INPUTS);
  if (typeof written !== 'object') return page;
  for (const name of shaping(inputs)) {
    const server = (written as Record<string, unknown> | null)?.[name] ?? null;
    const current = element.getAttribute(name);
    if (server !== current && (server === null || typeof server === 'string')) {
      page.set(name, current);
      element.attributeChangedCallback(name, current, server);
    }
  }
  return page;
}

/** Gives the element's properties the page's values again (and its attributes, had a property reflected). */
export function restorePageInputs(
  element: Hydrating & Pick<Element, 'setAttribute' | 'removeAttribute'>,
  page: Map<string, string | null>,
): void {
  for (const [name, value] of page) {
    if (element.getAttribute(name) !== value) {
      if (value === null) element.removeAttribute(name);
      else element.setAttribute(name, value);
    }
    element.attributeChangedCallback(name, null, value);
  }
}
