// Engines: all three (the built kit as a page loads it: modules, preloads, integrity and CSP differ between engines).
/**
 * The built script tag loaded twice on one page, then a second version of the
 * kit: no error, each tag registered once, one loader, and one console warning
 * per extra version that names both. Needs `npm run build`.
 */
import { expect } from '@open-wc/testing';
import { SAMPLE_ATTRIBUTES } from '../../demo/samples.js';
import { uniqueId } from '../helpers/frames.js';
import { LOADER_KEY, settled, sharedApi, watchWarnings } from '../helpers/kit.js';

const TAGS = ['khountous-ranking', 'khountous-admin-card', 'khountous-report', 'khountous-region-stats'];
const loaderOf = () => (globalThis as Record<symbol, unknown>)[LOADER_KEY];

describe('the kit loaded more than once on a page', function () {
  this.timeout(20000);
  let version = '';
  const errors: string[] = [];
  const onError = (event: ErrorEvent) => errors.push(event.message);
  const onRejection = (event: PromiseRejectionEvent) => errors.push(String(event.reason));

  before(async () => {
    version = ((await (await fetch('/package.json')).json()) as { version: string }).version;
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
  });

  after(() => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  });

  it('the first copy registers the elements of the page and renders', async () => {
    const warnings = watchWarnings();
    try {
      for (const tag of TAGS) {
        const element = document.createElement(tag);
        element.setAttribute('base-url', sharedApi());
        for (const [name, value] of Object.entries(SAMPLE_ATTRIBUTES[tag] ?? {}))
          element.setAttribute(name, value);
        document.body.append(element);
      }
      await import(/* @vite-ignore */ `${'/dist/khountous.js'}`);
      // khountous.js defines each element once its module, which it imports, has run.
      await Promise.all(TAGS.map((tag) => customElements.whenDefined(tag)));
      const ranking = document.querySelector<HTMLElement>('khountous-ranking')!;
      expect(await settled(ranking)).to.equal('ready');
      expect(loaderOf()).to.exist;
      expect(warnings.all()).to.deep.equal([]);
    } finally {
      warnings.restore();
    }
  });

  it('the same script again: no error, its elements are not run twice, the first definitions stay', async () => {
    const constructors = TAGS.map((tag) => customElements.get(tag));
    const loader = loaderOf();
    const warnings = watchWarnings();
    // The files of dist/elements/ and dist/chunks/ fetched so far, by URL. The first copy may still
    // bring a file it imports on demand meanwhile: a new URL, fetched once. A file fetched again
    // would be a second entry of the same URL.
    const elementFiles = () =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => /\/dist\/(elements|chunks)\//.test(name));
    const fetched = elementFiles();
    try {
      await import(/* @vite-ignore */ `/dist/khountous.js?copy=${uniqueId('again')}`);
      // Let its discovery settle: every tag of the page is defined already.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(TAGS.map((tag) => customElements.get(tag))).to.deep.equal(constructors);
      expect(loaderOf()).to.equal(loader);
      // Compared as sets: WebKit may list the same entries in another order on a second read.
      const after = elementFiles();
      expect(after, 'no element file is fetched again').to.deep.equal([...new Set(after)]);
      const elementModules = (names: string[]) =>
        names.filter((name) => name.includes('/dist/elements/')).sort();
      expect(elementModules(after), 'no element module is fetched by the second copy').to.deep.equal(
        elementModules(fetched),
      );
      const kit = warnings.all().filter((line) => line.includes('khountous widgets'));
      expect(kit, warnings.all().join('\n')).to.deep.equal([]);
      expect(errors).to.deep.equal([]);
    } finally {
      warnings.restore();
    }
  });

  it('another version: one warning that names both versions, one loader, widgets still work', async () => {
    const constructors = TAGS.map((tag) => customElements.get(tag));
    const loader = loaderOf();
    const warnings = watchWarnings();
    try {
      // Another version's script tag (the test server's /other/<version>/dist/: the built files with
      // another version number): the tags of the page are defined already, it leaves them.
      await import(/* @vite-ignore */ `${'/other/9.9.9-other/dist/khountous.js'}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(TAGS.map((tag) => customElements.get(tag))).to.deep.equal(constructors);
      // A tag added now: both copies load their element; the first defined stays, the other warns.
      const card = document.createElement('khountous-fact-checks');
      card.setAttribute('base-url', sharedApi());
      card.setAttribute('limit', '2');
      card.setAttribute('lazy', 'false');
      document.body.append(card);
      await customElements.whenDefined('khountous-fact-checks');
      for (let i = 0; i < 150 && !warnings.all().some((line) => line.includes('9.9.9-other')); i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(loaderOf(), 'the first copy’s loader is shared').to.equal(loader);
      const kit = warnings.all().filter((line) => line.includes('khountous widgets'));
      expect(kit, warnings.all().join('\n')).to.have.length(1);
      expect(kit[0]).to.include('9.9.9-other');
      expect(kit[0]).to.include(version);
      expect(errors).to.deep.equal([]);
      expect(await settled(card)).to.equal('ready');
    } finally {
      warnings.restore();
    }
  });
});
