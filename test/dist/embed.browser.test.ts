// Engines: all three (the built kit as a page loads it: modules, preloads, integrity and CSP differ between engines).
/**
 * dist/embed.html (one widget chosen by URL parameters, for iframes) and
 * dist/embed-resize.js (the host's snippet that sizes those iframes). Needs
 * `npm run build`.
 */
import { expect } from '@open-wc/testing';
import {
  allAnnouncedFetched,
  announcedFiles,
  delay,
  openFrame,
  removeFrames,
  until,
} from '../helpers/frames.js';
import { isolatedApi, otherOrigin, settled } from '../helpers/kit.js';

const embed = (params: string) => `/dist/embed.html?${params}`;
const widgetIn = (frame: HTMLIFrameElement, tag: string) =>
  until(() => frame.contentDocument!.querySelector<HTMLElement>(tag) ?? undefined, `<${tag}> in the frame`);

describe('dist/embed.html', function () {
  this.timeout(20000);
  afterEach(removeFrames);

  it('shows the widget the URL names, with its attributes', async () => {
    const frame = await openFrame(
      embed('widget=ranking&limit=3&lang=en&region=kolda&base-url=/v1&lazy=false'),
    );
    const element = await widgetIn(frame, 'khountous-ranking');
    expect(element.getAttribute('limit')).to.equal('3');
    expect(element.getAttribute('lang')).to.equal('en');
    expect(element.getAttribute('region')).to.equal('kolda');
    expect(await settled(element)).to.equal('ready');
    expect(element.shadowRoot!.textContent).to.include('Score');
  });

  it('sends its widget’s request with nothing but its scripts, and loads that one element only', async () => {
    // An API of this test's own: the request cannot be answered from another test's cache; the
    // page under a URL of its own, whose files this frame fetches (not the browser's cache). The
    // API on another origin, as the kit's is to the sites that serve the page (which accepts it
    // under /fresh/, web-test-runner.config.mjs): on the page's host, the request would wait
    // behind the files held back, when the browser asks for six of them first.
    const api = isolatedApi('embed-first', otherOrigin());
    const scope = /\/scoped\/([^/]+)\/v1$/.exec(api)![1]!;
    // Every file but the page and its two scripts is held back until the API has received one
    // request (at most 10 s): armed by a request this page awaits.
    const armed = await fetch(`/scoped/${scope}/__hold?count=1&files=all`, { method: 'POST' });
    expect(armed.status).to.equal(204);
    try {
      const frame = await openFrame(
        `/fresh/${scope}/dist/embed.html?widget=ranking&limit=2&base-url=${encodeURIComponent(api)}`,
      );
      const element = await widgetIn(frame, 'khountous-ranking');
      expect(await settled(element)).to.equal('ready');
      await allAnnouncedFetched(frame.contentWindow!);
      const timings = frame.contentWindow!.performance.getEntriesByType(
        'resource',
      ) as PerformanceResourceTiming[];
      const requests = timings.filter((entry) => entry.name.startsWith(`${api}/`));
      expect(requests.map((entry) => entry.name)).to.have.length(1);
      const files = timings.filter((entry) => /\/dist\/(elements|chunks)\//.test(entry.name));
      expect(files.length).to.be.greaterThan(2);
      // On the server's clock: each of those files was held until the API had received the
      // request (not for the 10 s the server waits at most): the request needed none of them.
      const record = (await (await fetch(`/scoped/${scope}/__faults`, { cache: 'no-store' })).json()) as {
        released: { path: string; because: string }[];
      };
      const released = record.released.map(({ path }) => path);
      for (const file of files) {
        const path = new URL(file.name).pathname.replace(`/fresh/${scope}`, '');
        expect(released, `${path} was held`).to.include(path);
      }
      for (const file of record.released)
        expect(file.because, `${file.path} was held until: ${JSON.stringify(record)}`).to.equal('requests');
      const elements = files
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.includes('/elements/'));
      expect(elements).to.deep.equal([`/fresh/${scope}/dist/elements/khountous-ranking.js`]);
      // The one element's files, announced at once (no chain of imports).
      const announced = announcedFiles(frame.contentWindow!);
      const fetched = files.map((entry) => new URL(entry.name).pathname);
      expect(fetched.filter((path) => !announced.includes(path))).to.deep.equal([]);
    } finally {
      await fetch(`/scoped/${scope}/__hold`, { method: 'DELETE' });
    }
  });

  it('posts its height to the parent, with the id it was given', async () => {
    const messages: {
      source: MessageEventSource | null;
      data: { type: string; height: number; id: string };
    }[] = [];
    const listen = (event: MessageEvent) => {
      if ((event.data as { type?: string })?.type === 'khountous:resize')
        messages.push({ source: event.source, data: event.data });
    };
    window.addEventListener('message', listen);
    try {
      const frame = await openFrame(embed('widget=region-stats&id=regions-1&base-url=/v1&lazy=false'));
      // This frame's messages only (another frame of the page may resize at the same moment).
      const lastOfFrame = () =>
        messages.filter((message) => message.source === frame.contentWindow).at(-1)?.data;
      const element = await widgetIn(frame, 'khountous-region-stats');
      await settled(element);
      const last = await until(() => {
        const message = lastOfFrame();
        return message && message.height > 200 ? message : undefined;
      }, 'a resize message for the rendered chart');
      expect(last.id).to.equal('regions-1');
      const body = Math.ceil(frame.contentDocument!.documentElement.getBoundingClientRect().height);
      await until(() => lastOfFrame()!.height === body, 'the last message to carry the page height');
    } finally {
      window.removeEventListener('message', listen);
    }
  });

  it('refuses a widget that is not one of the kit, as text', async () => {
    const frame = await openFrame(embed(`widget=${encodeURIComponent('<img src=x onerror=alert(1)>')}`));
    const problem = await until(
      () => frame.contentDocument!.querySelector('.problem') ?? undefined,
      'the message about the unknown widget',
    );
    expect(problem.textContent).to.include('Unknown widget');
    expect(frame.contentDocument!.querySelector('img')).to.equal(null);
    expect(frame.contentDocument!.querySelector('[state]')).to.equal(null);
  });

  it('passes only the attributes the element knows, as text', async () => {
    const frame = await openFrame(
      embed(
        'widget=admin-card&slug=hopital-regional-de-tambacounda&base-url=/v1' +
          '&onclick=alert(1)&style=display:none&unknown=1&variant=%3Cb%3Ecompact%3C/b%3E',
      ),
    );
    const element = await widgetIn(frame, 'khountous-admin-card');
    for (const name of ['onclick', 'unknown']) expect(element.hasAttribute(name), name).to.equal(false);
    // Its style holds only the box the kit gives it (src/widget/box.ts), not the address's.
    expect(element.getAttribute('style') ?? '', 'style').to.match(/^(--khountous-box: [\d.]+;)?$/);
    expect(element.getAttribute('slug')).to.equal('hopital-regional-de-tambacounda');
    expect(element.getAttribute('variant')).to.equal('<b>compact</b>');
    expect(frame.contentDocument!.querySelector('b')).to.equal(null);
  });

  it('refuses a base-url on another origin than the page or the default API, saying so on the page', async () => {
    const foreign = `http://127.0.0.1:${location.port}`;
    for (const [lang, words] of [
      ['fr', [`base-url mène à ${foreign}`, 'Origines acceptées', 'khountous:api-origins']],
      ['en', [`base-url leads to ${foreign}`, 'Accepted origins', 'khountous:api-origins']],
    ] as const) {
      const frame = await openFrame(
        embed(`widget=ranking&lang=${lang}&base-url=${encodeURIComponent(`${foreign}/v1`)}`),
      );
      const problem = await until(
        () => frame.contentDocument!.querySelector<HTMLElement>('.problem') ?? undefined,
        'the refusal',
      );
      expect(problem.getAttribute('role')).to.equal('alert');
      for (const word of words) expect(problem.textContent, word).to.contain(word);
      expect(problem.textContent).to.contain(`KHOUNTOUS_EMBED_API_ORIGINS=${foreign} npm run build`);
      expect(problem.textContent).to.contain(location.origin);
      // No widget on another API than the one asked for.
      expect(frame.contentDocument!.querySelector('khountous-ranking')).to.equal(null);
      frame.remove();
    }
  });

  it('refuses a base-url that is not http(s), as text', async () => {
    const frame = await openFrame(
      embed(`widget=ranking&base-url=${encodeURIComponent('javascript:alert(1)//<b>x</b>')}`),
    );
    const problem = await until(
      () => frame.contentDocument!.querySelector<HTMLElement>('.problem') ?? undefined,
      'the refusal',
    );
    expect(problem.textContent).to.contain(
      'base-url « javascript:alert(1)//<b>x</b> » n’est pas une adresse http(s).',
    );
    expect(frame.contentDocument!.querySelector('b')).to.equal(null);
  });

  it('ignores such a base-url behind a leading space or format character the URL parser reads as a path', async () => {
    const foreign = `http://127.0.0.1:${location.port}/v1`;
    for (const space of ['\u00a0', '\ufeff', '\u3000', '\u200a', '\u2028', '\u1680']) {
      const frame = await openFrame(
        embed(`widget=ranking&lazy=false&base-url=${encodeURIComponent(space + foreign)}`),
      );
      const shown = await until(
        () => frame.contentDocument!.querySelector<HTMLElement>('khountous-ranking, .problem') ?? undefined,
        'the widget or the refusal',
      );
      const label = `U+${space.charCodeAt(0).toString(16)}`;
      if (shown.classList.contains('problem')) {
        // Refused: nothing is fetched, and the page says why.
        expect(shown.textContent, label).to.contain('base-url');
      } else {
        const value = shown.getAttribute('base-url');
        // What the widget fetches from: the attribute, trimmed, resolved against the embed page.
        const used = value?.trim()
          ? new URL(value.trim(), frame.contentDocument!.baseURI).origin
          : location.origin;
        expect(used, `${label}: ${JSON.stringify(value)}`).to.equal(location.origin);
      }
      frame.remove();
    }
  });

  describe('links (href-template)', () => {
    const links = async (template: string) => {
      const frame = await openFrame(
        embed(`widget=ranking&limit=3&base-url=/v1&lazy=false&href-template=${encodeURIComponent(template)}`),
      );
      const element = await widgetIn(frame, 'khountous-ranking');
      expect(await settled(element)).to.equal('ready');
      // The ranking's own links (the source line's is the platform's: below).
      const hrefs = [...element.shadowRoot!.querySelectorAll<HTMLAnchorElement>('tbody a')].map(
        (a) => a.href,
      );
      frame.remove();
      return { hrefs, kept: element.getAttribute('href-template') };
    };

    it('makes links on the origin of the page that framed it', async () => {
      const { hrefs } = await links(`${location.origin}/reports/{slug}`);
      expect(hrefs).to.have.length(3);
      for (const href of hrefs) expect(new URL(href).origin).to.equal(location.origin);
    });

    it('makes no link off that origin, however the template spells it', async () => {
      for (const template of [
        '//evil.example/{slug}',
        '\\\\evil.example/{slug}',
        '/\\evil.example/{slug}',
        'https:evil.example/{slug}',
        `http://127.0.0.1:${location.port}/{slug}`,
        `${location.origin}.evil.example/{slug}`,
        `${location.origin}@evil.example/{slug}`,
      ]) {
        const { hrefs, kept } = await links(template);
        const offSite = hrefs.filter((href) => new URL(href).origin !== location.origin);
        expect(offSite, template).to.deep.equal([]);
        expect(kept, template).to.equal(null);
      }
    });
  });
});

describe("dist/embed.html: the editor's words", function () {
  this.timeout(20000);
  afterEach(removeFrames);

  const shown = async (params: string) => {
    const frame = await openFrame(embed(`widget=ranking&limit=2&base-url=/v1&lazy=false&${params}`));
    const element = await widgetIn(frame, 'khountous-ranking');
    expect(await settled(element)).to.equal('ready');
    const root = element.shadowRoot!;
    return {
      title: root.querySelector('[role="heading"]')!.textContent!.trim(),
      note: root.querySelector('[part="note"]')?.textContent?.trim(),
      href: root.querySelector('[part="source"] a')!.getAttribute('href'),
      markup: frame.contentDocument!.querySelector('b, img') ?? root.querySelector('b, img'),
    };
  };

  it('shows the headline and the note as text; the source line links to the platform, or to the framing page', async () => {
    const words = await shown(
      `headline=${encodeURIComponent('<b>Titre</b> <img src=x>')}&note=${encodeURIComponent('Sur 100.')}`,
    );
    expect(words.title).to.equal('<b>Titre</b> <img src=x>');
    expect(words.note).to.equal('Sur 100.');
    expect(words.markup).to.equal(null);
    expect(words.href).to.equal('https://khountous.sn');
    const own = `${location.origin}/methode`;
    expect((await shown(`source-href=${encodeURIComponent(own)}`)).href).to.equal(own);
    for (const other of ['https://evil.example/methode', 'javascript:alert(1)'])
      expect((await shown(`source-href=${encodeURIComponent(other)}`)).href, other).to.equal(
        'https://khountous.sn',
      );
  });
});

describe('dist/embed-resize.js', function () {
  this.timeout(20000);
  afterEach(removeFrames);

  before(async () => {
    const script = document.createElement('script');
    script.src = '/dist/embed-resize.js';
    const loaded = new Promise((resolve) => script.addEventListener('load', resolve, { once: true }));
    document.head.append(script);
    await loaded;
  });

  it('sets the height of the iframe that asked, and of no other', async () => {
    const other = await openFrame('/test/fixtures/frame.html');
    const otherHeight = other.getBoundingClientRect().height;
    const frame = await openFrame(embed('widget=ranking&limit=8&base-url=/v1&lazy=false'));
    await settled(await widgetIn(frame, 'khountous-ranking'));
    const page = () => Math.ceil(frame.contentDocument!.documentElement.getBoundingClientRect().height);
    await until(() => frame.style.height === `${page()}px`, 'the frame to take its page height');
    expect(page()).to.be.greaterThan(200);
    expect(other.getBoundingClientRect().height).to.equal(otherHeight);
  });

  it('ignores the messages of a frame that is not a kit embed page, on this origin or another', async () => {
    const embedded = await openFrame(embed('widget=ranking&limit=1&base-url=/v1&lazy=false'));
    await settled(await widgetIn(embedded, 'khountous-ranking'));
    const sameOrigin = await openFrame('/test/fixtures/hostile-frame.html?height=20000');
    const otherOrigin = await openFrame(
      `http://127.0.0.1:${location.port}/test/fixtures/hostile-frame.html?height=15000`,
    );
    const page = () => Math.ceil(embedded.contentDocument!.documentElement.getBoundingClientRect().height);
    await until(() => page() > 0 && embedded.style.height === `${page()}px`, 'the embed frame to be sized');
    await delay(400);
    expect(sameOrigin.style.height).to.equal('');
    expect(otherOrigin.style.height).to.equal('');
    expect(sameOrigin.getBoundingClientRect().height).to.be.lessThan(1000);
    expect(otherOrigin.getBoundingClientRect().height).to.be.lessThan(1000);
  });

  it('ignores messages that do not come from an iframe or are malformed', async () => {
    const frame = await openFrame(embed('widget=ranking&limit=1&base-url=/v1&lazy=false'));
    await settled(await widgetIn(frame, 'khountous-ranking'));
    const page = () => Math.ceil(frame.contentDocument!.documentElement.getBoundingClientRect().height);
    await until(
      () => page() > 0 && frame.style.height === `${page()}px`,
      'the frame to take its page height',
    );
    const before = frame.style.height;
    window.postMessage({ type: 'khountous:resize', height: 5 }, '*');
    frame.contentWindow!.postMessage({ type: 'khountous:resize', height: 'tall' }, '*');
    await delay(200);
    expect(frame.style.height).to.equal(before);
  });

  it('obeys the embed pages its tag lists in data-embed-pages, each from its own origin, and no other frame', async () => {
    // A site serving the embed page at an address of its own (the WordPress plugin's
    // /?khountous-widgets-embed=1&widget=…): the fixture that posts `?height=` stands in for it.
    const page = '/test/fixtures/hostile-frame.html';
    const other = `http://127.0.0.1:${location.port}`;
    const script = document.createElement('script');
    script.src = '/dist/embed-resize.js';
    script.dataset.embedPages = [
      `${page}?listed=1`,
      `${other}${page}?listed=2`,
      // Not http(s): never a page, though a frame of it has the same ("null") origin as its messages.
      `data:text/html,<script>parent.postMessage({type:'khountous:resize',height:351},'*')</script>`,
      'javascript:void(0)',
      'http://[not a url',
    ].join(' ');
    const loaded = new Promise((resolve) => script.addEventListener('load', resolve, { once: true }));
    document.head.append(script);
    await loaded;

    // Messages seen by this listener, added after the snippets' own: each one was handled already.
    const seen = new Map<MessageEventSource, number>();
    const count = (event: MessageEvent) => {
      if (event.source) seen.set(event.source, (seen.get(event.source) ?? 0) + 1);
    };
    window.addEventListener('message', count);
    try {
      const listed = await openFrame(`${page}?height=345&listed=1`);
      const listedOther = await openFrame(`${other}${page}?listed=2&height=346`);
      const refused = [
        await openFrame(`${page}?height=347`),
        await openFrame(`${page}?listed=2&height=348`),
        await openFrame(`${page}?listed=10&height=349`),
        await openFrame(`${other}${page}?listed=1&height=352`),
        await openFrame(
          `data:text/html,<script>parent.postMessage({type:'khountous:resize',height:351},'*')</script>`,
        ),
      ];
      // A listed page that navigated to another origin: its src is still the listed address.
      const navigated = await openFrame(`${page}?listed=1&height=353`);
      await until(() => navigated.style.height === '353px', 'the listed frame to be sized');
      const moved = new Promise((resolve) => navigated.addEventListener('load', resolve, { once: true }));
      navigated.contentWindow!.location.replace(`${other}${page}?listed=1&height=354`);
      await moved;
      const before = seen.get(navigated.contentWindow!) ?? 0;

      await until(() => listed.style.height === '345px', 'the listed page to be sized');
      await until(
        () => listedOther.style.height === '346px',
        'the listed page of another origin to be sized',
      );
      await until(
        () =>
          refused.every((frame) => (seen.get(frame.contentWindow!) ?? 0) >= 1) &&
          (seen.get(navigated.contentWindow!) ?? 0) >= before + 2,
        'every other frame to have posted its message',
      );
      for (const frame of refused) expect(frame.style.height, frame.src).to.equal('');
      expect(navigated.style.height).to.equal('353px');
    } finally {
      window.removeEventListener('message', count);
    }
  });
});
