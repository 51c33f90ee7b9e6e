// Engines: all three (the built kit as a page loads it: modules, preloads, integrity and CSP differ between engines).
/**
 * dist/embed.js on a copy of the embed page with a site's own API origins allowed
 * (`<meta name="khountous:api-origins">`): a base-url on an allowed origin is
 * kept and the widget loads from there; anything else, including what the
 * meta cannot name (a wildcard, a path), is refused on the page.
 */
import { expect } from '@open-wc/testing';
import { FaultyApi } from '../hardening/browser-kit.js';
import { openFrame, removeFrames, until } from '../helpers/frames.js';
import { otherOrigin, settled } from '../helpers/kit.js';

const copy = (allow: string, params: string) =>
  `/test/fixtures/embed-allowed.html?allow=${encodeURIComponent(allow)}&${params}`;

const shown = (frame: HTMLIFrameElement) =>
  until(
    () => frame.contentDocument!.querySelector<HTMLElement>('khountous-region-stats, .problem') ?? undefined,
    'the widget or the refusal',
  );

describe('the embed page with khountous:api-origins', function () {
  this.timeout(20000);
  afterEach(removeFrames);

  it('keeps a base-url on an allowed origin, and the widget loads its data from that server', async () => {
    const second = new FaultyApi('embed-allowed', { crossOrigin: true });
    const frame = await openFrame(
      copy(
        `https://proxy.example ${otherOrigin()}`,
        `widget=region-stats&lazy=false&base-url=${encodeURIComponent(second.base)}`,
      ),
    );
    const element = await shown(frame);
    expect(element.localName).to.equal('khountous-region-stats');
    expect(element.getAttribute('base-url')).to.equal(second.base);
    expect(await settled(element)).to.equal('ready');
    const requests = await second.requests();
    expect(requests.map((request) => request.path)).to.deep.equal(['/regions?lang=fr']);
    // Sent by the embed page, from its own origin, to the other one.
    expect(requests[0]!.origin).to.equal(location.origin);
    frame.remove();
  });

  it('refuses an origin the meta does not name, and what the meta cannot name', async () => {
    const second = new FaultyApi('embed-refused', { crossOrigin: true });
    for (const allow of ['', 'https://proxy.example', '*', `${otherOrigin()}/v1`, `${otherOrigin()}:1`]) {
      const frame = await openFrame(
        copy(allow, `widget=region-stats&lang=en&base-url=${encodeURIComponent(second.base)}`),
      );
      const problem = await shown(frame);
      expect(problem.className, allow).to.equal('problem');
      expect(problem.textContent, allow).to.contain(`base-url leads to ${otherOrigin()}`);
      frame.remove();
    }
    expect(await second.requests()).to.deep.equal([]);
  });
});
