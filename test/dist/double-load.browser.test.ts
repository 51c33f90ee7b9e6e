/**
 * The built script-tag bundle loaded twice on one page, then a second version
 * of the kit: no error, each tag registered once, one loader, and one console
 * warning per extra version that names both. Needs `npm run build`.
 */
import { expect } from '@open-wc/testing';
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

  it('the first copy registers every element and renders', async () => {
    const warnings = watchWarnings();
    try {
      await import(/* @vite-ignore */ `${'/dist/khountous.js'}`);
      // khountous.js defines the elements once their file (chunks/kit-*.js) has run.
      await Promise.all(TAGS.map((tag) => customElements.whenDefined(tag)));
      const ranking = document.createElement('khountous-ranking');
      ranking.setAttribute('base-url', sharedApi());
      ranking.setAttribute('limit', '2');
      document.body.append(ranking);
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
    const kitFiles = () =>
      performance.getEntriesByType('resource').filter((entry) => /\/dist\/chunks\/kit-/.test(entry.name)).length;
    const fetched = kitFiles();
    try {
      await import(/* @vite-ignore */ `/dist/khountous.js?copy=${uniqueId('again')}`);
      // Let its import of the elements' file settle: the very module the first copy ran.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(TAGS.map((tag) => customElements.get(tag))).to.deep.equal(constructors);
      expect(loaderOf()).to.equal(loader);
      expect(kitFiles(), 'the elements’ file is not fetched again').to.equal(fetched);
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
    // Another version: khountous.js and its elements' file with another version number, the
    // elements' file importing what it shares from the first copy's khountous.js.
    const entry = await (await fetch('/dist/khountous.js')).text();
    const kitPath = /\.\/chunks\/kit-[\w-]+\.js/.exec(entry)![0];
    const source = await (await fetch(new URL(kitPath, `${location.origin}/dist/`))).text();
    const occurrences = source.split(version).length - 1;
    expect(occurrences, 'the version is in the elements’ file').to.be.greaterThan(0);
    const blob = (code: string) => URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
    const kitUrl = blob(
      source.replaceAll(version, '9.9.9-other').replaceAll('../khountous.js', `${location.origin}/dist/khountous.js`),
    );
    // Its modulepreload link carries no integrity: the file changed.
    const url = blob(
      entry
        .replaceAll(version, '9.9.9-other')
        .replaceAll(kitPath, kitUrl)
        .replace(/sha384-[\w+/=]+/g, ''),
    );
    const warnings = watchWarnings();
    try {
      await import(/* @vite-ignore */ url);
      // khountous.js does not wait for its elements' file: wait for its warning.
      for (let i = 0; i < 100 && !warnings.all().some((line) => line.includes('9.9.9-other')); i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(TAGS.map((tag) => customElements.get(tag))).to.deep.equal(constructors);
      expect(loaderOf(), 'the first copy’s loader is shared').to.equal(loader);
      const kit = warnings.all().filter((line) => line.includes('khountous widgets'));
      expect(kit, warnings.all().join('\n')).to.have.length(1);
      expect(kit[0]).to.include('9.9.9-other');
      expect(kit[0]).to.include(version);
      expect(errors).to.deep.equal([]);

      const card = document.createElement('khountous-admin-card');
      card.setAttribute('base-url', sharedApi());
      card.setAttribute('slug', 'hopital-regional-de-tambacounda');
      document.body.append(card);
      expect(await settled(card)).to.equal('ready');
    } finally {
      warnings.restore();
      URL.revokeObjectURL(url);
      URL.revokeObjectURL(kitUrl);
    }
  });
});
