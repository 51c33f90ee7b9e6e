/**
 * The code the embed builder gives to copy: a script tag, an iframe on the
 * embed page, or npm/React code. Attribute values are escaped for HTML.
 * The script tag opens the connection to the API early (`preconnect`), names
 * an API other than the default one (`khountous:base-url`) and carries the
 * file's SRI hash with `crossorigin`; the iframe passes `base-url` to the
 * embed page and loads embed-resize.js the same way.
 */
export type SnippetFormat = 'script' | 'iframe' | 'react';

export interface SnippetInput {
  /** The element's tag, `khountous-ranking`. */
  tag: string;
  /** Attribute name and value; a boolean attribute that is set has the value ''. */
  attributes: readonly (readonly [string, string])[];
  /** Where the kit's files (dist/) are published, ending with a slash. */
  host: string;
  /** The API the widgets read, when not the default one (`base-url`): absolute, or relative to `host`. */
  baseUrl?: string;
  /** The SRI hashes of dist/integrity.json (file path -> `sha384-...`), when known. */
  integrity?: Readonly<Record<string, string>>;
  /** The language of the snippet's comments: the builder's. Default `en`. */
  lang?: 'fr' | 'en';
}

/** The snippets' comments, in the builder's language. */
const COMMENTS = {
  fr: {
    resize: 'Facultatif, une fois par page : ajuste la hauteur de l’iframe à son contenu.',
    types: 'Les types JSX des éléments khountous-* (une fois par application suffit) :',
    once: 'Une fois par page :',
    where: 'Là où va le widget :',
  },
  en: {
    resize: 'Optional, once per page: sizes the iframe to its content.',
    types: 'The JSX types of the khountous-* elements (once per app is enough):',
    once: 'Once per page:',
    where: 'Where the widget goes:',
  },
} as const;

/** The API the widgets read when no `base-url` is given. */
export const DEFAULT_API = 'https://api.khountous.sn/v1';

/** The API's absolute base URL and its origin (for the preconnect), from the snippet's input. */
function apiOf(baseUrl: string | undefined, host: string): { url: string; origin: string } | undefined {
  try {
    const url = new URL(baseUrl?.trim() || DEFAULT_API, host);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return { url: url.href.replace(/\/+$/, ''), origin: url.origin };
  } catch {
    return undefined;
  }
}

/** ` integrity="…" crossorigin="anonymous"` for a file of dist/ (crossorigin alone when its hash is unknown). */
const subresource = (file: string, integrity: SnippetInput['integrity']) =>
  (integrity?.[file] ? ` integrity="${escapeAttribute(integrity[file])}"` : '') + ` crossorigin="anonymous"`;

export const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const attributeList = (attributes: SnippetInput['attributes']) =>
  attributes
    .map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeAttribute(value)}"`))
    .join('');

const componentName = (tag: string) =>
  tag.replace(/^khountous/, 'Khountous').replace(/-(\w)/g, (_match, letter: string) => letter.toUpperCase());

export function snippet(
  format: SnippetFormat,
  { tag, attributes, host, baseUrl, integrity, lang = 'en' }: SnippetInput,
): string {
  const say = COMMENTS[lang];
  const base = host.endsWith('/') ? host : `${host}/`;
  const api = apiOf(baseUrl, base);
  const ownApi = Boolean(baseUrl?.trim()) && api !== undefined && api.url !== DEFAULT_API;
  switch (format) {
    case 'iframe': {
      const params = new URLSearchParams({ widget: tag.replace(/^khountous-/, '') });
      for (const [name, value] of attributes) params.set(name, value === '' ? 'true' : value);
      if (ownApi) params.set('base-url', api!.url);
      return [
        `<iframe src="${escapeAttribute(`${base}embed.html?${params}`)}"`,
        `  title="Khountous" width="100%" height="480" frameborder="0" loading="lazy"></iframe>`,
        `<!-- ${say.resize} -->`,
        `<script src="${escapeAttribute(base)}embed-resize.js"${subresource('embed-resize.js', integrity)} async></script>`,
      ].join('\n');
    }
    case 'react': {
      const withApi = ownApi ? [...attributes, ['base-url', api!.url] as const] : attributes;
      return [
        `// npm install khountous-widgets`,
        `import 'khountous-widgets/elements/${tag}.js';`,
        `// ${say.types}`,
        `import type {} from 'khountous-widgets/react';`,
        ``,
        `export function ${componentName(tag)}() {`,
        `  return <${tag}${attributeList(withApi)} />;`,
        `}`,
      ].join('\n');
    }
    default:
      return [
        `<!-- ${say.once} -->`,
        ...(api ? [`<link rel="preconnect" href="${escapeAttribute(api.origin)}" crossorigin />`] : []),
        ...(ownApi ? [`<meta name="khountous:base-url" content="${escapeAttribute(api!.url)}" />`] : []),
        `<script type="module" src="${escapeAttribute(base)}khountous.js"${subresource('khountous.js', integrity)}></script>`,
        `<!-- ${say.where} -->`,
        `<${tag}${attributeList(attributes)}></${tag}>`,
      ].join('\n');
  }
}
