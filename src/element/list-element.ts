import { css, html, nothing, type TemplateResult } from 'lit';
import type { ListEnvelope } from '../core/types.js';
import { clampInteger } from '../attributes/owner.js';
import { RULES } from '../attributes/rules.js';
import { formatNumber } from '../i18n/format.js';
import { filterProperties, type Selection } from '../widget/descriptor.js';
import { KhountousElement } from './khountous-element.js';
import { renderEmptyMessage } from './render-states.js';
import { paginationStyles, renderPagination } from './pager.js';

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
  .caption .title {
    margin: 0;
    font-size: 1.1em;
    font-weight: bold;
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
 * (clamped), `page`, and `paginate` with controls that stay within the budget
 * (the descriptor's LIST_INPUTS). A change of a filter (an input marked
 * `filter`) brings the list back to its `page`. A subclass says how to label
 * the list and calls `renderPager()` under its content.
 */
export abstract class KhountousListElement<S extends ListSelection, Item> extends KhountousElement<
  S,
  ListEnvelope<Item>
> {
  static override styles = [...KhountousElement.styles, paginationStyles];

  declare limit: string | number;
  declare page: string | number;
  declare paginate: boolean;

  /** The page shown: `page`, then where the pager or a list that shrank moved it. */
  private currentPage = 1;

  /** Set once the list went back from a page past its end to its last page: not tried twice in a row. */
  private movedBack = false;

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    super.willUpdate(changed);
    if (changed.has('paginate')) this.quota.active = this.paginate;
    const filters = filterProperties(this.widget);
    if (changed.has('page') || [...changed.keys()].some((key) => filters.includes(String(key)))) {
      this.goTo(this.clamped('page', this.page));
    } else if (changed.has('limit') && this.hasUpdated) {
      // The page that holds the first item the reader saw.
      const first = (this.currentPage - 1) * this.clamped('limit', changed.get('limit'));
      this.goTo(Math.floor(first / this.clamped('limit', this.limit)) + 1);
    }
    this.backFromPastTheEnd();
  }

  private goTo(page: number): void {
    if (this.currentPage !== page || this.movedBack) this.requestUpdate();
    this.currentPage = Math.max(1, page);
    this.movedBack = false;
  }

  private clamped(attribute: 'limit' | 'page', value: unknown): number {
    return clampInteger(this, attribute, value, RULES[attribute]);
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
    const last = Math.ceil(list.meta.total / this.clamped('limit', this.limit));
    if (this.currentPage <= last) return;
    this.currentPage = last;
    this.movedBack = true;
  }

  /** The page is the one shown, which the pager and a list that shrank may have moved. */
  protected override input(attribute: string): unknown {
    return attribute === 'page' ? this.currentPage : super.input(attribute);
  }

  protected override isEmpty(list: ListEnvelope<Item>, _selection: S): boolean {
    return list.data.length === 0;
  }

  /** With the pager, nothing on a page past the first while the list has items: never a dead end, a way back to page 1. */
  protected override renderEmpty(list: ListEnvelope<Item>, selection: S): TemplateResult {
    if (!this.paginate || list.meta.total <= 0 || this.currentPage <= 1)
      return super.renderEmpty(list, selection);
    return renderEmptyMessage(
      this.t,
      this.widgetName,
      html`<button type="button" @click=${() => this.goTo(1)}>${this.t.firstPage}</button>`,
    );
  }

  /**
   * A list under a caption that gives its total (`count`), each item rendered
   * by `item`, then the pager. The caption is the widget's title: a heading
   * at `heading-level`. Style it with captionedListStyles.
   */
  protected renderCaptionedList(
    list: ListEnvelope<Item>,
    selection: S,
    caption: string,
    count: (total: number, formatted: string) => string,
    item: (item: Item) => TemplateResult,
  ): TemplateResult {
    const total = list.meta.total;
    return html`<div class="caption" id="caption">
        ${this.renderTitle(caption, false)}
        <span class="count">${count(total, formatNumber(this.language, total))}</span>
      </div>
      ${this.renderSubtitle()}
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
    const next = this.widget.resource({ ...selection, page: list.meta.page + 1 });
    return renderPagination({
      lang: this.language,
      t: this.t,
      label,
      page: list.meta.page,
      limit: selection.limit,
      total: list.meta.total,
      budget: this.quota.stats(selection.baseUrl),
      nextCached: this.data.peek(next) !== undefined,
      wakeAt: (time) => this.quota.wakeAt(time),
      goTo: (page) => this.goTo(page),
    });
  }
}
