/**
 * The markup a server rendered, on the element's side: the inline data it was
 * given, the shadow root it rendered (hydrated, or removed), and what it was
 * rendered for.
 *
 * What it was rendered for: so that hydration takes exactly the markup the
 * server rendered even when the page changed an attribute before the
 * element's code arrived (an edited page, a CMS, a script), the server writes
 * the widget's input attributes it rendered with on the frame (`data-inputs`);
 * the update that hydrates renders with those, and the next update with the
 * page's, which loads the page's selection like any change.
 */
import {
  adoptStyles,
  isServer,
  nothing,
  ReactiveElement,
  supportsAdoptingStyleSheets,
  type LitElement,
} from 'lit';
import { isAnswer } from '../core/answers.js';
import { kindAt } from '../core/endpoints.js';
import { KhountousError } from '../core/errors.js';
import { inlineMatches, inlineScriptOf, readInline, type InlineData } from '../core/inline.js';
import type { Inputs, Selection } from '../widget/descriptor.js';
import type { Planned } from '../widget/load.js';

/** What a server's markup shows: the error of an attribute, or the selection, with the data it was given if any. */
export type ServerView<S extends Selection> =
  KhountousError | { selection: S; inline?: InlineData | undefined };

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
function inputsOfElement(element: Attributes, inputs: Inputs): string | undefined {
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
function takeServerInputs(element: Hydrating, root: ParentNode, inputs: Inputs): Map<string, string | null> {
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
function restorePageInputs(
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

/** The element as this controller sees it. */
type Host = LitElement &
  Hydrating &
  Pick<Element, 'setAttribute' | 'removeAttribute'> & { inlineData?: unknown };

/** The server's side of an element: its inline data, the root it rendered, the update that hydrates it. */
export class ServerMarkup {
  /**
   * Render what a server render shows: always on a server; in the browser, for
   * the one update that hydrates a shadow root the server rendered, since
   * hydration takes the template the server rendered, whatever the cache holds
   * or the page says meanwhile.
   */
  active = isServer;
  private taken = false;
  private seen?: unknown;
  /** The page's values of the attributes the server rendered otherwise, given back after the update that hydrates. */
  private pageInputs = new Map<string, string | null>();

  constructor(
    private readonly host: Host,
    private readonly inputs: () => Inputs,
  ) {}

  /**
   * What the markup shows for `plan` (made from the attributes alone: no page,
   * no cache, no load): the error of an attribute no page can make right, else
   * the selection, with the data the server was given (renderWidget sets it; in
   * the browser, what the update that hydrates read) when it is this element's.
   */
  view<S extends Selection>(plan: Planned<S> | KhountousError): ServerView<S> {
    if (plan instanceof KhountousError) return plan;
    const source = this.inline();
    const inline = source === undefined ? undefined : readInline(source, Date.now());
    if (typeof inline !== 'object' || !inlineMatches(plan.resource, plan.options.baseUrl, inline))
      return { selection: plan.selection };
    return { selection: plan.selection, inline };
  }

  /** The inline data (`inlineData`, else its `<script type="application/json">` child), the first time only. */
  takeInline(): unknown {
    if (this.taken) return undefined;
    this.taken = true;
    this.seen = this.pageInline();
    return this.seen;
  }

  private pageInline(): unknown {
    return this.host.inlineData ?? inlineScriptOf(this.host)?.textContent ?? undefined;
  }

  /**
   * Whether the page's inline data, if any, is what the API answers at the path it names:
   * the schema of that endpoint, which every answer and every stored entry passes too. The
   * update that hydrates draws it before the loader sees it.
   */
  private soundInline(): boolean {
    const source = this.pageInline();
    if (source === undefined) return true;
    const inline = readInline(source, Date.now());
    const kind = typeof inline === 'object' ? kindAt(inline.path) : undefined;
    return kind !== undefined && isAnswer(kind, (inline as InlineData).data);
  }

  /** The data the server was given: on a server the property; in the browser what the update that hydrates read. */
  inline(): unknown {
    return isServer ? this.host.inlineData : this.seen;
  }

  /**
   * The element's render root, made by `create` (LitElement's), which the shadow root a
   * server rendered, if any, may have been: with @lit-labs/ssr-client's hydrate support
   * loaded before Lit, the first update hydrates it (with the inputs the server rendered
   * for); without it, what the server rendered is removed, and the element renders as if
   * there had been none (Lit would otherwise render after it: everything twice).
   */
  adopt(create: () => HTMLElement | DocumentFragment): HTMLElement | DocumentFragment {
    const declarative = isServer ? null : this.host.shadowRoot;
    const rendered = declarative ? [...declarative.childNodes] : [];
    const element = this.host.constructor as typeof LitElement;
    // The hydrate support is known by what it adds to every LitElement's observed attributes
    // (`defer-hydration`): its flag on the element is a private field whose name Lit's
    // production builds shorten.
    const support = !!declarative && element.observedAttributes.includes('defer-hydration');
    // Markup made from inline data that is not a valid answer is not hydrated (that update
    // would draw the data unchecked): it is removed, as without the support, and the element
    // loads. The support's createRenderRoot would mark the element for hydration; the
    // reactive element's makes the root without it.
    const hydrate = support && this.soundInline();
    const root =
      support && !hydrate
        ? (ReactiveElement.prototype as unknown as { createRenderRoot(): ShadowRoot }).createRenderRoot.call(
            this.host,
          )
        : create();
    if (hydrate) {
      this.active = true;
      this.pageInputs = takeServerInputs(this.host, root, this.inputs());
      // The hydrate support keeps the server's <style> and adopts nothing: the element's styles are
      // adopted too (the same rules), so that they apply where a policy refuses inline styles.
      if (supportsAdoptingStyleSheets) adoptStyles(root as ShadowRoot, element.elementStyles);
    } else if (declarative) {
      for (const node of rendered) node.remove();
      // Where LitElement renders: before the styles it may have added, not before a node removed.
      this.host.renderOptions.renderBefore = root.firstChild;
    }
    return root;
  }

  /** What the frame carries of the inputs (on a server), else nothing. */
  frameInputs(): string | typeof nothing {
    return (isServer && inputsOfElement(this.host, this.inputs())) || nothing;
  }

  /**
   * After an update: true when it hydrated the server's markup (its `state` is the
   * server's). The next update, in a microtask (an update asked for in updated() is one
   * Lit warns about), shows the element's own state with the page's inputs.
   */
  hydrated(): boolean {
    if (!this.active) return false;
    this.active = false;
    queueMicrotask(() => {
      restorePageInputs(this.host, this.pageInputs);
      this.host.requestUpdate();
    });
    return true;
  }
}
