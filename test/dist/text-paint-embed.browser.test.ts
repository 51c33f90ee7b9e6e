// Engines: all three (the built kit as a page loads it: modules, preloads, integrity and CSP differ between engines).
/**
 * The embed page's text paint: dist/embed.html shows its widget's data as text
 * when the API's answer arrives before the element code (src/boot/paint.ts),
 * as the script tag does. Its own file: the element code held back here is the
 * frame's only (a browser has few connections per host, and held files keep
 * theirs). The page is served under /fresh/<scope>/dist/, where this file's hold
 * applies. Needs `npm run build`.
 */
import { expect } from '@open-wc/testing';
import { openFrame, removeFrames, until } from '../helpers/frames.js';
import { isolatedApi, settled } from '../helpers/kit.js';

const SLUG = 'hopital-regional-de-tambacounda';
const API = isolatedApi('text-paint-embed');
const scope = /\/scoped\/([^/]+)\/v1$/.exec(API)![1]!;

describe('dist/embed.html: the text paint', function () {
  this.timeout(20000);
  afterEach(removeFrames);

  after(async () => {
    await fetch(`${location.origin}/scoped/${scope}/__hold`, { method: 'DELETE' });
  });

  it('shows the widget’s data as text before its element code, then the element in its place', async () => {
    // The element code is held back until the hold is deleted (at most 10 s).
    const armed = await fetch(`${location.origin}/scoped/${scope}/__hold?count=100`, { method: 'POST' });
    expect(armed.status).to.equal(204);
    const frame = await openFrame(
      `/fresh/${scope}/dist/embed.html?widget=admin-card&slug=${SLUG}&lang=fr&base-url=${encodeURIComponent(API)}&lazy=false`,
    );
    const element = await until(
      () => frame.contentDocument!.querySelector<HTMLElement>('khountous-admin-card') ?? undefined,
      'the embed page’s widget',
    );
    const painted = await until(
      () => element.querySelector(':scope > khountous-paint') ?? undefined,
      'the embed page’s text paint',
    );
    expect(frame.contentWindow!.customElements.get('khountous-admin-card')).to.equal(undefined);
    const profile = (await (await fetch(`${API}/administrations/${SLUG}?lang=fr`)).json()) as {
      name: string;
    };
    const lines = [...painted.shadowRoot!.querySelectorAll('p')].map((line) => line.textContent);
    // The name isolated (U+2068 … U+2069, src/i18n/bidi.ts): its direction stays its own.
    expect(lines[0]).to.equal(`\u2068${profile.name}\u2069`);
    expect(lines[1]).to.match(/\/100/);
    await fetch(`${location.origin}/scoped/${scope}/__hold`, { method: 'DELETE' });
    expect(await settled(element)).to.equal('ready');
    expect(element.querySelector(':scope > khountous-paint') === null, 'the text paint removed').to.equal(
      true,
    );
    expect(element.shadowRoot!.textContent).to.include(profile.name);
  });
});
