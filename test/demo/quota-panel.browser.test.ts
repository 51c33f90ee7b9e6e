// Engines: all three (the demo's pages as a reader opens them, whose rendering and storage differ between engines).
/**
 * The demo's budget panel (demo/quota-panel.ts), shown on every demo page:
 * what is left of the quota and when it grows, from the kit's loader; when
 * it is spent, when the widgets resume; and how to go on (the reset button,
 * the dev-quota command), in French and English.
 */
import { expect, fixture, fixtureCleanup } from '@open-wc/testing';
import '../../src/khountous.js';
import { forgetBudgets, followServer, RESET_ROUTE, showQuotaPanel } from '../../demo/quota-panel.js';
import { until } from '../helpers/frames.js';
import { freshKit, isolatedApi, kitNames, mount, settled, spendBudget } from '../helpers/kit.js';

const text = (panel: HTMLElement) => panel.textContent!.replace(/\s+/g, ' ').trim();
const budgetKeys = () =>
  Object.keys(localStorage).filter((key) => key.startsWith(`${kitNames.storage}budget:`));

describe('the demo budget panel', function () {
  this.timeout(20000);
  let meta: HTMLMetaElement;
  let base: string;
  const lang = document.documentElement.lang;

  beforeEach(() => {
    freshKit();
    base = isolatedApi('panel');
    meta = document.createElement('meta');
    meta.name = 'khountous:base-url';
    meta.content = base;
    document.head.append(meta);
    document.documentElement.lang = 'fr';
  });
  afterEach(() => {
    meta.remove();
    document.documentElement.lang = lang;
    fixtureCleanup();
  });

  const panelShown = async (onReset?: () => void) => {
    const panel = await fixture<HTMLDivElement>(document.createElement('div'));
    panel.hidden = true;
    showQuotaPanel(panel, onReset);
    return panel;
  };

  it('shows what is left of the quota, and when one more request comes back, from the loader', async () => {
    const panel = await panelShown();
    expect(panel.hidden).to.equal(false);
    expect(text(panel)).to.contain('60 requêtes sur 60 restantes');
    const element = await mount('khountous-region-stats', { 'base-url': base, lazy: 'false', lang: 'fr' });
    expect(await settled(element)).to.equal('ready');
    await until(() => text(panel).includes('59 requêtes sur 60'), 'the panel to count the request');
    expect(text(panel)).to.match(/une de plus à \d{2}:\d{2}/);
    expect(text(panel)).to.contain('npm run start:dev-quota');
    expect(panel.querySelector('button')!.textContent).to.equal('Remettre le budget à zéro');
    document.documentElement.lang = 'en';
    await until(() => text(panel).includes('59 of 60 requests left this hour'), 'the panel in English').catch(
      (error: Error) => expect.fail(`${error.message}: ${text(panel)}`),
    );
    expect(text(panel)).to.match(/one more at \d{2}:\d{2}/);
    expect(panel.querySelector('button')!.textContent).to.equal('Reset the budget');
  });

  it('when the budget is spent, says when the widgets resume and how to go on now', async () => {
    const panel = await panelShown();
    spendBudget(base);
    await until(() => text(panel).includes('Quota atteint'), 'the spent message');
    expect(text(panel)).to.match(/reprennent d’eux-mêmes à \d{2}:\d{2}/);
    expect(panel.classList.contains('low')).to.equal(true);
    expect(panel.dataset.remaining).to.equal('0');
    expect(panel.querySelector('button')!.disabled).to.equal(false);
  });

  it('reset: where the demo server does not serve the route, says so and keeps the budget', async () => {
    const panel = await panelShown(() => expect.fail('no reload after a failed reset'));
    spendBudget(base);
    panel.querySelector('button')!.click();
    const problem = await until(
      () => panel.querySelector('[role="alert"]') ?? undefined,
      'the failure message',
    );
    expect(problem.textContent).to.match(/Remise à zéro impossible \(HTTP 404\)/);
    expect(budgetKeys()).to.have.length(1);
  });

  it('reset: once the server forgot its count, the browser forgets its log and the page reloads', async () => {
    const original = window.fetch;
    const posted: string[] = [];
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === RESET_ROUTE && init?.method === 'POST') {
        posted.push(String(input));
        return Promise.resolve(new Response(null, { status: 204 }));
      }
      return original(input, init);
    };
    try {
      let reloaded = 0;
      const panel = await panelShown(() => (reloaded += 1));
      spendBudget(base);
      expect(budgetKeys()).to.have.length(1);
      panel.querySelector('button')!.click();
      await until(() => reloaded > 0, 'the reload');
      expect(posted).to.deep.equal([RESET_ROUTE]);
      expect(budgetKeys()).to.deep.equal([]);
    } finally {
      window.fetch = original;
    }
  });

  it('a page served by another demo server instance drops the budget log the previous one left', () => {
    const server = document.createElement('meta');
    server.name = 'khountous-demo:server';
    try {
      localStorage.setItem(`${kitNames.storage}budget:http://example.test`, '{"log":[]}');
      server.content = 'first;60';
      document.head.append(server);
      followServer();
      expect(budgetKeys()).to.deep.equal([]);
      localStorage.setItem(`${kitNames.storage}budget:http://example.test`, '{"log":[]}');
      followServer();
      expect(budgetKeys(), 'the same server: the log stays').to.have.length(1);
      server.content = 'second;1000';
      followServer();
      expect(budgetKeys()).to.deep.equal([]);
    } finally {
      server.remove();
      forgetBudgets();
      localStorage.removeItem('khountous-demo:server');
    }
  });
});
