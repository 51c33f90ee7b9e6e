/**
 * Lit's hydrate support for the script tag's elements (dist/hydrate.js). The
 * starter loads it before any element's module when the page holds a tag of
 * the kit that a server rendered (renderWidget, `npx khountous-widgets render`:
 * a declarative shadow root already there): those elements then hydrate the
 * server's markup, as an app's bundle does with the support loaded first,
 * instead of drawing it again. A page without such a tag never loads it. Its
 * call below is a side effect, which package.json's `sideEffects` declares:
 * imported on demand, the module would otherwise lose it to tree shaking.
 */
import '@lit-labs/ssr-client/lit-element-hydrate-support.js';
import { LitElement } from 'lit';

type HydrateSupport = (lit: { LitElement: typeof LitElement }) => void;

const support = (globalThis as { litElementHydrateSupport?: HydrateSupport }).litElementHydrateSupport;
// Lit calls the support when its own module runs, if the support is there already. Here Lit's
// module ran first (it is in the chunk every element shares, which this file imports too), so
// the support is called now, before any element is defined, unless it was called then: it gives
// LitElement an `observedAttributes` of its own (with `defer-hydration`), which Lit does not.
if (support && !Object.hasOwn(LitElement, 'observedAttributes')) support({ LitElement });
