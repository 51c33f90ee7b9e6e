/**
 * The embed builder's help texts in French and English: each widget's words
 * (src/components/<name>/about.ts, the shared inputs' in src/widget/about.ts),
 * the English of which custom-elements.json carries too.
 * test/demo/builder-help.test.ts checks that every attribute of every element
 * has both, and that both name the same `code` values.
 *
 * Texts use Markdown's `code` spans only; `inlineNodes` turns them into
 * <code> elements built as DOM text, never parsed as markup.
 */

import { catalog } from '../src/registry.js';
import { ABOUT_INPUTS, type About, type Words } from '../src/widget/about.js';

export type HelpLang = 'fr' | 'en';

export interface ManifestAttribute {
  name: string;
  type?: { text: string };
  default?: string;
  description?: string;
  inheritedFrom?: { name: string };
}
export interface ManifestElement {
  name?: string;
  tagName?: string;
  summary?: string;
  attributes?: ManifestAttribute[];
}

/** Each widget's words (src/components/<name>/about.ts), by tag. */
const ABOUT: ReadonlyMap<string, About> = new Map(catalog.map((entry) => [entry.widget.tag, entry.about]));

/** The words of an attribute of `element`: its own (about.ts), else those every widget shares (widget/about.ts). */
function wordsOf(element: ManifestElement, attribute: ManifestAttribute): Words | undefined {
  return ABOUT.get(element.tagName ?? '')?.inputs[attribute.name] ?? ABOUT_INPUTS[attribute.name];
}

/** The French description of an attribute of `element`, or undefined when none is written. */
export function frenchAttribute(element: ManifestElement, attribute: ManifestAttribute): string | undefined {
  return wordsOf(element, attribute)?.fr;
}

/** An attribute's help in `lang` (French falls back to English rather than to nothing). */
export function attributeHelp(
  lang: HelpLang,
  element: ManifestElement,
  attribute: ManifestAttribute,
): string {
  const english = attribute.description ?? '';
  return lang === 'fr' ? (frenchAttribute(element, attribute) ?? english) : english;
}

/** An element's summary in `lang`. */
export function summaryHelp(lang: HelpLang, element: ManifestElement): string {
  const english = element.summary ?? '';
  return lang === 'fr' ? (ABOUT.get(element.tagName ?? '')?.summary.fr ?? english) : english;
}

/** The attributes that make `tag` show real data on the reference API (its about.ts `sample`). */
export const sampleOf = (tag: string): Readonly<Record<string, string>> => ABOUT.get(tag)?.sample ?? {};

/** A text cut at its `code` spans: plain strings and `{ code }` pieces, in order. */
export type InlinePiece = string | { code: string };

export function inlinePieces(text: string): InlinePiece[] {
  const pieces: InlinePiece[] = [];
  const span = /`([^`]+)`/g;
  let last = 0;
  for (let match = span.exec(text); match; match = span.exec(text)) {
    if (match.index > last) pieces.push(text.slice(last, match.index));
    pieces.push({ code: match[1]! });
    last = match.index + match[0].length;
  }
  if (last < text.length) pieces.push(text.slice(last));
  return pieces;
}

/** The values a text writes as `code`, in order. */
export function codeValues(text: string): string[] {
  return inlinePieces(text).flatMap((piece) => (typeof piece === 'string' ? [] : [piece.code]));
}

/** The text as DOM nodes: text nodes, and <code> elements whose content is set as text. */
export function inlineNodes(text: string, doc: Document = document): Node[] {
  return inlinePieces(text).map((piece) => {
    if (typeof piece === 'string') return doc.createTextNode(piece);
    const code = doc.createElement('code');
    code.textContent = piece.code;
    return code;
  });
}

/**
 * The builder page's own texts, by the key its HTML names them with
 * (`data-i18n="key"`, or `data-i18n-aria-label="key"` for an aria-label);
 * builder.html holds the French ones as served, so that the page reads right
 * before its script runs.
 */
/** U+202F, the narrow no-break space French puts before : ; ? ! */
const NNBSP = '\u202f';

export const PAGE_TEXT: Record<string, Record<HelpLang, string>> = {
  title: {
    fr: 'Générateur de code d’intégration — Khountous widgets',
    en: 'Embed code builder — Khountous widgets',
  },
  heading: { fr: 'Générateur de code d’intégration', en: 'Embed code builder' },
  lead: {
    fr: 'Choisissez un widget et ses réglages, regardez le résultat, puis copiez le code à coller dans votre page.',
    en: 'Pick a widget and its settings, look at the result, then copy the code to paste into your page.',
  },
  langSwitch: { fr: 'Langue de la page', en: 'Page language' },
  form: { fr: 'Réglages du widget', en: 'Widget settings' },
  widget: { fr: 'Widget', en: 'Widget' },
  attributes: { fr: 'Attributs', en: 'Attributes' },
  host: { fr: 'Adresse où le kit est publié', en: 'Address where the kit is published' },
  hostHint: {
    fr: `Laissez vide pour un CDN npm (jsDelivr), à la version du kit${NNBSP}; sinon le dossier où vous avez copié le contenu de \`dist/\`. Une iframe vient toujours de votre copie.`,
    en: 'Leave empty for an npm CDN (jsDelivr), at the kit’s version; otherwise the folder where you copied the contents of `dist/`. An iframe always comes from your copy.',
  },
  baseUrl: { fr: 'API (base-url)', en: 'API (base-url)' },
  baseUrlHint: {
    fr: `Laissez vide pour l’API Khountous${NNBSP}; sinon l’adresse de votre API ou de votre cache partagé, finissant par \`/v1\`. Une iframe ne l’accepte que si \`embed.html\` l’autorise (\`KHOUNTOUS_EMBED_API_ORIGINS\`).`,
    en: 'Leave empty for the Khountous API; otherwise the address of your API or of your shared cache, ending with `/v1`. An iframe accepts it only if `embed.html` allows it (`KHOUNTOUS_EMBED_API_ORIGINS`).',
  },
  preview: { fr: 'Aperçu', en: 'Preview' },
  code: { fr: 'Code', en: 'Code' },
  format: { fr: 'Format', en: 'Format' },
  formatScript: { fr: 'Balise de script', en: 'Script tag' },
  formatIframe: { fr: 'Iframe', en: 'Iframe' },
  formatWordpress: { fr: 'WordPress', en: 'WordPress' },
  formatReact: { fr: 'npm / React', en: 'npm / React' },
  formatSsr: { fr: 'Rendu serveur', en: 'Server rendering' },
  copy: { fr: 'Copier', en: 'Copy' },
  copied: { fr: 'Copié\u202f!', en: 'Copied!' },
  selectToCopy: {
    fr: `Sélectionné${NNBSP}: appuyez sur Ctrl+C (⌘C) pour copier.`,
    en: 'Selected: press Ctrl+C (⌘C) to copy.',
  },
};
