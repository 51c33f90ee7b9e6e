import { css, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { MAX_LIMIT, type ListEnvelope } from '../core/types.js';
import { clampInteger } from './attributes.js';
import { formatNumber } from './format.js';
import { KhountousElement, type Selection } from './khountous-element.js';
import { paginationStyles, renderPagination } from './pager.js';
import { QuotaController } from './quota-controller.js';

/** The caption with its count and the bare list of renderCaptionedList(). */
export const captionedListStyles = css`
  .caption {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    justify-content: space-between;
    gap: 0.25em 1em;
    margin: 0 0 0.25em;
  }
  .caption strong {
    font-size: 1.1em;
  }
  .count {
    font-size: 0.85em;
    color: var(--_muted);
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
`;

/** What every paged list selects besides its filters. */
export interface ListSelection extends Selection {
  limit: number;
  page: number;
}

/**
 * The base of the elements that show one page of a list endpoint: `limit`
 * (clamped), `page`, and `paginate` with controls that stay within the budget.
 * A subclass adds its filters to `selection()` (spreading `listSelection()`),
 * says how to label the list, and calls `renderPager()` under its content.
 */
export abstract class KhountousListElement<S extends ListSelection, Item> extends KhountousElement<
  S,
  ListEnvelope<Item>
> {
  static override styles = [...KhountousElement.styles, paginationStyles];

  /** Items per page, 1 to 100 (clamped). */
  @property() limit: string | number = 10;

  /** The page shown first, from 1. */
  @property() page: string | number = 1;

  /** Shows previous/next controls, which stay within the request budget. */
  @property({ type: Boolean }) paginate = false;

  @state() private currentPage = 1;

  private readonly quota = new QuotaController(this, false);

  /** Properties whose change brings the list back to its `page`: the filters. */
  protected static readonly filterProperties: readonly string[] = [];

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('paginate')) this.quota.active = this.paginate;
    const filters = (this.constructor as typeof KhountousListElement).filterProperties;
    if (changed.has('page') || [...changed.keys()].some((key) => filters.includes(String(key)))) {
      this.currentPage = clampInteger(this, 'page', this.page, { min: 1, max: 100_000, fallback: 1 });
    }
  }

  /** The base selection with the clamped limit and the page shown. */
  protected listSelection(base: Selection): ListSelection {
    return {
      ...base,
      limit: clampInteger(this, 'limit', this.limit, { min: 1, max: MAX_LIMIT, fallback: 10 }),
      page: this.currentPage,
    };
  }

  protected override isEmpty(list: ListEnvelope<Item>): boolean {
    return list.data.length === 0;
  }

  /**
   * A list under a caption that gives its total (`count`), each item rendered
   * by `item`, then the pager. Style it with captionedListStyles.
   */
  protected renderCaptionedList(
    list: ListEnvelope<Item>,
    selection: S,
    caption: string,
    count: (total: number, formatted: string) => string,
    item: (item: Item) => TemplateResult,
  ): TemplateResult {
    const total = list.meta.total;
    return html`<p class="caption" id="caption">
        <strong>${caption}</strong>
        <span class="count">${count(total, formatNumber(this.language, total))}</span>
      </p>
      <ul part="list" role="list" aria-labelledby="caption">
        ${list.data.map(item)}
      </ul>
      ${this.renderPager(list, selection, caption)}`;
  }

  /** The previous/next controls when `paginate` is set. */
  protected renderPager(
    list: ListEnvelope<Item>,
    selection: S,
    label: string,
  ): TemplateResult | typeof nothing {
    if (!this.paginate) return nothing;
    return renderPagination({
      lang: this.language,
      t: this.t,
      label,
      page: list.meta.page,
      limit: selection.limit,
      total: list.meta.total,
      baseUrl: selection.baseUrl,
      next: this.resource({ ...selection, page: list.meta.page + 1 }),
      quota: this.quota,
      goTo: (page) => (this.currentPage = Math.max(1, page)),
    });
  }
}
