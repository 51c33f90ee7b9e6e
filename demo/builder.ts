/**
 * The embed builder: pick a widget and its attributes (fields generated from
 * custom-elements.json), see it live, copy the snippet of each integration the
 * README offers: a script tag (from an npm CDN unless the kit's address is
 * given), an iframe, a WordPress shortcode, npm/React code or a server render. The page and its help texts are in French or
 * English (demo/builder-help.ts), as its language switch says (`?lang=en`).
 */
import manifest from '../custom-elements.json';
import {
  LEVELS,
  REGION_CODES,
  REGION_INDICATORS,
  REPORT_CATEGORIES,
  REPORT_STATUSES,
  SECTORS,
} from '../src/core/types.js';
import './quota-panel.js';
import '../src/khountous.js';
import {
  attributeHelp,
  inlineNodes,
  PAGE_TEXT,
  summaryHelp,
  type HelpLang,
  type ManifestAttribute,
  type ManifestElement,
} from './builder-help.js';
import { SAMPLE_ATTRIBUTES } from './samples.js';
import { integrity } from './build-integrity.js';
import { cdnHost, snippet, type SnippetFormat } from './snippets.js';
import { frameFit } from './builder-frame.js';
import { VERSION } from '../src/version.js';
import { shortName, tagOfName } from '../src/widget/descriptor.js';

/** Values an attribute takes, where the manifest's type says only `string`. */
const KNOWN_VALUES: Record<string, readonly string[]> = {
  region: REGION_CODES,
  sector: SECTORS,
  level: LEVELS,
  indicator: REGION_INDICATORS,
  category: REPORT_CATEGORIES,
  status: REPORT_STATUSES,
  lang: ['fr', 'en'],
  theme: ['auto', 'light', 'dark'],
};
/** Attributes a page sets once for all its widgets rather than per widget. */
const PAGE_LEVEL = new Set(['base-url', 'lazy']);

const elements: ManifestElement[] = (manifest as { modules: { declarations?: ManifestElement[] }[] }).modules
  .flatMap((module) => module.declarations ?? [])
  .filter((declaration) => declaration.tagName)
  .sort((a, b) => a.tagName!.localeCompare(b.tagName!));

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const widgetSelect = $<HTMLSelectElement>('widget');
const fields = $<HTMLDivElement>('fields');
const preview = $<HTMLDivElement>('preview');
const hostInput = $<HTMLInputElement>('host');
const baseUrlInput = $<HTMLInputElement>('base-url');
const output = $<HTMLTextAreaElement>('snippet');
const status = $<HTMLParagraphElement>('copy-status');
const formats = document.querySelectorAll<HTMLInputElement>('input[name="format"]');
const langButtons = document.querySelectorAll<HTMLButtonElement>('.lang-switch [data-lang]');
// The iframe format's measured height (demo/builder-frame.ts).
const frame = frameFit(
  {
    preview,
    framePreview: $<HTMLDivElement>('frame-preview'),
    box: $<HTMLDivElement>('frame-fit'),
    width: $<HTMLSelectElement>('frame-width'),
    widthLabel: $<HTMLLabelElement>('frame-width-label'),
    note: $<HTMLParagraphElement>('frame-note'),
  },
  () => updateSnippet(),
);
const chosenFormat = () => ([...formats].find((input) => input.checked)?.value ?? 'script') as SnippetFormat;

const asLang = (value: string | null | undefined): HelpLang | undefined =>
  value === 'fr' || value === 'en' ? value : undefined;
let lang: HelpLang =
  asLang(new URLSearchParams(location.search).get('lang')) ?? asLang(document.documentElement.lang) ?? 'fr';
const pageText = (key: string) => PAGE_TEXT[key]?.[lang] ?? '';

const unquote = (value: string | undefined) => (value ?? '').replace(/^'(.*)'$/, '$1');
const literalUnion = (type: string) =>
  /^'[^']*'(\s*\|\s*'[^']*')+$/.test(type.trim())
    ? type.split('|').map((part) => unquote(part.trim()))
    : null;

function fieldFor(attribute: ManifestAttribute, value: string): HTMLElement {
  const wrapper = document.createElement('div');
  wrapper.className = 'field';
  const id = `attr-${attribute.name}`;
  const label = document.createElement('label');
  label.htmlFor = id;
  label.textContent = attribute.name;
  const type = attribute.type?.text ?? 'string';
  const choices = literalUnion(type) ?? KNOWN_VALUES[attribute.name];
  let input: HTMLInputElement | HTMLSelectElement;
  if (type === 'boolean') {
    input = document.createElement('input');
    input.type = 'checkbox';
    input.checked = value === '' ? false : value !== 'false';
    wrapper.classList.add('checkbox');
  } else if (choices) {
    input = document.createElement('select');
    const none = new Option('—', '');
    input.append(none, ...choices.map((choice) => new Option(choice, choice)));
    input.value = value;
  } else {
    input = document.createElement('input');
    input.type = /number/.test(type) ? 'number' : 'text';
    input.value = value;
    input.placeholder = unquote(attribute.default);
  }
  input.id = id;
  input.dataset.attribute = attribute.name;
  input.dataset.boolean = String(type === 'boolean');
  const hint = document.createElement('small');
  hint.id = `${id}-hint`;
  hint.replaceChildren(...inlineNodes(attributeHelp(lang, currentElement(), attribute)));
  input.setAttribute('aria-describedby', hint.id);
  wrapper.append(label, input, hint);
  return wrapper;
}

function currentElement(): ManifestElement {
  return elements.find((element) => element.tagName === widgetSelect.value) ?? elements[0]!;
}

function renderFields(): void {
  const element = currentElement();
  const sample = SAMPLE_ATTRIBUTES[element.tagName!] ?? {};
  const attributes = (element.attributes ?? []).filter((attribute) => !PAGE_LEVEL.has(attribute.name));
  // The element's own attributes first, then those every element shares.
  attributes.sort((a, b) => Number(Boolean(a.inheritedFrom)) - Number(Boolean(b.inheritedFrom)));
  fields.replaceChildren(...attributes.map((attribute) => fieldFor(attribute, sample[attribute.name] ?? '')));
  $<HTMLParagraphElement>('summary').replaceChildren(...inlineNodes(summaryHelp(lang, element)));
  update();
}

/**
 * Puts the page in `next`: its own texts, the help of the fields shown (their
 * values kept), and the document's lang, which the preview's widget and the
 * budget panel follow. The address keeps the choice (`?lang=en`).
 */
function setLanguage(next: HelpLang): void {
  lang = next;
  document.documentElement.lang = next;
  document.title = pageText('title');
  for (const node of document.querySelectorAll<HTMLElement>('[data-i18n]')) {
    node.replaceChildren(...inlineNodes(pageText(node.dataset.i18n!)));
  }
  for (const node of document.querySelectorAll<HTMLElement>('[data-i18n-aria-label]')) {
    node.setAttribute('aria-label', pageText(node.dataset.i18nAriaLabel!));
  }
  for (const button of langButtons) button.setAttribute('aria-pressed', String(button.dataset.lang === next));
  const element = currentElement();
  $<HTMLParagraphElement>('summary').replaceChildren(...inlineNodes(summaryHelp(next, element)));
  for (const attribute of element.attributes ?? []) {
    document
      .getElementById(`attr-${attribute.name}-hint`)
      ?.replaceChildren(...inlineNodes(attributeHelp(next, element, attribute)));
  }
  frame.setLanguage(next);
  updateSnippet();
  const url = new URL(location.href);
  if (next === 'fr') url.searchParams.delete('lang');
  else url.searchParams.set('lang', next);
  history.replaceState(history.state, '', url);
}

/** The attributes chosen, in the order of the fields; defaults left out. */
function chosenAttributes(): [string, string][] {
  const chosen: [string, string][] = [];
  for (const input of fields.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-attribute]')) {
    const name = input.dataset.attribute!;
    if (input.dataset.boolean === 'true') {
      if ((input as HTMLInputElement).checked) chosen.push([name, '']);
    } else if (input.value.trim() !== '') {
      chosen.push([name, input.value.trim()]);
    }
  }
  return chosen;
}

/** Where the kit is published: the address given, else the npm CDN at the kit's version. */
hostInput.placeholder = cdnHost(VERSION);
const hostUrl = () => hostInput.value.trim() || hostInput.placeholder;

/** The snippet follows every keystroke. */
function updateSnippet(): void {
  const tag = currentElement().tagName!;
  output.value = snippet(chosenFormat(), {
    tag,
    attributes: chosenAttributes(),
    host: hostUrl(),
    baseUrl: baseUrlInput.value.trim(),
    integrity,
    lang,
    frame: frame.frame(),
  });
  status.textContent = '';
}

let previewed = '';

/**
 * The live preview is rebuilt only when a field is committed (change), and only
 * when the attributes differ: each new element may cost a request of the
 * reader's hourly quota, so half-typed slugs must not reach the API.
 */
function updatePreview(): void {
  const tag = currentElement().tagName!;
  const attributes = chosenAttributes();
  const key = JSON.stringify([tag, attributes]);
  if (key === previewed) return;
  previewed = key;
  const element = document.createElement(tag);
  for (const [name, value] of attributes) element.setAttribute(name, value);
  preview.replaceChildren(element);
}

/** The iframe format's preview follows the format and the attributes committed. */
const updateFrame = () => frame.update(chosenFormat(), currentElement().tagName!, chosenAttributes());

function update(): void {
  updateFrame();
  updateSnippet();
  updatePreview();
}

async function copy(): Promise<void> {
  const text = output.value;
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // No Clipboard API (an insecure origin, an old browser, a refused permission): select and copy.
    output.focus();
    output.select();
    const copied = document.execCommand('copy');
    if (!copied) {
      status.textContent = pageText('selectToCopy');
      return;
    }
  }
  status.textContent = pageText('copied');
}

widgetSelect.append(...elements.map((element) => new Option(shortName(element.tagName!), element.tagName!)));
const requested = new URLSearchParams(location.search).get('widget');
if (requested && elements.some((element) => element.tagName === tagOfName(requested))) {
  widgetSelect.value = tagOfName(requested);
}
widgetSelect.addEventListener('change', renderFields);
fields.addEventListener('input', updateSnippet);
fields.addEventListener('change', update);
hostInput.addEventListener('input', updateSnippet);
baseUrlInput.addEventListener('input', updateSnippet);
formats.forEach((input) =>
  input.addEventListener('change', () => {
    updateFrame();
    updateSnippet();
  }),
);
$<HTMLButtonElement>('copy').addEventListener('click', () => void copy());
for (const button of langButtons) {
  button.addEventListener('click', () => setLanguage(asLang(button.dataset.lang) ?? 'fr'));
}
renderFields();
setLanguage(lang);
