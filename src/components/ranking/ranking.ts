import { html, nothing, type TemplateResult } from 'lit';
import { type AdministrationListItem, type ListEnvelope } from '../../core/types.js';
import { formatDays, formatNumber, formatPercent, formatPlace, formatPlaceMark } from '../../i18n/format.js';
import { placesOf, type Place } from '../../graphics/places.js';
import { bdi } from '../../element/bdi.js';
import { fillTemplate, relFor } from '../../element/links.js';
import { KhountousListElement, type ListSelection } from '../../element/list-element.js';
import { widgetProperties } from '../../element/properties.js';
import type { PropertiesOf, SelectionOf } from '../../widget/descriptor.js';
import { styleProps } from '../../element/style-props.js';
import { ranking } from './widget.js';
import { name as widgetName, title } from './name.js';
import { rankingStyles } from './ranking.styles.js';
import { rankingStrings } from './strings.js';

type Ranking = ListEnvelope<AdministrationListItem>;

/**
 * Where the scale of the scores starts. A bar's length is read as its value, so bars start
 * at 0 (`scale="zero"`, the default): a score of 50 fills half the track, 97 and 92 differ by
 * 5 %. `scale="fit"` spreads close scores over a narrower scale, from the tens below the
 * lowest score shown, less ten: drawn as dots on a line, not as bars (a cut bar's length
 * would lie), and the header says where it starts.
 */
function scaleStart(scores: readonly number[], scale: string): number {
  if (scale !== 'fit') return 0;
  const lowest = Math.min(100, ...scores.filter(Number.isFinite));
  return Math.max(0, Math.min(90, Math.floor(lowest / 10) * 10 - 10));
}
type RankingSelection = SelectionOf<typeof ranking.inputs> & ListSelection;

/**
 * The ranking of public administrations by overall score, best first, as a table.
 *
 * @tag khountous-ranking
 *
 * @csspart table - The ranking table.
 * @csspart row - One administration's row.
 * @csspart bar - The score bar (its track; a dot on a line with `scale="fit"`).
 * @csspart pagination - The previous/next controls.
 *
 * @fires {KhountousLoadEvent<ListEnvelope<AdministrationListItem>>} khountous-load - Data is shown; `detail` is the list envelope.
 */
export class KhountousRanking extends KhountousListElement<RankingSelection, AdministrationListItem> {
  static override styles = [...KhountousListElement.styles, rankingStyles];
  static override widget = ranking;
  static override widgetName = widgetName;
  static override download = { title, words: [rankingStrings] };
  static override properties = widgetProperties(ranking);

  protected renderContent(ranking: Ranking, selection: RankingSelection): TemplateResult {
    const t = this.strings(rankingStrings).ranking;
    const lang = this.language;
    const offset = (ranking.meta.page - 1) * selection.limit;
    const from = scaleStart(
      ranking.data.map((item) => item.score),
      selection.scale,
    );
    const dots = from > 0;
    // Equal scores share a place (graphics/places.ts), marked "=2" with its words for screen readers.
    const places = placesOf(
      ranking.data.map((item) => item.score),
      offset + 1,
    );
    // The caption names the table and holds the widget's title, a heading for heading navigation.
    return html`<table part="table">
        <caption>
          ${this.renderTitle(t.caption)}
        </caption>
        <thead>
          <tr>
            <th scope="col" class="rank num">
              ${t.rank} <span class="under">${t.of(formatNumber(lang, ranking.meta.total))}</span>
            </th>
            <th scope="col">${t.name}</th>
            <th scope="col" class="score">
              ${t.score}
              <span class="under"
                >${(dots ? t.dotScale : t.scale)(formatNumber(lang, from), formatNumber(lang, 100))}</span
              >
            </th>
            <th scope="col" class="num wide">${t.responseRate}</th>
            <th scope="col" class="num wide">${t.avgDelay}</th>
          </tr>
        </thead>
        <tbody>
          ${ranking.data.map((item, index) => this.renderRow(item, places[index]!, from, dots))}
        </tbody>
      </table>
      ${places.some((place) => place.shared) ? html`<p class="ties">${t.ties}</p>` : nothing}
      ${this.renderPager(ranking, selection, t.caption)}`;
  }

  /**
   * One row: seven parts, the rates formatted once for the column and the narrow layout's line,
   * where each keeps its column's heading (the same words).
   */
  private renderRow(item: AdministrationListItem, place: Place, from: number, dots: boolean): TemplateResult {
    const lang = this.language;
    const t = this.strings(rankingStrings).ranking;
    const href = this.hrefTemplate ? fillTemplate(this.hrefTemplate, { slug: item.slug }) : undefined;
    const width = Math.min(100, Math.max(0, ((item.score - from) / (100 - from)) * 100));
    const rate = formatPercent(lang, item.responseRate);
    const delay = formatDays(lang, item.avgDelayDays);
    return html`<tr part="row">
      <td class="rank num">
        ${
          place.shared
            ? html`<span aria-hidden="true">${formatPlaceMark(lang, place)}</span
                ><span class="visually-hidden">${formatPlace(lang, place)}</span>`
            : formatNumber(lang, place.place)
        }
      </td>
      <th scope="row" class="name">
        ${href ? html`<a href=${href} rel=${relFor(href) ?? nothing}>${bdi(item.name)}</a>` : bdi(item.name)}<span
          class="sub"
          ><span class="figure"><span class="label">${t.responseRate}</span> ${rate}</span>&nbsp;·
          <span class="figure"><span class="label">${t.avgDelay}</span> ${delay}</span></span
        >
      </th>
      <td class="score">
        <span class="score-cell"
          ><span class="score-value">${formatNumber(lang, item.score)}</span
          ><span class=${dots ? 'bar dot' : 'bar'} part="bar" aria-hidden="true"
            ><span ${styleProps({ width: `${width}%` })}></span></span
        ></span>
      </td>
      <td class="num wide">${rate}</td>
      <td class="num wide">${delay}</td>
    </tr>`;
  }
}

/** Its properties, one per input of its descriptor (Lit creates them from `properties`). */
export interface KhountousRanking extends PropertiesOf<typeof ranking.inputs> {}
