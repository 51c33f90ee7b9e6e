/**
 * The states every widget renders besides its content: the loading skeleton,
 * the empty message, the stale mark, and the error with its retry button.
 * Template functions without state: the element says which applies. Their
 * sentences name the widget (its folder's name.ts: "Le classement des
 * administrations n’est pas disponible pour le moment."), in the calm colours
 * of states.styles.ts.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { KhountousError } from '../core/errors.js';
import type { Lang } from '../core/types.js';
import type { ProblemDraft } from '../attributes/rules.js';
import type { CommonStrings, WidgetName } from '../i18n/common.js';
import { formatDate, formatTime } from '../i18n/format.js';
import { relFor } from './links.js';

/** The skeleton shown while loading, with its text for screen readers naming the widget. */
export const renderSkeleton = (t: CommonStrings, name: WidgetName): TemplateResult =>
  html`<div class="skeleton" aria-hidden="true"><span></span><span></span><span></span></div>
    <p class="visually-hidden">${t.loading(name)}</p>`;

/** The message shown when the widget has nothing to show, with an action after it if any. */
export const renderEmptyMessage = (
  t: CommonStrings,
  name: WidgetName,
  action: TemplateResult | typeof nothing = nothing,
) =>
  html`<p class="message" part="empty">
    ${t.empty(name)}${action === nothing ? nothing : html` ${action}`}
  </p>`;

/** The widget's title, a heading at `level`: the editor's `headline` or the widget's own (the element's `renderTitle`). */
export const renderTitleLine = (level: number, title: unknown) =>
  html`<p class="title" part="title" role="heading" aria-level=${level}>${title}</p>`;

/** The editor's `subtitle`, plain text, under the title; nothing without one. */
export const renderSubtitleLine = (subtitle: string | undefined) =>
  subtitle ? html`<p class="editor-subtitle" part="subtitle">${subtitle}</p>` : nothing;

/**
 * What goes under the data: the editor's note (the measure, the period), the "data as of
 * HH:MM" mark when it is stale (`staleAsOf`: when it was fetched), and the source line: the
 * platform and the date of the data (its own date when the answer has one, else when the API
 * gave it), a link to `href` (the editor's `source-href`, else the platform's site), unless
 * `credit="none"`; then what the row holds `after` it (the data's disclosure, the share button).
 */
export const renderUnderData = (
  lang: Lang,
  t: CommonStrings,
  under: UnderData,
  after: readonly (TemplateResult | typeof nothing)[] = [],
) =>
  html`${under.note ? html`<p class="editor-note" part="note">${under.note}</p>` : nothing}${
    under.staleAsOf === undefined
      ? nothing
      : html`<p class="stale" part="stale">${t.staleAsOf(formatTime(lang, under.staleAsOf))}</p>`
  }${
    under.credit === 'none' && after.every((part) => part === nothing)
      ? nothing
      : html`<div class="foot">
          ${
            under.credit === 'none'
              ? nothing
              : html`<p class="source" part="source">
                  <a href=${under.href} rel=${relFor(under.href) ?? nothing}
                    >${t.source(formatDate(lang, under.date))}</a
                  >
                </p>`
          }${after}
        </div>`
  }`;

export interface UnderData {
  staleAsOf: number | undefined;
  credit: unknown;
  date: string | number;
  /** The editor's note, if any. */
  note: string | undefined;
  /** Where the source line links. */
  href: string;
}

export interface ErrorView {
  lang: Lang;
  t: CommonStrings;
  /** The widget's name, which the sentence says is missing. */
  name: WidgetName;
  error: KhountousError;
  /**
   * What the editor can fix, if the error is theirs; its sentence (`message`) comes a
   * moment after the error, with the module that writes it (attributes/messages.ts).
   */
  problem: ProblemDraft | undefined;
  /** The retry button's action; a spent quota disables it until `error.resetAt`. */
  retry: () => void;
  /** Asks for a render at `time`, when the retry button can be pressed again. */
  wakeAt: (time: number) => void;
}

/**
 * The error, in one sentence naming the widget, and, when sending the same
 * request again can mend it, its retry button. A spent quota's sentence says
 * when the data comes back; until then (`resetAt`) the button, which that time
 * is not repeated on, is disabled, and the element renders again at that time
 * (the loader also tries again by itself then). An editor's problem keeps its
 * sentence (what is wrong with which attribute), under the misconfiguration's.
 */
export function renderErrorBox({ lang, t, name, error, problem, retry, wakeAt }: ErrorView): TemplateResult {
  const when = error.resetAt ? formatTime(lang, error.resetAt) : undefined;
  // Sending the same request again cannot mend a configuration or an unknown identifier.
  const retryable = !problem && error.kind !== 'invalid-parameter' && error.kind !== 'not-found';
  const said = problem
    ? html`<strong>${t.error('invalid-parameter', name)}</strong>
        <p>${problem.message?.[lang] ?? ''}</p>`
    : html`<p>${t.error(error.kind, name, when, error.shared)}</p>`;
  return html`<div class="error" part="error" role="status" aria-atomic="true">
    ${said} ${retryable ? renderRetry(t, error, retry, wakeAt) : nothing}
  </div>`;
}

function renderRetry(
  t: CommonStrings,
  error: KhountousError,
  retry: () => void,
  wakeAt: (time: number) => void,
): TemplateResult {
  const waiting = error.kind === 'quota' && error.resetAt !== undefined && error.resetAt > Date.now();
  if (waiting) wakeAt(error.resetAt!);
  return html`<button type="button" part="retry" ?disabled=${waiting} @click=${retry}>${t.retry}</button>`;
}
