// Engines: Chromium (when the retry button may send, read from the budget: logic no engine changes (the storage and locks behind the budget run in all three: test/core/loader, test/hardening/storage)).
/**
 * The retry button of the error state: while the quota refuses any request,
 * it cannot be pressed (the sentence above it says when the data comes back,
 * once); at the reset the widget loads again (by itself) and the button is
 * gone. On other errors it sends at once.
 */
import { expect, fixtureCleanup } from '@open-wc/testing';
import '../../src/khountous.js';
import { FaultyApi } from '../hardening/browser-kit.js';
import { delay, until } from '../helpers/frames.js';
import { freshKit, mount, settled, shadowText } from '../helpers/kit.js';

const retryButton = (element: Element) =>
  element.shadowRoot!.querySelector<HTMLButtonElement>('button[part~="retry"]');

describe('the retry button', function () {
  this.timeout(20000);
  beforeEach(freshKit);
  afterEach(() => fixtureCleanup());

  it('after a 429: disabled until the reset, the sentence saying when, then the data come back without a click', async () => {
    const faulty = new FaultyApi('retry-429');
    await faulty.fail({ fault: '429', times: 1, retryAfter: 3 });
    const element = await mount('khountous-region-stats', {
      'base-url': faulty.base,
      lang: 'fr',
      lazy: 'false',
    });
    expect(await settled(element)).to.equal('error');
    const button = retryButton(element)!;
    expect(button.disabled).to.equal(true);
    expect(button.textContent!.trim()).to.equal('Réessayer');
    expect(shadowText(element)).to.match(
      /^Les indicateurs régionaux seront de nouveau disponibles à \d{2}:\d{2}\. Réessayer$/,
    );
    // A click now sends nothing.
    button.click();
    await delay(300);
    expect((await faulty.requests()).length).to.equal(1);
    // Until the reset the button stays disabled; then the loader tries again by itself.
    await until(
      () => element.getAttribute('state') === 'ready' || undefined,
      'the data after the reset',
      8000,
    );
    expect(retryButton(element)).to.equal(null);
    expect((await faulty.requests()).length).to.equal(2);
  });

  for (const [lang, busy, spent] of [
    [
      'fr',
      /Service très sollicité\s: les indicateurs régionaux seront de nouveau disponibles à \d{2}:\d{2}\./,
      'Limite de requêtes',
    ],
    [
      'en',
      /The service is busy: the regional indicators will be available again at \d{2}:\d{2}\./,
      'Request limit',
    ],
  ] as const)
    it(`after a shared cache tier's 429 (${lang}): says the service is busy, not that the reader spent a limit`, async () => {
      const faulty = new FaultyApi(`retry-429-shared-${lang}`);
      await faulty.fail({ fault: '429-shared', times: 1, retryAfter: 3 });
      const element = await mount('khountous-region-stats', { 'base-url': faulty.base, lang, lazy: 'false' });
      expect(await settled(element)).to.equal('error');
      const text = shadowText(element);
      expect(text).to.match(busy);
      expect(text).to.not.contain(spent);
      // The same wait as the API's own 429: the loader tries again at the reset, by itself.
      expect(retryButton(element)!.disabled).to.equal(true);
      expect(await settled(element, ['ready'])).to.equal('ready');
    });

  it('after a server error: enabled, and a click sends one request', async () => {
    const faulty = new FaultyApi('retry-500');
    await faulty.fail({ fault: '500' });
    const element = await mount('khountous-region-stats', {
      'base-url': faulty.base,
      lang: 'en',
      lazy: 'false',
    });
    expect(await settled(element)).to.equal('error');
    const button = retryButton(element)!;
    expect(button.disabled).to.equal(false);
    expect(button.textContent!.trim()).to.equal('Try again');
    await faulty.recover();
    const before = (await faulty.requests()).length;
    button.click();
    expect(await settled(element, ['ready'])).to.equal('ready');
    expect((await faulty.requests()).length).to.equal(before + 1);
    expect(shadowText(element)).to.not.contain('Try again');
  });
});
