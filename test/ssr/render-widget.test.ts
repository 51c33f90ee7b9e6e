/**
 * `khountous-widgets/ssr` renderWidget (src/ssr/render.ts): a widget rendered on
 * the server with its data and its inline data, through one loader per API for
 * the whole process (one request per resource per freshness period, concurrent
 * renders joined, the budget of the level, stale data with its real age when the
 * API fails); clear errors, with the plain element, when it cannot render. Over
 * the reference API, called through the `fetch` option, in plain Node.
 */
import assert from 'node:assert/strict';
import { register } from 'node:module';
import { beforeEach, describe, it } from 'node:test';
import { createApi } from '../../demo/api/handler.js';
import { DATA_EPOCH } from '../../demo/api/data.js';

register('../helpers/vite-glob-hook.mjs', import.meta.url);
const { renderWidget, resetRenderCache, RenderError } = await import('../../src/ssr/render.js');

const BASE_URL = 'https://api.khountous.sn/v1';
const SERVER = '198.51.100.20';

/** The reference API on a settable clock, its requests counted; `down` makes it fail. */
function upstream({ anonymous = 100_000 } = {}) {
  let now = DATA_EPOCH + 86_400_000;
  const api = createApi({ now: () => now, env: {}, quotas: { anonymous, free: 100_000, partner: 100_000 } });
  const state = { requests: [] as Request[], down: false };
  const fetch = async (input: string, init?: RequestInit) => {
    const request = new Request(input, init);
    state.requests.push(request);
    if (state.down) throw new TypeError('fetch failed');
    return api.handle(request, SERVER);
  };
  return { api, fetch, state, advance: (ms: number) => (now += ms) };
}

const inlineOf = (html: string) => {
  const match = /<script type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  assert.ok(match, 'inline data in the element');
  return JSON.parse(match[1]!) as { khountous: number; path: string; fetchedAt: string; data: unknown };
};

describe('renderWidget', () => {
  beforeEach(() => resetRenderCache());

  it('renders the element with its data in declarative shadow DOM, and the inline data', async () => {
    const api = upstream();
    const html = await renderWidget(
      'khountous-ranking',
      { limit: 3, lang: 'en' },
      { baseUrl: BASE_URL, fetch: api.fetch },
    );
    assert.match(html, /^<khountous-ranking limit="3" lang="en"[^>]* state="ready"/);
    assert.match(html, /<template shadowroot="open" shadowrootmode="open">/);
    const inline = inlineOf(html);
    assert.equal(inline.khountous, 1);
    assert.equal(inline.path, '/administrations?lang=en&limit=3&page=1');
    const names = (inline.data as { data: { name: string }[] }).data.map((item) => item.name);
    assert.equal(names.length, 3);
    // The shadow root shows the data (not a skeleton).
    const shadow = /<template[^>]*>([\s\S]*)<\/template>/.exec(html)![1]!;
    for (const name of names)
      assert.ok(shadow.includes(name.replace(/'/g, '&#39;')) || shadow.includes(name), name);
    assert.doesNotMatch(shadow, /class="skeleton"/);
    // Its source, dated when the API answered (a list carries no date of its own).
    const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
    const source =
      /<p class="source" part="source">\s*(?:<!--[^>]*-->)*<a href="([^"]*)"[^>]*>(?:<!--[^>]*-->)*([^<]*)/.exec(
        shadow,
      );
    assert.equal(source?.[2], `Source: Khountous · data as of ${day.format(new Date(inline.fetchedAt))}`);
    // A link to the platform's public site (no source-href given).
    assert.equal(source?.[1], 'https://khountous.sn');
    assert.equal(api.state.requests.length, 1);
  });

  it('one request per resource: a second render and concurrent ones are served by the first', async () => {
    const api = upstream();
    const options = { baseUrl: BASE_URL, fetch: api.fetch };
    await Promise.all(
      Array.from({ length: 5 }, () => renderWidget('khountous-region-stats', { region: 'kolda' }, options)),
    );
    await renderWidget('khountous-region-stats', { region: 'dakar' }, options);
    assert.equal(api.state.requests.length, 1, 'the regions, once, for every region’s widget');
  });

  it('the region map: its SVG in the declarative shadow root, each region named with its value; the region chart’s request', async () => {
    const api = upstream();
    const options = { baseUrl: BASE_URL, fetch: api.fetch };
    const html = await renderWidget(
      'khountous-region-map',
      { indicator: 'avgDelayDays', region: 'kolda' },
      options,
    );
    assert.match(html, /^<khountous-region-map indicator="avgDelayDays" region="kolda"[^>]* state="ready"/);
    const shadow = /<template shadowroot="open" shadowrootmode="open">([\s\S]*)<\/template>/.exec(html)![1]!;
    assert.match(shadow, /<svg[^>]* part="map"[^>]* viewBox="0 0 1000 741"/);
    const regions = (
      inlineOf(html).data as { data: { code: string; name: string; indicators: { avgDelayDays: number } }[] }
    ).data;
    assert.equal(regions.length, 14);
    const labels = [...shadow.matchAll(/<g[^>]* class="region"[^>]* aria-label="([^"]*)"/g)].map(
      (match) => match[1],
    );
    assert.equal(labels.length, 14);
    const kolda = regions.find((region) => region.code === 'kolda')!;
    const days = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(
      kolda.indicators.avgDelayDays,
    );
    assert.ok(
      // The name isolated (U+2068 … U+2069, src/i18n/bidi.ts): its direction stays its own.
      labels.some((label) => label!.startsWith('\u2068Kolda\u2069\u202f: ') && label!.includes(days)),
      labels.join('\n'),
    );
    assert.match(shadow, /aria-current="true"/);
    assert.match(shadow, /class="gambia"/);
    await renderWidget('khountous-region-stats', {}, options);
    assert.equal(api.state.requests.length, 1, 'the map and the chart, one request');
  });

  it('the key goes to the API as a Bearer token and never into the HTML', async () => {
    const api = upstream();
    const html = await renderWidget(
      'khountous-ranking',
      { limit: 2 },
      { baseUrl: BASE_URL, fetch: api.fetch, key: 'demo-partner-key' },
    );
    assert.equal(api.state.requests[0]!.headers.get('Authorization'), 'Bearer demo-partner-key');
    assert.doesNotMatch(html, /demo-partner-key/);
  });

  it('when the API fails, stale data is served with its real age; with nothing cached, a clear error and the plain element', async () => {
    const api = upstream();
    const options = { baseUrl: BASE_URL, fetch: api.fetch };
    const first = inlineOf(await renderWidget('khountous-ranking', { limit: 2 }, options));
    api.advance(3 * 3_600_000);
    api.state.down = true;
    const stale = inlineOf(await renderWidget('khountous-ranking', { limit: 2 }, options));
    assert.equal(stale.fetchedAt, first.fetchedAt, 'its real age');
    await assert.rejects(renderWidget('khountous-fact-checks', { limit: 2 }, options), (error: unknown) => {
      assert.ok(error instanceof RenderError);
      assert.match(error.message, /no data to render/);
      assert.equal(error.html, '<khountous-fact-checks limit="2"></khountous-fact-checks>');
      return true;
    });
  });

  it('with `fallback`: the plain element when it cannot render with data, the error told, nothing thrown', async () => {
    const api = upstream();
    api.state.down = true;
    const told: unknown[] = [];
    const options = { baseUrl: BASE_URL, fetch: api.fetch, fallback: (error: unknown) => told.push(error) };
    assert.equal(
      await renderWidget('khountous-fact-checks', { limit: 2 }, options),
      '<khountous-fact-checks limit="2"></khountous-fact-checks>',
    );
    assert.equal(told.length, 1);
    assert.ok(told[0] instanceof RenderError);
    assert.match((told[0] as Error).message, /no data to render/);
    // With data, the render as without `fallback`, and nothing told.
    api.state.down = false;
    const rendered = await renderWidget('khountous-ranking', { limit: 2 }, options);
    assert.match(rendered, /<template [^>]*shadowrootmode="open"/);
    assert.equal(told.length, 1);
    // What is not the render's own (a fallback that throws) still throws.
    api.state.down = true;
    await assert.rejects(
      renderWidget(
        'khountous-reports',
        { limit: 2 },
        {
          ...options,
          fallback: () => {
            throw new Error('site');
          },
        },
      ),
      /site/,
    );
  });

  it('an unknown tag or an attribute the widget cannot use: the widget’s message', async () => {
    const api = upstream();
    const options = { baseUrl: BASE_URL, fetch: api.fetch };
    await assert.rejects(renderWidget('khountous-nope', {}, options), /is not an element of the kit/);
    await assert.rejects(
      renderWidget('khountous-admin-card', { slug: 'Not a slug!' }, options),
      (error: unknown) => {
        assert.ok(error instanceof RenderError);
        assert.match(error.message, /slug="Not a slug!" is not valid/);
        assert.match(error.html, /^<khountous-admin-card slug="Not a slug!"><\/khountous-admin-card>$/);
        return true;
      },
    );
    await assert.rejects(
      renderWidget('khountous-ranking', { 'on click': 'x' }, options),
      /takes no attribute "on click"/,
    );
    assert.equal(api.state.requests.length, 0);
  });

  it('writes only the widget’s attributes, id and class: any other name is refused and never written', async () => {
    const api = upstream();
    const options = { baseUrl: BASE_URL, fetch: api.fetch };
    // Event handlers, style, focus stealers, a property's spelling, any case: one allow-list.
    for (const name of [
      'onfocus',
      'ONFOCUS',
      'onmouseover',
      'style',
      'autofocus',
      'tabindex',
      'baseUrl',
      'srcdoc',
      'x',
    ])
      await assert.rejects(
        renderWidget('khountous-ranking', { limit: 2, [name]: 'alert(1)' }, options),
        (error: unknown) => {
          assert.ok(error instanceof RenderError, name);
          assert.match(error.message, new RegExp(`takes no attribute "${name}"`));
          assert.equal(error.html, '<khountous-ranking limit="2"></khountous-ranking>', name);
          return true;
        },
      );
    assert.equal(api.state.requests.length, 0, 'nothing asked for a refused render');
    const html = await renderWidget('khountous-ranking', { limit: 2, id: 'top', class: 'wide' }, options);
    assert.match(html, /^<khountous-ranking limit="2" id="top" class="wide"/);
  });

  it('calls its own API only: a base-url attribute naming another host sends it nothing, key included', async () => {
    const api = upstream();
    const options = { baseUrl: BASE_URL, fetch: api.fetch, key: 'demo-partner-key' };
    for (const named of [
      'https://attacker.example/v1',
      '//attacker.example/v1',
      'http://api.khountous.sn/v1',
      '/other/v1',
    ])
      await assert.rejects(
        renderWidget('khountous-ranking', { limit: 2, 'base-url': named }, options),
        (error: unknown) => {
          assert.ok(error instanceof RenderError, named);
          assert.match(error.message, /is not the server's API/);
          return true;
        },
      );
    assert.equal(api.state.requests.length, 0, 'no request for a render that names another API');
    // The same API, however written: rendered, the request to the server's API with its key.
    for (const same of [BASE_URL, `${BASE_URL}/`, '/v1'])
      await renderWidget('khountous-ranking', { limit: 2, 'base-url': same }, options);
    assert.ok(api.state.requests.length > 0);
    for (const request of api.state.requests)
      assert.equal(new URL(request.url).origin, new URL(BASE_URL).origin);
  });

  it('data is text: nothing in it can close the inline script', async () => {
    const api = upstream();
    const original = api.fetch;
    const fetch = async (input: string, init?: RequestInit) => {
      const response = await original(input, init);
      const body = (await response.json()) as { data: { name: string }[] };
      body.data[0]!.name = '</script><img src=x onerror=alert(1)>';
      return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
    };
    const html = await renderWidget('khountous-ranking', { limit: 2 }, { baseUrl: BASE_URL, fetch });
    assert.equal(html.match(/<\/script>/g)?.length, 1, 'one script, closed once');
    assert.doesNotMatch(html, /<img src=x/);
    assert.equal(
      (inlineOf(html).data as { data: { name: string }[] }).data[0]!.name,
      '</script><img src=x onerror=alert(1)>',
    );
  });

  it('a name’s direction stays its own: in a <bdi>, balanced, or isolated in an accessible name', async () => {
    // A right-to-left override left open would reverse the figures written after the name.
    const name = '\u202eNdakaaru';
    const api = upstream();
    const fetch = async (input: string, init?: RequestInit) => {
      const response = await api.fetch(input, init);
      const body = (await response.json()) as { data: { name: string }[] };
      for (const item of body.data) item.name = name;
      return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
    };
    for (const [tag, attributes] of [
      ['khountous-ranking', { limit: 2 }],
      ['khountous-region-map', {}],
    ] as const) {
      const html = await renderWidget(tag, attributes, { baseUrl: BASE_URL, fetch });
      const shadow = /<template[^>]*>([\s\S]*)<\/template>/.exec(html)![1]!;
      // In an element: a <bdi> holding the name and its closing PDF (U+202C), Lit's markers aside.
      const inBdi = /<bdi>(?:<!--[^>]*-->)*\u202eNdakaaru\u202c(?:<!--[^>]*-->)*<\/bdi>/g;
      // In a string (an accessible name, the map's labels): between U+2068 and U+2069, closed.
      const isolated = '\u2068\u202eNdakaaru\u202c\u2069';
      assert.ok(inBdi.test(shadow), `${tag}: a <bdi>`);
      if (tag === 'khountous-region-map')
        assert.ok(shadow.includes(`aria-label="${isolated}`), `${tag}: aria-label`);
      assert.doesNotMatch(
        shadow.replace(inBdi, '').replaceAll(isolated, ''),
        /Ndakaaru/,
        `${tag}: nowhere else`,
      );
    }
  });

  it('an attribute value that tries to close the tag stays a value', async () => {
    const api = upstream();
    const html = await renderWidget(
      'khountous-ranking',
      { limit: 2, 'data-note': '"><img src=x onerror=alert(1)><khountous-ranking x="' },
      { baseUrl: BASE_URL, fetch: api.fetch },
    );
    assert.match(
      html,
      /^<khountous-ranking limit="2" data-note="&quot;&gt;&lt;img src=x onerror=alert\(1\)&gt;&lt;khountous-ranking x=&quot;"/,
    );
    assert.doesNotMatch(html, /<img/);
    assert.equal(html.match(/<khountous-ranking/g)?.length, 1);
  });

  it('a hung API holds a render no longer than its timeout: one request, then a back-off before the next', async () => {
    const requests: Request[] = [];
    // Answers nothing until the request is aborted.
    const hung = (input: string, init?: RequestInit) => {
      const request = new Request(input, init);
      requests.push(request);
      return new Promise<Response>((_resolve, reject) =>
        request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true }),
      );
    };
    const options = { baseUrl: BASE_URL, fetch: hung, timeout: 300 };
    const started = Date.now();
    await assert.rejects(renderWidget('khountous-ranking', { limit: 2 }, options), (error: unknown) => {
      assert.ok(error instanceof RenderError);
      assert.equal(error.html, '<khountous-ranking limit="2"></khountous-ranking>');
      return true;
    });
    const waited = Date.now() - started;
    assert.ok(waited < 3000, `held ${waited} ms for a timeout of 300`);
    assert.equal(requests.length, 1, 'one attempt, no retry');
    // The next renders of that resource, at once: no request, a clear error.
    for (let i = 0; i < 3; i++)
      await assert.rejects(
        renderWidget('khountous-ranking', { limit: 2 }, options),
        /not asked again before/,
      );
    assert.equal(requests.length, 1, 'backed off');
  });

  it('with data held and the API hung: the held data after one timeout, then at once while backing off', async () => {
    const api = upstream();
    let hung = false;
    const requests: string[] = [];
    const fetch = (input: string, init?: RequestInit) => {
      requests.push(input);
      if (!hung) return api.fetch(input, init);
      const signal = init?.signal;
      return new Promise<Response>((_resolve, reject) =>
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true }),
      );
    };
    const options = { baseUrl: BASE_URL, fetch, timeout: 300 };
    const first = inlineOf(await renderWidget('khountous-ranking', { limit: 2 }, options));
    api.advance(3 * 3_600_000);
    hung = true;
    const waited = inlineOf(await renderWidget('khountous-ranking', { limit: 2 }, options));
    assert.equal(waited.fetchedAt, first.fetchedAt, 'the held data, with its real age');
    const asked = requests.length;
    const started = Date.now();
    const next = inlineOf(await renderWidget('khountous-ranking', { limit: 2 }, options));
    assert.equal(next.fetchedAt, first.fetchedAt);
    assert.ok(Date.now() - started < 250, 'at once, without waiting on the API');
    assert.equal(requests.length, asked, 'no request while backing off');
  });

  it('a signal ends the wait at once, with the plain element, and backs nothing off', async () => {
    const api = upstream();
    const slow = async (input: string, init?: RequestInit) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      return api.fetch(input, init);
    };
    const controller = new AbortController();
    const render = renderWidget(
      'khountous-fact-checks',
      { limit: 2 },
      { baseUrl: BASE_URL, fetch: slow, signal: controller.signal },
    );
    const started = Date.now();
    setTimeout(() => controller.abort(), 50);
    await assert.rejects(render, (error: unknown) => error instanceof RenderError);
    assert.ok(Date.now() - started < 1500, 'ended by the signal');
    // A cancelled page says nothing of the API: the next render asks it.
    const html = await renderWidget(
      'khountous-fact-checks',
      { limit: 2 },
      { baseUrl: BASE_URL, fetch: api.fetch },
    );
    assert.match(html, /state="ready"/);
  });

  it('stays within the anonymous budget of the server’s address, then serves what it holds', async () => {
    const api = upstream({ anonymous: 3 });
    const options = { baseUrl: BASE_URL, fetch: api.fetch };
    for (const page of [1, 2, 3]) await renderWidget('khountous-ranking', { limit: 1, page }, options);
    await assert.rejects(renderWidget('khountous-ranking', { limit: 1, page: 4 }, options), RenderError);
    assert.ok(api.state.requests.length <= 4, `${api.state.requests.length} requests`);
  });
});
