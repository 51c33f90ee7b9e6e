// In-page side of the render and memory measurements (bench/measure.mjs drives it).
// The kit is the built bundle; the baseline's render functions are bench/baseline/widgets.js.
// The elements measured are imported as the script tag imports them (one module each, which
// takes the kit's core from khountous.js); the page-wide loader they use is the one every copy
// of the kit shares, on globalThis (src/core/names.ts).
// The memory cycles mount every element the build ships, each imported first (`cycle`).
// The script first: the elements take the kit's core from the namespace it publishes on the
// page once it has run (scripts/build/core-link.mjs), so they are imported after that, as the
// script imports them.
import '/dist/khountous.js';
import '/bench/baseline/widgets.js';

const published = () =>
  Object.getOwnPropertySymbols(globalThis).some((key) => key.description?.startsWith('khountous@'));
while (!published()) await new Promise((resolve) => setTimeout(resolve, 5));
await Promise.all(
  ['admin-card', 'dataset', 'fact-checks', 'ranking', 'region-stats', 'report', 'reports'].map(
    (name) => import(`/dist/elements/khountous-${name}.js`),
  ),
);

const stage = document.getElementById('stage');

/** The page-wide loader, made by the first element that loaded (after the warm-up mounts). */
const getLoader = () => globalThis[Symbol.for('khountous.loader.v1')];
const baseUrl = new URL('/v1', location.href).href;

/** Resolves in the next task: run from a rAF callback, after that frame's style, layout and paint. */
const nextTask = () =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(undefined);
  });

const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));

function create(tag, attributes) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

/**
 * Mounts a kit element and resolves once it shows its data (`khountous-load`);
 * an error rejects, or with `settle` resolves too (the element is then in its error state).
 */
function mountKit(tag, attributes, settle = false) {
  const element = create(tag, { lazy: 'false', ...attributes });
  const shown = new Promise((resolve, reject) => {
    element.addEventListener('khountous-load', () => resolve(element), { once: true });
    element.addEventListener(
      'khountous-error',
      (event) => (settle ? resolve(element) : reject(event.detail)),
      { once: true },
    );
  });
  stage.append(element);
  return shown;
}

/** Mounts a baseline element with its data in hand: it renders when connected. */
function mountBaseline(tag, attributes, data) {
  const element = create(tag, attributes);
  element.data = data;
  stage.append(element);
  return Promise.resolve(element);
}

/**
 * One timed mount: starts at the beginning of a frame (in a rAF callback) and
 * stops when the first task after that frame runs, so style, layout and paint
 * of the frame are in. A mount that could not finish inside the frame's
 * callbacks (it waited for a task) is timed to the end of the next frame.
 */
async function timeMount(mount) {
  await frame();
  const t0 = performance.now();
  let crossedTask = false;
  void nextTask().then(() => (crossedTask = true));
  const element = await mount();
  const late = crossedTask;
  if (late) await frame();
  await nextTask();
  const ms = performance.now() - t0;
  element.remove();
  return { ms, crossedTask: late };
}

const fetchJson = async (path) => (await fetch(`${baseUrl}${path}`)).json();

const CASES = {
  ranking: {
    kit: ['khountous-ranking', { limit: '100' }],
    baseline: ['naive-ranking', { limit: '100' }],
    data: () => fetchJson('/administrations?lang=fr&limit=100&page=1'),
    rows: (data) => data.data.length,
  },
  regions: {
    kit: ['khountous-region-stats', {}],
    baseline: ['naive-region-stats', {}],
    data: () => fetchJson('/regions?lang=fr'),
    rows: (data) => data.data.length,
  },
};

/**
 * Times `runs` mounts of the kit's element and of the baseline's, alternating,
 * after `warmup` mounts of each that are not counted (the first fills the
 * loader's cache: the timed ones never wait for the network).
 */
async function render(name, runs, warmup = 3) {
  const spec = CASES[name];
  const data = await spec.data();
  const kit = () => mountKit(...spec.kit);
  const baseline = () => mountBaseline(...spec.baseline, data);
  for (let i = 0; i < warmup; i++) {
    await timeMount(kit);
    await timeMount(baseline);
  }
  const before = getLoader().stats().requests;
  const result = { rows: spec.rows(data), kit: [], baseline: [], kitCrossedTask: 0, baselineCrossedTask: 0 };
  const sides = { kit, baseline };
  for (let i = 0; i < runs; i++) {
    for (const side of i % 2 ? ['baseline', 'kit'] : ['kit', 'baseline']) {
      const { ms, crossedTask } = await timeMount(sides[side]);
      result[side].push(ms);
      if (crossedTask) result[`${side}CrossedTask`] += 1;
    }
  }
  result.requestsWhileTimed = getLoader().stats().requests - before;
  return result;
}

/**
 * Mounts every `widgets` entry ([tag, attributes]) at once, waits until each
 * shows its data or an error, unmounts them; returns each tag's state.
 */
async function cycle(widgets) {
  // Each element's module, as the script tag imports it: an element the build ships and this
  // page did not import would never be defined, and its mount would wait for nothing.
  await Promise.all(widgets.map(([tag]) => import(`/dist/elements/${tag}.js`)));
  const elements = await Promise.all(
    widgets.map(([tag, attributes]) => {
      let timer;
      const late = new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`<${tag}> showed neither data nor an error in 20 s`)),
          20_000,
        );
      });
      return Promise.race([mountKit(tag, attributes, true), late]).finally(() => clearTimeout(timer));
    }),
  );
  await frame();
  const states = Object.fromEntries(
    elements.map((element) => [element.localName, element.getAttribute('state')]),
  );
  for (const element of elements) element.remove();
  return states;
}

window.bench = { render, cycle, ready: true };
