// Engines: Chromium (which of the pager's buttons is on for a page of a list: logic no engine changes).
/**
 * The pager of every paginated element (`paginate`): "previous" off on the
 * first page, "next" off on the last one (whether the total fills the last
 * page or not, and when the whole list fits on one page), both on between.
 * Expectations are read from the reference API.
 */
import { expect } from '@open-wc/testing';
import '../../src/components/fact-checks/define.js';
import '../../src/components/ranking/define.js';
import '../../src/components/reports/define.js';
import type { ListEnvelope } from '../../src/core/types.js';
import {
  api,
  listItems,
  mount,
  nextEvent,
  pagerButtons,
  sharedApi,
  widgetTestHooks,
} from '../helpers/kit.js';

interface Paginated {
  tag: string;
  /** The list endpoint the element shows, after /v1. */
  path: string;
  /** The items the element shows. */
  items: (element: Element) => Element[];
  /** Filters under which the whole list fits on one page of 100. */
  fewer: Record<string, string>;
}

const PAGINATED: Paginated[] = [
  {
    tag: 'khountous-ranking',
    path: '/administrations',
    items: (element) => [...element.shadowRoot!.querySelectorAll('tbody tr')],
    fewer: { region: 'kolda' },
  },
  { tag: 'khountous-reports', path: '/khountous', items: listItems, fewer: { region: 'kolda' } },
  { tag: 'khountous-fact-checks', path: '/verifications', items: listItems, fewer: {} },
];

/** The number of items of the list under `filters`, from the API. */
async function totalOf(list: Paginated, filters: Record<string, string> = {}): Promise<number> {
  const params = new URLSearchParams({ ...filters, limit: '1', lang: 'en' });
  return (await api<ListEnvelope<unknown>>(sharedApi(), `${list.path}?${params}`)).meta.total;
}

/** The largest page size (at most 100) that spreads `total` items over 2 pages or more, the last not full. */
function partialLimit(total: number): number {
  for (let limit = Math.min(100, total - 1); limit >= 2; limit--) if (total % limit !== 0) return limit;
  throw new Error(`no page size leaves the last of ${total} items' pages part-full`);
}

/** The largest page size (at most 100) that fills every page of `total` items, with 2 pages or more. */
function exactLimit(total: number): number {
  for (let limit = 100; limit >= 1; limit--) if (total % limit === 0 && total / limit >= 2) return limit;
  throw new Error(`no page size divides ${total}`);
}

const pageText = (element: Element) =>
  element.shadowRoot!.querySelector('nav[part~="pagination"] [aria-live="polite"]')!.textContent!.trim();

/** Previous and next, as [previous disabled, next disabled]. */
const disabled = (element: Element) => pagerButtons(element).map((button) => button.disabled);

describe('the pager of every paginated element', () => {
  widgetTestHooks();

  for (const list of PAGINATED) {
    describe(`<${list.tag} paginate>`, () => {
      it('on the last page, "next" is disabled and "previous" is not (last page not full)', async () => {
        const total = await totalOf(list);
        const limit = partialLimit(total);
        const pages = Math.ceil(total / limit);
        expect(pages, 'the list spans pages').to.be.greaterThan(1);
        const element = await mount(list.tag, {
          limit: String(limit),
          page: String(pages),
          paginate: '',
          lang: 'en',
        });
        expect(element.getAttribute('state')).to.equal('ready');
        expect(list.items(element)).to.have.length(total - (pages - 1) * limit);
        expect(pageText(element)).to.contain(`Page ${pages} of ${pages}`);
        expect(disabled(element)).to.deep.equal([false, true]);
      });

      it('on the last page, "next" is disabled when the total fills it exactly', async () => {
        const total = await totalOf(list);
        const limit = exactLimit(total);
        const pages = total / limit;
        const element = await mount(list.tag, {
          limit: String(limit),
          page: String(pages),
          paginate: '',
          lang: 'en',
        });
        expect(list.items(element)).to.have.length(limit);
        expect(pageText(element)).to.contain(`Page ${pages} of ${pages}`);
        expect(disabled(element)).to.deep.equal([false, true]);
      });

      it('"next" from the page before the last: then "next" is disabled', async () => {
        const total = await totalOf(list);
        const limit = exactLimit(total);
        const pages = total / limit;
        const element = await mount(list.tag, {
          limit: String(limit),
          page: String(pages - 1),
          paginate: '',
          lang: 'en',
        });
        expect(pageText(element)).to.contain(`Page ${pages - 1} of ${pages}`);
        expect(disabled(element)).to.deep.equal([pages - 1 <= 1, false]);
        const loaded = nextEvent(element, 'khountous-load');
        pagerButtons(element)[1]!.click();
        await loaded;
        await (element as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
        expect(pageText(element)).to.contain(`Page ${pages} of ${pages}`);
        expect(disabled(element)).to.deep.equal([false, true]);
      });

      it('a list that fits on one page: "previous" and "next" are both disabled', async () => {
        const total = await totalOf(list, list.fewer);
        expect(total, 'the list fits on one page').to.be.within(1, 100);
        const element = await mount(list.tag, { ...list.fewer, limit: '100', paginate: '', lang: 'en' });
        expect(list.items(element)).to.have.length(total);
        expect(pageText(element)).to.contain('Page 1 of 1');
        expect(disabled(element)).to.deep.equal([true, true]);
      });
    });
  }
});
