// Engines: all three (declarative shadow DOM and hydration differ between engines).
/**
 * A page a server rendered with its data (renderWidget), whose elements come
 * from the npm build's entry (lib/khountous.js, as an app
 * bundles `khountous-widgets/khountous.js`), the hydrate support loaded first
 * as docs/ssr.md says: the entry's early start leaves those widgets to the
 * inline data their elements adopt, so the reader's browser asks the API
 * nothing. Needs `npm run build`.
 */
import '@lit-labs/ssr-client/lit-element-hydrate-support.js';
import { expect } from '@open-wc/testing';
import { renderWidget, requestsTo } from './browser-server.js';
import { isolatedApi, settled } from '../helpers/kit.js';

const SLUG = 'hopital-regional-de-tambacounda';

describe('lib/khountous.js on a page a server rendered with its data', function () {
  this.timeout(60000);

  it('sends no request from the reader’s browser: each element adopts its inline data', async () => {
    const base = isolatedApi('npm-entry');
    const html = [
      await renderWidget('khountous-ranking', { limit: '3', lazy: 'false' }, base),
      await renderWidget('khountous-admin-card', { slug: SLUG, lazy: 'false' }, base),
      await renderWidget('khountous-region-stats', { region: 'kolda', lazy: 'false' }, base),
    ].join('\n');
    const asked = await requestsTo(base);
    expect(asked, 'the server asked the API').to.have.length(3);
    const meta = document.createElement('meta');
    meta.name = 'khountous:base-url';
    meta.content = base;
    document.head.append(meta);
    const container = document.createElement('div');
    document.body.append(container);
    container.setHTMLUnsafe(html);
    // The entry's early start (lib/boot/early-start.js, which lib/khountous.js runs first) plans no load for them.
    const { beginLoadsSoon } = (await import('../../lib/boot/early-start.js' as string)) as {
      beginLoadsSoon: (elements: readonly Element[]) => Promise<{ plans: unknown[] }>;
    };
    expect(
      (await beginLoadsSoon([...container.children])).plans,
      'loads the early start planned',
    ).to.deep.equal([]);
    await import('../../lib/khountous.js' as string);
    const widgets = [
      ...container.querySelectorAll<HTMLElement>(
        'khountous-ranking, khountous-admin-card, khountous-region-stats',
      ),
    ];
    for (const widget of widgets) expect(await settled(widget), widget.localName).to.equal('ready');
    expect(await requestsTo(base), 'no request from the browser').to.deep.equal(asked);
  });
});
