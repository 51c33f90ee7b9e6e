/**
 * The demo's request budget, on every page: what the kit's loader knows of the
 * anonymous quota (remaining requests of the limit, when the next one comes
 * back; the API's X-RateLimit-* headers once one answered), and how to go on
 * when it runs out: a button that gives this demo a fresh budget (the demo
 * server forgets what it counted, the browser forgets its log), or a restart
 * with the development quota (`npm run start:dev-quota`).
 *
 * Demo only: the kit itself never resets a budget. The server's side is the
 * route `POST /__demo/quota-reset` of the demo server (vite.config.ts), which
 * also tells each page, in `<meta name="khountous-demo:server">`, which server
 * instance and quota it runs: a page opened on a new server (restarted, or
 * another quota) drops the budget log the previous one left in the browser.
 */
import { getLoader, QUOTA_EVENT, type LoaderStats } from '../src/core/loader/loader.js';
import { namesOf, pageNamespace } from '../src/core/names.js';
import { resolveBaseUrl } from '../src/widget/base-url.js';

/** The route of the demo server that forgets the quotas it counted. */
export const RESET_ROUTE = '/__demo/quota-reset';
/** The demo server's instance and anonymous quota: `<start time>;<quota>`. */
const SERVER_META = 'khountous-demo:server';
/** Where the page remembers which server instance the budget log belongs to. */
const SERVER_KEY = 'khountous-demo:server';
/** Tells the other demo tabs that the budget was reset: they reload. */
const CHANNEL = 'khountous-demo';
/** The remaining count below which the panel says how to go on more loudly. */
const LOW = 10;

type Lang = 'fr' | 'en';

const TEXT = {
  fr: {
    label: 'Budget de requêtes de la démo',
    title: 'Budget de requêtes de la démo\u202f: ',
    remaining: (left: number, limit: number) => `${left} requêtes sur ${limit} restantes cette heure-ci`,
    next: (time: string) => `une de plus à ${time}`,
    spent: (time: string) => `Quota atteint\u202f: les widgets reprennent d’eux-mêmes à ${time}.`,
    shared: 'Réponses d’un cache partagé\u202f: le quota de 60 par lecteur ne s’applique pas.',
    how: 'Pour continuer tout de suite\u202f:',
    or: 'ou relancer avec',
    devQuota: '(1 000 requêtes par heure)',
    reset: 'Remettre le budget à zéro',
    resetting: 'Remise à zéro…',
    failed: (why: string) =>
      `Remise à zéro impossible (${why})\u202f: ce bouton ne marche qu’avec npm start ou npm run start:dev-quota.`,
  },
  en: {
    label: 'The demo’s request budget',
    title: 'The demo’s request budget: ',
    remaining: (left: number, limit: number) => `${left} of ${limit} requests left this hour`,
    next: (time: string) => `one more at ${time}`,
    spent: (time: string) => `Quota reached: the widgets resume by themselves at ${time}.`,
    shared: 'Answers from a shared cache: the quota of 60 per reader does not apply.',
    how: 'To go on now:',
    or: 'or restart with',
    devQuota: '(1,000 requests per hour)',
    reset: 'Reset the budget',
    resetting: 'Resetting…',
    failed: (why: string) =>
      `Reset failed (${why}): this button works only under npm start or npm run start:dev-quota.`,
  },
} as const;

const pageLang = (): Lang => (document.documentElement.lang.toLowerCase().startsWith('en') ? 'en' : 'fr');

const timeOf = (lang: Lang, epoch: number) =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'fr-FR', { hour: '2-digit', minute: '2-digit' }).format(
    epoch,
  );

/** Drops the kit's request logs from this browser's storage (every API origin); cached data stays. */
export function forgetBudgets(): void {
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith(`${namesOf(pageNamespace()).storage}budget:`)) localStorage.removeItem(key);
  }
}

/**
 * On a page served by another demo server instance than the last one this
 * browser saw (restarted, or with another quota), the budget log it left is
 * not this server's count: it is dropped, before any widget asks for data.
 */
export function followServer(): void {
  const server = document.querySelector<HTMLMetaElement>(`meta[name="${SERVER_META}"]`)?.content;
  if (!server) return;
  try {
    if (localStorage.getItem(SERVER_KEY) === server) return;
    forgetBudgets();
    localStorage.setItem(SERVER_KEY, server);
  } catch {
    // No storage: the budget lives in memory and starts afresh with each page.
  }
}

/** The panel's text and controls for `stats`. */
function render(panel: HTMLElement, stats: LoaderStats, note: string): void {
  const t = TEXT[pageLang()];
  const lang = pageLang();
  const status = document.createElement('p');
  status.className = 'demo-quota-status';
  const label = document.createElement('strong');
  label.textContent = t.title;
  status.append(label);
  const spent = stats.remaining === 0 && !stats.shared;
  if (stats.shared) status.append(t.shared);
  else if (spent) status.append(t.spent(timeOf(lang, stats.resetAt)));
  else {
    const growing = stats.remaining < stats.limit && stats.resetAt > Date.now();
    status.append(
      t.remaining(stats.remaining, stats.limit) +
        (growing ? ` (${t.next(timeOf(lang, stats.resetAt))})` : '') +
        '.',
    );
  }
  const how = document.createElement('p');
  how.className = 'demo-quota-how';
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = t.reset;
  button.addEventListener('click', () => void reset(panel, button));
  const command = document.createElement('code');
  command.className = 'nowrap';
  command.textContent = 'npm run start:dev-quota';
  how.append(`${t.how} `, button, ` ${t.or} `, command, ` ${t.devQuota}.`);
  panel.dataset.remaining = String(stats.remaining);
  panel.dataset.limit = String(stats.limit);
  panel.classList.toggle('low', spent || (!stats.shared && stats.remaining <= LOW));
  const children: HTMLElement[] = [status, how];
  if (note) {
    const problem = document.createElement('p');
    problem.className = 'demo-quota-problem';
    problem.setAttribute('role', 'alert');
    problem.textContent = note;
    children.push(problem);
  }
  panel.replaceChildren(...children);
}

let note = '';

/** What the page does once the budget was reset: load again, on a fresh budget. */
let reload = () => location.reload();
/** The channel to the other demo tabs (one object: it does not hear its own messages). */
let channel: BroadcastChannel | undefined;

async function reset(panel: HTMLElement, button: HTMLButtonElement): Promise<void> {
  button.disabled = true;
  button.textContent = TEXT[pageLang()].resetting;
  let why = '';
  try {
    const response = await fetch(RESET_ROUTE, { method: 'POST' });
    if (response.status !== 204) why = `HTTP ${response.status}`;
  } catch (error) {
    why = error instanceof Error ? error.message : String(error);
  }
  if (why) {
    note = TEXT[pageLang()].failed(why);
    update(panel);
    return;
  }
  forgetBudgets();
  channel?.postMessage('reset');
  reload();
}

function update(panel: HTMLElement): void {
  const baseUrl = resolveBaseUrl('');
  let stats: LoaderStats;
  try {
    stats = getLoader().stats(baseUrl);
  } catch {
    stats = getLoader().stats();
  }
  render(panel, stats, note);
}

/**
 * Shows the panel in `panel` and keeps it current: each change of the
 * budget, the clock, the page's language. `onReset` replaces the reload
 * that follows a reset (tests).
 */
export function showQuotaPanel(panel: HTMLElement, onReset?: () => void): void {
  if (onReset) reload = onReset;
  panel.hidden = false;
  panel.setAttribute('aria-label', TEXT[pageLang()].label);
  const refresh = () => update(panel);
  getLoader().addEventListener(QUOTA_EVENT, refresh);
  // The budget also grows with time alone (a request leaves the window): nothing announces it.
  setInterval(refresh, 15_000);
  new MutationObserver(refresh).observe(document.documentElement, { attributeFilter: ['lang'] });
  if (typeof BroadcastChannel === 'function' && !channel) {
    channel = new BroadcastChannel(CHANNEL);
    channel.addEventListener('message', () => reload());
  }
  refresh();
}

followServer();
const panel = document.getElementById('demo-quota');
if (panel) showQuotaPanel(panel);
