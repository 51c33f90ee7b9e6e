// Engines: all three (the built kit as a page loads it: modules, preloads, integrity and CSP differ between engines).
/**
 * The built autoloader: registers the tags on the page, loading each element's
 * module the first time its tag is seen, and only those; finds tags added
 * later, in the document and in open shadow roots. Needs `npm run build`.
 */
import { expect } from '@open-wc/testing';
import { until } from '../helpers/frames.js';
import { settled, sharedApi } from '../helpers/kit.js';

const loadedModules = () =>
  performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name).pathname)
    .filter((path) => path.startsWith('/dist/elements/'));

interface AutoloaderModule {
  discover(root: ParentNode): Promise<void>;
  observe(root: Node): () => void;
  tags: readonly string[];
}

describe('dist/autoloader.js', function () {
  this.timeout(20000);
  let autoloader: AutoloaderModule;
  let rankingDefinedAt = Infinity;

  before(async () => {
    const meta = document.createElement('meta');
    meta.name = 'khountous:base-url';
    meta.content = sharedApi();
    document.head.append(meta);
    document.body.insertAdjacentHTML('beforeend', '<khountous-ranking limit="2"></khountous-ranking>');
    void customElements.whenDefined('khountous-ranking').then(() => (rankingDefinedAt = performance.now()));
    performance.setResourceTimingBufferSize(5000);
    // The element modules arrive 1.5 s after they are asked for, as on a slow network (the
    // test server reads this cookie); the early start's files do not wait.
    document.cookie = 'khountous-slow-elements=1500; path=/';
    autoloader = (await import(/* @vite-ignore */ `${'/dist/autoloader.js'}`)) as AutoloaderModule;
  });

  after(() => {
    document.cookie = 'khountous-slow-elements=; path=/; max-age=0';
  });

  it('knows every element of the kit', () => {
    expect(autoloader.tags).to.include.members([
      'khountous-admin-card',
      'khountous-ranking',
      'khountous-region-stats',
      'khountous-report',
    ]);
  });

  it('registers the tag present on the page and loads no other element', async () => {
    const ranking = document.querySelector<HTMLElement>('khountous-ranking')!;
    await until(() => customElements.get('khountous-ranking'), '<khountous-ranking> to be defined');
    expect(await settled(ranking)).to.equal('ready');
    expect(customElements.get('khountous-admin-card')).to.equal(undefined);
    expect(customElements.get('khountous-report')).to.equal(undefined);
    expect(loadedModules()).to.deep.equal(['/dist/elements/khountous-ranking.js']);
  });

  it('sends the API request of the ranking in the page before its element is defined, once', async () => {
    const ranking = document.querySelector<HTMLElement>('khountous-ranking')!;
    expect(await settled(ranking)).to.equal('ready');
    const requests = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
      (entry) => new URL(entry.name).pathname === '/v1/administrations',
    );
    expect(requests).to.have.length(1);
    expect(requests[0]!.startTime, 'the request left before the element was defined').to.be.below(
      rankingDefinedAt,
    );
  });

  it('is the whole script under its former name: one file before the first API request, no khountous.js fetched', async () => {
    const ranking = document.querySelector<HTMLElement>('khountous-ranking')!;
    expect(await settled(ranking)).to.equal('ready');
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const paths = entries.map((entry) => new URL(entry.name).pathname);
    expect(paths, 'the script by its other name is never asked for').to.not.include('/dist/khountous.js');
    expect(
      paths.filter((path) => path === '/dist/autoloader.js'),
      'asked for once: the namespace it publishes is its own module, not fetched again',
    ).to.have.length(1);
    const api = entries.find((entry) => new URL(entry.name).pathname === '/v1/administrations')!;
    const kit = entries.filter((entry) => /^\/dist\/(?!autoloader\.js$)/.test(new URL(entry.name).pathname));
    expect(kit.length, 'the files it loads').to.be.at.least(3);
    for (const entry of kit)
      expect(api.startTime, `the API request left before ${entry.name} was asked for`).to.be.at.most(
        entry.startTime,
      );
  });

  it('announces the whole module graph of an element before importing it: no serial chain', async () => {
    await until(() => customElements.get('khountous-ranking'), '<khountous-ranking> to be defined');
    // The graph, read from the built files themselves: every file imported statically, transitively.
    const graph = new Set<string>();
    const visit = async (path: string): Promise<void> => {
      if (graph.has(path)) return;
      graph.add(path);
      const code = await (await fetch(path)).text();
      for (const [, specifier] of code.matchAll(
        /(?:^|[;}])\s*(?:import|export)[^"'`;]*?from\s*["'`](\.[^"'`]+)["'`]/g,
      ))
        await visit(new URL(specifier!, new URL(path, location.href)).pathname);
    };
    await visit('/dist/elements/khountous-ranking.js');
    // Not the script: the element takes the kit's core from the page, where the script published it.
    expect(graph.has('/dist/khountous.js'), 'the element does not import the script by name').to.equal(false);
    expect(graph.size, 'the module and the chunk it shares with the others').to.be.at.least(2);
    const announced = [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
      (link) => new URL(link.href).pathname,
    );
    // With the text paint's (boot/paint.ts), which the script loads with its first loads.
    const withPaint = new Set(graph);
    graph.clear();
    await visit('/dist/paint.js');
    for (const path of graph) withPaint.add(path);
    expect([...announced].sort()).to.deep.equal([...withPaint].sort());
    graph.clear();
    await visit('/dist/elements/khountous-ranking.js');
    // Every file was requested before the element's own module had arrived: none waited for its importer.
    const timing = (path: string) =>
      performance.getEntriesByType('resource').find((entry) => new URL(entry.name).pathname === path) as
        PerformanceResourceTiming | undefined;
    const element = timing('/dist/elements/khountous-ranking.js');
    expect(element, 'resource timing of the element module').to.not.equal(undefined);
    for (const path of graph) {
      const entry = timing(path);
      expect(entry, `resource timing of ${path}`).to.not.equal(undefined);
      expect(entry!.startTime, `${path} requested before the element module arrived`).to.be.at.most(
        element!.responseEnd,
      );
    }
  });

  it('loads an element added later, once', async () => {
    const first = document.createElement('khountous-admin-card');
    first.setAttribute('slug', 'hopital-regional-de-tambacounda');
    const second = document.createElement('khountous-admin-card');
    second.setAttribute('slug', 'mairie-de-bakel');
    for (const card of [first, second]) card.setAttribute('lazy', 'false');
    document.body.append(first, second);
    await until(() => customElements.get('khountous-admin-card'), '<khountous-admin-card> to be defined');
    expect(await settled(first)).to.equal('ready');
    expect(await settled(second)).to.equal('ready');
    expect(loadedModules().filter((path) => path.endsWith('khountous-admin-card.js'))).to.have.length(1);
  });

  it('finds tags inside an open shadow root of the host page', async () => {
    const host = document.createElement('div');
    const shadow = host.attachShadow({ mode: 'open' });
    document.body.append(host);
    // A shadow root that exists when the page is searched is watched from then on.
    await autoloader.discover(document);
    const report = document.createElement('khountous-report');
    report.setAttribute('slug', '26-jours-d-attente-pour-l-admission-aux-urgences-a-kolda');
    report.setAttribute('lazy', 'false');
    shadow.append(report);
    await until(() => customElements.get('khountous-report'), '<khountous-report> inside a shadow root');
    expect(await settled(report)).to.equal('ready');
  });

  it('observe() watches a shadow root created later', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const stop = autoloader.observe(shadow);
    const stats = document.createElement('khountous-region-stats');
    stats.setAttribute('lazy', 'false');
    shadow.append(stats);
    await until(() => customElements.get('khountous-region-stats'), '<khountous-region-stats> via observe()');
    expect(await settled(stats)).to.equal('ready');
    stop();
  });
});
