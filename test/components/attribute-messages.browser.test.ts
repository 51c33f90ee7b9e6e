// Engines: Chromium (the sentences of attribute problems and when their module arrives: logic no engine changes).
/**
 * The sentences of attribute problems (src/attributes/messages.ts, with the
 * closest value's edit distance) are not on a first paint's path: a page whose
 * widgets are well configured never loads them; the first problem imports
 * them, and the widget shows its skeleton a moment longer (no request), then
 * its error with the sentence, in one step: `state="error"` never shows an
 * error without its sentence.
 */
import { expect, fixture } from '@open-wc/testing';
import '../../src/khountous.js';
import { countFetches, mount, settled, sharedApi, widgetTestHooks } from '../helpers/kit.js';

/** Whether the page has loaded the module of the sentences. */
const messagesLoaded = () =>
  performance
    .getEntriesByType('resource')
    .some((entry) => /\/attributes\/messages\.ts|\/i18n\/attributes\.ts/.test(entry.name));

describe('the sentences of attribute problems', () => {
  widgetTestHooks();

  it('are not loaded by well-configured widgets', async () => {
    const element = await mount('khountous-ranking', { limit: '2', lang: 'en' });
    expect(element.getAttribute('state')).to.be.oneOf(['ready', 'empty']);
    expect(messagesLoaded()).to.equal(false);
  });

  it('come with the first problem: the skeleton a moment longer, then the error with its sentence', async () => {
    const fetches = countFetches();
    try {
      expect(messagesLoaded(), 'not loaded before the problem').to.equal(false);
      const element = document.createElement('khountous-ranking');
      element.setAttribute('base-url', sharedApi());
      element.setAttribute('region', 'Tiess');
      element.setAttribute('lang', 'en');
      // Each state as it is set, with what the widget shows then.
      const seen: { state: string | null; text: string; busy: string | null | undefined; loaded: boolean }[] =
        [];
      const observer = new MutationObserver(() =>
        seen.push({
          state: element.getAttribute('state'),
          text: (element.shadowRoot?.textContent ?? '').replace(/\s+/g, ' '),
          busy: element.shadowRoot?.querySelector('.root')?.getAttribute('aria-busy'),
          loaded: messagesLoaded(),
        }),
      );
      observer.observe(element, { attributes: true, attributeFilter: ['state'] });
      await fixture(element);
      expect(await settled(element, ['error'])).to.equal('error');
      observer.disconnect();
      const error = seen.findIndex(({ state }) => state === 'error');
      expect(error, JSON.stringify(seen)).to.be.greaterThan(0);
      for (const before of seen.slice(0, error)) {
        expect(before.state).to.equal('loading');
        expect(before.busy).to.equal('true');
        expect(before.text).to.contain('Loading the administrations ranking…');
      }
      expect(seen[error]!.loaded).to.equal(true);
      expect(seen[error]!.text).to.contain('The widget is misconfigured.');
      expect(seen[error]!.text).to.contain('region="Tiess" is not accepted. Did you mean "thies"?');
      expect(fetches.urls).to.deep.equal([]);
    } finally {
      fetches.restore();
    }
  });
});
