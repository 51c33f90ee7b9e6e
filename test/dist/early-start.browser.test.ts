/**
 * The built script-tag entry's early start: the API requests of the widgets
 * already in the page leave before their element code is defined, through the
 * shared loader, so that each element joins its request: one request per
 * resource. A lazy widget far below the fold still waits until the reader
 * comes near, and one with an attribute it cannot use sends nothing. Needs
 * `npm run build`.
 */
import { expect } from '@open-wc/testing';
import { until } from '../helpers/frames.js';
import { isolatedApi, settled } from '../helpers/kit.js';

const SLUG = 'hopital-regional-de-tambacounda';

/** An API of this file's own: nothing cached by other tests, no other test's requests. */
const API = isolatedApi('early-start');

/** The requests this page sent to the API, by path and query from /v1, with when each left. */
const apiRequests = () =>
  (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
    .filter((entry) => entry.name.startsWith(`${API}/`))
    .map((entry) => ({ path: `/v1${entry.name.slice(API.length)}`, startTime: entry.startTime }));

describe('dist/khountous.js: the early start', function () {
  this.timeout(20000);
  /** When each tag was defined, as seen by a callback registered before the script ran. */
  const definedAt = new Map<string, number>();
  let far: HTMLElement;

  before(async () => {
    const meta = document.createElement('meta');
    meta.name = 'khountous:base-url';
    meta.content = API;
    document.head.append(meta);
    document.body.insertAdjacentHTML(
      'beforeend',
      `<khountous-ranking limit="3" lazy="false"></khountous-ranking>
       <khountous-admin-card slug="${SLUG}" lang="en"></khountous-admin-card>
       <khountous-report slug="not a slug!"></khountous-report>
       <div style="height: 400vh"></div>
       <khountous-reports limit="2"></khountous-reports>`,
    );
    far = document.querySelector('khountous-reports')!;
    for (const tag of ['khountous-ranking', 'khountous-admin-card']) {
      void customElements.whenDefined(tag).then(() => definedAt.set(tag, performance.now()));
    }
    expect(customElements.get('khountous-ranking'), 'not defined before the script').to.equal(undefined);
    // Every resource of the page is timed (the test framework's own fill the default 250).
    performance.setResourceTimingBufferSize(5000);
    // The element code arrives 1.5 s after it is asked for, as on a slow network (the test
    // server reads this cookie); the early start's files do not wait.
    document.cookie = 'khountous-slow-elements=1500; path=/';
    await import(/* @vite-ignore */ `${'/dist/khountous.js'}`);
  });

  after(() => {
    document.cookie = 'khountous-slow-elements=; path=/; max-age=0';
  });

  it('sends the requests of the widgets in view before their elements are defined', async () => {
    const ranking = document.querySelector<HTMLElement>('khountous-ranking')!;
    const card = document.querySelector<HTMLElement>('khountous-admin-card')!;
    expect(await settled(ranking)).to.equal('ready');
    expect(await settled(card)).to.equal('ready');
    const requests = apiRequests();
    const list = requests.filter((request) => request.path.startsWith('/v1/administrations?'));
    const profile = requests.filter((request) => request.path.startsWith(`/v1/administrations/${SLUG}`));
    expect(list, requests.map((r) => r.path).join('\n')).to.have.length(1);
    expect(profile, requests.map((r) => r.path).join('\n')).to.have.length(1);
    expect(list[0]!.path).to.include('limit=3');
    expect(profile[0]!.path).to.include('lang=en');
    expect(list[0]!.startTime, 'the ranking’s request left before its element was defined').to.be.below(
      definedAt.get('khountous-ranking')!,
    );
    expect(profile[0]!.startTime, 'the card’s request left before its element was defined').to.be.below(
      definedAt.get('khountous-admin-card')!,
    );
  });

  it('sends nothing for a widget with an attribute it cannot use: the element shows its error', async () => {
    const report = document.querySelector<HTMLElement>('khountous-report')!;
    expect(await settled(report)).to.equal('error');
    // A citizen report is /v1/khountous/{slug}.
    expect(apiRequests().filter((request) => request.path.startsWith('/v1/khountous/'))).to.deep.equal([]);
  });

  it('leaves a lazy widget far below the fold waiting until the reader comes near, then sends it once', async () => {
    await until(() => customElements.get('khountous-reports'), '<khountous-reports> to be defined');
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The list of citizen reports is /v1/khountous.
    const reports = () => apiRequests().filter((request) => request.path.startsWith('/v1/khountous?'));
    expect(far.getAttribute('state')).to.equal('loading');
    expect(reports(), 'nothing sent while far').to.deep.equal([]);
    far.scrollIntoView();
    expect(await settled(far)).to.equal('ready');
    expect(reports()).to.have.length(1);
    window.scrollTo(0, 0);
  });
});
