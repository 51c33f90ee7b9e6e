// Engines: all three (the built kit as a page loads it: modules, preloads, integrity and CSP differ between engines).
/**
 * The built script tag, dist/khountous.js, loads per tag: a page with one
 * widget sends that widget's API request through the loader the script holds,
 * needing no other file, fetches that element's files only (announced with
 * modulepreload, each with its integrity), and the element finds the answer:
 * one request, counted once in the budget. A tag added later loads its
 * element then. Needs `npm run build`.
 */
import { expect } from '@open-wc/testing';
import { allAnnouncedFetched, announcedFiles, until } from '../helpers/frames.js';
import { api, isolatedApi, kitNames, LOADER_KEY, otherOrigin, settled } from '../helpers/kit.js';
import { budgetKey } from '../../src/core/budget.js';
import type { KhountousLoader } from '../../src/core/loader/loader.js';

/**
 * An API of this file's own: nothing cached by other tests, no other test's requests. On another
 * origin than the page, as the kit's API is: on the page's host, its request would wait behind
 * the files the server holds back, when the browser asks for six of them first.
 */
const API = isolatedApi('script-tag', otherOrigin());
const scope = /\/scoped\/([^/]+)\/v1$/.exec(API)![1]!;
/** The built files under a URL of this file's own: fetched by this page, not taken from the browser's cache. */
const DIST = `/fresh/${scope}/dist/`;

const timings = () => performance.getEntriesByType('resource') as PerformanceResourceTiming[];
const paths = (prefix: string) =>
  timings()
    .filter((entry) => new URL(entry.name).pathname.startsWith(prefix))
    .map((entry) => ({
      path: new URL(entry.name).pathname.slice(prefix.length),
      startTime: entry.startTime,
    }));
/** The built files announced with `<link rel="modulepreload">`, relative to DIST. */
const announced = () =>
  announcedFiles(window)
    .filter((path) => path.startsWith(DIST))
    .map((path) => path.slice(DIST.length));
const apiRequests = () => timings().filter((entry) => entry.name.startsWith(`${API}/`));

describe('dist/khountous.js: per-tag loading', function () {
  this.timeout(20000);

  before(async () => {
    const meta = document.createElement('meta');
    meta.name = 'khountous:base-url';
    meta.content = API;
    document.head.append(meta);
    document.body.insertAdjacentHTML('beforeend', '<khountous-ranking limit="3"></khountous-ranking>');
    performance.setResourceTimingBufferSize(5000);
    // Every file the script loads after itself is held back until the API has received one
    // request (at most 10 s): armed by a request this page awaits.
    const armed = await fetch(`${location.origin}/scoped/${scope}/__hold?count=1&files=all`, {
      method: 'POST',
    });
    expect(armed.status).to.equal(204);
    await import(/* @vite-ignore */ `${DIST}khountous.js`);
  });

  after(async () => {
    await fetch(`${location.origin}/scoped/${scope}/__hold`, { method: 'DELETE' });
  });

  it('sends the API request of the tag in the page with nothing but the script: every other file waits for it', async () => {
    const ranking = document.querySelector<HTMLElement>('khountous-ranking')!;
    expect(await settled(ranking)).to.equal('ready');
    await allAnnouncedFetched();
    const requests = apiRequests();
    expect(requests.map((entry) => entry.name)).to.have.length(1);
    expect(requests[0]!.name).to.include('limit=3');
    const files = paths(DIST).filter(({ path }) => path !== 'khountous.js');
    expect(files.length).to.be.greaterThan(2);
    // On the server's clock: every file but the script was held until the API had received the
    // request (not for the 10 s the server waits at most): the request needed none of them.
    const record = (await (
      await fetch(`${location.origin}/scoped/${scope}/__faults`, { cache: 'no-store' })
    ).json()) as { released: { path: string; because: string }[] };
    const released = record.released.map(({ path }) => path.replace(/^\/dist\//, ''));
    for (const { path } of files) expect(released, `${path} was held`).to.include(path);
    for (const file of record.released)
      expect(file.because, `${file.path} was held until: ${JSON.stringify(record)}`).to.equal('requests');
    // Lit's hydrate support is for pages a server rendered (test/dist/hydrate.browser.test.ts).
    expect(files.map(({ path }) => path)).not.to.include('hydrate.js');
  });

  it('fetches the files of that element only, each announced with its integrity', async () => {
    await until(() => customElements.get('khountous-ranking'), '<khountous-ranking> to be defined');
    await allAnnouncedFetched();
    const elements = paths(DIST)
      .map(({ path }) => path)
      .filter((path) => path.startsWith('elements/'));
    expect(elements).to.deep.equal(['elements/khountous-ranking.js']);
    for (const tag of ['khountous-admin-card', 'khountous-region-stats', 'khountous-report'])
      expect(customElements.get(tag), tag).to.equal(undefined);
    const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].filter(
      (link) => new URL(link.href).pathname.startsWith(DIST),
    );
    const fetched = paths(DIST)
      .map(({ path }) => path)
      .filter((path) => path !== 'khountous.js');
    const listed = announced();
    expect(listed).to.include('paint.js');
    for (const file of listed) expect(fetched, `${file} announced and fetched`).to.include(file);
    // Nothing besides: the loader imports every part of it statically.
    expect(fetched.filter((file) => !listed.includes(file))).to.deep.equal([]);
    for (const link of links) expect(link.integrity, link.href).to.match(/^sha(256|384)-[\w+/]+=*$/);
  });

  it('sends one request, from the loader: counted once in the budget', async () => {
    const ranking = document.querySelector<HTMLElement>('khountous-ranking')!;
    expect(await settled(ranking)).to.equal('ready');
    const loader = (globalThis as Record<symbol, unknown>)[LOADER_KEY] as KhountousLoader;
    const stats = loader.stats(API);
    expect(stats.requests, 'the loader counted its request').to.equal(1);
    expect(stats.remaining, 'one request taken from the budget').to.equal(stats.limit - 1);
    // The budget of the API's origin.
    const stored = JSON.parse(localStorage.getItem(`${kitNames.storage}${budgetKey(API)}`)!) as {
      log: unknown[];
    };
    expect(stored.log).to.have.length(1);
    expect(apiRequests()).to.have.length(1);
  });

  it('loads the element of a tag added later, once', async () => {
    const card = document.createElement('khountous-admin-card');
    card.setAttribute('slug', 'hopital-regional-de-tambacounda');
    card.setAttribute('variant', 'full');
    document.body.append(card);
    expect(await settled(card)).to.equal('ready');
    const elements = paths(DIST)
      .map(({ path }) => path)
      .filter((path) => path.startsWith('elements/'));
    expect(elements.sort()).to.deep.equal([
      'elements/khountous-admin-card.js',
      'elements/khountous-ranking.js',
    ]);
    expect(apiRequests().filter((entry) => entry.name.includes('/administrations/'))).to.have.length(1);
  });

  it('sends nothing for a tag that carries its data (inline data): its element shows it', async () => {
    const data = await api<unknown>(API, '/regions?lang=en');
    const before = apiRequests().length;
    const inline = { khountous: 1, path: '/regions?lang=en', fetchedAt: new Date().toISOString(), data };
    document.body.insertAdjacentHTML(
      'beforeend',
      `<khountous-region-stats region="kolda" lang="en"><script type="application/json">${JSON.stringify(inline)}</script></khountous-region-stats>`,
    );
    const element = document.querySelector<HTMLElement>('khountous-region-stats')!;
    expect(await settled(element)).to.equal('ready');
    expect(element.shadowRoot!.textContent).to.contain('Kolda');
    expect(apiRequests().length, 'no API request').to.equal(before);
  });
});
