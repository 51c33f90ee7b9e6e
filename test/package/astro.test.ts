/**
 * examples/astro: an Astro 5 site whose pages render the widgets with their data
 * (khountous-widgets/ssr) at build time, installed from the packed tarball and built
 * with `astro build` (the checks: test/package/examples.ts).
 */
import { describeExample, STATIC_SITE_PAGES } from './examples.js';

describeExample('astro', [{ command: ['astro', 'build'], out: 'dist', pages: STATIC_SITE_PAGES }]);
