import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { Resource } from '../../core/loader.js';
import {
  LEVELS,
  MAX_LIMIT,
  REGION_CODES,
  SECTORS,
  type AdministrationListItem,
  type Level,
  type ListEnvelope,
  type RegionCode,
  type Sector,
} from '../../core/types.js';
import { clampInteger, oneOf } from '../../internal/attributes.js';
import { formatDays, formatNumber, formatPercent } from '../../internal/format.js';
import { KhountousElement, type Selection } from '../../internal/khountous-element.js';
import { fillTemplate, relFor } from '../../internal/links.js';
import { paginationStyles, QuotaController, renderPagination } from '../../internal/pagination.js';
import { styleProps } from '../../internal/style-props.js';
import { rankingStyles } from './ranking.styles.js';

interface RankingSelection extends Selection {
  region?: RegionCode;
  sector?: Sector;
  level?: Level;
  limit: number;
  page: number;
}

type Ranking = ListEnvelope<AdministrationListItem>;

/**
 * The ranking of public administrations by overall score, best first, as a table.
 *
 * @summary Ranking of administrations by score, with filters and pagination.
 * @tag khountous-ranking
 *
 * @csspart table - The ranking table.
 * @csspart row - One administration's row.
 * @csspart bar - The score bar.
 * @csspart pagination - The previous/next controls.
 *
 * @fires khountous-load - Data is shown; `detail` is the list envelope.
 */
export class KhountousRanking extends KhountousElement<RankingSelection, Ranking> {
  static override styles = [...KhountousElement.styles, paginationStyles, rankingStyles];

  /** Only administrations of this region (a region code such as `kolda`). */
  @property() region = '';

  /** Only administrations of this sector (e.g. `health`, `education`). */
  @property() sector = '';

  /** Only administrations of this level: `national`, `regional` or `communal`. */
  @property() level = '';

  /** Rows per page, 1 to 100 (clamped). */
  @property() limit: string | number = 10;

  /** The page shown first, from 1. */
  @property() page: string | number = 1;

  /** Turns names into links: `{slug}` is replaced by the administration's slug, e.g. `/administrations/{slug}`. */
  @property({ attribute: 'href-template' }) hrefTemplate = '';

  /** Shows previous/next controls. */
  @property({ type: Boolean }) paginate = false;

  @state() private currentPage = 1;

  private readonly quota = new QuotaController(this);

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('page')) {
      this.currentPage = clampInteger(this, 'page', this.page, { min: 1, max: 100_000, fallback: 1 });
    }
  }

  protected selection(base: Selection): RankingSelection {
    return {
      ...base,
      region: oneOf(this, 'region', this.region, REGION_CODES),
      sector: oneOf(this, 'sector', this.sector, SECTORS),
      level: oneOf(this, 'level', this.level, LEVELS),
      limit: clampInteger(this, 'limit', this.limit, { min: 1, max: MAX_LIMIT, fallback: 10 }),
      page: this.currentPage,
    };
  }

  protected resource({ lang, region, sector, level, limit, page }: RankingSelection): Resource {
    return { kind: 'administrations', query: { lang, region, sector, level, limit, page } };
  }

  protected override isEmpty(ranking: Ranking): boolean {
    return ranking.data.length === 0;
  }

  protected renderContent(ranking: Ranking, selection: RankingSelection): TemplateResult {
    const t = this.t.ranking;
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
      ${this.paginate ? this.renderPagination(ranking, selection) : nothing}`;
  }

  private renderRow(item: AdministrationListItem, rank: number): TemplateResult {
    const lang = this.language;
    const href = this.hrefTemplate ? fillTemplate(this.hrefTemplate, { slug: item.slug }) : undefined;
    const score = Math.min(100, Math.max(0, item.score));
    return html`<tr part="row">
      <td class="rank num">${formatNumber(lang, rank)}</td>
      <th scope="row" class="name">
        ${href ? html`<a href=${href} rel=${relFor(href) ?? nothing}>${item.name}</a>` : item.name}
        <span class="sub"
          >${formatPercent(lang, item.responseRate)} · ${formatDays(lang, item.avgDelayDays)}</span
        >
      </th>
      <td class="score">
        <span class="score-cell">
          <span class="score-value">${formatNumber(lang, item.score)}</span>
          <span class="bar" part="bar" aria-hidden="true"
            ><span ${styleProps({ width: `${score}%` })}></span
          ></span>
        </span>
      </td>
      <td class="num wide">${formatPercent(lang, item.responseRate)}</td>
      <td class="num wide">${formatDays(lang, item.avgDelayDays)}</td>
    </tr>`;
  }

  private renderPagination(ranking: Ranking, selection: RankingSelection): TemplateResult {
    return renderPagination({
      lang: this.language,
      t: this.t,
      label: this.t.ranking.caption,
      page: ranking.meta.page,
      limit: selection.limit,
      total: ranking.meta.total,
      baseUrl: selection.baseUrl,
      next: this.resource({ ...selection, page: ranking.meta.page + 1 }),
      quota: this.quota,
      goTo: (page) => this.goTo(page),
    });
  }

  private goTo(page: number): void {
    this.currentPage = Math.max(1, page);
  }
}
