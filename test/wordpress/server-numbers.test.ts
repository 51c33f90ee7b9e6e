/**
 * The plugin's server render serves only answers the kit takes (includes/answers.php): on a
 * real WordPress (harness.ts), an API in front of the reference API answers a ranking score of
 * 1e309 (INF once PHP decodes it), a response rate of -250 or 86 more rows of Dakar. Such an
 * answer is a failed request: the valid answer held is served, else the plain element; it is
 * neither kept nor printed, in the fallback or as inline data.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { freePort, type CountedApi } from '../../scripts/tier/tier.js';
import { ENDPOINTS } from '../../src/core/endpoints.js';
import { inlinePath, readInline } from '../../src/core/inline.js';
import type { Session } from './harness.js';
import {
  ageCache,
  clearCache,
  inlineOf,
  saveSettings,
  skipReason,
  startPluginSite,
  type WordPress,
} from './harness.js';

const skip = skipReason();

/** What the API in front of the reference API makes of its answers. */
interface Mode {
  /** The first score of a ranking: 1e309. */
  ranking?: 'infinite';
  /** The regions: the first one's response rate -250, 86 more rows of Dakar, or Kolda left out. */
  regions?: 'negative' | 'dakar' | 'partial';
}

const POST = [
  '[khountous-ranking limit="3" lang="en"]',
  '[khountous-region-stats indicator="responseRate" lang="fr"]',
  '[khountous-region-map lang="en"]',
].join('\n\n');

/** What a reader might read of the refused numbers: INF in any case, ∞, a negative percentage. */
const PRINTED = /\binf\b|∞|-\s?250/i;
/** A value of the regions called national (the administrations' names may hold the word). */
const NATIONAL = /\bnationale?\b/i;

describe('WordPress plugin: answers the kit refuses', { skip }, () => {
  let wp: WordPress;
  let api: CountedApi;
  let admin: Session;
  let proxy: Server;
  let base: string;
  let mode: Mode = {};
  /** The requests that reached the API in front, by path and query. */
  const asked = new Map<string, number>();

  before(async () => {
    ({ api, wp, admin } = await startPluginSite());
    const port = await freePort();
    proxy = createServer(async (request, response) => {
      const url = request.url!;
      asked.set(url, (asked.get(url) ?? 0) + 1);
      const upstream = await fetch(`${api.base}${url.replace(/^\/v1/, '')}`);
      const body = (await upstream.json()) as { data: Record<string, unknown>[]; meta: { total: number } };
      let text = JSON.stringify(body);
      if (url.startsWith('/v1/administrations?') && mode.ranking === 'infinite')
        text = JSON.stringify({
          ...body,
          data: [{ ...body.data[0], score: '<inf>' }, ...body.data.slice(1)],
        }).replace('"<inf>"', '1e309');
      if (url.startsWith('/v1/regions?') && mode.regions) {
        const rows = body.data as { code: string; indicators: Record<string, number> }[];
        const dakar = rows.find((row) => row.code === 'dakar')!;
        const data =
          mode.regions === 'negative'
            ? [{ ...rows[0]!, indicators: { ...rows[0]!.indicators, responseRate: -250 } }, ...rows.slice(1)]
            : mode.regions === 'dakar'
              ? [...rows, ...Array.from({ length: 86 }, () => dakar)]
              : rows.filter((row) => row.code !== 'kolda');
        text = JSON.stringify({ ...body, data, meta: { ...body.meta, total: data.length } });
      }
      response.writeHead(upstream.status, { 'Content-Type': 'application/json' });
      response.end(text);
    });
    await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${port}/v1`;
    await saveSettings(admin, { api_base_url: base });
  });

  after(async () => {
    await wp?.stop();
    await api?.stop();
    await new Promise((resolve) => proxy?.close(resolve));
  });

  const createPost = async (content: string) => {
    const response = await wp.rest('author', '/wp/v2/posts', {
      method: 'POST',
      body: JSON.stringify({ title: 'Numbers', content, status: 'publish' }),
    });
    assert.equal(response.status, 201);
    return ((await response.json()) as { link: string }).link;
  };
  /** The page's widgets, once the server rendered it with the API answering as `given`. */
  const view = async (link: string, given: Mode) => {
    mode = given;
    try {
      return inlineOf(await (await fetch(link)).text());
    } finally {
      mode = {};
    }
  };
  /** The ranking's request below the base URL, as the plugin and the element send it. */
  const ranking = () => inlinePath({ kind: 'administrations', query: { lang: 'en', limit: 3 } }, base);
  const rankingAsked = () => asked.get(`/v1${ranking()}`) ?? 0;
  /** The fallback inside an element, without its inline data and its date (both say when the data was fetched). */
  const fallbackOf = (inner: string) =>
    inner
      .replace(/^<script type="application\/json">.*?<\/script>/s, '')
      .replace(/<time [^>]*>.*?<\/time>/, '');
  /** A post of `content`, rendered once when saved, then nothing held. */
  const freshPost = async (content: string) => {
    const link = await createPost(content);
    clearCache(wp);
    return link;
  };

  const REGIONS = ['khountous-region-stats', 'khountous-region-map'];
  for (const [what, given, refused] of [
    ['a ranking score of 1e309', { ranking: 'infinite' }, ['khountous-ranking']],
    ['a response rate of -250', { regions: 'negative' }, REGIONS],
    ['86 more rows of Dakar', { regions: 'dakar' }, REGIONS],
  ] as const)
    it(`nothing held: ${what} gives the plain element, nothing of the answer printed`, async () => {
      const link = await freshPost(POST);
      const widgets = await view(link, given);
      assert.equal(widgets.length, 3);
      for (const { tag, json, inner } of widgets) {
        if (!(refused as readonly string[]).includes(tag)) {
          assert.notEqual(json, '', `${tag}: its valid answer served`);
          continue;
        }
        assert.equal(json, '', `${tag}: no inline data`);
        assert.match(inner, /^<a href="[^"]+">[^<]+<\/a>$/, `${tag}: the plain element, its link only`);
        assert.doesNotMatch(inner, PRINTED);
        assert.doesNotMatch(inner, NATIONAL);
      }
      // Nothing kept: each refused answer is asked for again at the next view, and the plain element stays.
      const total = () => [...asked.values()].reduce((sum, times) => sum + times, 0);
      const before = total();
      const again = await view(link, given);
      assert.deepEqual(
        again.map(({ json }) => json === ''),
        widgets.map(({ json }) => json === ''),
      );
      assert.equal(total() - before, refused.length, 'the refused answers were not kept; the valid one was');
    });

  it('the valid answer held is served when the new one fails the checks', async () => {
    const link = await freshPost(POST);
    const valid = await view(link, {});
    assert.ok(
      valid.every(({ json }) => json !== ''),
      'served with data',
    );
    const age = ENDPOINTS.regions.fresh * 60 + 1;
    ageCache(wp, age);
    const before = rankingAsked();
    const widgets = await view(link, { ranking: 'infinite', regions: 'negative' });
    assert.equal(rankingAsked(), before + 1, 'the API was asked: its data was no longer fresh');
    const now = Date.now();
    widgets.forEach(({ tag, json, inner }, index) => {
      const held = readInline(valid[index]!.json, now) as { fetchedAt: number; data: unknown };
      const served = readInline(json, now) as { fetchedAt: number; data: unknown };
      assert.deepEqual(served.data, held.data, `${tag}: the answer held`);
      assert.ok(Math.abs(held.fetchedAt - age * 1000 - served.fetchedAt) < 1000, `${tag}: with its age`);
      assert.equal(fallbackOf(inner), fallbackOf(valid[index]!.inner), `${tag}: its fallback`);
      assert.doesNotMatch(inner, PRINTED);
    });
    // The region list held names each region once, and the region chart's fallback lists the 14.
    const regions = readInline(widgets[1]!.json, Date.now()) as { data: { data: { code: string }[] } };
    assert.equal(new Set(regions.data.data.map(({ code }) => code)).size, 14);
    assert.equal([...widgets[1]!.inner.matchAll(/<li>/g)].length, 14);
  });

  it('an answer held before these checks (a score of 1e309) is not served: the API is asked', async () => {
    const link = await freshPost('[khountous-ranking limit="3" lang="en"]');
    const good = await (await fetch(`${api.base}${ranking()}`)).text();
    const held = good.replace(/"score":[^,}]+/, '"score":1e309');
    assert.notEqual(held, good);
    // As a version that did not check its answers kept it: fresh, fetched a moment ago.
    const text = (value: string) => `base64_decode( '${Buffer.from(value).toString('base64')}' )`;
    wp.php(`set_transient( 'khountous_widgets_data_' . md5( ${text(base + ranking())} ),
      array( 'fetched' => microtime( true ), 'body' => ${text(held)}, 'retry' => 0.0 ), DAY_IN_SECONDS );`);
    const before = rankingAsked();
    const [widget] = await view(link, {});
    assert.equal(rankingAsked(), before + 1, 'the API was asked in place of the answer held');
    const inline = readInline(widget!.json, Date.now()) as { data: { data: { score: number }[] } };
    assert.ok(typeof inline !== 'string');
    assert.ok(inline.data.data.every(({ score }) => Number.isFinite(score) && score >= 0 && score <= 100));
    assert.doesNotMatch(widget!.inner, PRINTED);
    assert.match(widget!.inner, /Score: \d+\/100/);
  });

  it('a list of 13 regions is valid: served, each region once, and no value called national', async () => {
    const link = await freshPost(POST);
    const [, chart, map] = await view(link, { regions: 'partial' });
    for (const { tag, json, inner } of [chart!, map!]) {
      assert.notEqual(json, '', `${tag}: served`);
      assert.equal([...inner.matchAll(/<li>/g)].length, 13, `${tag}: the 13 regions`);
      assert.doesNotMatch(inner, /Kolda/);
      assert.doesNotMatch(inner, NATIONAL);
    }
    assert.doesNotMatch(wp.logs(), /PHP (Notice|Warning|Deprecated|Fatal error).*khountous-widgets/);
  });
});
