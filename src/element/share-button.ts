/**
 * The share button's place in an element drawn with `share`: its module (sharing.ts: the
 * button, its words, its action and styles) asked for by the first draw that needs it, and the
 * button drawn once it is there; where it does not arrive (a network blip), the console says so
 * and the next draw asks again. A page without a share button downloads none of it.
 */
import { nothing, type ReactiveElement, type TemplateResult } from 'lit';
import type { Lang } from '../core/types.js';
import type * as sharing from './sharing.js';

export type Sharing = typeof sharing;

/** Each element's module: `false` while it is on its way, then the module itself. */
const modules = new WeakMap<ReactiveElement, Sharing | false>();

/** The share button of `host`, in `lang`, when `on` (its `share`); nothing until `load` brought its module. */
export function renderShareButton(
  on: unknown,
  host: ReactiveElement,
  lang: Lang,
  load: () => Promise<Sharing>,
): TemplateResult | typeof nothing {
  if (!on) return nothing;
  const module = modules.get(host);
  if (module) return module.renderShare(host, lang);
  if (module === undefined) {
    modules.set(host, false);
    // Asked for in a later turn: a loader that throws at once is a failure like any other.
    Promise.resolve()
      .then(load)
      .then(
        (arrived) => {
          modules.set(host, arrived);
          host.requestUpdate();
        },
        (error: unknown) => {
          modules.delete(host);
          console.error('khountous: the share button could not load', error);
        },
      );
  }
  return nothing;
}
