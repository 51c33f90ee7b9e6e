/**
 * The news demo page in a real browser (Debian's Chromium) through the
 * shared cache tier on each engine: every widget renders, and renders again
 * from the tier's stale answers once the API is stopped.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { browserSkipReason, startNewsPage, widgetStates, type NewsPage } from './browser.js';
import { NEWS_RESOURCES, sleep } from './client.js';
import { engines, startTier, type Tier } from './harness.js';

const allReady = () =>
  [...document.querySelectorAll('*')]
    .filter((element) => element.localName.startsWith('khountous-'))
    .every((element) => element.getAttribute('state') === 'ready');

for (const [engine, engineSkip] of engines()) {
  describe(
    `${engine}: shared cache tier: the news page in Chromium`,
    { skip: engineSkip || browserSkipReason() },
    () => {
      let tier: Tier;
      let news: NewsPage;
      before(async () => {
        // max-age 1 s for the lists and cards, 2 s for the regions.
        tier = await startTier(engine, { api: { env: { KHOUNTOUS_FRESHNESS_SCALE: '0.001' } } });
        news = await startNewsPage();
      });
      after(async () => {
        await news?.close();
        await tier?.stop();
      });

      it('renders every widget through the tier, asking it for the resources the reader tests open', async () => {
        const { page, asked } = await news.open(tier.base);
        await page.waitForFunction(allReady, null, { timeout: 20_000 });
        const states = await widgetStates(page);
        assert.equal(states.length, 6);
        assert.deepEqual(
          [...new Set(asked.map((url) => url.slice(tier.base.length)))].sort(),
          [...NEWS_RESOURCES].sort(),
        );
        const shared = await page.evaluate(async (base) => {
          const response = await fetch(`${base}/regions?lang=fr`);
          return response.headers.get('X-Khountous-Cache');
        }, tier.base);
        assert.equal(shared, 'shared', 'the page can read the header (CORS)');
        await page.context().close();
      });

      it('renders every widget from the stale answers once the API is stopped', async () => {
        await tier.stopApi();
        await sleep(2_500);
        const { page, asked } = await news.open(tier.base);
        await page.waitForFunction(allReady, null, { timeout: 20_000 });
        assert.ok(asked.length >= NEWS_RESOURCES.length);
        await page.context().close();
      });

      it('marks those widgets stale', async () => {
        const { page } = await news.open(tier.base);
        await page.waitForFunction(allReady, null, { timeout: 20_000 });
        const states = await widgetStates(page);
        await page.context().close();
        assert.deepEqual(
          states.filter((widget) => !widget.stale),
          [],
        );
      });
    },
  );
}
