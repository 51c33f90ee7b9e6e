/**
 * embed-resize.js: the optional host snippet for embed.html iframes. Sets the
 * height of the iframe whose page posted `{ type: 'khountous:resize', height }`.
 * Only the iframe that sent the message is touched, and only its height.
 *
 * A message is obeyed only when it comes from a kit embed page: the iframe
 * whose window sent it (`event.source`) must show the embed page that sits
 * next to this script (`embed.html` in the same directory, same origin), and
 * the message must come from that origin (`event.origin`), so that no other
 * frame of the page (an ad, a frame that navigated away) can size itself.
 */
const MAX_HEIGHT = 20000;

/** Where the kit's embed page is: next to this script, else next to the page. */
const script = document.currentScript as HTMLScriptElement | null;
const embedPage = new URL('embed.html', script?.src || document.baseURI);

function isEmbedPage(src: string): boolean {
  let url: URL;
  try {
    url = new URL(src, document.baseURI);
  } catch {
    return false;
  }
  return url.origin === embedPage.origin && url.pathname === embedPage.pathname;
}

addEventListener('message', (event: MessageEvent) => {
  const data = event.data as { type?: unknown; height?: unknown } | null;
  if (!data || data.type !== 'khountous:resize' || typeof data.height !== 'number') return;
  if (!(data.height >= 0)) return;
  if (!event.source || event.origin !== embedPage.origin) return;
  for (const frame of document.getElementsByTagName('iframe')) {
    if (frame.contentWindow !== event.source || !isEmbedPage(frame.src)) continue;
    frame.style.height = `${Math.min(Math.ceil(data.height), MAX_HEIGHT)}px`;
  }
});
