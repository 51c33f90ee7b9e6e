/**
 * A figure in the line of a text (`variant="inline"`: <khountous-region-stats>, one region's
 * indicator, and <khountous-admin-card>, an administration's score): an inline box one line
 * high, in the font, size and colour of the text around it, with no heading (an editor's
 * `headline` and `subtitle` are not shown: the sentence around it introduces it), no frame and
 * no source line. What it is, the country's value, the editor's `note` and the source (as text:
 * `source-href` is no link there) are in a tooltip, shown on
 * hover and on keyboard focus (the figure is focusable; Escape hides it), which is also the
 * figure's accessible description. Its colour says better or worse than the country only
 * beside an arrow (higher or lower) and words for screen readers that say it too. Its loading
 * and error states are inline as well: a placeholder the width of a figure, "(donnée
 * indisponible)". The element draws every state of the variant with it (the base element's
 * `renderOwnView`), the text paint included (text-paint.ts).
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import type { Lang } from '../core/types.js';
import type { CommonStrings, WidgetName } from '../i18n/common.js';
import { formatDate, formatTime } from '../i18n/format.js';
import type { Local } from '../i18n/strings.js';
import type { Selection } from '../widget/descriptor.js';
import type { StateView } from '../element/state-view.js';
import { paintOr } from '../element/text-paint.js';

/** The figure an element shows in a line, from its data. */
export interface Figure {
  /** The figure as written (`64/100`). */
  value: string;
  /** Written after it in the line (the rank: `(3e sur 185)`). */
  after?: string | undefined;
  /**
   * Against the country's value: `up` or `down` (the arrow), and, when the indicator has a
   * better way, the words that say which (`mieux que le pays`), with which the colour shows.
   */
  compared?: { arrow: 'up' | 'down'; judged?: { better: boolean; words: string } | undefined } | undefined;
  /** The tooltip's sentences before the source: what the figure is, the country's value. */
  about: string[];
  /** The date of the data (the source's), else when the API answered. */
  date?: string | undefined;
}

/** What the figure says when it has nothing to show. */
const inlineStrings: Local<{ unavailable: string }> = {
  fr: { unavailable: '(donnée indisponible)' },
  en: { unavailable: '(figure unavailable)' },
};

/** What the inline figure needs of its element. */
export interface InlineHost {
  host: Element;
  lang: Lang;
  t: CommonStrings;
  /** The widget, as the states' sentences name it (its name.ts). */
  name: WidgetName;
  credit: unknown;
  /** The editor's note (the measure, the period): in the tooltip, before the source. */
  note: string | undefined;
}

const sentence = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);

/**
 * The tooltip after `figure`, when shown, moved along its line to stay within the window,
 * and under its line when the window has no room above it (a figure in a page's first line).
 */
function place(figure: Element): void {
  const tip = figure.nextElementSibling as HTMLElement;
  tip.style.translate = '';
  tip.classList.remove('below');
  if (tip.getBoundingClientRect().top < 0) tip.classList.add('below');
  const { left, right, width } = tip.getBoundingClientRect();
  const room = document.documentElement.clientWidth;
  const shift = !width ? 0 : right > room ? Math.max(room - right, -left) : left < 0 ? -left : 0;
  if (shift) tip.style.translate = `${shift}px`;
}

/** The figure (focusable) and its tooltip, which describes it. */
function renderFigure(text: TemplateResult | string, tip: string[], className = ''): TemplateResult {
  const quiet = (event: Event, on: boolean) => {
    const figure = event.currentTarget as Element;
    figure.toggleAttribute('data-quiet', on);
    if (!on) place(figure);
  };
  return html`<span
      class="figure ${className}"
      part="figure"
      tabindex="0"
      aria-describedby="tip"
      @keydown=${(event: KeyboardEvent) => {
        if (event.key === 'Escape') quiet(event, true);
      }}
      @focus=${(event: Event) => quiet(event, false)}
      @blur=${(event: Event) => quiet(event, false)}
      @mouseenter=${(event: Event) => quiet(event, false)}
      @mouseleave=${(event: Event) => quiet(event, false)}
      >${text}</span
    ><span class="tip" id="tip" role="tooltip" part="tooltip"
      >${tip.map((line, index) => html`${index ? ' ' : nothing}<span>${sentence(line)}</span>`)}</span
    >`;
}

/** `(donnée indisponible)`, with why in its tooltip. */
const renderUnavailable = (lang: Lang, why: string) =>
  renderFigure(inlineStrings[lang].unavailable, [why], 'unavailable');

/**
 * Every state of an inline figure: `figureOf` gives the figure of the data (undefined: none
 * to show).
 */
export function renderInlineView<S extends Selection, T>(
  view: StateView<S, T>,
  { host, lang, t, name, credit, note }: InlineHost,
  figureOf: (data: T, selection: S) => Figure | undefined,
): TemplateResult {
  switch (view.state) {
    case 'loading': {
      const pending = () =>
        html`<span class="pending" aria-hidden="true"></span
          ><span class="visually-hidden">${t.loading(name)}</span>`;
      return view.server ? pending() : paintOr(host, pending);
    }
    case 'error': {
      const { error, problem } = view;
      const why = problem
        ? (problem.message?.[lang] ?? t.error('invalid-parameter', name))
        : t.error(
            error.kind,
            name,
            error.resetAt ? formatTime(lang, error.resetAt) : undefined,
            error.shared,
          );
      return renderUnavailable(lang, why);
    }
    case 'empty':
      return renderUnavailable(lang, t.empty(name));
    case 'ready': {
      const figure = figureOf(view.data, view.selection);
      if (!figure) return renderUnavailable(lang, t.empty(name));
      const { compared } = figure;
      const tip = [
        ...figure.about,
        ...(note ? [note] : []),
        ...(view.staleAsOf === undefined ? [] : [t.staleAsOf(formatTime(lang, view.staleAsOf))]),
        ...(credit === 'none' ? [] : [t.source(formatDate(lang, figure.date ?? view.fetchedAt))]),
      ];
      const judged = compared?.judged;
      // prettier-ignore
      const text = html`${figure.value}${compared ? html`<span class="cue" aria-hidden="true">${compared.arrow === 'up' ? '▲' : '▼'}</span>` : nothing}${judged ? html`<span class="visually-hidden"> (${judged.words})</span>` : nothing}`;
      return html`${renderFigure(text, tip, judged ? (judged.better ? 'better' : 'worse') : '')}${
        figure.after ? ` ${figure.after}` : nothing
      }`;
    }
  }
}

/** The styles of the variant: the host and its frame in the line of the text. */
export const inlineFigureStyles = css`
  :host([variant='inline']) {
    /* Its container-type (tokens.styles.ts) has no effect on an inline box. */
    display: inline !important;
  }
  :host([variant='inline']) .root {
    display: inline;
    position: relative;
    font: inherit;
    color: inherit;
    letter-spacing: inherit;
    word-spacing: inherit;
    background: none;
    border: 0;
    padding: 0;
    overflow-wrap: normal;
  }
  .figure {
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
    text-decoration: underline dotted;
    text-underline-offset: 0.2em;
    cursor: help;
    border-radius: 0.15em;
  }
  /* Better or worse than the country, in the indicator's direction: beside the arrow and the words. */
  .figure.better {
    color: var(--_better);
  }
  .figure.worse {
    color: var(--_worse);
  }
  .cue {
    font-size: 0.7em;
    margin-inline-start: 0.15em;
    text-decoration: none;
  }
  .pending {
    display: inline-block;
    width: 3.5em;
    height: 0.8em;
    border-radius: 0.2em;
    background: currentColor;
    opacity: 0.15;
  }
  .tip {
    display: none;
    position: absolute;
    z-index: 1;
    inset-block-end: 100%;
    inset-inline-start: 0;
    width: max-content;
    max-width: min(20em, 80vw);
    padding: 0.35em 0.6em;
    border-radius: 0.3em;
    background: var(--_text);
    color: var(--_bg);
    font-size: 0.85em;
    font-weight: normal;
    font-style: normal;
    line-height: 1.35;
    white-space: normal;
    text-align: start;
  }
  .tip > span {
    display: block;
  }
  :host(:hover) .figure:not([data-quiet]) + .tip,
  .figure:focus:not([data-quiet]) + .tip {
    display: block;
  }
  /* Under its line when the window has no room above it (place()). */
  .tip.below {
    inset-block-end: auto;
    inset-block-start: 100%;
  }
  @media (forced-colors: active) {
    .tip {
      border: 1px solid CanvasText;
    }
  }
  @media print {
    .figure {
      text-decoration: none;
    }
  }
`;
