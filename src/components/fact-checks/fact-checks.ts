import { html, nothing, svg, type SVGTemplateResult, type TemplateResult } from 'lit';
import {
  EVIDENCE_LEVELS,
  type EvidenceLevel,
  type FactCheck,
  type FactCheckSource,
  type ListEnvelope,
  type Verdict,
} from '../../core/types.js';
import { formatDate, isoDate } from '../../i18n/format.js';
import { bdi } from '../../element/bdi.js';
import { relFor, safeHttpUrl } from '../../element/links.js';
import { captionedListStyles, KhountousListElement, type ListSelection } from '../../element/list-element.js';
import { factChecksStyles } from './fact-checks.styles.js';
import { widgetProperties } from '../../element/properties.js';
import type { PropertiesOf } from '../../widget/descriptor.js';
import { factChecks } from './widget.js';
import { name as widgetName, title } from './name.js';

import { factChecksStrings, verdictValues } from './strings.js';

type FactChecks = ListEnvelope<FactCheck>;

/**
 * One shape per verdict, so that the verdict does not rest on colour alone:
 * a disc with a tick (true), a ring with a tick (mostly true), a triangle with
 * an exclamation mark (misleading), an octagon with a cross (false), a dashed
 * ring with a question mark (unverifiable). Always next to the written verdict.
 */
const VERDICT_ICONS: Record<Verdict, SVGTemplateResult> = {
  true: svg`<circle cx="12" cy="12" r="10" class="fill" /><path d="M7 12.5l3.3 3.3L17.2 9" class="glyph" />`,
  'mostly-true': svg`<circle cx="12" cy="12" r="9" class="line" /><path d="M7.5 12.5l3 3L16.8 9.2" class="line" />`,
  misleading: svg`<path d="M12 2.5L22.5 21H1.5Z" class="fill" /><path d="M12 9v5.5M12 17.3v.2" class="glyph" />`,
  false: svg`<path d="M8 2h8l6 6v8l-6 6H8l-6-6V8Z" class="fill" /><path d="M8.5 8.5l7 7M15.5 8.5l-7 7" class="glyph" />`,
  unverifiable: svg`<circle cx="12" cy="12" r="9" class="line dashed" /><path
      d="M9.3 9.4a2.8 2.8 0 1 1 3.9 2.6c-.8.4-1.2 1-1.2 1.8v.6M12 17.2v.2"
      class="line"
    />`,
};

/** Evidence as three rising bars, as many filled as the evidence is strong. */
const evidenceIcon = (level: EvidenceLevel): SVGTemplateResult => {
  const filled = EVIDENCE_LEVELS.length - EVIDENCE_LEVELS.indexOf(level);
  return svg`${[0, 1, 2].map(
    (bar) =>
      svg`<rect x=${2 + bar * 7.5} y=${15 - bar * 5} width="5" height=${7 + bar * 5} rx="1"
        class=${bar < filled ? 'fill' : 'line'} />`,
  )}`;
};

/** Only absolute http(s) URLs become links; anything else is shown as text. */
const sourceHref = (url: string): string | undefined =>
  /^https?:\/\//i.test(url) ? safeHttpUrl(url) : undefined;

/**
 * The fact-checks, newest first: each claim with its verdict and evidence
 * level (written out, and drawn as a shape as well as a colour), the summary,
 * the publication date and the sources.
 *
 * @tag khountous-fact-checks
 *
 * @csspart list - The list of fact-checks.
 * @csspart item - One fact-check.
 * @csspart verdict - The verdict: its shape and its word.
 * @csspart claim - The claim checked.
 * @csspart evidence - The evidence level: its bars and its words.
 * @csspart sources - The list of sources.
 * @csspart pagination - The previous/next controls.
 *
 * @cssprop [--khountous-color-verdict-true=#1b7a3a] - Colour of the verdict "true" (#5fd49a in the dark theme).
 * @cssprop [--khountous-color-verdict-mostly-true=#2a6f62] - Colour of "mostly true" (#6fd3c0 dark).
 * @cssprop [--khountous-color-verdict-misleading=#9a5200] - Colour of "misleading" (#f0b85a dark).
 * @cssprop [--khountous-color-verdict-false=#b3261e] - Colour of "false" (#ff8a80 dark).
 * @cssprop [--khountous-color-verdict-unverifiable=#55606b] - Colour of "unverifiable" (#a9b3bd dark).
 * @cssprop [--khountous-color-accent=#006b3f] - Source links.
 *
 * @fires {KhountousLoadEvent<ListEnvelope<FactCheck>>} khountous-load - Data is shown; `detail` is the list envelope.
 */
export class KhountousFactChecks extends KhountousListElement<ListSelection, FactCheck> {
  static override styles = [...KhountousListElement.styles, captionedListStyles, factChecksStyles];
  static override widget = factChecks;
  static override widgetName = widgetName;
  static override download = { title, words: [factChecksStrings, verdictValues] };
  static override properties = widgetProperties(factChecks);

  protected renderContent(list: FactChecks, selection: ListSelection): TemplateResult {
    const t = this.strings(factChecksStrings).factChecks;
    return this.renderCaptionedList(list, selection, t.caption, t.count, (check) => this.renderCheck(check));
  }

  private renderCheck(check: FactCheck): TemplateResult {
    const t = this.strings(factChecksStrings).factChecks;
    const claim = bdi(check.claim);
    return html`<li part="item" class="verdict-${check.verdict}">
      <p class="verdict" part="verdict">
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">${VERDICT_ICONS[check.verdict]}</svg>
        <span
          ><span class="visually-hidden">${t.verdict} </span
          >${this.strings(verdictValues).verdicts[check.verdict]}</span
        >
      </p>
      <p class="claim" part="claim"><span class="visually-hidden">${t.claim} </span><q>${claim}</q></p>
      <p class="summary">${bdi(check.summary)}</p>
      <p class="facts">
        <span class="evidence" part="evidence">
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            ${evidenceIcon(check.evidenceLevel)}
          </svg>
          <span>${this.strings(verdictValues).evidence[check.evidenceLevel]}</span>
        </span>
        <time datetime=${isoDate(check.publishedAt)}
          >${t.published(formatDate(this.language, check.publishedAt))}</time
        >
      </p>
      ${
        check.sources.length
          ? html`<div class="sources">
              <span class="sources-title">${t.sources}</span>
              <ul part="sources" role="list">
                ${check.sources.map((source) => html`<li>${this.renderSource(source)}</li>`)}
              </ul>
            </div>`
          : nothing
      }
    </li>`;
  }

  private renderSource({ title, url }: FactCheckSource): TemplateResult {
    const href = sourceHref(url);
    if (href) return html`<a href=${href} rel=${relFor(href) ?? nothing}>${bdi(title)}</a>`;
    return html`${bdi(title)} <span class="url">(${bdi(url)})</span>`;
  }
}

/** Its properties, one per input of its descriptor (Lit creates them from `properties`). */
export interface KhountousFactChecks extends PropertiesOf<typeof factChecks.inputs> {}
