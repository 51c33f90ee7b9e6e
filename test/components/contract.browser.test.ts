// Engines: all three (what a reader sees: rendering, layout, styles and focus differ between engines).
/**
 * The contract every element of the kit keeps: states reflected on the host,
 * events, languages, themes, errors that name their cause, accessibility in
 * every state, and no Lit dev-mode warning.
 */
import { expect, fixture } from '@open-wc/testing';
import '../helpers/every-element.js';
import type { KhountousError } from '../../src/core/errors.js';
import type { KhountousErrorEvent, KhountousLoadEvent } from '../../src/element/events.js';
import { isolatedApi, nextEvent, settled, shadowText, sharedApi, widgetTestHooks } from '../helpers/kit.js';
import { until } from '../helpers/frames.js';
import { tellingWords, translations, widgetNameOf } from '../helpers/translations.js';
import { catalog } from '../../src/registry.js';

/** The rendered background of an element's base part. */
const background = (element: HTMLElement) =>
  getComputedStyle(element.shadowRoot!.querySelector('[part~="base"]')!).backgroundColor;
const LIGHT_BACKGROUND = 'rgb(255, 255, 255)';
/** #16191c, the dark theme's background. */
const DARK_BACKGROUND = 'rgb(22, 25, 28)';

interface Spec {
  tag: string;
  /** Attributes that select real data: its folder's `about.sample`. */
  attrs: () => Record<string, string>;
  /** Attributes that make the API answer 404: its identifying input set to no item; none without one. */
  missing?: Record<string, string>;
}

/** Every widget of the registry, as its folder declares it. */
const SPECS: Spec[] = catalog.map(({ widget, about }) => {
  const identifier = Object.entries(widget.inputs).find(([, input]) => input.identifies)?.[0];
  return {
    tag: widget.tag,
    // Loading at once: two or three of them on the test page may push one below the fold.
    attrs: () => ({ ...about.sample, lazy: 'false' }),
    ...(identifier ? { missing: { [identifier]: `no-such-${identifier.replace(/-id$/, '')}` } } : {}),
  };
});

function create(tag: string, attrs: Record<string, string>): Promise<HTMLElement> {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
  return fixture(element);
}

for (const spec of SPECS) {
  describe(`<${spec.tag}> contract`, () => {
    widgetTestHooks();

    it('renders in an open shadow root and goes from loading to ready', async () => {
      const element = await create(spec.tag, { ...spec.attrs(), 'base-url': sharedApi() });
      expect(element.shadowRoot, 'open shadow root').to.exist;
      expect(element.getAttribute('state')).to.equal('loading');
      const base = element.shadowRoot!.querySelector('[part~="base"]')!;
      expect(base.getAttribute('aria-busy')).to.equal('true');
      await expect(element).to.be.accessible();
      expect(await settled(element)).to.equal('ready');
      expect(base.getAttribute('aria-busy')).to.equal('false');
      expect(element.hasAttribute('stale')).to.equal(false);
      await expect(element).to.be.accessible();
    });

    it('says its source and the date of its data, in French and English; credit="none" leaves it out', async () => {
      const day = (lang: string, date: string | number) =>
        new Intl.DateTimeFormat(lang === 'fr' ? 'fr' : 'en-GB', {
          day: 'numeric',
          month: 'short',
          year: 'numeric',
        }).format(new Date(date));
      for (const lang of ['fr', 'en'] as const) {
        const element = document.createElement(spec.tag);
        for (const [name, value] of Object.entries({ ...spec.attrs(), lang, 'base-url': sharedApi() }))
          element.setAttribute(name, value);
        const loaded = nextEvent<KhountousLoadEvent>(element, 'khountous-load');
        await fixture(element);
        expect(await settled(element)).to.equal('ready');
        const shown = (await loaded).detail as { updatedAt?: string };
        // The data's own date where the answer has one (a profile, a dataset), else the day the API answered.
        const date = day(lang, shown.updatedAt ?? Date.now());
        const line = element.shadowRoot!.querySelector('[part="source"]')!.textContent!.trim();
        expect(line).to.equal(
          lang === 'fr'
            ? `Source\u202f: Khountous · données au ${date}`
            : `Source: Khountous · data as of ${date}`,
        );
      }
      const uncredited = await create(spec.tag, { ...spec.attrs(), credit: 'none', 'base-url': sharedApi() });
      expect(await settled(uncredited)).to.equal('ready');
      expect(uncredited.shadowRoot!.querySelector('[part="source"]')).to.equal(null);
    });

    it('fires khountous-load with the data shown, bubbling out of the shadow root', async () => {
      const container = await fixture<HTMLDivElement>(document.createElement('div'));
      const loaded = new Promise<KhountousLoadEvent>((resolve) =>
        container.addEventListener('khountous-load', (event) => resolve(event as KhountousLoadEvent), {
          once: true,
        }),
      );
      const element = document.createElement(spec.tag);
      for (const [name, value] of Object.entries({ ...spec.attrs(), 'base-url': sharedApi() })) {
        element.setAttribute(name, value);
      }
      container.append(element);
      const event = await loaded;
      expect(event.composed).to.equal(true);
      expect(event.bubbles).to.equal(true);
      expect(event.target).to.equal(element);
      expect(event.detail).to.be.an('object');
      expect(JSON.stringify(event.detail)).to.have.length.greaterThan(20);
    });

    it('speaks French by default and English with lang="en"', async () => {
      const fr = await create(spec.tag, { ...spec.attrs(), 'base-url': sharedApi() });
      const en = await create(spec.tag, { ...spec.attrs(), 'base-url': sharedApi(), lang: 'en' });
      expect(await settled(fr)).to.equal('ready');
      expect(await settled(en)).to.equal('ready');
      const told = tellingWords(spec.tag, shadowText(fr), shadowText(en));
      expect(told, 'words of its own strings.ts, French in one, English in the other').to.not.be.empty;
    });

    it("takes the closest ancestor's lang, and an unsupported one falls back to French", async () => {
      const wrapper = await fixture<HTMLDivElement>(document.createElement('div'));
      wrapper.setAttribute('lang', 'en-GB');
      const inner = document.createElement(spec.tag);
      for (const [name, value] of Object.entries({ ...spec.attrs(), 'base-url': sharedApi() })) {
        inner.setAttribute(name, value);
      }
      wrapper.append(inner);
      expect(await settled(inner)).to.equal('ready');
      wrapper.setAttribute('lang', 'wo');
      const other = inner.cloneNode() as HTMLElement;
      wrapper.append(other);
      expect(await settled(other)).to.equal('ready');
      // en-GB: English; wo: French (the fallback).
      const told = tellingWords(spec.tag, shadowText(other), shadowText(inner));
      expect(told, 'words of its own strings.ts, French under wo, English under en-GB').to.not.be.empty;
    });

    it('follows theme="dark", theme="light", and in auto the color-scheme the page gives it', async () => {
      expect(CSS.supports('color', 'light-dark(#000, #fff)'), 'the engine resolves light-dark()').to.equal(
        true,
      );
      const dark = await create(spec.tag, { ...spec.attrs(), 'base-url': sharedApi(), theme: 'dark' });
      expect(background(dark)).to.equal(DARK_BACKGROUND);
      dark.setAttribute('theme', 'light');
      await (dark as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
      expect(background(dark)).to.equal(LIGHT_BACKGROUND);

      const host = await fixture<HTMLDivElement>(document.createElement('div'));
      host.style.colorScheme = 'dark';
      const auto = document.createElement(spec.tag);
      for (const [name, value] of Object.entries({ ...spec.attrs(), 'base-url': sharedApi() })) {
        auto.setAttribute(name, value);
      }
      host.append(auto);
      await settled(auto);
      expect(background(auto)).to.equal(DARK_BACKGROUND);
      await expect(auto).to.be.accessible();
      // theme="light" wins over the page's scheme; `light dark` follows the reader's system.
      auto.setAttribute('theme', 'light');
      await until(() => background(auto) === LIGHT_BACKGROUND, 'light in a dark container', 2000);
      auto.setAttribute('theme', 'auto');
      host.style.colorScheme = 'light dark';
      const system = matchMedia('(prefers-color-scheme: dark)').matches ? DARK_BACKGROUND : LIGHT_BACKGROUND;
      await until(() => background(auto) === system, 'the system setting under `light dark`', 2000);
    });

    it('hides the fallback content written inside it, and never reads it as data', async () => {
      const element = document.createElement(spec.tag);
      for (const [name, value] of Object.entries({ ...spec.attrs(), 'base-url': sharedApi() })) {
        element.setAttribute(name, value);
      }
      const fallback = document.createElement('a');
      fallback.href = 'https://example.org/fallback';
      fallback.textContent = 'Fallback-7f3c: read it on Khountous';
      element.append(fallback);
      await fixture(element);
      expect(await settled(element)).to.equal('ready');
      expect(fallback.isConnected).to.equal(true);
      expect(fallback.getClientRects().length, 'the fallback link is not rendered').to.equal(0);
      expect(shadowText(element)).not.to.contain('Fallback-7f3c');
    });

    it('in theme="auto", is light on a silent page and follows a dark-mode switch after attach', async () => {
      const sheet = document.createElement('style');
      sheet.textContent = 'html.night-mode, body[data-theme="dark"] { color-scheme: dark; }';
      document.head.append(sheet);
      const html = document.documentElement;
      try {
        const element = await create(spec.tag, { ...spec.attrs(), 'base-url': sharedApi() });
        const isDark = () => background(element) === DARK_BACKGROUND;
        // A page that declares no color-scheme is light, as the browser's form controls are.
        expect(background(element)).to.equal(LIGHT_BACKGROUND);
        // A class on <html>, as a site's dark-mode switch would set.
        html.classList.add('night-mode');
        await until(() => isDark(), 'the dark theme after html.night-mode', 2000);
        html.classList.remove('night-mode');
        await until(() => background(element) === LIGHT_BACKGROUND, 'light after the class went', 2000);
        // A data attribute on <body>.
        document.body.dataset['theme'] = 'dark';
        await until(() => isDark(), 'the dark theme after body[data-theme=dark]', 2000);
      } finally {
        html.classList.remove('night-mode');
        delete document.body.dataset['theme'];
        sheet.remove();
      }
    });

    if (spec.missing) {
      it('shows a not-found error naming the attribute, with no retry, and fires khountous-error', async () => {
        const element = document.createElement(spec.tag);
        for (const [name, value] of Object.entries({ ...spec.missing, 'base-url': sharedApi() })) {
          element.setAttribute(name, value);
        }
        const failed = nextEvent<KhountousErrorEvent>(element, 'khountous-error');
        await fixture(element);
        const event = await failed;
        expect((event.detail as KhountousError).kind).to.equal('not-found');
        expect(await settled(element)).to.equal('error');
        const alert = element.shadowRoot!.querySelector('[role="status"][part~="error"]')!;
        const [attribute, value] = Object.entries(spec.missing!)[0]!;
        expect(alert.textContent).to.contain(`Rien n’a été trouvé pour ${attribute}="${value}".`);
        // The same request would find nothing more.
        expect(element.shadowRoot!.querySelector('button[part~="retry"]')).to.equal(null);
        await expect(element).to.be.accessible();
      });
    }

    it('shows a quota error that says when data will be back', async function () {
      // 60 real requests first: a loaded machine took more than mocha's 10 s for them.
      this.timeout(60_000);
      const base = isolatedApi('quota');
      // Another page behind the same address spent the whole quota already.
      await Promise.all(Array.from({ length: 60 }, () => fetch(`${base}/regions`, { cache: 'no-store' })));
      const element = await create(spec.tag, { ...spec.attrs(), 'base-url': base, lang: 'en' });
      expect(await settled(element)).to.equal('error');
      const text = shadowText(element);
      // The widget named, and when it comes back, once.
      const sentence = translations('en').error('quota', widgetNameOf(spec.tag), 'HH:MM');
      expect(sentence).to.match(/^The .+ available again at HH:MM\.$/);
      const times = text.match(/\d{2}:\d{2}/g);
      expect(times).to.have.length(1);
      expect(text).to.contain(sentence.replace('HH:MM', times![0]));
      // A retry now would send nothing: the button cannot be pressed before then (and does not repeat the time).
      const button = element.shadowRoot!.querySelector<HTMLButtonElement>('button[part~="retry"]')!;
      expect(button.disabled).to.equal(true);
      expect(button.textContent!.trim()).to.equal('Try again');
    });

    it('reports a base-url that is not http(s) as a configuration error without any request', async () => {
      const element = await create(spec.tag, { ...spec.attrs(), 'base-url': 'javascript:alert(1)' });
      expect(await settled(element)).to.equal('error');
      expect(shadowText(element)).to.contain('mal configuré');
      expect(element.shadowRoot!.querySelector('button[part~="retry"]')).to.equal(null);
    });
  });
}
