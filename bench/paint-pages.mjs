// The paint bench's pages: the variants of demo/news.html (the floor, the
// baseline, the script tag, the autoloader, the npm package in a Vite app, the embed,
// the server-seeded page, and the region chart or the map alone),
// served under /paint/ by the page server (bench/paint-servers.mjs).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FAVICON } from './server.mjs';

/** The kit's elements of the news page and their attributes, in page order. */
function newsWidgets(html) {
  return [...html.matchAll(/<khountous-([a-z-]+)([^>]*)><\/khountous-\1>/g)].map((match) => ({
    source: match[0],
    widget: match[1],
    attributes: Object.fromEntries([...match[2].matchAll(/([a-z-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])),
  }));
}

/**
 * The news page's widgets rendered with their data by the package's server renderer
 * (lib/ssr/render.js, `khountous-widgets/ssr`) from the API at `apiOrigin`, as a site's
 * server does at request time: a new process cache each time, so the data is fresh.
 */
export async function renderSeeded(root, apiOrigin, html) {
  const entry = join(root, 'lib/ssr/render.js');
  if (!existsSync(entry)) throw new Error('lib/ssr/render.js is missing: run `npm run build` first.');
  const { renderWidget, resetRenderCache } = await import(pathToFileURL(entry).href);
  resetRenderCache();
  const baseUrl = `${apiOrigin}/v1`;
  return Promise.all(
    newsWidgets(html).map(({ widget, attributes }) =>
      renderWidget(`khountous-${widget}`, attributes, { baseUrl }),
    ),
  );
}

const escapeHtml = (text) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/**
 * What a Vite app's built index.html (in `npmApp`, served under /npm-app/) puts in the head:
 * its entry's script and the modulepreload links Vite writes for the entry's static imports.
 */
function npmAppHead(npmApp) {
  const index = readFileSync(join(npmApp, 'index.html'), 'utf8');
  const tags = index.match(/<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g) ?? [];
  if (!tags.some((tag) => tag.startsWith('<script')))
    throw new Error(`${npmApp}/index.html has no module script: update bench/paint-pages.mjs`);
  return tags.map((tag) => tag.replace(/(src|href)="\.\//, '$1="/npm-app/')).join('\n    ');
}

/**
 * The variants of demo/news.html, each with the API at `api` (its origin with /v1).
 * `floorUrls`: the API URLs the floor page asks for at navigation; `seeded()`: the
 * widgets as the server rendered them last (renderSeeded), in page order; `npmApp`: the
 * folder of the Vite app that bundles the npm package (test/installed/vite-app.ts).
 */
export function variantPages(root, apiOrigin, floorUrls, compareName, seeded = () => [], npmApp) {
  const source = readFileSync(join(root, 'demo/news.html'), 'utf8');
  const api = `${apiOrigin}/v1`;
  const withBase = source.replace('<meta name="khountous:base-url" content="/v1" />', () => {
    return `<meta name="khountous:base-url" content="${api}" />`;
  });
  if (withBase === source)
    throw new Error('demo/news.html has no khountous:base-url meta: update bench/paint-pages.mjs');
  const script = '<script type="module" src="./main.ts"></script>';
  if (!withBase.includes(script))
    throw new Error('demo/news.html no longer loads ./main.ts: update bench/paint-pages.mjs');
  const preconnect = `<link rel="preconnect" href="${apiOrigin}" crossorigin />`;
  // The demo page may carry its own preconnect to the demo's API: the bench decides.
  const bare = withBase
    .replace(/\s*<link rel="preconnect"[^>]*>/g, '')
    .replace('</title>', () => `</title>\n    ${FAVICON}`);
  const withScript = (tag, extra = '') => bare.replace(script, `${extra}${tag}`);
  const widgets = newsWidgets(bare);

  const embed = () => {
    let page = withScript('');
    for (const { source: element, widget, attributes } of widgets) {
      const params = new URLSearchParams({ widget, ...attributes, 'base-url': api });
      params.delete('href-template');
      const src = `${apiOrigin}/dist/embed.html?${params}`;
      page = page.replace(
        element,
        `<iframe src="${escapeHtml(src)}" title="${widget}" style="width:100%;height:24rem;border:0"></iframe>`,
      );
    }
    return page;
  };

  const floor = () => {
    let page = withScript('');
    widgets.forEach(({ source: element }, index) => {
      page = page.replace(element, `<p class="floor" data-floor="${index}" state="loading"></p>`);
    });
    // At navigation: the requests the kit sends for this page, each answer's text written at once.
    const inline = `<script>
      const slots = document.getElementsByClassName('floor');
      ${JSON.stringify(floorUrls.map((path) => apiOrigin + path))}.forEach((url, index) => {
        fetch(url, { credentials: 'omit', mode: 'cors' })
          .then((response) => response.json())
          .then((body) => {
            const items = Array.isArray(body.data) ? body.data : [body];
            const text = items.map((item) => [item.name, item.score ?? item.value ?? ''].join(' ')).join(' · ');
            const slot = slots[index] ?? document.body.appendChild(document.createElement('p'));
            slot.textContent = text;
            slot.setAttribute('state', 'ready');
          });
      });
    </script>`;
    return page.replace('</head>', `${inline}\n  </head>`);
  };

  // The server-seeded page: each widget with its declarative shadow DOM and inline data,
  // then the script tag, which defines the elements; they adopt the data and send nothing.
  const seededPage = () => {
    const rendered = seeded();
    if (rendered.length !== widgets.length) throw new Error('the seeded page was not rendered');
    let page = withScript('<script type="module" src="/dist/khountous.js"></script>');
    widgets.forEach(({ source: element }, index) => {
      page = page.replace(element, () => rendered[index]);
    });
    return page;
  };

  // One regional widget alone on the news page, through the script tag: the region chart, or
  // the map (its geometry comes with its own code): what the map costs a reader over the chart.
  const alone = (tag) => {
    let page = withScript('<script type="module" src="/dist/khountous.js"></script>');
    widgets.forEach(({ source: element }, index) => {
      page = page.replace(element, () => (index === 0 ? `<${tag}></${tag}>` : ''));
    });
    return page;
  };

  const baseline = () =>
    withScript('<script type="module" src="/bench/baseline/main.js"></script>').replace(
      /<(\/?)khountous-/g,
      '<$1naive-',
    );

  return {
    '/paint/floor.html': floor,
    '/paint/baseline.html': baseline,
    '/paint/script.html': () => withScript('<script type="module" src="/dist/khountous.js"></script>'),
    // The script tag with `blocking="render"` (docs/embedding.md, "Room for each widget"): the first paint waits for it, and the
    // widgets' boxes are reserved in it.
    '/paint/script+blocking.html': () =>
      withScript('<script type="module" blocking="render" src="/dist/khountous.js"></script>'),
    '/paint/script+preconnect.html': () =>
      withScript('<script type="module" src="/dist/khountous.js"></script>', `${preconnect}\n    `),
    '/paint/autoloader.html': () => withScript('<script type="module" src="/dist/autoloader.js"></script>'),
    '/paint/autoloader+preconnect.html': () =>
      withScript('<script type="module" src="/dist/autoloader.js"></script>', `${preconnect}\n    `),
    // The npm package as an app bundles it: the README's `import 'khountous-widgets/khountous.js'`
    // in a fresh Vite app (the packed tarball), its built head in the page.
    ...(npmApp ? { '/paint/npm.html': () => withScript(npmAppHead(npmApp)) } : {}),
    '/paint/embed.html': embed,
    '/paint/seeded.html': seededPage,
    '/paint/chart.html': () => alone('khountous-region-stats'),
    '/paint/map.html': () => alone('khountous-region-map'),
    // The other build's script tag and autoloader (--compare), served from /dist-compare/.
    ...(compareName
      ? Object.fromEntries(
          ['khountous', 'autoloader'].flatMap((file) => {
            const variant = file === 'khountous' ? 'script' : 'autoloader';
            const tag = `<script type="module" src="/dist-compare/${file}.js"></script>`;
            return [
              [`/paint/${compareName}:${variant}.html`, () => withScript(tag)],
              [
                `/paint/${compareName}:${variant}+preconnect.html`,
                () => withScript(tag, `${preconnect}\n    `),
              ],
            ];
          }),
        )
      : {}),
  };
}
