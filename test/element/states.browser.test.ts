// Engines: all three (what a reader sees: rendering, layout, styles and focus differ between engines).
/**
 * The states a widget shows besides its data say which graphic they stand for,
 * as a newsroom would, in the text's calm colours: loading (to screen readers),
 * nothing to show, the API down or unreachable ("Le classement des
 * administrations n’est pas disponible pour le moment." and a retry button), a
 * spent quota (when the data comes back, said once: not on the button too). Data
 * the element held is shown still, marked stale, when a load of it fails.
 */
import { expect, fixture, fixtureCleanup } from '@open-wc/testing';
import '../../src/khountous.js';
import { FaultyApi, installLoader } from '../hardening/browser-kit.js';
import { until } from '../helpers/frames.js';
import { freshKit, holdAnswers, isolatedApi, mount, settled, shadowText } from '../helpers/kit.js';

const part = (element: Element, name: string) =>
  element.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);
const retryButton = (element: Element) =>
  element.shadowRoot!.querySelector<HTMLButtonElement>('[part~="retry"]');
const folded = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** The red of the error state the kit had, light and dark: no state may show it. */
const DANGER = ['rgb(179, 38, 30)', 'rgb(255, 138, 128)'];

/**
 * The state's box is in the widget's own text colour, on no background of its own, and its
 * rule in the widget's border colour (tokens.styles.ts `--_text`, `--_border`), whatever the theme.
 */
function expectCalm(element: Element, box: HTMLElement): void {
  const root = getComputedStyle(element.shadowRoot!.querySelector('.root')!);
  const style = getComputedStyle(box);
  expect(style.color, 'text').to.equal(root.color);
  expect(style.backgroundColor, 'background').to.equal('rgba(0, 0, 0, 0)');
  const rule = style.borderInlineStartColor;
  if (style.borderInlineStartStyle !== 'none') expect(rule, 'rule').to.equal(root.borderTopColor);
  for (const shown of [box, ...box.querySelectorAll('*')]) {
    const { color, borderInlineStartColor, backgroundColor } = getComputedStyle(shown);
    for (const danger of DANGER)
      expect([color, borderInlineStartColor, backgroundColor], shown.localName).to.not.include(danger);
  }
}

describe('states that name their widget, calmly', function () {
  this.timeout(30000);
  beforeEach(freshKit);
  afterEach(() => fixtureCleanup());

  for (const [tag, lang, sentence] of [
    ['khountous-ranking', 'fr', 'Chargement du classement des administrations…'],
    ['khountous-region-stats', 'fr', 'Chargement des indicateurs régionaux…'],
    ['khountous-region-map', 'fr', 'Chargement de la carte des régions…'],
    ['khountous-ranking', 'en', 'Loading the administrations ranking…'],
    ['khountous-region-stats', 'en', 'Loading the regional indicators…'],
  ] as const)
    it(`loading (${tag}, ${lang}): screen readers hear "${sentence}"`, async () => {
      const base = isolatedApi(`loading-${lang}`);
      const held = holdAnswers(base);
      try {
        const element = await mount(tag, { 'base-url': base, lang, lazy: 'false' }, { settle: false });
        await until(() => element.getAttribute('state') === 'loading' || undefined, 'the loading state');
        const hidden = [...element.shadowRoot!.querySelectorAll('.visually-hidden')].map((node) =>
          folded(node.textContent),
        );
        expect(hidden).to.include(sentence);
      } finally {
        held.restore();
      }
    });

  for (const [lang, sentence] of [
    ['fr', 'Le classement des administrations n’a aucune donnée à afficher.'],
    ['en', 'The administrations ranking has no data to show.'],
  ] as const)
    it(`empty (${lang}): "${sentence}", calm`, async () => {
      const element = await mount('khountous-ranking', { region: 'kolda', level: 'national', lang });
      expect(element.getAttribute('state')).to.equal('empty');
      const empty = part(element, 'empty')!;
      expect(folded(empty.textContent)).to.equal(sentence);
      expect(getComputedStyle(empty).color).to.not.be.oneOf(DANGER);
      expect(getComputedStyle(empty).backgroundColor).to.equal('rgba(0, 0, 0, 0)');
    });

  for (const [tag, lang, theme, sentence, retry] of [
    [
      'khountous-ranking',
      'fr',
      'light',
      'Le classement des administrations n’est pas disponible pour le moment.',
      'Réessayer',
    ],
    [
      'khountous-ranking',
      'en',
      'dark',
      'The administrations ranking is not available at the moment.',
      'Try again',
    ],
    [
      'khountous-region-stats',
      'fr',
      'dark',
      'Les indicateurs régionaux ne sont pas disponibles pour le moment.',
      'Réessayer',
    ],
    [
      'khountous-region-stats',
      'en',
      'light',
      'The regional indicators are not available at the moment.',
      'Try again',
    ],
  ] as const)
    it(`the API answers 503 (${tag}, ${lang}, ${theme}): "${sentence}" and "${retry}", no red`, async () => {
      const faulty = new FaultyApi(`states-503-${lang}`);
      await faulty.fail({ fault: '503' });
      const element = await mount(tag, { 'base-url': faulty.base, lang, theme, lazy: 'false' });
      expect(element.getAttribute('state')).to.equal('error');
      const box = part(element, 'error')!;
      expect(box.getAttribute('role')).to.equal('status');
      expect(folded(box.textContent)).to.equal(`${sentence} ${retry}`);
      expect(retryButton(element)!.disabled).to.equal(false);
      expectCalm(element, box);
    });

  for (const [lang, sentence] of [
    ['fr', 'La carte des régions n’est pas disponible pour le moment.'],
    ['en', 'The regional map is not available at the moment.'],
  ] as const)
    it(`no connection to the API (${lang}): "${sentence}", with a retry`, async () => {
      const element = await mount('khountous-region-map', { 'base-url': 'http://127.0.0.1:9/v1', lang });
      expect(element.getAttribute('state')).to.equal('error');
      const box = part(element, 'error')!;
      expect(folded(box.querySelector('p')!.textContent)).to.equal(sentence);
      expect(retryButton(element)).to.not.equal(null);
      expectCalm(element, box);
    });

  for (const [lang, theme, sentence, retry] of [
    [
      'fr',
      'dark',
      /^Le classement des administrations sera de nouveau disponible à (\d{2}:\d{2})\.$/,
      'Réessayer',
    ],
    ['en', 'light', /^The administrations ranking will be available again at (\d{2}:\d{2})\.$/, 'Try again'],
  ] as const)
    it(`a spent quota (${lang}, ${theme}): when the data comes back, said once; the button does not repeat it`, async () => {
      const faulty = new FaultyApi(`states-429-${lang}`);
      await faulty.fail({ fault: '429', retryAfter: 600 });
      const element = await mount('khountous-ranking', {
        'base-url': faulty.base,
        lang,
        theme,
        lazy: 'false',
      });
      expect(element.getAttribute('state')).to.equal('error');
      const box = part(element, 'error')!;
      const said = folded(box.querySelector('p')!.textContent);
      const time = sentence.exec(said)?.[1];
      expect(time, said).to.be.a('string');
      expect(shadowText(element).match(/\d{2}:\d{2}/g)).to.deep.equal([time]);
      const button = retryButton(element)!;
      expect(folded(button.textContent)).to.equal(retry);
      expect(button.disabled).to.equal(true);
      expectCalm(element, box);
    });

  it('a load that fails while the element holds data: the data stays, marked stale, not the error', async () => {
    // The connection drops when told (as a train enters a tunnel).
    let offline = false;
    const kit = installLoader({
      maxAge: 60_000,
      fetch: (input, init) =>
        offline ? Promise.reject(new TypeError('Failed to fetch')) : globalThis.fetch(input, init),
    });
    const base = isolatedApi('states-held');
    const element = await mount('khountous-region-stats', {
      'base-url': base,
      region: 'kolda',
      lang: 'fr',
      lazy: 'false',
    });
    expect(element.getAttribute('state')).to.equal('ready');
    expect(element.hasAttribute('stale')).to.equal(false);
    const shown = shadowText(element);
    // Offline, and the cache no longer holds the data (older than its maxAge).
    offline = true;
    kit.clock.advance(5 * 60_000);
    const before = kit.sent.length;
    // Moved on the page (as a page's script moves a widget): the element loads its data again.
    const parent = element.parentElement!;
    element.remove();
    parent.append(element);
    await until(
      () =>
        kit.sent.length > before &&
        element.shadowRoot!.querySelector('.root')!.getAttribute('aria-busy') === 'false',
      'the failed load',
    );
    await kit.idle();
    expect(await settled(element)).to.equal('ready');
    expect(element.hasAttribute('stale')).to.equal(true);
    expect(part(element, 'error')).to.equal(null);
    const stale = part(element, 'stale')!;
    expect(folded(stale.textContent)).to.match(/^données de \d{2}:\d{2}$/);
    // The same data as before, with the mark.
    expect(shadowText(element).replace(folded(stale.textContent), '').replace(/\s+/g, ' ')).to.equal(shown);
  });

  it('a widget waiting below the fold animates its skeleton in opacity only, which the browser runs off the main thread', async () => {
    const base = isolatedApi('waiting-below');
    const container = await fixture<HTMLDivElement>(document.createElement('div'));
    // Far below the viewport: a lazy widget waits there, its skeleton shown, for the reader to come near.
    const spacer = document.createElement('div');
    spacer.style.height = '5000px';
    const element = document.createElement('khountous-ranking');
    element.setAttribute('base-url', base);
    container.append(spacer, element);
    await until(() => element.getAttribute('state') === 'loading' || undefined, 'the loading state');
    await until(() => element.shadowRoot!.querySelector('.skeleton') ?? undefined, 'the skeleton');
    const animations = element.shadowRoot!.getAnimations();
    expect(animations.length, 'the skeleton moves').to.be.greaterThan(0);
    // A property animated on the main thread (a gradient's position, a width) repaints the page
    // at every frame while the widget waits, on screen or not: a phone's battery for nothing.
    const animated = new Set(
      animations.flatMap((animation) =>
        (animation.effect as KeyframeEffect)
          .getKeyframes()
          .flatMap((keyframe) =>
            Object.keys(keyframe).filter(
              (key) => !['offset', 'computedOffset', 'easing', 'composite'].includes(key),
            ),
          ),
      ),
    );
    expect([...animated]).to.deep.equal(['opacity']);
  });
});
