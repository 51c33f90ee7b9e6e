import { css, html, type TemplateResult } from 'lit';
import type { LoaderStats } from '../core/loader/loader.js';
import type { Lang } from '../core/types.js';
import type { CommonStrings } from '../i18n/common.js';
import { formatTime } from '../i18n/format.js';

export interface PaginationOptions {
  lang: Lang;
  t: CommonStrings;
  /** Accessible name of the navigation landmark. */
  label: string;
  /** The page shown, from 1. */
  page: number;
  /** Items per page and items in total. */
  limit: number;
  total: number;
  /** The budget of the list's API: it pays for the next page. */
  budget: Pick<LoaderStats, 'remaining' | 'resetAt'>;
  /** Whether the loader holds the next page: then "next" costs no request. */
  nextCached: boolean;
  /** Asks for a render at `time`, when a spent budget grows again. */
  wakeAt: (time: number) => void;
  goTo: (page: number) => void;
}

/**
 * Previous/next controls that stay within the budget: when no request is left
 * and the next page is not cached, "next" is disabled and a note says when the
 * next page can be fetched.
 */
export function renderPagination(options: PaginationOptions): TemplateResult {
  const { t, page, goTo } = options;
  const pages = Math.max(1, Math.ceil(options.total / options.limit));
  const { remaining, resetAt } = options.budget;
  const paused = page < pages && remaining <= 0 && !options.nextCached;
  if (paused) options.wakeAt(resetAt);
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

export const paginationStyles = css`
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
