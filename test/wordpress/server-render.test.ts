/**
 * The plugin renders on the server (includes/data.php, includes/fallback.php):
 * on a real WordPress (harness.ts), the reference API on another port counting
 * what reaches it, and Debian's Chromium with JavaScript off and on.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { register } from 'node:module';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { freePort, type CountedApi } from '../../scripts/tier/tier.js';
import { ENDPOINTS } from '../../src/core/endpoints.js';
import { inlinePath, readInline } from '../../src/core/inline.js';
import { MAX_ANSWER_BYTES } from '../../src/core/types.js';
import {
  ageCache,
  clearCache,
  inlineOf,
  Session,
  saveSettings,
  totalAsked,
  skipReason,
  startPluginSite,
  type WordPress,
  launchChromium,
} from './harness.js';

const skip = skipReason();

describe('WordPress plugin: server rendering', { skip }, () => {
  let wp: WordPress;
  let api: CountedApi;
  let admin: Session;
  let browser: Browser | undefined;
  let slug: string;
  /** An API in front of the reference API that answers a hostile name in the ranking. */
  let hostile: Server;
  let hostileBase: string;
  const HOSTILE = '"><img src=x onerror=alert(1)></script><!-- [khountous-ranking] <script>alert(2)</script>';

  before(async () => {
    ({ api, wp, admin } = await startPluginSite());
    await saveSettings(admin, { api_base_url: api.base });
    const list = (await (await fetch(`${api.base}/administrations?limit=1`)).json()) as {
      data: { slug: string }[];
    };
    slug = list.data[0]!.slug;
    const port = await freePort();
    hostile = createServer(async (request, response) => {
      const upstream = await fetch(`${api.base}${request.url!.replace(/^\/v1/, '')}`);
      const body = (await upstream.json()) as { data?: { name?: string }[] };
      if (request.url!.startsWith('/v1/administrations?')) body.data![0]!.name = HOSTILE;
      // The regions, one byte over the kit's bound on an answer: valid JSON, too large to read.
      if (request.url!.startsWith('/v1/regions'))
        (body as Record<string, unknown>)['padding'] = 'x'.repeat(MAX_ANSWER_BYTES);
      response.writeHead(upstream.status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => hostile.listen(port, '127.0.0.1', resolve));
    hostileBase = `http://127.0.0.1:${port}/v1`;
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await wp?.stop();
    await api?.stop();
    await new Promise((resolve) => hostile?.close(resolve));
  });

  const createPost = async (content: string) => {
    const response = await wp.rest('author', '/wp/v2/posts', {
      method: 'POST',
      body: JSON.stringify({ title: 'Widgets', content, status: 'publish' }),
    });
    const post = (await response.json()) as { id: number; link: string };
    assert.equal(response.status, 201);
    return post;
  };
  const page = async (link: string) => (await fetch(link)).text();
  const age = (seconds: number) => ageCache(wp, seconds);
  const clear = () => clearCache(wp);

  it('a post with widgets: inline data the kit reads, and the fallback, in fr and en', async () => {
    clear();
    const post = await createPost(
      [
        '[khountous-ranking limit="3" lang="en" href-template="https://example.org/a/{slug}"]',
        '[khountous-ranking limit="3" lang="fr"]',
        `[khountous-admin-card slug="${slug}" lang="fr"]`,
        '[khountous-region-stats region="kolda" indicator="responseRate" lang="en"]',
        `<!-- wp:khountous-widgets/admin-card {"slug":"${slug}","lang":"en"} /-->`,
      ].join('\n\n'),
    );
    const html = await page(post.link);
    const widgets = inlineOf(html);
    assert.equal(widgets.length, 5);
    const now = Date.now();
    for (const { tag, json } of widgets) {
      const inline = readInline(json, now);
      assert.ok(typeof inline !== 'string', `${tag}: the kit reads its inline data: ${String(inline)}`);
      assert.ok(now - inline.fetchedAt < 60_000, `${tag}: fetched just now`);
    }
    // The path is the loader's (src/core/inline.ts): the element adopts it.
    const read = (index: number) => readInline(widgets[index]!.json, now) as { path: string; data: unknown };
    assert.equal(
      read(0).path,
      inlinePath({ kind: 'administrations', query: { lang: 'en', limit: 3 } }, api.base),
    );
    assert.equal(
      read(1).path,
      inlinePath({ kind: 'administrations', query: { lang: 'fr', limit: 3 } }, api.base),
    );
    assert.equal(read(2).path, inlinePath({ kind: 'administration', slug, lang: 'fr' }, api.base));
    assert.equal(read(3).path, inlinePath({ kind: 'regions', lang: 'en' }, api.base));
    assert.equal(read(4).path, inlinePath({ kind: 'administration', slug, lang: 'en' }, api.base));

    const ranking = (read(0).data as { data: { name: string; slug: string; score: number }[] }).data;
    // The fallback: the ranking as an ordered list, with the widget's links; the words in the widget's language.
    const en = widgets[0]!.inner;
    assert.match(en, /<ol start="1"><li value="1"><a href="https:\/\/example\.org\/a\//);
    // Each numbered by its place: one more than the scores above it, equal scores sharing it, marked "tied".
    const scores = ranking.map((item) => item.score);
    assert.ok(new Set(scores).size < scores.length, 'the reference ranking ties in its first three');
    const items = [...en.matchAll(/<li value="(\d+)">(.*?)<\/li>/g)];
    assert.deepEqual(
      items.map((item) => [Number(item[1]), item[2]!.endsWith(' · tied)')]),
      scores.map((score) => [
        1 + scores.filter((other) => other > score).length,
        scores.filter((other) => other === score).length > 1,
      ]),
    );
    assert.ok(en.includes('Ranking of administrations') && en.includes('Response rate'), en);
    assert.ok(en.includes(`https://example.org/a/${ranking[0]!.slug}`));
    const fr = widgets[1]!.inner;
    assert.ok(fr.includes('Classement des administrations') && fr.includes('Taux de réponse'), fr);
    assert.match(fr, /données de <time datetime="/);
    // The card's place, shared or not.
    const card = read(2).data as { rank: number; rankShared: boolean };
    assert.ok(
      widgets[2]!.inner.includes(`<li>Rang\u202f: ${card.rank}${card.rankShared ? ' (ex aequo)' : ''}</li>`),
      widgets[2]!.inner,
    );
    // The cards and the region's figure, as their summaries say (src/components/<name>/summary.ts).
    // Each text from the API in a <bdi> (its direction its own: includes/fallback.php).
    assert.match(
      widgets[2]!.inner,
      /<h3><bdi>[^<]+<\/bdi><\/h3><ul><li>Score global\u202f: \d+(,\d)?\/100<\/li>/,
    );
    assert.match(
      widgets[4]!.inner,
      /<h3><bdi>[^<]+<\/bdi><\/h3><ul><li>Overall score: \d+(\.\d)?\/100<\/li>/,
    );
    assert.match(
      widgets[3]!.inner,
      /<p>Response rate by region<\/p><ul><li><bdi>Kolda<\/bdi> \(\d+%\)<\/li><\/ul>/,
    );
  });

  it('JavaScript off: the reader sees the data; on: the element adopts it with no request and hides the fallback', async (t) => {
    if (!browser) return t.skip('Chromium unavailable');
    const post = await createPost(
      '[khountous-ranking limit="5" lang="en"]\n\n[khountous-region-stats lang="fr"]',
    );
    const first = await page(post.link); // the server fetches here (or serves its cache)
    const names = (
      JSON.parse(inlineOf(first)[0]!.json) as { data: { data: { name: string }[] } }
    ).data.data.map((item) => item.name);

    const off = await browser.newContext({ javaScriptEnabled: false });
    const reader = await off.newPage();
    await reader.goto(post.link);
    const shown = await reader.locator('khountous-ranking').innerText();
    for (const name of names) assert.ok(shown.includes(name), `without JavaScript, ${name} is shown`);
    assert.match(await reader.locator('khountous-region-stats').innerText(), /Score moyen par région/);
    await off.close();

    const before = totalAsked(api);
    const tab = await browser.newPage();
    const warnings: string[] = [];
    tab.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    await tab.goto(post.link);
    await tab.waitForFunction(
      () =>
        [...document.querySelectorAll('khountous-ranking, khountous-region-stats')].every(
          (node) => node.getAttribute('state') === 'ready',
        ),
      undefined,
      { timeout: 20_000 },
    );
    const state = await tab.evaluate(() =>
      [...document.querySelectorAll('khountous-ranking, khountous-region-stats')].map((node) => ({
        shadow: (node.shadowRoot?.textContent ?? '').trim().length,
        // Light DOM without a slot: not rendered, so neither shown nor read by a screen reader.
        fallbackRendered: (node.querySelector('.khountous-widgets-fallback') as HTMLElement).getClientRects()
          .length,
        slots: node.shadowRoot?.querySelectorAll('slot').length ?? -1,
      })),
    );
    for (const widget of state) {
      assert.ok(widget.shadow > 20, 'the element shows the data');
      assert.equal(widget.fallbackRendered, 0, 'the fallback is not rendered once the element runs');
      assert.equal(widget.slots, 0, 'no slot shows the light DOM');
    }
    assert.equal(totalAsked(api), before, 'the browser sent no request: the inline data was fresh');
    assert.deepEqual(
      warnings.filter((text) => /khountous|inline/i.test(text)),
      [],
      'no warning about the inline data',
    );
    await tab.close();
  });

  it('an inline figure inside a paragraph: inline markup that keeps the paragraph whole, on its line without and with JavaScript', async (t) => {
    clear();
    const post = await createPost(
      [
        'À Kolda, le taux de réponse atteint [khountous-region-stats region="kolda" indicator="responseRate" variant="inline" lang="fr"], loin devant.',
        `The hospital scores [khountous-admin-card slug="${slug}" variant="inline" lang="en"] this year.`,
      ].join('\n\n'),
    );
    const html = await page(post.link);
    const widgets = inlineOf(html);
    assert.equal(widgets.length, 2, 'both shortcodes rendered');
    for (const { tag, inner } of widgets) {
      // Inline markup only: its data, then the figure as a link to it in a <span>.
      const fallback = inner.replace(/^<script type="application\/json">.*?<\/script>/s, '');
      assert.match(
        fallback,
        /^<span class="khountous-widgets-fallback"><a href="[^"]+">[^<]*\d[^<]*<\/a><\/span>$/,
        tag,
      );
      assert.doesNotMatch(inner, /<(div|p|ul|ol|h\d)[\s>]/, `${tag}: no block`);
    }
    assert.match(widgets[0]!.inner, />\d+\s?%<\/a>/);
    assert.match(widgets[1]!.inner, />\d+(\.\d)?\/100<\/a>/);
    assert.match(
      html,
      /<p>À Kolda, le taux de réponse atteint <khountous-region-stats [^>]*variant="inline"/,
    );
    if (!browser) return t.skip('Chromium unavailable');
    for (const javaScriptEnabled of [false, true]) {
      const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 320, height: 800 } });
      const reader = await context.newPage();
      await reader.goto(post.link);
      if (javaScriptEnabled)
        await reader.waitForFunction(
          () =>
            [...document.querySelectorAll('khountous-region-stats, khountous-admin-card')].every(
              (node) => node.getAttribute('state') === 'ready',
            ),
          undefined,
          { timeout: 20_000 },
        );
      const placed = await reader.evaluate(() =>
        [...document.querySelectorAll('khountous-region-stats, khountous-admin-card')].map((node) => {
          const paragraph = node.parentElement!;
          const figure = node.shadowRoot?.querySelector('.figure') ?? node.querySelector('a')!;
          const box = figure.getBoundingClientRect();
          const before = document.createRange();
          before.selectNodeContents(node.previousSibling!);
          const line = [...before.getClientRects()].at(-1)!;
          return {
            parent: paragraph.localName,
            text: paragraph.textContent!.trim().slice(-10),
            rects: figure.getClientRects().length,
            middle: (box.top + box.bottom) / 2,
            line: [line.top, line.bottom],
          };
        }),
      );
      for (const figure of placed) {
        assert.equal(figure.parent, 'p', 'inside its paragraph');
        assert.ok(
          /(devant\.|this year\.)$/.test(figure.text),
          `the paragraph holds the end of its sentence: ${figure.text}`,
        );
        assert.equal(figure.rects, 1, 'one box');
        assert.ok(
          figure.middle > figure.line[0]! && figure.middle < figure.line[1]!,
          `JavaScript ${javaScriptEnabled ? 'on' : 'off'}: on the line of the words before it`,
        );
      }
      await context.close();
    }
  });

  it('many page views ask the API once per freshness period; stale with its age when the API is down', async (t) => {
    clear();
    const key = `/v1/administrations?lang=en&limit=4&page=1`;
    const asked = () => api.upstream.get(key)?.length ?? 0;
    const before = asked();
    // Saving the post renders it too (the REST API answers its content): the same cache.
    const post = await createPost('[khountous-ranking limit="4"]');
    const timings: number[] = [];
    for (let view = 0; view < 20; view++) {
      const start = performance.now();
      const html = await page(post.link);
      timings.push(performance.now() - start);
      assert.ok(inlineOf(html)[0]!.json, `view ${view} carries the data`);
    }
    assert.equal(asked() - before, 1, 'one request for 20 views');

    // The freshness period of /administrations passes: one more request, then cached again.
    age(ENDPOINTS.administrations.fresh * 60 + 1);
    const start = performance.now();
    await page(post.link);
    const fetching = performance.now() - start;
    for (let view = 0; view < 5; view++) await page(post.link);
    assert.equal(asked() - before, 2, 'one more request once the period passed');
    const median = [...timings].sort((a, b) => a - b)[10]!;
    t.diagnostic(
      `a view: ${fetching.toFixed(0)} ms asking the API, median ${median.toFixed(0)} ms from the cache`,
    );

    // The API is down: the last answer, with the time it was fetched.
    age(ENDPOINTS.administrations.fresh * 60 + 600);
    await api.stop();
    try {
      age(0);
      const start = performance.now();
      const html = await page(post.link);
      t.diagnostic(`a view with the API down: ${(performance.now() - start).toFixed(0)} ms`);
      const inline = JSON.parse(inlineOf(html)[0]!.json) as { fetchedAt: string };
      assert.ok(inline.fetchedAt, 'stale data served');
      const old = Date.now() - Date.parse(inline.fetchedAt);
      assert.ok(old > ENDPOINTS.administrations.fresh * 60_000, `with its real age: ${old} ms`);
      assert.match(inlineOf(html)[0]!.inner, /data as of|données de/);
      // Views go on while the API stays down: each failed attempt writes the answer again,
      // but a day after the API gave it, it is no longer served.
      for (let view = 0; view < 3; view++) await page(post.link);
      age(86_400 + 60);
      const expired = await page(post.link);
      const widgets = inlineOf(expired);
      assert.ok(widgets.length > 0, 'the element is there');
      assert.deepEqual(
        widgets.map((widget) => widget.json),
        widgets.map(() => ''),
        'no data older than a day',
      );
    } finally {
      await api.start();
    }
  });

  it('the budget: when the option says it is spent, no request; stale data or the plain element', async () => {
    clear();
    const post = await createPost('[khountous-fact-checks limit="2"]\n\n[khountous-reports limit="2"]');
    await page(post.link); // both cached
    const before = totalAsked(api);
    // 60 requests sent a minute ago: the anonymous quota of the hour is spent.
    wp.php(`
$all = get_option( 'khountous_widgets_budget' );
foreach ( $all as $id => $budget ) {
	$all[ $id ]['log'] = array_fill( 0, 60, microtime( true ) - 60 );
}
update_option( 'khountous_widgets_budget', $all, false );`);
    age(3600);
    const html = await page(post.link);
    assert.equal(totalAsked(api), before, 'no request with the budget spent');
    const widgets = inlineOf(html);
    assert.ok(
      widgets.every(({ json }) => json !== ''),
      'the stale data served',
    );
    // A resource never cached: the plain element, which loads in the browser.
    const other = await createPost('[khountous-fact-checks limit="3"]');
    const plain = inlineOf(await page(other.link))[0]!;
    assert.equal(totalAsked(api), before, 'still no request');
    assert.equal(plain.json, '');
    assert.match(plain.inner, /^<a href="/);
    clear();
  });

  it('the key: sent by the server as a Bearer token, never in the page nor in the settings form', async () => {
    clear();
    const key = 'demo-partner-key';
    await saveSettings(admin, { api_base_url: api.base, api_key: key });
    const post = await createPost(
      `[khountous-admin-card slug="${slug}"]\n\n[khountous-dataset dataset-id="administration-scores"]`,
    );
    const html = await page(post.link);
    assert.ok(
      inlineOf(html).every(({ json }) => json !== ''),
      'rendered with data',
    );
    assert.ok(api.authorizations.has(`Bearer ${key}`), 'the API received the key');
    assert.ok(!html.includes(key), 'no key in the page');
    const authorHtml = await (async () => {
      const author = new Session(wp.site);
      await author.login('author');
      return (await author.fetch(post.link)).text();
    })();
    assert.ok(!authorHtml.includes(key), 'no key in the page of a logged-in author');
    const form = await (await admin.fetch('/wp-admin/options-general.php?page=khountous-widgets')).text();
    assert.ok(!form.includes(key), 'no key in the settings form');
    assert.match(form, /A key is saved/);
    // Kept when the form is saved without one; forgotten on request.
    await saveSettings(admin, { api_base_url: api.base });
    assert.equal(wp.php(`echo khountous_widgets_settings()['api_key'];`), key);
    await saveSettings(admin, { api_base_url: api.base, api_key_forget: '1' });
    assert.equal(wp.php(`echo khountous_widgets_settings()['api_key'];`), '');
  });

  it('a hostile value from the API is text in the fallback and in the JSON', async (t) => {
    clear();
    await saveSettings(admin, { api_base_url: hostileBase });
    try {
      const post = await createPost(
        `[khountous-ranking limit="2" lang="en"]\n\n<!-- wp:khountous-widgets/ranking {"limit":"2","lang":"fr"} /-->`,
      );
      const html = await page(post.link);
      const widgets = inlineOf(html);
      assert.equal(widgets.length, 2, 'both elements whole');
      for (const { json, inner } of widgets) {
        assert.doesNotMatch(inner, /<img|<!--|<script>alert/i, 'no markup from the API');
        assert.equal([...inner.matchAll(/<\/script>/g)].length, 1, 'only the inline data closes a script');
        const inline = JSON.parse(json) as { data: { data: { name: string }[] } };
        assert.equal(inline.data.data[0]!.name, HOSTILE, 'the JSON carries the value as it came');
      }
      assert.doesNotMatch(
        html,
        /<khountous-ranking[^>]*>(?:(?!<\/khountous-ranking>).)*<khountous-ranking/s,
        'no shortcode ran from the data',
      );
      if (!browser) return t.skip('Chromium unavailable');
      const off = await browser.newContext({ javaScriptEnabled: false });
      const reader = await off.newPage();
      await reader.goto(post.link);
      const text = await reader.locator('khountous-ranking').first().innerText();
      assert.ok(text.includes('"><img src=x onerror=alert(1)>'), `shown as text: ${text}`);
      assert.equal(await reader.locator('khountous-ranking img').count(), 0);
      await off.close();
      const tab = await browser.newPage();
      let dialogs = 0;
      tab.on('dialog', (dialog) => {
        dialogs++;
        void dialog.dismiss();
      });
      await tab.goto(post.link);
      await tab.waitForFunction(
        () =>
          [...document.querySelectorAll('khountous-ranking')].every(
            (node) => node.getAttribute('state') === 'ready',
          ),
        undefined,
        { timeout: 20_000 },
      );
      assert.equal(dialogs, 0);
      await tab.close();
    } finally {
      await saveSettings(admin, { api_base_url: api.base });
    }
  });

  it('an answer larger than the kit’s bound is not read: the plain element, nothing kept', async () => {
    clear();
    await saveSettings(admin, { api_base_url: hostileBase });
    try {
      const post = await createPost('[khountous-region-stats lang="en"]\n\n[khountous-ranking limit="2"]');
      const widgets = inlineOf(await page(post.link));
      assert.deepEqual(
        widgets.map(({ tag, json }) => [tag, json !== '']),
        [
          ['khountous-region-stats', false],
          ['khountous-ranking', true],
        ],
        'the regions’ answer (over the bound) gave no data; the ranking’s did',
      );
      assert.match(widgets[0]!.inner, /^<a href="/);
    } finally {
      await saveSettings(admin, { api_base_url: api.base });
    }
  });

  it('off in the settings: the plain element, no request from the server', async () => {
    clear();
    await saveSettings(admin, { api_base_url: api.base, server_render: 'off' });
    try {
      const before = totalAsked(api);
      const post = await createPost('[khountous-ranking limit="6"]');
      const [widget] = inlineOf(await page(post.link));
      assert.equal(widget!.json, '');
      assert.match(widget!.inner, /^<a href="/);
      assert.equal(totalAsked(api), before);
    } finally {
      await saveSettings(admin, { api_base_url: api.base, server_render: 'on' });
    }
  });

  it('the address of the pictures: where scripts do not run, the widget’s picture (its text as its alternative), linked to its data; an address that is not one is refused', async () => {
    clear();
    // The site's image twin of the embed page, on a Node server: the kit's renderEmbedImage.
    register('../helpers/vite-glob-hook.mjs', import.meta.url);
    const { renderEmbedImage, RenderError } = await import('../../src/ssr/render.js');
    const port = await freePort();
    const twin = createServer(async (request, response) => {
      const url = new URL(request.url!, `http://127.0.0.1:${port}`);
      try {
        if (url.pathname !== '/khountous/embed.png') throw new RenderError('not found', '');
        const { type, body } = await renderEmbedImage(url, { baseUrl: api.base, format: 'png' });
        response.writeHead(200, { 'Content-Type': type }).end(body);
      } catch (error) {
        response.writeHead(error instanceof RenderError ? 400 : 500).end(String(error));
      }
    });
    await new Promise<void>((resolve) => twin.listen(port, '127.0.0.1', resolve));
    const pictures = `http://127.0.0.1:${port}/khountous/embed.png`;
    try {
      const refused = await saveSettings(admin, {
        api_base_url: api.base,
        image_url: `${pictures}?widget=ranking`,
      });
      assert.match(refused, /The address of the pictures was not saved/);
      await saveSettings(admin, { api_base_url: api.base, image_url: pictures });
      const post = await createPost('[khountous-ranking limit="3" lang="en"]');
      const [widget] = inlineOf(await page(post.link));
      assert.notEqual(widget!.json, '', 'the inline data, for the element');
      const image =
        /^<a href="([^"]+)"><img src="([^"]+)" alt="([^"]*)" width="600" loading="lazy" decoding="async" \/><\/a>$/.exec(
          widget!.inner.slice(widget!.inner.indexOf('</script>') + '</script>'.length),
        );
      assert.ok(image, `the picture in place of the text: ${widget!.inner.slice(0, 400)}`);
      const decode = (text: string) =>
        text
          .replace(/&#0?39;|&apos;/g, "'")
          .replace(/&quot;/g, '"')
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&#0?38;|&amp;/g, '&');
      const src = new URL(decode(image[2]!));
      assert.equal(src.origin + src.pathname, pictures);
      assert.deepEqual(Object.fromEntries(src.searchParams), { widget: 'ranking', limit: '3', lang: 'en' });
      // Its text alternative is the text fallback: the names, the source and the date.
      const list = (await (await fetch(`${api.base}/administrations?lang=en&limit=3`)).json()) as {
        data: { name: string }[];
      };
      const alt = decode(image[3]!);
      for (const { name } of list.data) assert.ok(alt.includes(name), `"${name}" in the alt: ${alt}`);
      assert.match(alt, /^Ranking of administrations Hôpital/, 'each element’s words apart');
      assert.match(alt, /data as of \d{1,2} \w{3} \d{4}/);
      assert.match(decode(image[1]!), /\/administrations\?/, 'linked to its data on the platform');
      // The picture the site serves there: a PNG 600 px wide.
      const answer = await fetch(src);
      assert.equal(answer.status, 200, await answer.clone().text());
      assert.equal(answer.headers.get('content-type'), 'image/png');
      const png = new Uint8Array(await answer.arrayBuffer());
      assert.deepEqual([...png.slice(1, 4)], [80, 78, 71], 'a PNG');
      assert.equal(new DataView(png.buffer).getUint32(16), 600);
      // The site's feed carries it too.
      const feed = await (await fetch(`${wp.site}/?feed=rss2`)).text();
      assert.match(feed, /embed\.png\?widget=ranking/);
    } finally {
      await saveSettings(admin, { api_base_url: api.base, image_url: '' });
      await new Promise((resolve) => twin.close(resolve));
    }
    // Without it: the text again.
    const post = await createPost('[khountous-ranking limit="3" lang="en"]');
    const [widget] = inlineOf(await page(post.link));
    assert.doesNotMatch(widget!.inner, /<img /);
    assert.match(widget!.inner, /<ol/);
  });
});
