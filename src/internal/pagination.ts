import {
  css,
  html,
  nothing,
  type PropertyValues,
  type ReactiveController,
  type ReactiveControllerHost,
  type TemplateResult,
} from 'lit';
import { property, state } from 'lit/decorators.js';
import { getLoader, QUOTA_EVENT, type Resource } from '../core/loader/loader.js';
import { MAX_LIMIT, type Lang, type ListEnvelope } from '../core/types.js';
import type { CommonStrings } from '../i18n/common.js';
import { clampInteger } from './attributes.js';
import { formatNumber, formatTime } from './format.js';
import { KhountousElement, type Selection } from './khountous-element.js';

/**
 * Re-renders its host when the shared request budget changes (the loader's
 * `khountous-quota` event) while `active` (a list shows its budget only with
 * its pager), and once more at a time the host asks for (when a spent budget
 * grows again: nothing else would announce it).
 */
export class QuotaController implements ReactiveController {
  private timer?: ReturnType<typeof setTimeout>;
  private wakeTime = 0;
  private readonly onQuota = () => this.host.requestUpdate();
  private connected = false;
  /** The loader listened to, if any (a page may replace its loader). */
  private target?: EventTarget;

  /** `active`: whether to listen from the start (a list starts without its pager). */
  constructor(
    private readonly host: ReactiveControllerHost,
    private wanted = true,
  ) {
    host.addController(this);
  }

  /** Whether the host shows the budget: the controller listens only then. */
  set active(value: boolean) {
    this.wanted = value;
    this.listen();
    if (!value) this.cancelWake();
  }

  hostConnected(): void {
    this.connected = true;
    this.listen();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.listen();
    this.cancelWake();
  }

  private listen(): void {
    const listen = this.connected && this.wanted;
    if (listen === Boolean(this.target)) return;
    if (listen) {
      this.target = getLoader();
      this.target.addEventListener(QUOTA_EVENT, this.onQuota);
    } else {
      this.target?.removeEventListener(QUOTA_EVENT, this.onQuota);
      this.target = undefined;
    }
  }

  private cancelWake(): void {
    clearTimeout(this.timer);
    this.wakeTime = 0;
  }

  /** Renders the host again just after `time` (epoch ms); asking again for the same time keeps one timer. */
  wakeAt(time: number): void {
    if (time === this.wakeTime) return;
    clearTimeout(this.timer);
    this.wakeTime = time;
    const delay = Math.min(Math.max(0, time - Date.now()) + 500, 2 ** 31 - 1);
    this.timer = setTimeout(() => {
      this.wakeTime = 0;
      this.host.requestUpdate();
    }, delay);
  }
}

interface PaginationOptions {
  lang: Lang;
  t: CommonStrings;
  /** Accessible name of the navigation landmark. */
  label: string;
  /** The page shown, from 1. */
  page: number;
  /** Items per page and items in total. */
  limit: number;
  total: number;
  /** The API base URL of the list: its budget pays for the next page. */
  baseUrl: string;
  /** The next page's resource: when the loader has it, "next" costs no request. */
  next: Resource;
  quota: QuotaController;
  goTo: (page: number) => void;
}

/**
 * Previous/next controls that stay within the budget: when no request is left
 * and the next page is not cached, "next" is disabled and a note says when the
 * next page can be fetched.
 */
function renderPagination(options: PaginationOptions): TemplateResult {
  const { t, page, baseUrl, goTo } = options;
  const pages = Math.max(1, Math.ceil(options.total / options.limit));
  const loader = getLoader();
  const { remaining, resetAt } = loader.stats(baseUrl);
  const paused = page < pages && remaining <= 0 && !loader.peek(options.next, baseUrl);
  if (paused) options.quota.wakeAt(resetAt);
  return html`<nav part="pagination" aria-label=${options.label}>
    <button type="button" ?disabled=${page <= 1} @click=${() => goTo(page - 1)}>${t.previous}</button>
    <p aria-live="polite">
      ${t.pageOf(page, pages)}${paused ? ` — ${t.pagingPaused(formatTime(options.lang, resetAt))}` : ''}
    </p>
    <button type="button" ?disabled=${page >= pages || paused} @click=${() => goTo(page + 1)}>
      ${t.next}
    </button>
  </nav>`;
}

const paginationStyles = css`
  nav[part~='pagination'] {
    display: grid;
    grid-template-columns: auto 1fr auto;
    align-items: center;
    gap: 0.5em;
    margin-block-start: 0.75em;
  }
  nav[part~='pagination'] p {
    margin: 0;
    font-size: 0.9em;
    text-align: center;
    color: var(--_muted);
  }
`;

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
