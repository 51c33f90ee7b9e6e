// The baseline: the news front page's widgets as a site would write them
// without the kit. Plain custom elements, hand-written DOM (createElement and
// textContent, no framework), and each element calls fetch() for itself when
// it is connected: no shared cache, no budget, nothing kept across pages.
//
// An element given its data in the `data` property before it is connected
// renders it without fetching: the render benchmark mounts them that way.
// Like the kit's elements, each reflects `loading`, `ready` or `error` in a
// `state` attribute.

const sheet = new CSSStyleSheet();
sheet.replaceSync(`
  :host { display: block; font: 1rem system-ui; color: #1d2327; }
  .root { border: 1px solid #d5dbe1; border-radius: 0.5rem; padding: 0.75rem; background: #fff; }
  table { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
  caption { text-align: start; font-weight: 700; font-size: 1.1em; padding-block-end: 0.5em; }
  th, td { padding: 0.45em 0.4em; border-block-end: 1px solid #d5dbe1; text-align: start; }
  thead th { font-size: 0.8em; color: #55606b; text-transform: uppercase; }
  .num { text-align: end; white-space: nowrap; }
  .score-cell { display: flex; align-items: center; gap: 0.5em; }
  .bar { flex: 1; height: 0.55em; border-radius: 1em; background: #f3f5f7; overflow: hidden; }
  .bar span { display: block; height: 100%; background: #00853f; }
  .sub { display: none; }
  .title { margin: 0 0 0.6em; font-weight: 700; font-size: 1.1em; }
  .chart { display: grid; gap: 0.3em; }
  .row { display: grid; grid-template-columns: minmax(6.5em, 9em) 1fr minmax(3.5em, auto); gap: 0.6em; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  dl { display: grid; grid-template-columns: repeat(auto-fit, minmax(10em, 1fr)); gap: 0.5em; margin: 0; }
  dd { margin: 0; font-weight: 700; }
  .compact { display: flex; flex-wrap: wrap; gap: 0.75em; }
  .error { color: #b3261e; }
`);

const numbers = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const percents = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 0 });
const days = new Intl.NumberFormat('fr-FR', {
  style: 'unit',
  unit: 'day',
  unitDisplay: 'short',
  maximumFractionDigits: 1,
});
const percent = (value) => percents.format(value / 100);

/** An element with attributes and children (strings become text). */
function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  for (const child of children) element.append(child);
  return element;
}

function bar(width) {
  const fill = document.createElement('span');
  fill.style.width = `${Math.min(100, Math.max(0, width))}%`;
  return h('span', { class: 'bar' }, fill);
}

/** The ranking table: the columns and rows of <khountous-ranking>. */
export function renderRanking(ranking, hrefTemplate = '') {
  const offset = (ranking.meta.page - 1) * ranking.meta.pageSize;
  const body = h('tbody');
  ranking.data.forEach((item, index) => {
    const name = hrefTemplate
      ? h('a', { href: hrefTemplate.replace('{slug}', encodeURIComponent(item.slug)) }, item.name)
      : item.name;
    body.append(
      h(
        'tr',
        {},
        h('td', { class: 'num' }, numbers.format(offset + index + 1)),
        h(
          'th',
          { scope: 'row' },
          name,
          h('span', { class: 'sub' }, `${percent(item.responseRate)} · ${days.format(item.avgDelayDays)}`),
        ),
        h(
          'td',
          {},
          h('span', { class: 'score-cell' }, h('span', {}, numbers.format(item.score)), bar(item.score)),
        ),
        h('td', { class: 'num' }, percent(item.responseRate)),
        h('td', { class: 'num' }, days.format(item.avgDelayDays)),
      ),
    );
  });
  const head = h(
    'thead',
    {},
    h(
      'tr',
      {},
      ...['Rang', 'Administration', 'Score', 'Taux de réponse', 'Délai moyen'].map((label) =>
        h('th', { scope: 'col' }, label),
      ),
    ),
  );
  return h('table', {}, h('caption', {}, 'Classement des administrations'), head, body);
}

const INDICATORS = {
  averageScore: { label: 'Score moyen', format: (value) => `${numbers.format(value)}/100`, max: 100 },
  responseRate: { label: 'Taux de réponse', format: percent, max: 100 },
  avgDelayDays: { label: 'Délai moyen', format: (value) => days.format(value) },
  resolutionRate: { label: 'Taux de résolution', format: percent, max: 100 },
  reportsPer100k: { label: 'Signalements pour 100 000 hab.', format: (value) => numbers.format(value) },
};

/** The 14-region chart and its table for screen readers: what <khountous-region-stats> draws. */
export function renderRegionChart(regions, key = 'averageScore') {
  const indicator = INDICATORS[key] ?? INDICATORS.averageScore;
  const sorted = [...regions.data].sort((a, b) => b.indicators[key] - a.indicators[key]);
  const max = indicator.max ?? Math.max(...sorted.map((region) => region.indicators[key]), 1);
  const caption = `${indicator.label} par région`;
  const chart = h('div', { class: 'chart', 'aria-hidden': 'true' });
  const body = h('tbody');
  for (const region of sorted) {
    const value = region.indicators[key];
    chart.append(
      h(
        'div',
        { class: 'row' },
        h('span', {}, region.name),
        bar((value / max) * 100),
        h('span', { class: 'num' }, indicator.format(value)),
      ),
    );
    body.append(
      h('tr', {}, h('th', { scope: 'row' }, region.name), h('td', { class: 'num' }, indicator.format(value))),
    );
  }
  const table = h(
    'table',
    { class: 'visually-hidden' },
    h('caption', {}, caption),
    h(
      'thead',
      {},
      h('tr', {}, h('th', { scope: 'col' }, 'Région'), h('th', { scope: 'col' }, indicator.label)),
    ),
    body,
  );
  const toggle = h('button', { type: 'button', 'aria-expanded': 'false' }, 'Afficher le tableau');
  toggle.addEventListener('click', () => table.classList.toggle('visually-hidden'));
  return h(
    'div',
    {},
    h('p', { class: 'title', role: 'heading', 'aria-level': '3' }, caption),
    chart,
    table,
    toggle,
  );
}

/** An administration's card; `compact`: one line. */
export function renderAdminCard(admin, compact) {
  const figures = [
    ['Score', `${numbers.format(admin.score)}/100`],
    ['Taux de réponse', percent(admin.responseRate)],
    ['Délai moyen', days.format(admin.avgDelayDays)],
  ];
  if (compact) {
    return h(
      'div',
      { class: 'compact' },
      h('strong', {}, admin.name),
      ...figures.map(([l, v]) => `${l} ${v}`),
    );
  }
  const list = (items) =>
    h('dl', {}, ...items.map(([label, value]) => h('div', {}, h('dt', {}, label), h('dd', {}, value))));
  const details = h('ul', {});
  for (const detail of admin.scoreDetails ?? []) {
    details.append(h('li', {}, `${detail.label} `, bar(detail.score), ` ${numbers.format(detail.score)}`));
  }
  const indicators = (admin.indicators ?? []).map(({ label, value, unit }) => [
    label,
    unit === 'percent' ? percent(value) : unit === 'days' ? days.format(value) : numbers.format(value),
  ]);
  return h(
    'div',
    {},
    h('p', { class: 'title', role: 'heading', 'aria-level': '3' }, admin.name),
    h('p', {}, [admin.sector, admin.level, admin.region].join(' · ')),
    h('p', {}, admin.description ?? ''),
    list([...figures, ['Rang', `${numbers.format(admin.rank)}e`]]),
    details,
    list(indicators),
  );
}

/** Fetches its own data when connected (unless given `data`), then renders it. */
class NaiveWidget extends HTMLElement {
  connectedCallback() {
    if (!this.shadowRoot) this.attachShadow({ mode: 'open' }).adoptedStyleSheets = [sheet];
    if (this.data) {
      this.show(this.data);
      return;
    }
    this.setAttribute('state', 'loading');
    const base = document.querySelector('meta[name="khountous:base-url"]')?.content ?? '/v1';
    fetch(`${base}${this.path()}`)
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.json();
      })
      .then(
        (data) => this.show(data),
        (error) => this.fail(error),
      );
  }

  show(data) {
    this.data = data;
    this.shadowRoot.replaceChildren(h('div', { class: 'root' }, this.render(data)));
    this.setAttribute('state', 'ready');
  }

  fail(error) {
    this.shadowRoot.replaceChildren(
      h('p', { class: 'root error' }, `Données indisponibles (${error.message}).`),
    );
    this.setAttribute('state', 'error');
  }
}

class NaiveRanking extends NaiveWidget {
  path() {
    return `/administrations?limit=${this.getAttribute('limit') ?? 10}`;
  }
  render(data) {
    return renderRanking(data, this.getAttribute('href-template') ?? '');
  }
}

class NaiveAdminCard extends NaiveWidget {
  path() {
    return `/administrations/${encodeURIComponent(this.getAttribute('slug') ?? '')}`;
  }
  render(data) {
    return renderAdminCard(data, this.getAttribute('variant') === 'compact');
  }
}

class NaiveRegionStats extends NaiveWidget {
  path() {
    return '/regions';
  }
  render(data) {
    return renderRegionChart(data, this.getAttribute('indicator') ?? 'averageScore');
  }
}

customElements.define('naive-ranking', NaiveRanking);
customElements.define('naive-admin-card', NaiveAdminCard);
customElements.define('naive-region-stats', NaiveRegionStats);
