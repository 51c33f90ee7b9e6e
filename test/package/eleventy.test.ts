/**
 * examples/eleventy: an Eleventy 3 site whose shortcode renders the widgets with their
 * data (khountous-widgets/ssr) at build time, and whose build bundles the readers'
 * script with esbuild; installed from the packed tarball and built with `eleventy`
 * (the checks: test/package/examples.ts).
 */
import { describeExample, STATIC_SITE_PAGES } from './examples.js';

describeExample('eleventy', [{ command: ['eleventy'], out: '_site', pages: STATIC_SITE_PAGES }]);
