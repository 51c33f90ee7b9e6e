/**
 * The script tag's text paint on the element's side: the `<khountous-paint>`
 * the starter wrote inside the element before its code arrived (boot/paint.ts),
 * which the element shows through a slot in place of its skeleton while it
 * loads; the element's announcer removes it with the first other state
 * (events.ts).
 */
import { html, type TemplateResult } from 'lit';

/** The text paint of `host`'s widget, or null. */
export const textPaintOf = (host: Element): Element | null => host.querySelector(':scope > khountous-paint');

/** While loading: `host`'s text paint where there is one (a slot shows it), else `loading()`. */
export const paintOr = (host: Element, loading: () => TemplateResult): TemplateResult =>
  textPaintOf(host) ? html`<slot></slot>` : loading();
