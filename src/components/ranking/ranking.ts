import { html, nothing, type TemplateResult } from 'lit';
import { type AdministrationListItem, type ListEnvelope } from '../../core/types.js';
import { formatDays, formatNumber, formatPercent } from '../../i18n/format.js';
import { fillTemplate, relFor } from '../../element/links.js';
import { KhountousListElement, type ListSelection } from '../../element/list-element.js';
import { widgetProperties } from '../../element/properties.js';
import type { PropertiesOf, SelectionOf } from '../../widget/descriptor.js';
import { styleProps } from '../../element/style-props.js';
import { ranking } from './widget.js';
import { rankingStyles } from './ranking.styles.js';
import { rankingStrings } from './strings.js';

type Ranking = ListEnvelope<AdministrationListItem>;
type RankingSelection = SelectionOf<typeof ranking.inputs> & ListSelection;

/**
 * The ranking of public administrations by overall score, best first, as a table.
 *
 * @tag khountous-ranking
 *
 * @csspart table - The ranking table.
 * @csspart row - One administration's row.
 * @csspart bar - The score bar.
 * @csspart pagination - The previous/next controls.
 *
 * @fires {KhountousLoadEvent<ListEnvelope<AdministrationListItem>>} khountous-load - Data is shown; `detail` is the list envelope.
 */
export class KhountousRanking extends KhountousListElement<RankingSelection, AdministrationListItem> {
  static override styles = [...KhountousListElement.styles, rankingStyles];
  static override widget = ranking;
  static override properties = widgetProperties(ranking);

  protected renderContent(ranking: Ranking, selection: RankingSelection): TemplateResult {
    const t = this.strings(rankingStrings).ranking;
    const offset = (ranking.meta.page - 1) * selection.limit;
    return html`<table part="table">
        <caption>
          ${t.caption}
        </caption>
        <thead>
          <tr>
            <th scope="col" class="rank num">${t.rank}</th>
            <th scope="col">${t.name}</th>
            <th scope="col" class="score">${t.score}</th>
            <th scope="col" class="num wide">${t.responseRate}</th>
            <th scope="col" class="num wide">${t.avgDelay}</th>
          </tr>
        </thead>
        <tbody>
          ${ranking.data.map((item, index) => this.renderRow(item, offset + index + 1))}
        </tbody>
      </table>
      ${this.renderPager(ranking, selection, t.caption)}`;
  }

  /** One row: seven parts, the rates formatted once for the column and the narrow layout's line. */
  private renderRow(item: AdministrationListItem, rank: number): TemplateResult {
    const lang = this.language;
    const href = this.hrefTemplate ? fillTemplate(this.hrefTemplate, { slug: item.slug }) : undefined;
    const score = Math.min(100, Math.max(0, item.score));
    const rate = formatPercent(lang, item.responseRate);
    const delay = formatDays(lang, item.avgDelayDays);
    return html`<tr part="row">
      <td class="rank num">${formatNumber(lang, rank)}</td>
      <th scope="row" class="name">
        ${href ? html`<a href=${href} rel=${relFor(href) ?? nothing}>${item.name}</a>` : item.name}<span
          class="sub"
          >${`${rate} · ${delay}`}</span
        >
      </th>
      <td class="score">
        <span class="score-cell"
          ><span class="score-value">${formatNumber(lang, item.score)}</span
          ><span class="bar" part="bar" aria-hidden="true"
            ><span ${styleProps({ width: `${score}%` })}></span></span
        ></span>
      </td>
      <td class="num wide">${rate}</td>
      <td class="num wide">${delay}</td>
    </tr>`;
  }
}

/** Its properties, one per input of its descriptor (Lit creates them from `properties`). */
export interface KhountousRanking extends PropertiesOf<typeof ranking.inputs> {}
