// The widgets, rendered with their data when the site is built (khountous-widgets/ssr).
import { mkdir, writeFile } from 'node:fs/promises';
import { build } from 'esbuild';
import { renderImage, renderWidget } from 'khountous-widgets/ssr';

/** The API, or the site's shared cache tier: the build and the readers' browsers ask the same one. */
const baseUrl = process.env.KHOUNTOUS_BASE_URL || 'https://api.khountous.sn/v1';

/** The site's address: the pictures' addresses in the pages' `og:image` are written on it. */
const siteUrl = process.env.SITE_URL || 'https://example.org';

export default function (eleventyConfig) {
  eleventyConfig.addGlobalData('khountousBaseUrl', baseUrl);
  eleventyConfig.addGlobalData('siteUrl', siteUrl);

  /** The pictures the build writes after the pages: /images/<name>.png by name. */
  const pictures = new Map();

  // {% khountous "khountous-ranking", { limit: 5, lang: "en" } %}: the widget's HTML with its
  // data. Every page of the build shares one cache: one API request per resource, however many
  // widgets show it. The key, if the site has one, is sent to the API and never written into
  // a page. When there is nothing to show (the API failed and nothing is cached), the plain
  // element: it loads in the reader's browser.
  //
  // {% khountous "khountous-ranking", { limit: 5, lang: "en" }, "ranking" %}: the same, and the
  // widget's picture written at /images/ranking.png (a page's `og:image`, a newsletter's image),
  // from the same cache: no request of its own.
  eleventyConfig.addAsyncShortcode('khountous', (tag, attributes = {}, picture) => {
    if (picture) pictures.set(picture, { tag, attributes });
    return renderWidget(tag, attributes, {
      baseUrl,
      key: process.env.KHOUNTOUS_KEY || undefined,
      fallback: (error) => console.warn(error.message),
    });
  });

  // The pictures, 1200 pixels wide (a share's size), once the pages are written.
  eleventyConfig.on('eleventy.after', async ({ directories }) => {
    await mkdir(`${directories.output}images`, { recursive: true });
    for (const [name, { tag, attributes }] of pictures) {
      const png = await renderImage(tag, attributes, {
        baseUrl,
        key: process.env.KHOUNTOUS_KEY || undefined,
        format: 'png',
        width: 1200,
      });
      await writeFile(`${directories.output}images/${name}.png`, png);
    }
  });

  // The browser's script (client.js), bundled into the site at each build.
  eleventyConfig.on('eleventy.before', async ({ directories }) => {
    await build({
      entryPoints: ['client.js'],
      bundle: true,
      format: 'esm',
      minify: true,
      outfile: `${directories.output}client.js`,
    });
  });
}

export const config = {
  dir: { input: 'src', output: '_site' },
};
