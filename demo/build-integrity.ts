/**
 * The SRI hashes of the last `npm run build` (dist/integrity.json), for the
 * snippets' `integrity` in the builder and on the widgets' pages; none before
 * the first build (`npm start` builds first when dist/ has none).
 */
export const integrity: Readonly<Record<string, string>> | undefined = Object.values(
  import.meta.glob<Record<string, string>>('../dist/integrity.json', { eager: true, import: 'default' }),
)[0];
