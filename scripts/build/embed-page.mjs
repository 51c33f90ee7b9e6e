// The embed page: demo/embed.html (what `npm start` serves) with the built script
// and its Content-Security-Policy.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { tsImport } from 'tsx/esm/api';
import { embedApiOrigins, withApiOrigins } from './embed-origins.mjs';
import { dist, root } from './context.mjs';

/** dist/embed.html and dist/embed.css. */
export async function writeEmbedPage() {
  const page = readFileSync(join(root, 'demo/embed.html'), 'utf8');
  // The script imports khountous.js: announced beside it, so that both come in one round trip.
  const withScript = page.replace(
    '<script type="module" src="./embed.ts"></script>',
    '<link rel="modulepreload" href="./khountous.js" />\n    <script type="module" src="./embed.js"></script>',
  );
  if (withScript === page) throw new Error('demo/embed.html no longer loads ./embed.ts');
  const apiOrigins = embedApiOrigins(process.env);
  const builtPage = withScript.replace(
    '<meta charset="utf-8" />',
    `<meta charset="utf-8" />\n    <meta http-equiv="Content-Security-Policy" content="${await embedPolicy(apiOrigins)}" />`,
  );
  if (builtPage === withScript) throw new Error('demo/embed.html has no <meta charset="utf-8" />');
  writeFileSync(join(dist, 'embed.html'), withApiOrigins(builtPage, apiOrigins));
  copyFileSync(join(root, 'demo/embed.css'), join(dist, 'embed.css'));
}

/**
 * The embed page's Content-Security-Policy, in a <meta> so that it holds
 * wherever the page is served: scripts and styles from the page's origin only
 * (no inline ones), and connections only to that origin, the kit's default
 * API and `apiOrigins` (KHOUNTOUS_EMBED_API_ORIGINS): the origins the page
 * accepts for `base-url`, so that a `base-url` that slipped past the page's
 * check would still fetch nothing.
 */
async function embedPolicy(apiOrigins) {
  // The kit's own constant, imported from its source (tsx runs the TypeScript).
  const { DEFAULT_BASE_URL } = await tsImport('../../src/widget/base-url.ts', import.meta.url);
  const api = new URL(DEFAULT_BASE_URL).origin;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `connect-src 'self' ${[api, ...apiOrigins.filter((origin) => origin !== api)].join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}
