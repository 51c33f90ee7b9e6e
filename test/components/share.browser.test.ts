// Engines: all three (what a reader sees and presses: rendering, focus, the share sheet's and the clipboard's presence differ between engines).
/**
 * Share: with `share`, each widget shows a button on its source line's row. A press fires
 * `khountous-share` (cancelable), then opens the browser's share sheet with the page's address
 * (its canonical link, else its own without the fragment), the widget's title and the page's
 * `og:image` picture as a file; without a sheet (or one refused) it copies the address and says
 * so; without a clipboard it shows the address, selected, to copy by hand. The sheet and the
 * clipboard are the browser's: a headless browser opens no sheet and may refuse the clipboard,
 * so the tests put recorders in their place on `navigator` and read what the kit gave them.
 */
import { expect, fixtureCleanup } from '@open-wc/testing';
import '../../src/khountous.js';
import { catalog } from '../../src/registry.js';
import type { KhountousShareEvent } from '../../src/element/sharing.js';
import {
  freshKit,
  isolatedApi,
  loadAccessibilityChecker,
  mount,
  nextEvent,
  settled,
} from '../helpers/kit.js';

const part = (element: Element, name: string) =>
  element.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);
const text = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

type Shareable = HTMLElement & { updateComplete: Promise<boolean>; loadSharing: () => Promise<unknown> };

const WORDS = {
  fr: { button: 'Partager', copied: 'Lien copié', copy: 'Copiez ce lien\u202f:' },
  en: { button: 'Share', copied: 'Link copied', copy: 'Copy this link:' },
} as const;

/** A picture the test server serves (image/png). */
const PICTURE = new URL('/docs/images/ranking-light.png', location.origin).href;

/**
 * Answers the page's requests for `address` with `body` of `type` at once, for one test; undone by
 * the returned function. The kit fetches a page's picture within a bound (a press's activation
 * is short-lived): on a loaded machine the test server may take longer than that bound, and the
 * picture would be left out for a reason that is not the one a test is about.
 */
function answerAt(address: string, body: BodyInit, type: string): () => void {
  const real = window.fetch;
  window.fetch = (input, init) =>
    (input instanceof Request ? input.url : String(input)) === address
      ? Promise.resolve(new Response(body, { headers: { 'content-type': type } }))
      : real(input, init);
  return () => void (window.fetch = real);
}

/** Puts `value` in place of navigator's `name` for one test; undone by the returned function. */
function replaceOnNavigator(name: 'share' | 'canShare' | 'clipboard', value: unknown): () => void {
  Object.defineProperty(navigator, name, { value, configurable: true, writable: true });
  return () => void delete (navigator as unknown as Record<string, unknown>)[name];
}

/** The share button once drawn (its module arrives after the data: a draw later), watched, not polled. */
async function buttonOf(element: Shareable): Promise<HTMLButtonElement> {
  const root = element.shadowRoot!;
  await new Promise<void>((resolve, reject) => {
    if (part(element, 'share')) return resolve();
    const observer = new MutationObserver(() => {
      if (!part(element, 'share')) return;
      observer.disconnect();
      clearTimeout(deadline);
      resolve();
    });
    const deadline = setTimeout(() => {
      observer.disconnect();
      reject(
        new Error(`<${element.localName}> drew no share button (state ${element.getAttribute('state')})`),
      );
    }, 8000);
    observer.observe(root, { childList: true, subtree: true });
  });
  return part(element, 'share') as HTMLButtonElement;
}

/** Presses the button, waits until `reached` (what the press reaches: a recorder, the event), then for the status's draw. */
async function press(element: Shareable, reached: Promise<unknown>): Promise<void> {
  (await buttonOf(element)).click();
  await reached;
  await new Promise((resolve) => setTimeout(resolve));
  await element.updateComplete;
}

describe('share: the page, its title and its picture, through the sheet or the clipboard', function () {
  this.timeout(30000);
  loadAccessibilityChecker();
  const undo: (() => void)[] = [];
  const heads: Element[] = [];
  beforeEach(freshKit);
  afterEach(() => {
    fixtureCleanup();
    for (const step of undo.splice(0).reverse()) step();
    for (const head of heads.splice(0)) head.remove();
  });

  /** A `<link>` or `<meta>` in the page's head for one test. */
  const inHead = (tag: 'link' | 'meta', attributes: Record<string, string>) => {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
    document.head.append(node);
    heads.push(node);
  };

  /** Recorders in place of the sheet and the clipboard: what each was given; `used` once the last one the press reaches is. */
  function recorders({
    sheet = true,
    sheetRefuses,
    clipboardRefuses = false,
    takesFiles = true,
  }: { sheet?: boolean; sheetRefuses?: string; clipboardRefuses?: boolean; takesFiles?: boolean } = {}) {
    const shared: ShareData[] = [];
    const copied: string[] = [];
    let isUsed!: () => void;
    const used = new Promise<void>((resolve) => (isUsed = resolve));
    undo.push(
      replaceOnNavigator(
        'share',
        sheet
          ? (data: ShareData) => {
              shared.push(data);
              if (sheetRefuses === undefined || sheetRefuses === 'AbortError') isUsed();
              return sheetRefuses
                ? Promise.reject(new DOMException('refused', sheetRefuses))
                : Promise.resolve();
            }
          : undefined,
      ),
      replaceOnNavigator('canShare', (data: ShareData) => takesFiles || !data.files),
      replaceOnNavigator('clipboard', {
        writeText: (value: string) => {
          copied.push(value);
          isUsed();
          return clipboardRefuses
            ? Promise.reject(new DOMException('refused', 'NotAllowedError'))
            : Promise.resolve();
        },
      }),
    );
    return { shared, copied, used };
  }

  it('without `share`, no button, and its module is never asked for', async () => {
    const element = document.createElement('khountous-ranking') as Shareable;
    let asked = 0;
    element.loadSharing = () => ((asked += 1), Promise.reject(new Error('not to be loaded')));
    element.setAttribute('base-url', isolatedApi('share-off'));
    element.setAttribute('limit', '3');
    document.body.append(element);
    undo.push(() => element.remove());
    await settled(element);
    await element.updateComplete;
    expect(element.getAttribute('state')).to.equal('ready');
    expect(part(element, 'share')).to.equal(null);
    expect(asked).to.equal(0);
  });

  for (const lang of ['fr', 'en'] as const)
    it(`every widget (${lang}): the button on the source line's row, named in the widget's language, reached by keyboard, accessible`, async () => {
      for (const { widget, about } of catalog) {
        const element = await mount<Shareable>(widget.tag, {
          ...about.sample,
          'base-url': isolatedApi('share-each'),
          lang,
          share: '',
        });
        const button = await buttonOf(element);
        expect(text(button), widget.tag).to.equal(WORDS[lang].button);
        expect(button.closest('.foot'), `${widget.tag}: on the source line's row`).to.exist;
        expect(button.type).to.equal('button');
        const status = part(element, 'share-status')!;
        expect(status.getAttribute('role')).to.equal('status');
        expect(text(status), 'nothing said before a press').to.equal('');
        button.focus();
        expect(element.shadowRoot!.activeElement, `${widget.tag}: focusable`).to.equal(button);
        await expect(element).to.be.accessible();
        fixtureCleanup();
      }
    });

  it("a press fires khountous-share, then opens the sheet with the canonical address, the widget's title and the page's picture as a file", async () => {
    inHead('link', { rel: 'canonical', href: 'https://news.example/article' });
    inHead('meta', { property: 'og:image', content: PICTURE });
    undo.push(answerAt(PICTURE, await (await fetch(PICTURE)).blob(), 'image/png'));
    const { shared, copied, used } = recorders();
    const element = await mount<Shareable>('khountous-ranking', {
      'base-url': isolatedApi('share-sheet'),
      limit: '3',
      lang: 'en',
      share: '',
    });
    const fired = nextEvent<KhountousShareEvent>(element, 'khountous-share');
    await press(element, used);
    const { detail } = await fired;
    const title = text(part(element, 'title'));
    expect(title).to.not.equal('');
    expect(detail).to.deep.equal({ url: 'https://news.example/article', title, image: PICTURE });
    expect(shared).to.have.length(1);
    expect(shared[0]!.url).to.equal('https://news.example/article');
    expect(shared[0]!.title).to.equal(title);
    const [file] = shared[0]!.files ?? [];
    expect(file, 'the picture as a file').to.be.instanceOf(File);
    expect(file!.type).to.equal('image/png');
    expect(file!.name).to.equal('ranking-light.png');
    const png = new Uint8Array(await file!.arrayBuffer());
    expect([...png.slice(1, 4)].map((byte) => String.fromCharCode(byte)).join('')).to.equal('PNG');
    expect(copied, 'nothing copied').to.deep.equal([]);
    expect(text(part(element, 'share-status')), 'nothing to say').to.equal('');
  });

  it("without a canonical link, the page's own address without its fragment; a sheet that takes no file gets none", async () => {
    inHead('meta', { property: 'og:image', content: PICTURE });
    undo.push(answerAt(PICTURE, await (await fetch(PICTURE)).blob(), 'image/png'));
    const { shared, used } = recorders({ takesFiles: false });
    const element = await mount<Shareable>('khountous-region-stats', {
      'base-url': isolatedApi('share-own'),
      region: 'dakar',
      share: '',
    });
    history.replaceState(null, '', `${location.pathname}${location.search}#somewhere`);
    undo.push(() => history.replaceState(null, '', `${location.pathname}${location.search}`));
    await press(element, used);
    expect(shared).to.have.length(1);
    expect(shared[0]!.url).to.equal(`${location.origin}${location.pathname}${location.search}`);
    expect(shared[0]!.files).to.equal(undefined);
  });

  it('a picture that is not an image (a text file where the page names a picture) is left out; the address is shared', async () => {
    const notPicture = new URL('/README.md', location.origin).href;
    inHead('meta', { property: 'og:image', content: notPicture });
    undo.push(answerAt(notPicture, '# A text', 'text/markdown'));
    const { shared, used } = recorders();
    const element = await mount<Shareable>('khountous-ranking', {
      'base-url': isolatedApi('share-broken-picture'),
      limit: '2',
      share: '',
    });
    await press(element, used);
    expect(shared).to.have.length(1);
    expect(shared[0]!.files).to.equal(undefined);
  });

  it('a page that cancels khountous-share shares its own way: no sheet, no clipboard, nothing said', async () => {
    const { shared, copied } = recorders();
    const element = await mount<Shareable>('khountous-ranking', {
      'base-url': isolatedApi('share-cancel'),
      limit: '2',
      share: '',
    });
    let heard = 0;
    element.addEventListener('khountous-share', (event) => {
      heard += 1;
      event.preventDefault();
    });
    await press(element, nextEvent(element, 'khountous-share'));
    expect(heard).to.equal(1);
    expect(shared).to.deep.equal([]);
    expect(copied).to.deep.equal([]);
    expect(text(part(element, 'share-status'))).to.equal('');
  });

  it('a reader who closes the sheet is told nothing, and nothing is copied', async () => {
    const { shared, copied, used } = recorders({ sheetRefuses: 'AbortError' });
    const element = await mount<Shareable>('khountous-ranking', {
      'base-url': isolatedApi('share-closed'),
      limit: '2',
      share: '',
    });
    await press(element, used);
    expect(shared).to.have.length(1);
    expect(copied).to.deep.equal([]);
    expect(text(part(element, 'share-status'))).to.equal('');
  });

  for (const lang of ['fr', 'en'] as const)
    for (const [why, options] of [
      ['no share sheet', { sheet: false }],
      ['a sheet refused (a frame not allowed to share)', { sheetRefuses: 'NotAllowedError' }],
    ] as const)
      it(`${why} (${lang}): the address is copied, and the status says so`, async () => {
        const { copied, used } = recorders(options);
        const element = await mount<Shareable>('khountous-fact-checks', {
          'base-url': isolatedApi('share-copy'),
          limit: '2',
          lang,
          share: '',
        });
        await press(element, used);
        expect(copied).to.deep.equal([`${location.origin}${location.pathname}${location.search}`]);
        expect(text(part(element, 'share-status'))).to.equal(WORDS[lang].copied);
      });

  for (const lang of ['fr', 'en'] as const)
    it(`no sheet and a clipboard that refuses (${lang}): the address shown, selected, to copy by hand`, async () => {
      inHead('link', { rel: 'canonical', href: 'https://ngo.example/rapport?id=3' });
      const { used } = recorders({ sheet: false, clipboardRefuses: true });
      const element = await mount<Shareable>('khountous-admin-card', {
        'base-url': isolatedApi('share-by-hand'),
        ...catalog.find(({ widget }) => widget.tag === 'khountous-admin-card')!.about.sample,
        lang,
        share: '',
      });
      await press(element, used);
      await new Promise((resolve) => setTimeout(resolve));
      await element.updateComplete;
      const input = part(element, 'share-address') as HTMLInputElement | null;
      expect(input, 'the address to copy').to.exist;
      expect(input!.value).to.equal('https://ngo.example/rapport?id=3');
      expect(input!.readOnly).to.equal(true);
      expect(text(part(element, 'share-status'))).to.equal(WORDS[lang].copy.replace(/\s+/g, ' '));
      expect(element.shadowRoot!.activeElement, 'focused').to.equal(input);
      expect([input!.selectionStart, input!.selectionEnd], 'selected whole').to.deep.equal([
        0,
        input!.value.length,
      ]);
      await expect(element).to.be.accessible();
    });

  for (const [how, fails] of [
    ['does not arrive', () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))],
    [
      'cannot even be asked for (its loader throws at once)',
      () => {
        throw new TypeError('import() refused');
      },
    ],
  ] as const)
    it(`where the button's code ${how}, no button and a console error; the next draw asks again and draws it`, async () => {
      const element = document.createElement('khountous-ranking') as Shareable & { lang: string };
      const arrives = element.loadSharing;
      let asked = 0;
      element.loadSharing = () => {
        asked += 1;
        return fails();
      };
      const errors: unknown[][] = [];
      const consoleError = console.error;
      console.error = (...args: unknown[]) => void errors.push(args);
      undo.push(() => (console.error = consoleError));
      element.setAttribute('base-url', isolatedApi('share-lost'));
      element.setAttribute('limit', '2');
      element.setAttribute('share', '');
      document.body.append(element);
      undo.push(() => element.remove());
      await settled(element);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await element.updateComplete;
      expect(asked).to.be.greaterThan(0);
      expect(part(element, 'share')).to.equal(null);
      expect(
        errors.some(([message]) => String(message).includes('share button could not load')),
        'told to the console',
      ).to.equal(true);
      element.loadSharing = arrives;
      element.setAttribute('lang', 'en');
      const button = await buttonOf(element);
      expect(text(button)).to.equal('Share');
    });
});
