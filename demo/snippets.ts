/**
 * The code the embed builder and the widgets' demo pages give to copy, one per
 * integration the README offers: a script tag, an iframe on the embed page, a
 * WordPress shortcode, npm/React code, or a server render (renderWidget).
 * Attribute values are escaped for HTML. The script tag opens the connection to
 * the API early (`preconnect`), names an API other than the default one
 * (`khountous:base-url`) and carries the file's SRI hash with `crossorigin`; the
 * iframe passes `base-url` to the embed page and loads embed-resize.js the same
 * way, both from the site's own copy of dist/ (an npm CDN serves the scripts).
 */
import { catalog } from '../src/registry.js';
import { shortName } from '../src/widget/descriptor.js';
import { DEFAULT_LANG, toSupportedLang } from '../src/widget/lang.js';
import { editorWordsOf } from '../src/widget/editor.js';

export type SnippetFormat = 'script' | 'iframe' | 'wordpress' | 'react' | 'ssr';

/** Every format, in the order the README's "which integration?" table gives them. */
export const FORMATS: readonly SnippetFormat[] = ['script', 'iframe', 'wordpress', 'react', 'ssr'];

/** Where an npm CDN serves the files of dist/ of the package at `version` (the README's script tag). */
export const cdnHost = (version: string): string =>
  `https://cdn.jsdelivr.net/npm/khountous-widgets@${version}/dist/`;

/** The folder of the site's own copy of dist/, where none is given: what the embed page needs. */
const SITE_HOST = { fr: 'https://votre-site.example/khountous/', en: 'https://your-site.example/khountous/' };

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
  /**
   * The iframe's height, measured at a column `width` (demo/embed-height.ts), both in
   * CSS pixels; without it, a height to measure in the builder.
   */
  frame?: { width: number; height: number };
}

/** The iframe's height when none was measured: a guess, which the builder replaces. */
const GUESSED_HEIGHT = 480;

/** The embed page's parameters for a widget: `widget=ranking&limit=5` (a set boolean as `true`). */
export function embedParams(tag: string, attributes: SnippetInput['attributes']): URLSearchParams {
  const params = new URLSearchParams({ widget: shortName(tag) });
  for (const [name, value] of attributes) params.set(name, value === '' ? 'true' : value);
  return params;
}

/**
 * The iframe's `title`, which names the widget for screen readers, in the
 * widget's language (its `lang`, else the embed page's, French): "Khountous :
 * classement des administrations", from its about.ts title; the editor's `headline` when set.
 */
export function frameTitle(tag: string, attributes: SnippetInput['attributes']): string {
  const lang = toSupportedLang(attributes.find(([name]) => name === 'lang')?.[1]) ?? DEFAULT_LANG;
  // The editor's headline, as the widget shows it (widget/editor.ts), names the frame too.
  const { headline } = editorWordsOf((name) => attributes.find(([given]) => given === name)?.[1] ?? null);
  if (headline) return lang === 'fr' ? `Khountous\u202f: ${headline}` : `Khountous: ${headline}`;
  const title = catalog.find(({ widget }) => widget.tag === tag)?.about.title[lang];
  if (!title) return 'Khountous';
  const name = title.charAt(0).toLocaleLowerCase(lang) + title.slice(1);
  return lang === 'fr' ? `Khountous\u202f: ${name}` : `Khountous: ${name}`;
}

/** The snippets' comments, in the builder's language. */
const COMMENTS = {
  fr: {
    resize: 'Facultatif, une fois par page : ajuste la hauteur de l’iframe à son contenu.',
    measured: (width: number) =>
      `height\u202f: mesurée pour une colonne de ${width}\u00a0px. Dans une colonne plus étroite, le widget est plus haut\u202f: sans le script ci-dessous, l’iframe montre alors un lien vers le graphique complet.`,
    guessed: 'height\u202f: à mesurer pour votre colonne dans le générateur (builder.html).',
    ownCopy: 'embed.html et embed-resize.js viennent de votre copie de dist/ :',
    server: 'Sur le serveur (Node), avec le paquet npm et @lit-labs/ssr :',
    html: 'Le widget et ses données, en HTML pour la page (docs/ssr.md : l’hydratation, les recettes).',
    fallback: 'Sans données (l’API en panne, rien en cache) : l’élément seul, qui charge dans le navigateur.',
    types: 'Les types JSX des éléments khountous-* (une fois par application suffit) :',
    once: 'Une fois par page :',
    where: 'Là où va le widget :',
    inline:
      'Un chiffre dans une phrase (variant="inline") ne tient pas dans une iframe, qui est un bloc à part : la balise de script, à placer dans la phrase.',
  },
  en: {
    resize: 'Optional, once per page: sizes the iframe to its content.',
    measured: (width: number) =>
      `height: measured for a ${width} px column. In a narrower column the widget is taller: without the script below, the iframe then shows a link to the full graphic.`,
    guessed: 'height: measure it for your column in the builder (builder.html).',
    ownCopy: 'embed.html and embed-resize.js come from your own copy of dist/:',
    server: 'On the server (Node), with the npm package and @lit-labs/ssr:',
    html: 'The widget with its data, as HTML for the page (docs/ssr.md: hydration, the recipes).',
    fallback: 'Without data (the API down, nothing cached): the plain element, which loads in the browser.',
    types: 'The JSX types of the khountous-* elements (once per app is enough):',
    once: 'Once per page:',
    where: 'Where the widget goes:',
    inline:
      'A figure in a sentence (variant="inline") cannot sit in an iframe, a block of its own: the script tag, to put in the sentence.',
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

/** A JavaScript string in single quotes. */
const quoted = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** `{ region: 'kolda', paginate: true }`: the attributes as renderWidget takes them. */
const attributeObject = (attributes: SnippetInput['attributes']) =>
  attributes.length === 0
    ? '{}'
    : `{ ${attributes
        .map(
          ([name, value]) =>
            `${/^[a-z]\w*$/i.test(name) ? name : quoted(name)}: ${value === '' ? 'true' : quoted(value)}`,
        )
        .join(', ')} }`;

const componentName = (tag: string) =>
  tag.replace(/^khountous/, 'Khountous').replace(/-(\w)/g, (_match, letter: string) => letter.toUpperCase());

export function snippet(
  format: SnippetFormat,
  { tag, attributes, host, baseUrl, integrity, lang = 'en', frame }: SnippetInput,
): string {
  const say = COMMENTS[lang];
  const given = host.endsWith('/') ? host : `${host}/`;
  // The embed page is a page of the site: from the site's own copy, never from an npm CDN.
  const onCdn = given.startsWith('https://cdn.jsdelivr.net/');
  const base = format === 'iframe' && onCdn ? SITE_HOST[lang] : given;
  const api = apiOf(baseUrl, base);
  const ownApi = Boolean(baseUrl?.trim()) && api !== undefined && api.url !== DEFAULT_API;
  switch (format) {
    case 'iframe': {
      // An iframe is a block of its own: an inline figure gets the script tag, said so.
      if (attributes.some(([name, value]) => name === 'variant' && value === 'inline'))
        return [
          `<!-- ${say.inline} -->`,
          snippet('script', { tag, attributes, host, baseUrl, integrity, lang }),
        ].join('\n');
      const params = embedParams(tag, attributes);
      if (ownApi) params.set('base-url', api!.url);
      return [
        ...(onCdn ? [`<!-- ${say.ownCopy} -->`] : []),
        `<!-- ${frame ? say.measured(frame.width) : say.guessed} -->`,
        `<iframe src="${escapeAttribute(`${base}embed.html?${params}`)}"`,
        // A framed page may open the share sheet or write the clipboard only where its frame allows it.
        `  title="${escapeAttribute(frameTitle(tag, attributes))}" width="100%" height="${frame?.height ?? GUESSED_HEIGHT}" frameborder="0" loading="lazy"${params.has('share') ? ' allow="web-share; clipboard-write"' : ''}></iframe>`,
        `<!-- ${say.resize} -->`,
        `<script src="${escapeAttribute(base)}embed-resize.js"${subresource('embed-resize.js', integrity)} async></script>`,
      ].join('\n');
    }
    case 'wordpress':
      // As pasted into a post: the shortcode alone. The plugin's API is a setting of the site's
      // (Settings > Khountous widgets), not an attribute of each widget.
      return `[${tag}${attributeList(attributes)}]`;
    case 'ssr': {
      return [
        `// ${say.server}`,
        `// npm install khountous-widgets @lit-labs/ssr`,
        `import { renderWidget } from 'khountous-widgets/ssr';`,
        ``,
        `// ${say.html}`,
        `const html = await renderWidget('${tag}', ${attributeObject(attributes)}, {`,
        `  baseUrl: ${quoted(api?.url ?? DEFAULT_API)},`,
        `  // ${say.fallback}`,
        `  fallback: (error) => console.warn(error.message),`,
        `});`,
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
