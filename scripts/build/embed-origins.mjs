// The API origins a build of the embed page accepts for `base-url`, besides its
// own and the kit's default API: KHOUNTOUS_EMBED_API_ORIGINS (space- or
// comma-separated exact origins, `https://api.example.org`), written into the
// page's `<meta name="khountous:api-origins">` and its CSP's connect-src by
// scripts/build/build.mjs, and into the meta by `npm start` (vite.config.ts).

export const EMBED_ORIGINS_ENV = 'KHOUNTOUS_EMBED_API_ORIGINS';

const ORIGIN = /^https?:\/\/(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
const META = /<meta name="khountous:api-origins" content="[^"]*" \/>/;

/** The origins the environment names; anything that is not exactly an http(s) origin throws. */
export function embedApiOrigins(env) {
  const raw = env[EMBED_ORIGINS_ENV] ?? '';
  const origins = [];
  for (const token of raw.split(/[\s,]+/).filter(Boolean)) {
    const origin = token.replace(/\/$/, '');
    if (!ORIGIN.test(origin)) {
      throw new Error(
        `${EMBED_ORIGINS_ENV}: "${token}" is not an http(s) origin such as https://api.example.org (no path, no wildcard).`,
      );
    }
    const normal = new URL(origin).origin;
    if (!origins.includes(normal)) origins.push(normal);
  }
  return origins;
}

/** The origins the embed page's khountous:api-origins meta names (none without the meta). */
export function apiOriginsOf(html) {
  const content = /content="([^"]*)"/.exec(META.exec(html)?.[0] ?? '')?.[1] ?? '';
  return content.split(/\s+/).filter(Boolean);
}

/** The embed page's HTML with `origins` in its khountous:api-origins meta. */
export function withApiOrigins(html, origins) {
  if (!META.test(html))
    throw new Error('the embed page has no <meta name="khountous:api-origins" content="" />');
  return html.replace(META, `<meta name="khountous:api-origins" content="${origins.join(' ')}" />`);
}
