import { html, nothing, type TemplateResult } from 'lit';
import type { KhountousError } from '../../core/errors.js';
import {
  type Administration,
  type AdministrationIndicator,
  type AdministrationListItem,
} from '../../core/types.js';
import { regionName } from '../../i18n/regions.js';
import {
  formatAs,
  formatDate,
  formatDays,
  formatNumber,
  formatPlace,
  formatPercent,
} from '../../i18n/format.js';
import { bdi } from '../../element/bdi.js';
import { KhountousElement } from '../../element/khountous-element.js';
import { widgetProperties } from '../../element/properties.js';
import type { PropertiesOf, SelectionOf } from '../../widget/descriptor.js';
import { styleProps } from '../../element/style-props.js';
import { adminCard } from './widget.js';
import { name as widgetName, title } from './name.js';
import { adminCardStyles } from './admin-card.styles.js';
import { administrationValues } from '../../i18n/administration-values.js';
import { adminStrings } from './strings.js';
import { inlineFigureStyles, renderInlineView, type Figure } from '../../graphics/inline-figure.js';
import type { StateView } from '../../element/state-view.js';
import { isolate } from '../../i18n/bidi.js';

/** The full profile, or only the list-level fields when those are all a compact card needs. */
type CardData = Administration | AdministrationListItem;

type CardSelection = SelectionOf<typeof adminCard.inputs>;

const isProfile = (data: CardData): data is Administration => 'scoreDetails' in data;

/**
 * One public administration: overall score with its details and indicators,
 * response rate and average delay; with `variant="inline"`, its score and rank inside a
 * sentence (graphics/inline-figure.ts).
 *
 * @tag khountous-admin-card
 *
 * @csspart title - The administration's name.
 * @csspart score - The overall score.
 * @csspart figures - Response rate, delay and rank.
 * @csspart details - The score details.
 * @csspart indicators - The indicators.
 * @csspart figure - The score of `variant="inline"`, in the line of the text.
 * @csspart tooltip - Its tooltip: what it is, the source and its date.
 *
 * @cssprop [--khountous-color-accent=#006b3f] - The score figure.
 * @cssprop [--khountous-color-bar=#00853f] - Score-detail bars.
 * @cssprop [--khountous-color-surface=#f3f5f7] - Figure tiles.
 *
 * @fires {KhountousLoadEvent<Administration | AdministrationListItem>} khountous-load - Data is shown; `detail` is the administration.
 */
export class KhountousAdminCard extends KhountousElement<CardSelection, CardData> {
  static override styles = [...KhountousElement.styles, adminCardStyles, inlineFigureStyles];

  static override widget = adminCard;
  static override widgetName = widgetName;
  static override download = { title, words: [adminStrings] };
  static override properties = widgetProperties(adminCard);

  /** While the profile loads, list-level fields known from a cached ranking show at once. */
  protected override renderLoading(selection: CardSelection | KhountousError): TemplateResult {
    const summary =
      selection instanceof Error
        ? undefined
        : this.data.peek<CardData>(adminCard.resource(selection), true)?.data;
    if (!summary) return super.renderLoading(selection);
    return html`${
        selection instanceof Error || selection.variant === 'compact'
          ? this.renderCompact(summary)
          : this.renderFull(summary)
      }
      <div class="pending">${super.renderLoading(selection)}</div>`;
  }

  /** The profile's date: when its score was last computed. */
  protected override dataDate(data: CardData): string | undefined {
    return isProfile(data) ? data.updatedAt : undefined;
  }

  /** `variant="inline"`: the score in the line of a text, in every state (graphics/inline-figure.ts). */
  protected override renderOwnView(view: StateView<CardSelection, CardData>): TemplateResult | undefined {
    if (this.variant !== 'inline') return undefined;
    return renderInlineView(view, this.inlineHost(), (data) => this.inlineFigure(data));
  }

  /** The score, and the place in the ranking out of how many where the profile says both. */
  private inlineFigure(data: CardData): Figure {
    const lang = this.language;
    const t = this.strings(adminStrings).admin;
    const rank = isProfile(data) ? this.rankText(data) : undefined;
    return {
      value: formatAs(lang, 'score', data.score),
      after: rank && `(${rank})`,
      about: [`${t.score}, ${isolate(data.name)}`],
      date: this.dataDate(data),
    };
  }

  /** The place in the ranking, out of how many when that is known and makes sense. */
  private rankText(profile: Administration): string {
    const lang = this.language;
    return this.strings(adminStrings).admin.rank(
      formatPlace(lang, { place: profile.rank, shared: profile.rankShared === true }),
      // A count below the place would say "200th of 185": the place alone then.
      (profile.rankedCount ?? 0) >= profile.rank ? formatNumber(lang, profile.rankedCount!) : undefined,
    );
  }

  protected renderContent(data: CardData, selection: CardSelection): TemplateResult {
    return selection.variant === 'compact' ? this.renderCompact(data) : this.renderFull(data);
  }

  private renderHeading(name: string): TemplateResult {
    return this.renderTitle(bdi(name));
  }

  private renderCompact(data: CardData): TemplateResult {
    const lang = this.language;
    const t = this.strings(adminStrings).admin;
    return html`<div class="compact">
      <span class="name" part="title">${this.headlineOr(bdi(data.name))}</span>
      <span class="figure" part="score"
        >${t.score} <strong>${formatNumber(lang, data.score)}</strong>/100</span
      >
      <span class="figure">${t.responseRate} <strong>${formatPercent(lang, data.responseRate)}</strong></span>
      <span class="figure">${t.avgDelay} <strong>${formatDays(lang, data.avgDelayDays)}</strong></span>
    </div>`;
  }

  private renderFull(data: CardData): TemplateResult {
    const lang = this.language;
    const t = this.strings(adminStrings).admin;
    const profile = isProfile(data) ? data : undefined;
    return html`<div class="head">
        <div>
          ${this.renderHeading(data.name)}
          ${
            profile
              ? html`<p class="tags">
                  ${this.strings(administrationValues).sectors[profile.sector] ?? profile.sector} ·
                  ${this.strings(administrationValues).levels[profile.level] ?? profile.level} ·
                  ${regionName(profile.region)}
                </p>`
              : nothing
          }
        </div>
        <div class="score" part="score">
          <span class="score-value">${formatNumber(lang, data.score)}</span>
          <span class="score-label">${t.score} /100</span>
        </div>
      </div>
      ${profile?.description ? html`<p class="description">${bdi(profile.description)}</p>` : nothing}
      <dl class="figures" part="figures">
        <div>
          <dt>${t.responseRate}</dt>
          <dd>${formatPercent(lang, data.responseRate)}</dd>
        </div>
        <div>
          <dt>${t.avgDelay}</dt>
          <dd>${formatDays(lang, data.avgDelayDays)}</dd>
        </div>
        ${
          profile
            ? html`<div class="rank">
                <dt>${this.strings(adminStrings).admin.rankLabel}</dt>
                <dd>${this.rankText(profile)}</dd>
              </div>`
            : nothing
        }
      </dl>
      ${profile ? this.renderProfile(profile) : nothing}`;
  }

  private renderProfile(profile: Administration): TemplateResult {
    const lang = this.language;
    const t = this.strings(adminStrings).admin;
    return html`${
        profile.scoreDetails.length > 0
          ? html`<p class="subtitle" role="heading" aria-level=${this.headingAt(1)}>${t.scoreDetails}</p>
              <ul class="details" part="details">
                ${profile.scoreDetails.map(
                  (detail) =>
                    html`<li>
                      <span>${bdi(detail.label)}</span>
                      <span class="bar" aria-hidden="true"
                        ><span ${styleProps({ width: `${Math.min(100, Math.max(0, detail.score))}%` })}></span
                      ></span>
                      <span class="value">${formatNumber(lang, detail.score)}</span>
                    </li>`,
                )}
              </ul>`
          : nothing
      }
      ${
        profile.indicators.length > 0
          ? html`<p class="subtitle" role="heading" aria-level=${this.headingAt(1)}>${t.indicators}</p>
              <dl class="figures" part="indicators">
                ${profile.indicators.map(
                  (indicator) =>
                    html`<div>
                      <dt>${bdi(indicator.label)}</dt>
                      <dd>${this.formatIndicator(indicator)}</dd>
                    </div>`,
                )}
              </dl>`
          : nothing
      }
      <p class="updated">${t.updated(formatDate(lang, profile.updatedAt))}</p>`;
  }

  private formatIndicator({ value, unit }: AdministrationIndicator): string {
    const lang = this.language;
    if (unit === 'percent') return formatPercent(lang, value);
    if (unit === 'days') return formatDays(lang, value);
    return formatNumber(lang, value);
  }
}

/** Its properties, one per input of its descriptor (Lit creates them from `properties`). */
export interface KhountousAdminCard extends PropertiesOf<typeof adminCard.inputs> {}
