/**
 * What a widget's demo page shows below its live examples, the docs' live half:
 * its attributes, from custom-elements.json with their French words (the
 * builder's, demo/builder-help.ts), and its code for each integration the README
 * offers, with its sample's attributes (demo/snippets.ts, the builder's own), the
 * script tag from the npm CDN at the kit's version. The widget's own page in
 * demo/ (ranking.html…) and single.html?widget=… both show it (main.ts,
 * single.ts), so that a new widget has it from its folder alone.
 */
import manifest from '../custom-elements.json';
import { VERSION } from '../src/version.js';
import { shortName } from '../src/widget/descriptor.js';
import {
  attributeHelp,
  inlineNodes,
  PAGE_TEXT,
  sampleOf,
  summaryHelp,
  type ManifestAttribute,
  type ManifestElement,
} from './builder-help.js';
import { integrity } from './build-integrity.js';
import { cdnHost, FORMATS, snippet, type SnippetFormat } from './snippets.js';

/** Each element of the manifest, by tag. */
const elements: ReadonlyMap<string, ManifestElement> = new Map(
  (manifest as { modules: { declarations?: ManifestElement[] }[] }).modules
    .flatMap((module) => module.declarations ?? [])
    .filter((declaration) => declaration.tagName)
    .map((declaration) => [declaration.tagName!, declaration]),
);

/** The manifest's element of `tag`, if the kit has one. */
export const elementOf = (tag: string): ManifestElement | undefined => elements.get(tag);

/** The builder's label of each format (demo/builder-help.ts). */
const FORMAT_LABEL: Record<SnippetFormat, string> = {
  script: 'formatScript',
  iframe: 'formatIframe',
  wordpress: 'formatWordpress',
  react: 'formatReact',
  ssr: 'formatSsr',
};

/** One row of the attributes table: its name, the values it takes, its default, what it does. */
export interface AttributeRow {
  name: string;
  values: string;
  initial: string;
  help: string;
}

/** The element's attributes: its own first, then those every element shares. */
export function attributeRows(element: ManifestElement): AttributeRow[] {
  const attributes = [...(element.attributes ?? [])].sort(
    (a, b) => Number(Boolean(a.inheritedFrom)) - Number(Boolean(b.inheritedFrom)),
  );
  return attributes.map((attribute: ManifestAttribute) => ({
    name: attribute.name,
    values: attribute.type?.text ?? '',
    initial: ["''", 'null', 'undefined', undefined].includes(attribute.default)
      ? ''
      : attribute.default!.replace(/^'(.*)'$/, '$1'),
    help: attributeHelp('fr', element, attribute),
  }));
}

/** The code of each integration for `tag` with its sample's attributes, titled as the builder titles it. */
export function integrationSnippets(
  tag: string,
  hashes: Readonly<Record<string, string>> | undefined = integrity,
): { format: SnippetFormat; title: string; code: string }[] {
  const attributes = Object.entries(sampleOf(tag));
  return FORMATS.map((format) => ({
    format,
    title: PAGE_TEXT[FORMAT_LABEL[format]]!.fr,
    code: snippet(format, { tag, attributes, host: cdnHost(VERSION), integrity: hashes, lang: 'fr' }),
  }));
}

const h = <K extends keyof HTMLElementTagNameMap>(name: K, ...children: (Node | string)[]) => {
  const node = document.createElement(name);
  node.append(...children);
  return node;
};

/** A `code` span, its text set as text. */
const code = (text: string) => h('code', text);

/** Appends the attributes and the integrations of `tag` to `target`. */
export function renderWidgetDocs(target: HTMLElement, tag: string): void {
  const element = elementOf(tag);
  if (!element) return;
  const name = shortName(tag);

  const attributes = h('section', h('h2', 'Attributs'));
  attributes.className = 'widget-docs';
  attributes.setAttribute('aria-label', 'Attributs');
  const table = h(
    'table',
    h('thead', h('tr', h('th', 'Attribut'), h('th', 'Valeurs'), h('th', 'Par défaut'), h('th', 'Rôle'))),
    h(
      'tbody',
      ...attributeRows(element).map((row) =>
        h(
          'tr',
          h('td', code(row.name)),
          h('td', row.values ? code(row.values) : ''),
          h('td', row.initial ? code(row.initial) : ''),
          h('td', ...inlineNodes(row.help)),
        ),
      ),
    ),
  );
  const scroll = h('div', table);
  scroll.className = 'table-scroll';
  attributes.append(h('p', ...inlineNodes(summaryHelp('fr', element))), scroll);

  const integrations = h('section', h('h2', 'Intégrer ce widget'));
  integrations.className = 'widget-docs';
  integrations.setAttribute('aria-label', 'Intégrer ce widget');
  const builder = h('a', 'générateur de code');
  builder.href = `./builder.html?widget=${encodeURIComponent(name)}`;
  integrations.append(
    h(
      'p',
      'Le code de chaque intégration, avec des attributs qui montrent des données. Le ',
      builder,
      ' l’écrit pour tout autre réglage.',
    ),
    ...integrationSnippets(tag).flatMap(({ title, code: text }) => [h('h3', title), h('pre', code(text))]),
  );
  target.append(attributes, integrations);
}
