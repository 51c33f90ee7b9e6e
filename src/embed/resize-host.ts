/**
 * embed-resize.js: the optional host snippet for embed.html iframes. Sets the
 * height of the iframe whose page posted `{ type: 'khountous:resize', height }`.
 * Only the iframe that sent the message is touched, and only its height.
 */
const MAX_HEIGHT = 20000;

addEventListener('message', (event: MessageEvent) => {
  const data = event.data as { type?: unknown; height?: unknown } | null;
  if (!data || data.type !== 'khountous:resize' || typeof data.height !== 'number') return;
  if (!(data.height >= 0)) return;
  for (const frame of document.getElementsByTagName('iframe')) {
    if (frame.contentWindow === event.source) {
      frame.style.height = `${Math.min(Math.ceil(data.height), MAX_HEIGHT)}px`;
    }
  }
});
