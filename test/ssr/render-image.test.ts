/**
 * `khountous-widgets/ssr` renderImage (src/ssr/image.ts): every widget of the registry as a
 * picture, from the reference API, in French and English, light and dark, 360 and 1200 px
 * wide, as SVG and PNG; its texts are the live widget's (the same widget rendered by
 * renderWidget with the same data): the same values, the same source line and date. Hostile
 * answers give a clear error or text, never markup; options out of bounds a clear error.
 */
import assert from 'node:assert/strict';
import { register } from 'node:module';
import { beforeEach, describe, it } from 'node:test';
import { createApi } from '../../demo/api/handler.js';
import { DATA_EPOCH } from '../../demo/api/data.js';

register('../helpers/vite-glob-hook.mjs', import.meta.url);
const { renderImage, renderWidget, resetRenderCache, RenderError } = await import('../../src/ssr/render.js');
const { catalog } = await import('../../src/registry.js');
const { tokens } = await import('../../src/styles/tokens.styles.js');
const { default: sharp } = await import('sharp');

const BASE_URL = 'https://api.khountous.sn/v1';
const SERVER = '198.51.100.20';

/** The reference API, its requests counted; `answer` replaces its answers when set. */
function upstream() {
  const api = createApi({
    now: () => DATA_EPOCH + 86_400_000,
    env: {},
    quotas: { anonymous: 100_000, free: 100_000, partner: 100_000 },
  });
  const state = { requests: 0, answer: undefined as (() => Response) | undefined };
  const fetch = async (input: string, init?: RequestInit) => {
    state.requests++;
    if (state.answer) return state.answer();
    return api.handle(new Request(input, init), SERVER);
  };
  return { fetch, state };
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) =>
    name.startsWith('#x')
      ? String.fromCodePoint(parseInt(name.slice(2), 16))
      : name.startsWith('#')
        ? String.fromCodePoint(Number(name.slice(1)))
        : (entities[name] ?? whole),
  );
const spaced = (text: string) =>
  text
    .replace(/[\u2066-\u2069]/g, '')
    .replace(/[ \t\n\r]+/g, ' ')
    .trim();

/** The texts an SVG draws, in order (the address's too). */
const textsOf = (svg: string) =>
  [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => decode(match[1]!));

/** What the live widget shows, as text: its server-rendered markup without tags. */
const liveText = (html: string) =>
  spaced(
    decode(
      html
        .replace(/<script[\s\S]*?<\/script>/g, ' ')
        .replace(/<style[\s\S]*?<\/style>/g, ' ')
        .replace(/<!--[\s\S]*?-->/g, '')
        .replace(/<[^>]+>/g, ' '),
    ),
  );

/** The width and height a PNG's header gives. */
function pngSize(png: Uint8Array): { width: number; height: number } {
  assert.deepEqual([...png.slice(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], 'a PNG signature');
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** The colour of `token` (`--_bg`) in the kit's tokens, light and dark. */
function tokenColours(token: string): { light: string; dark: string } {
  const match = new RegExp(
    `--_${token}: var\\(--khountous-color-[a-z-]+, light-dark\\((#[0-9a-f]{6}), (#[0-9a-f]{6})\\)\\)`,
  ).exec(tokens.cssText);
  assert.ok(match, token);
  return { light: match[1]!, dark: match[2]! };
}

describe('renderImage: every widget, as a picture of what the live widget shows', () => {
  beforeEach(() => resetRenderCache());

  for (const { widget, about } of catalog)
    it(`<${widget.tag}>: fr and en, light and dark, 360 and 1200 px, SVG and PNG, the live widget's texts`, async () => {
      const api = upstream();
      for (const lang of ['fr', 'en'] as const) {
        const attributes = { ...about.sample, lang };
        const options = { baseUrl: BASE_URL, fetch: api.fetch };
        const live = liveText(await renderWidget(widget.tag, attributes, options));
        const loads = api.state.requests;
        for (const theme of ['light', 'dark'] as const)
          for (const width of [360, 1200]) {
            const svg = await renderImage(widget.tag, attributes, { ...options, theme, width });
            const label = `${widget.tag} ${lang} ${theme} ${width}`;
            assert.match(svg, new RegExp(`^<svg [^>]*width="${width}"[^>]* lang="${lang}"`), label);
            // Its colours: the kit's, in the theme.
            assert.match(svg, new RegExp(`<rect [^>]*fill="${tokenColours('bg')[theme]}"`), label);
            assert.match(svg, new RegExp(`fill="${tokenColours('text')[theme]}"`), label);
            // Its name and description for screen readers; its texts as text.
            const title = /<title id="title">([^<]*)<\/title>/.exec(svg)?.[1];
            assert.ok(title, `${label}: a title`);
            assert.match(svg, /<desc id="desc">[^<]+<\/desc>/, label);
            const texts = textsOf(svg);
            assert.ok(texts.length >= 3, `${label}: ${texts.length} texts`);
            // Every text drawn is the live widget's (a line cut with … by its start; a line of figures by its parts).
            const address = texts.at(-1)!;
            assert.equal(address, 'khountous.sn', `${label}: the address of the live widget`);
            for (const text of texts.slice(0, -1))
              for (const part of text.split(' · ')) {
                // A score out of 100 is written 97/100 where the widget sets the figure and its scale apart.
                const shown = spaced(part.replace(/…$/, '')).replace(/^(\d+)\/100$/, '$1');
                assert.ok(live.includes(shown), `${label}: "${shown}" is not in the live widget:\n${live}`);
              }
            // The same source line, with the same date.
            const source = /Source\u202f?: Khountous · \D+ \d{1,2} \S+ \d{4}/.exec(live)?.[0];
            assert.ok(source, `${label}: the live widget's source line`);
            assert.ok(
              texts.includes(source),
              `${label}: the source line "${source}" in ${JSON.stringify(texts)}`,
            );
            // The PNG: the same picture, at the width asked, drawn from the SVG (which it parses).
            if (theme === 'light' || width === 360) {
              const png = await renderImage(widget.tag, attributes, {
                ...options,
                theme,
                width,
                format: 'png',
              });
              const size = pngSize(png);
              assert.equal(size.width, width, label);
              assert.equal(size.height, Number(/height="(\d+)"/.exec(svg)![1]), label);
            }
          }
        // The pictures read what the live widget loaded: no request of their own.
        assert.equal(api.state.requests, loads, `${widget.tag} ${lang}: requests`);
      }
    });
});

describe('renderImage: every field the summary names, where a picture has room for it', () => {
  beforeEach(() => resetRenderCache());

  it("a fact-check's verdict and a report's status, in the widget's words; a long name on two lines", async () => {
    const { verdictValues } = await import('../../src/components/fact-checks/strings.js');
    const { reportValues } = await import('../../src/i18n/report-values.js');
    const api = upstream();
    const options = { baseUrl: BASE_URL, fetch: api.fetch };
    for (const lang of ['fr', 'en'] as const) {
      const checks = textsOf(await renderImage('khountous-fact-checks', { limit: 5, lang }, options));
      const list = (await (
        await api.fetch(`${BASE_URL}/verifications?lang=${lang}&limit=5&page=1`)
      ).json()) as { data: { verdict: keyof (typeof verdictValues)['fr']['verdicts'] }[] };
      assert.deepEqual(
        checks.filter((text) => Object.values(verdictValues[lang].verdicts).includes(text)),
        list.data.map((item) => verdictValues[lang].verdicts[item.verdict]),
        `${lang}: each claim's verdict`,
      );
      const reports = textsOf(await renderImage('khountous-reports', { limit: 5, lang }, options));
      const statuses = Object.values(reportValues[lang].statuses);
      assert.equal(
        reports.filter((text) => statuses.includes(text)).length,
        5,
        `${lang}: each report's status`,
      );
    }
    // 360 px: a ranked name too long for its line goes on to a second one, not cut at once.
    const narrow = textsOf(
      await renderImage('khountous-ranking', { limit: 5, lang: 'fr' }, { ...options, width: 360 }),
    );
    assert.ok(
      narrow.includes('Hôpital régional de') && narrow.includes('Tambacounda'),
      JSON.stringify(narrow),
    );
  });
});

describe('renderImage: hostile answers and bad options', () => {
  beforeEach(() => resetRenderCache());

  it('markup in the data is text: escaped in the SVG, drawn as text in the PNG', async () => {
    const api = upstream();
    const name = '</text><script>alert(1)</script><text>';
    api.state.answer = () =>
      Response.json({
        data: [
          {
            slug: 'a',
            name,
            sector: 'health',
            level: 'national',
            region: 'dakar',
            score: 71.5,
            responseRate: 60,
            avgDelayDays: 4,
            reportsCount: 3,
          },
        ],
        meta: { page: 1, pageSize: 5, total: 1 },
      });
    const svg = await renderImage('khountous-ranking', { limit: 5 }, { baseUrl: BASE_URL, fetch: api.fetch });
    assert.doesNotMatch(svg, /<script/);
    assert.ok(
      textsOf(svg).some((text) => text.includes('alert(1)')),
      'the name, as text',
    );
    const png = await renderImage(
      'khountous-ranking',
      { limit: 5 },
      { baseUrl: BASE_URL, fetch: api.fetch, format: 'png' },
    );
    assert.equal(pngSize(png).width, 600);
  });

  it('characters XML refuses are left out, not a broken picture', async () => {
    const api = upstream();
    api.state.answer = () =>
      Response.json({
        data: [
          {
            slug: 'a',
            name: 'A\u0000B\u0007C\uffff',
            sector: 'health',
            level: 'national',
            region: 'dakar',
            score: 50,
            responseRate: 50,
            avgDelayDays: 2,
            reportsCount: 1,
          },
        ],
        meta: { page: 1, pageSize: 5, total: 1 },
      });
    const options = { baseUrl: BASE_URL, fetch: api.fetch };
    const svg = await renderImage('khountous-ranking', {}, options);
    assert.ok(textsOf(svg).includes('ABC'), JSON.stringify(textsOf(svg)));
    assert.equal(
      pngSize(await renderImage('khountous-ranking', {}, { ...options, format: 'png' })).width,
      600,
    );
  });

  it('the PNG depends on nothing but the SVG and the font files: the same bytes each time, text drawn', async () => {
    const api = upstream();
    const options = { baseUrl: BASE_URL, fetch: api.fetch, format: 'png' as const, width: 360 };
    const first = await renderImage('khountous-region-stats', { region: 'kolda' }, options);
    const second = await renderImage('khountous-region-stats', { region: 'kolda' }, options);
    assert.deepEqual(Buffer.from(first), Buffer.from(second));
    // Its title is drawn (resvg draws no text when no font matches): dark pixels in the title's band.
    const { data, info } = await sharp(first).raw().toBuffer({ resolveWithObject: true });
    let inked = 0;
    for (let y = 20; y < 50; y++)
      for (let x = 20; x < 300; x++) {
        const at = (y * info.width + x) * info.channels;
        if (data[at]! < 128 && data[at + 1]! < 128 && data[at + 2]! < 128) inked++;
      }
    assert.ok(inked > 200, `${inked} dark pixels where the title is`);
  });

  it("an answer that is not the widget's data, or no answer: a RenderError that says why", async () => {
    const api = upstream();
    api.state.answer = () => new Response('<html>oops</html>', { headers: { 'Content-Type': 'text/html' } });
    await assert.rejects(
      renderImage('khountous-ranking', {}, { baseUrl: BASE_URL, fetch: api.fetch }),
      (error: unknown) => {
        assert.ok(error instanceof RenderError);
        assert.match(error.message, /no data to render/);
        return true;
      },
    );
    resetRenderCache();
    api.state.answer = () =>
      Response.json({ data: [{ nothing: true }], meta: { page: 1, pageSize: 10, total: 1 } });
    await assert.rejects(
      renderImage('khountous-ranking', {}, { baseUrl: BASE_URL, fetch: api.fetch }),
      RenderError,
    );
  });

  it('options out of bounds, an unknown tag, an attribute it refuses: a RenderError before any request', async () => {
    const api = upstream();
    const options = { baseUrl: BASE_URL, fetch: api.fetch };
    for (const [given, message] of [
      [{ width: 100 }, /width 100 is not a whole number of pixels from 200 to 2400/],
      [{ width: 600.5 }, /width 600.5/],
      [{ format: 'gif' }, /format "gif" is not svg or png/],
      [{ theme: 'sepia' }, /theme "sepia" is not light or dark/],
    ] as const)
      await assert.rejects(
        renderImage('khountous-ranking', {}, { ...options, ...(given as object) }),
        message,
      );
    await assert.rejects(renderImage('khountous-nothing', {}, options), /not an element of the kit/);
    await assert.rejects(
      renderImage('khountous-ranking', { onclick: 'x' }, options),
      /takes no attribute "onclick"/,
    );
    await assert.rejects(
      renderImage('khountous-ranking', { 'base-url': 'https://evil.example/v1' }, options),
      /is not the server's API/,
    );
    assert.equal(api.state.requests, 0);
  });

  it('the editor\'s headline, subtitle and note, credit="none" and the address given', async () => {
    const api = upstream();
    const svg = await renderImage(
      'khountous-region-stats',
      {
        region: 'kolda',
        headline: 'Kolda en chiffres',
        subtitle: 'Sous-titre',
        note: 'Une note',
        credit: 'none',
      },
      { baseUrl: BASE_URL, fetch: api.fetch, href: 'https://example.org/articles/kolda' },
    );
    const texts = textsOf(svg);
    assert.equal(texts[0], 'Kolda en chiffres');
    assert.match(svg, /<title id="title">Kolda en chiffres<\/title>/);
    assert.ok(texts.includes('Sous-titre') && texts.includes('Une note'), JSON.stringify(texts));
    assert.ok(!texts.some((text) => text.startsWith('Source')), 'no source line');
    assert.equal(texts.at(-1), 'example.org/articles/kolda');
    assert.match(svg, /<a href="https:\/\/example.org\/articles\/kolda">/);
  });

  it("the map's picture: its regions drawn from its geometry, each in its class's colour on the theme drawn", async () => {
    const { REGIONS, VIEW_BOX } = await import('../../src/components/region-map/geometry.js');
    const { regionMapStyles } = await import('../../src/components/region-map/region-map.styles.js');
    const api = upstream();
    const options = { baseUrl: BASE_URL, fetch: api.fetch };
    const regions = (await (await api.fetch(`${BASE_URL}/regions`)).json()) as {
      data: { code: string; name: string; indicators: Record<string, number> }[];
    };
    // The colour of a step, as the element's styles name it (`--_map-0`, or `--_map-n0` for a measure without a better end).
    const colour = (name: string, theme: 'light' | 'dark') => {
      const match = new RegExp(
        `--_${name}: var\\(--khountous-[a-z0-9-]+, light-dark\\((#[0-9a-f]{6}), (#[0-9a-f]{6})\\)\\)`,
      ).exec(regionMapStyles.cssText);
      assert.ok(match, name);
      return theme === 'light' ? match[1]! : match[2]!;
    };
    for (const [indicator, ramp, better] of [
      ['averageScore', 'map-', 1],
      ['avgDelayDays', 'map-', -1],
      ['reportsPer100k', 'map-n', 1],
    ] as const)
      for (const theme of ['light', 'dark'] as const) {
        const svg = await renderImage(
          'khountous-region-map',
          { indicator, lang: 'en' },
          { ...options, theme, width: 600 },
        );
        const figure =
          /<svg x="\d+" y="\d+" width="\d+" height="\d+" viewBox="0 0 (\d+) (\d+)" aria-hidden="true">(.*?)<\/svg>/s.exec(
            svg,
          );
        assert.ok(figure, `${indicator} ${theme}: the map drawn`);
        assert.equal(`0 0 ${figure[1]} ${figure[2]}`, VIEW_BOX);
        const fills = new Map<string, string>();
        for (const [, d, fill] of figure[3]!.matchAll(/<path d="([^"]+)" fill="(#[0-9a-f]+)"/g))
          fills.set(d!, fill!);
        const fillOf = (code: string) => fills.get(REGIONS.find((shape) => shape.code === code)!.d);
        for (const shape of REGIONS) assert.ok(fillOf(shape.code), `${shape.code} drawn`);
        // The region of the best value in the darkest step, the worst in the lightest (a delay: the shortest is the best).
        const sorted = [...regions.data].sort(
          (a, b) => better * (b.indicators[indicator]! - a.indicators[indicator]!),
        );
        assert.equal(
          fillOf(sorted[0]!.code),
          colour(`${ramp}4`, theme),
          `${indicator} ${theme}: ${sorted[0]!.code}, the best`,
        );
        assert.equal(
          fillOf(sorted.at(-1)!.code),
          colour(`${ramp}0`, theme),
          `${indicator} ${theme}: ${sorted.at(-1)!.code}, the worst`,
        );
        // No text of the API's in the drawing: the names are in the list under it.
        for (const region of regions.data) assert.ok(!figure[3]!.includes(region.name), region.name);
      }
  });

  it("the map's picture has the live map's legend: each class's range and words, in its colour; no data hatched as its regions", async () => {
    const { REGIONS } = await import('../../src/components/region-map/geometry.js');
    const { regionMapStyles } = await import('../../src/components/region-map/region-map.styles.js');
    const api = upstream();
    const options = { baseUrl: BASE_URL, fetch: api.fetch };
    const colour = (name: string) =>
      new RegExp(`--_${name}: var\\(--khountous-[a-z0-9-]+, light-dark\\((#[0-9a-f]{6}),`).exec(
        regionMapStyles.cssText,
      )![1]!;
    /** The picture's legend: each swatch's fill and the words beside it. */
    const legendOf = (svg: string) =>
      [
        ...svg.matchAll(
          /<rect x="\d+" y="\d+" width="\d+" height="\d+" rx="2" fill="([^"]+)"[^>]*\/>\s*<text[^>]*>([^<]*)<\/text>(?:\s*<text[^>]*text-anchor="end">([^<]*)<\/text>)?/g,
        ),
      ].map(([, fill, label, end]) => ({ fill: fill!, label: decode(label!), end: decode(end ?? '') }));
    /** The live map's legend, server-rendered: each entry's swatch, range and end words. */
    const liveLegendOf = (html: string) =>
      [
        ...html.matchAll(
          /<span class="swatch ([^"]+)"><\/span>\s*<span class="range">(?:<!--[^>]*-->)*([^<]*)(?:<!--[^>]*-->)*<\/span>(?:\s*<span class="end">(?:<!--[^>]*-->)*([^<]*))?/g,
        ),
      ].map(([, swatch, range, end]) => ({
        swatch: swatch!,
        range: spaced(decode(range!)),
        end: spaced(decode(end ?? '')),
      }));
    for (const [indicator, ramp] of [
      ['averageScore', 'map-'],
      ['avgDelayDays', 'map-'],
      ['reportsPer100k', 'map-n'],
    ] as const)
      for (const lang of ['fr', 'en'] as const) {
        const attributes = { indicator, lang };
        const drawn = legendOf(
          await renderImage('khountous-region-map', attributes, { ...options, width: 600 }),
        );
        const live = liveLegendOf(await renderWidget('khountous-region-map', attributes, options));
        assert.ok(live.length >= 3, `${indicator} ${lang}: the live legend read`);
        assert.equal(drawn.length, live.length, `${indicator} ${lang}: as many entries as the live legend`);
        for (const [index, entry] of live.entries()) {
          const step = /^step-(\d)$/.exec(entry.swatch);
          const fill = step ? colour(`${ramp}${step[1]}`) : colour('map-land');
          assert.deepEqual(
            drawn[index],
            { fill, label: entry.range, end: entry.end },
            `${indicator} ${lang}: entry ${index}`,
          );
        }
      }
    // A region without a figure: hatched on the map, and "no data" in the legend with that hatching.
    const answer = (await (await api.fetch(`${BASE_URL}/regions`)).json()) as {
      data: { code: string; administrationCount: number }[];
    };
    // A region with no administration has no mean score (graphics/indicators.ts hasFigure).
    answer.data.find((region) => region.code === 'matam')!.administrationCount = 0;
    api.state.answer = () => Response.json(answer);
    resetRenderCache();
    const svg = await renderImage('khountous-region-map', { lang: 'en' }, { ...options, width: 600 });
    const matam = REGIONS.find((shape) => shape.code === 'matam')!;
    const hatch = new RegExp(
      `<path d="${matam.d.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" fill="(url\\(#[a-z-]+\\))"`,
    ).exec(svg);
    assert.ok(hatch, 'Matam filled with a pattern');
    assert.match(svg, new RegExp(`<pattern id="${hatch[1]!.slice(5, -1)}"`));
    const drawn = legendOf(svg);
    assert.deepEqual(drawn.at(-2), { fill: hatch[1], label: 'no data', end: '' });
    assert.equal(drawn.filter((entry) => entry.fill === hatch[1]).length, 1);
    // An answer that leaves a region out (the element draws it hatched, not reachable): "no data"
    // in the picture's legend and in the live legend, though every region it holds has a figure.
    const partial = { ...answer, data: answer.data.filter((region) => region.code !== 'matam') };
    partial.data.forEach((region) => assert.ok(region.administrationCount > 0, region.code));
    api.state.answer = () => Response.json(partial);
    resetRenderCache();
    const partialSvg = await renderImage('khountous-region-map', { lang: 'fr' }, { ...options, width: 600 });
    assert.deepEqual(legendOf(partialSvg).at(-2), { fill: hatch[1], label: 'pas de données', end: '' });
    const live = liveLegendOf(await renderWidget('khountous-region-map', { lang: 'fr' }, options));
    assert.deepEqual(live.at(-2), { swatch: 'no-data', range: 'pas de données', end: '' });
  });
});
