import { css, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { ListEnvelope } from '../core/types.js';
import { formatNumber } from './format.js';
import { KhountousElement } from './khountous-element.js';
import { paginationStyles, renderPagination } from './pager.js';
import { clampLimit, clampPage, type ListSelection } from './plan.js';
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

export type { ListSelection };

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

  /** Items per page, 1 to 100 (clamped). A change keeps the reader on the page that holds the first item they saw. */
  @property() limit: string | number = 10;

  /** The page shown first, from 1; with `paginate`, a page past the end shows the last page. */
  @property() page: string | number = 1;

  /** Shows previous/next controls, which stay within the request budget. */
  @property({ type: Boolean }) paginate = false;

  @state() private currentPage = 1;

  /** Set once the list went back from a page past its end to its last page: not tried twice in a row. */
  private movedBack = false;

  private readonly quota = new QuotaController(this, false);

  /** Properties whose change brings the list back to its `page`: the filters. */
  protected static readonly filterProperties: readonly string[] = [];

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('paginate')) this.quota.active = this.paginate;
    const filters = (this.constructor as typeof KhountousListElement).filterProperties;
    if (changed.has('page') || [...changed.keys()].some((key) => filters.includes(String(key)))) {
      this.goTo(clampPage(this, this.page));
    } else if (changed.has('limit') && this.hasUpdated) {
      // The page that holds the first item the reader saw.
      const first = (this.currentPage - 1) * this.clampedLimit(changed.get('limit'));
      this.goTo(Math.floor(first / this.clampedLimit(this.limit)) + 1);
    }
    this.backFromPastTheEnd();
  }

  private goTo(page: number): void {
    this.currentPage = Math.max(1, page);
    this.movedBack = false;
  }

  private clampedLimit(value: string | number | undefined): number {
    return clampLimit(this, value);
  }

  /**
   * With the pager, a page past the end (a `page` too large, or a list that
   * shrank) shows the last page instead: one more load, from the cache when it
   * has it. Tried once; if that page is empty too, renderEmpty() offers the
   * way back. Without the pager, the page asked for is shown, empty or not.
   */
  private backFromPastTheEnd(): void {
    const list = this.data.value?.data;
    if (!this.paginate || !list || this.movedBack || list.data.length > 0 || list.meta.total <= 0) return;
    const last = Math.ceil(list.meta.total / this.clampedLimit(this.limit));
    if (this.currentPage <= last) return;
    this.currentPage = last;
    this.movedBack = true;
  }

  /** The page is the one shown, which the pager and a list that shrank may have moved. */
  protected override input(attribute: string): unknown {
    return attribute === 'page' ? this.currentPage : super.input(attribute);
  }

  protected override isEmpty(list: ListEnvelope<Item>): boolean {
    return list.data.length === 0;
  }

  /** With the pager, nothing on a page past the first while the list has items: never a dead end, a way back to page 1. */
  protected override renderEmpty(list: ListEnvelope<Item>, selection: S): TemplateResult {
    if (!this.paginate || list.meta.total <= 0 || this.currentPage <= 1)
      return super.renderEmpty(list, selection);
    return html`<p class="message" part="empty">
      ${this.t.empty} <button type="button" @click=${() => this.goTo(1)}>${this.t.firstPage}</button>
    </p>`;
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
      goTo: (page) => this.goTo(page),
    });
  }
}
