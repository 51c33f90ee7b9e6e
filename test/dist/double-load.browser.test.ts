/**
 * The built script-tag bundle loaded twice on one page, then a second version
 * of the kit: no error, each tag registered once, one loader, and one console
 * warning per extra copy that names both versions. Needs `npm run build`.
 */
import { expect } from '@open-wc/testing';
import { uniqueId } from '../helpers/frames.js';
import { settled, sharedApi, watchWarnings } from '../helpers/kit.js';

const LOADER_KEY = Symbol.for('khountous.loader.v1');
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
      for (const tag of TAGS) expect(customElements.get(tag), tag).to.exist;
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

  it('the same script again: no error, the first definitions stay, one warning', async () => {
    const constructors = TAGS.map((tag) => customElements.get(tag));
    const loader = loaderOf();
    const warnings = watchWarnings();
    try {
      await import(/* @vite-ignore */ `/dist/khountous.js?copy=${uniqueId('again')}`);
      expect(TAGS.map((tag) => customElements.get(tag))).to.deep.equal(constructors);
      expect(loaderOf()).to.equal(loader);
      const kit = warnings.all().filter((line) => line.includes('khountous widgets'));
      expect(kit, warnings.all().join('\n')).to.have.length(1);
      expect(kit[0]).to.include(`khountous widgets ${version} was loaded`);
      expect(kit[0]).to.include(`khountous widgets ${version} is already registered`);
      expect(errors).to.deep.equal([]);
    } finally {
      warnings.restore();
    }
  });

  it('another version: one warning that names both versions, one loader, widgets still work', async () => {
    const constructors = TAGS.map((tag) => customElements.get(tag));
    const loader = loaderOf();
    const source = await (await fetch('/dist/khountous.js')).text();
    const occurrences = source.split(version).length - 1;
    expect(occurrences, 'the version is in the bundle').to.be.greaterThan(0);
    const other = source.replaceAll(version, '9.9.9-other');
    const url = URL.createObjectURL(new Blob([other], { type: 'text/javascript' }));
    const warnings = watchWarnings();
    try {
      await import(/* @vite-ignore */ url);
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
    }
  });
});
