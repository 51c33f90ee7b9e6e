/**
 * The module graph of each element, announced before its module is imported:
 * a browser that imports `elements/khountous-ranking.js` finds its static
 * imports only once it has parsed it, and theirs once it has parsed them, one
 * round trip per level. The build writes, for each tag, every file the
 * element's module imports statically (transitively); the autoloader and the
 * embed page add a `<link rel="modulepreload">` for each of them first, so
 * that they are all fetched at once.
 */

/**
 * What the build writes: file paths relative to the entry, and each tag's
 * (or module's) files by index; with `integrity`, each file's SRI hash, which
 * the link carries so that the browser refuses a file changed on its way.
 */
export interface PreloadGraph {
  readonly files: readonly string[];
  readonly tags: Readonly<Record<string, readonly number[]>>;
  readonly integrity?: readonly string[];
}

/** The graph from the text the build wrote, or undefined (a build from source, a bad text). */
export function parsePreloadGraph(text: string | undefined): PreloadGraph | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as PreloadGraph;
    return Array.isArray(value.files) && typeof value.tags === 'object' && value.tags ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Announced already, by URL: one link per file and page. */
const announced = new Set<string>();

/**
 * Adds a `<link rel="modulepreload">` to the document's head for every file of
 * `tag`'s graph not announced yet, resolved against `base` (the entry's URL).
 */
export function announceGraph(graph: PreloadGraph | undefined, tag: string, base: string): void {
  // Without a page (Node; a server render's DOM shim has a `document` without a head), nothing to announce.
  if (!graph || typeof document === 'undefined' || typeof document.querySelector !== 'function') return;
  for (const index of graph.tags[tag] ?? []) {
    const file = graph.files[index];
    if (!file) continue;
    const href = new URL(file, base).href;
    if (announced.has(href)) continue;
    announced.add(href);
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    const integrity = graph.integrity?.[index];
    if (integrity) link.integrity = integrity;
    (document.head ?? document.documentElement).append(link);
  }
}
