/**
 * embed-resize.js: the optional host snippet for embed.html iframes. Sets the
 * height of the iframe whose page posted `{ type: 'khountous:resize', height }`.
 * Only the iframe that sent the message is touched, and only its height.
 *
 * A message is obeyed only when it comes from a kit embed page: the iframe
 * whose window sent it (`event.source`) must show one of the embed pages this
 * script knows, and the message must come from that page's origin
 * (`event.origin`), so that no other frame of the page (an ad, a frame that
 * navigated away) can size itself. The pages it knows: `embed.html` in the
 * directory of this script, and those its tag lists in `data-embed-pages`
 * (space-separated http(s) URLs): a site that serves the kit's embed page at
 * an address of its own, as the WordPress plugin does at
 * `/?khountous-widgets-embed=1`. An iframe shows such a page when its `src` has
 * the same origin and path, and every query parameter of the listed URL with
 * the same value.
 */
const MAX_HEIGHT = 20000;

/** The embed pages: next to this script (else next to the page), and those its tag lists. */
const script = document.currentScript as HTMLScriptElement | null;
const pages: URL[] = [];
for (const page of `embed.html ${script?.dataset.embedPages ?? ''}`.split(/\s+/)) {
  try {
    const url = new URL(page, script?.src || document.baseURI);
    if (page && /^https?:$/.test(url.protocol)) pages.push(url);
  } catch {
    // not a URL: nothing added
  }
}

/** The origin of the embed page an iframe's `src` shows, or undefined when it shows none. */
function embedOrigin(src: string): string | undefined {
  try {
    const url = new URL(src);
    return pages.find(
      (page) =>
        url.origin === page.origin &&
        url.pathname === page.pathname &&
        [...page.searchParams].every(([name, value]) => url.searchParams.get(name) === value),
    )?.origin;
  } catch {
    return undefined;
  }
}

addEventListener('message', ({ data, source, origin }: MessageEvent) => {
  if (data?.type !== 'khountous:resize' || typeof data.height !== 'number' || !(data.height >= 0)) return;
  for (const frame of document.getElementsByTagName('iframe')) {
    if (source && frame.contentWindow === source && embedOrigin(frame.src) === origin)
      frame.style.height = `${Math.min(Math.ceil(data.height), MAX_HEIGHT)}px`;
  }
});
