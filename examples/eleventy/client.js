// The readers' script, bundled by the build into _site/client.js.
// First, before anything that imports Lit: the elements then hydrate the server's markup.
import '@lit-labs/ssr-client/lit-element-hydrate-support.js';
// Then the elements of the site's pages. They take their data from the page: no request while
// it is fresh, then they refresh it as usual.
import 'khountous-widgets/elements/khountous-ranking.js';
import 'khountous-widgets/elements/khountous-admin-card.js';
import 'khountous-widgets/elements/khountous-region-stats.js';
