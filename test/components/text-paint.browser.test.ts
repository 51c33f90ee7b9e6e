// Engines: all three (what a reader sees: rendering, layout, styles and focus differ between engines).
/**
 * An element that finds the script tag's text paint of its data inside it
 * (a `<khountous-paint>` child, src/boot/paint.ts) shows it in place of its
 * skeleton while its data is on its way, sets no `state` meanwhile, and
 * removes it with its first other view: the data, or an error.
 */
import { expect, fixture, fixtureCleanup } from '@open-wc/testing';
import '../../src/khountous.js';
import { FaultyApi } from '../hardening/browser-kit.js';
import { until } from '../helpers/frames.js';
import { freshKit, holdAnswers, isolatedApi, settled } from '../helpers/kit.js';

/** `<tag>` with a text paint inside, mounted with `attributes`. */
async function painted(tag: string, attributes: Record<string, string>): Promise<HTMLElement> {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  const paint = element.appendChild(document.createElement('khountous-paint'));
  paint.attachShadow({ mode: 'open' }).textContent = 'Mairie de Bakel · 71/100';
  await fixture(element);
  return element;
}

const paintOf = (element: Element) => element.querySelector(':scope > khountous-paint');

describe('the text paint in a defined element', function () {
  this.timeout(20000);
  beforeEach(freshKit);
  afterEach(() => fixtureCleanup());

  it('is shown in place of the skeleton until the data is rendered, then removed', async () => {
    const base = isolatedApi('paint-held');
    const held = holdAnswers(base);
    try {
      const element = await painted('khountous-admin-card', {
        'base-url': base,
        slug: 'mairie-de-bakel',
        lazy: 'false',
      });
      await until(
        () => element.shadowRoot?.querySelector('slot') ?? undefined,
        'the slot that shows the text paint',
      );
      const slot = element.shadowRoot!.querySelector('slot')!;
      const assigned = slot.assignedElements();
      expect(
        assigned.length === 1 && assigned[0] === paintOf(element),
        'the text paint in the slot',
      ).to.equal(true);
      expect(element.shadowRoot!.querySelector('.skeleton') === null, 'no skeleton').to.equal(true);
      expect(element.getAttribute('state'), 'no state while the text shows').to.equal(null);
      expect(paintOf(element)!.getBoundingClientRect().height).to.be.above(0);
      held.release();
      expect(await settled(element)).to.equal('ready');
      expect(paintOf(element) === null, 'the text paint removed').to.equal(true);
      expect(element.shadowRoot!.querySelector('slot') === null, 'no slot left').to.equal(true);
      expect(element.shadowRoot!.textContent).to.include('Mairie de Bakel');
    } finally {
      held.restore();
    }
  });

  it('is removed when the load fails: the error shows', async () => {
    const faulty = new FaultyApi('paint-500');
    await faulty.fail({ fault: '500' });
    const element = await painted('khountous-ranking', { 'base-url': faulty.base, lazy: 'false' });
    expect(await settled(element)).to.equal('error');
    expect(paintOf(element) === null, 'the text paint removed').to.equal(true);
    expect(element.shadowRoot!.querySelector('slot') === null, 'no slot left').to.equal(true);
  });
});
