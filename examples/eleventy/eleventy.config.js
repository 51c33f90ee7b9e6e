// The widgets, rendered with their data when the site is built (khountous-widgets/ssr).
import { build } from 'esbuild';
import { renderWidget } from 'khountous-widgets/ssr';

/** The API, or the site's shared cache tier: the build and the readers' browsers ask the same one. */
const baseUrl = process.env.KHOUNTOUS_BASE_URL || 'https://api.khountous.sn/v1';

export default function (eleventyConfig) {
  eleventyConfig.addGlobalData('khountousBaseUrl', baseUrl);

  // {% khountous "khountous-ranking", { limit: 5, lang: "en" } %}: the widget's HTML with its
  // data. Every page of the build shares one cache: one API request per resource, however many
  // widgets show it. The key, if the site has one, is sent to the API and never written into
  // a page. When there is nothing to show (the API failed and nothing is cached), the plain
  // element: it loads in the reader's browser.
  eleventyConfig.addAsyncShortcode('khountous', (tag, attributes = {}) =>
    renderWidget(tag, attributes, {
      baseUrl,
      key: process.env.KHOUNTOUS_KEY || undefined,
      fallback: (error) => console.warn(error.message),
    }),
  );

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
