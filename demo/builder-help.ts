/**
 * The embed builder's help texts in French and English. The English ones are
 * the descriptions of custom-elements.json (the JSDoc of src/); the French ones
 * are written here, keyed as the manifest keys them: an element's own
 * attributes under its tag name, inherited ones under the class that declares
 * them. test/demo/builder-help.test.ts checks that every attribute of every
 * element has both, and that both name the same `code` values.
 *
 * Texts use Markdown's `code` spans only; `inlineNodes` turns them into
 * <code> elements built as DOM text, never parsed as markup.
 */

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

/** U+202F, the narrow no-break space French puts before : ; ? ! */
const NNBSP = '\u202f';

interface FrenchElement {
  summary: string;
  attributes: Record<string, string>;
}

/** French summaries and attribute descriptions, by tag name. */
export const FRENCH_ELEMENTS: Record<string, FrenchElement> = {
  'khountous-admin-card': {
    summary: 'Les scores d’une administration publique, en fiche ou sur une seule ligne.',
    attributes: {
      slug: 'Le slug de l’administration (obligatoire).',
      variant: `\`compact\` affiche une seule ligne${NNBSP}: nom, score, taux de réponse, délai.`,
    },
  },
  'khountous-dataset': {
    summary: 'Un jeu de données ouvert, ses liens de téléchargement et, au choix, un aperçu en tableau.',
    attributes: {
      'dataset-id': 'L’identifiant du jeu de données (obligatoire), par exemple `administration-scores`.',
      preview: `Affiche les premières lignes en tableau${NNBSP}: un nombre de 1 à 50 (ramené dans ces bornes)${NNBSP}; \`preview\` seul en affiche 5${NNBSP}; absent, pas de tableau.`,
    },
  },
  'khountous-fact-checks': {
    summary:
      'Des vérifications de faits, avec leur verdict, leur niveau de preuve et leurs sources, par pages.',
    attributes: {},
  },
  'khountous-ranking': {
    summary: 'Le classement des administrations par score, avec filtres et pagination.',
    attributes: {
      region: 'Seulement les administrations de cette région (un code de région comme `kolda`).',
      sector: 'Seulement les administrations de ce secteur (par exemple `health`, `education`).',
      level: `Seulement les administrations de ce niveau${NNBSP}: \`national\`, \`regional\` ou \`communal\`.`,
      'href-template': `Fait des noms des liens${NNBSP}: \`{slug}\` est remplacé par le slug de l’administration, par exemple \`/administrations/{slug}\`.`,
    },
  },
  'khountous-region-stats': {
    summary: `Les indicateurs régionaux${NNBSP}: un graphique des 14 régions, ou les chiffres d’une région.`,
    attributes: {
      region: `Les indicateurs d’une région (un code de région comme \`kolda\`)${NNBSP}; les 14 régions en son absence.`,
      indicator: `L’indicateur du graphique${NNBSP}: averageScore, responseRate, avgDelayDays, resolutionRate ou reportsPer100k.`,
      variant: `Avec \`region\`${NNBSP}: \`full\` affiche tous ses indicateurs, \`single\` seulement \`indicator\`, en un seul chiffre.`,
    },
  },
  'khountous-report': {
    summary: 'Un signalement citoyen, sa chronologie et la réponse officielle.',
    attributes: {
      slug: 'Le slug du signalement (obligatoire).',
    },
  },
  'khountous-reports': {
    summary: 'Les signalements citoyens publiés, avec filtres et pagination.',
    attributes: {
      region: 'Seulement les signalements situés dans cette région (un code de région comme `kolda`).',
      category: 'Seulement les signalements de cette catégorie (par exemple `delay`, `corruption`).',
      status:
        'Seulement les signalements dont le statut actuel est celui-ci (par exemple `answered`, `resolved`).',
      period: 'Seulement les signalements déposés cette année-là (`2026`) ou ce mois-là (`2026-03`), en UTC.',
      'href-template': `Fait des titres des liens${NNBSP}: \`{slug}\` est remplacé par le slug du signalement, par exemple \`/reports/{slug}\`.`,
    },
  },
};

/** French descriptions of inherited attributes, by the class that declares them. */
export const FRENCH_INHERITED: Record<string, Record<string, string>> = {
  KhountousElement: {
    lang: `Langue de l’interface et des textes éditoriaux${NNBSP}: \`fr\` ou \`en\`. Par défaut, le \`lang\` de l’ancêtre le plus proche, puis celui du document, puis \`fr\`.`,
    'base-url': `Adresse de base de l’API, finissant par /v1. Par défaut, \`<meta name="khountous:base-url">\`, puis https://api.khountous.sn/v1.`,
    theme: `Thème de couleurs${NNBSP}: \`light\`, \`dark\` ou \`auto\` (le \`color-scheme\` que la page donne à l’élément${NNBSP}; sans lui, clair).`,
    lazy: 'Mettre à false pour charger les données même loin de l’écran.',
    'heading-level': `Niveau du titre du widget, de 2 à 6, pour suivre le plan de la page hôte${NNBSP}; ses sous-parties prennent le niveau suivant. Les widgets sans titre l’ignorent.`,
  },
  KhountousListElement: {
    limit:
      'Éléments par page, de 1 à 100 (ramené dans ces bornes). Un changement garde le lecteur sur la page qui contient le premier élément qu’il voyait.',
    page: `La page affichée d’abord, à partir de 1${NNBSP}; avec \`paginate\`, une page au-delà de la fin affiche la dernière.`,
    paginate: 'Affiche des boutons précédent et suivant, qui restent dans le budget de requêtes.',
  },
};

/**
 * The English each French text was written from, as the first 8 hex digits of
 * its SHA-256, keyed `<tag>` (summary) or `<tag or class> <attribute>`: when
 * a description of src/ changes, test/demo/builder-help.test.ts names the
 * French text to read again (then its new fingerprint goes here).
 */
export const TRANSLATED_FROM: Record<string, string> = {
  'KhountousElement base-url': '081a7e23',
  'KhountousElement heading-level': 'eac55369',
  'KhountousElement lang': '0a84ff4e',
  'KhountousElement lazy': '241154f7',
  'KhountousElement theme': 'ea9e6f27',
  'KhountousListElement limit': '4654ff1e',
  'KhountousListElement page': 'e03cd8a2',
  'KhountousListElement paginate': 'de0f9d7c',
  'khountous-admin-card': '77a1e016',
  'khountous-admin-card slug': '6fada4f6',
  'khountous-admin-card variant': '569c3339',
  'khountous-dataset': '69210dd9',
  'khountous-dataset dataset-id': 'e7460dba',
  'khountous-dataset preview': 'c3aee704',
  'khountous-fact-checks': 'a4133395',
  'khountous-ranking': '6f5babbd',
  'khountous-ranking href-template': '2136a82a',
  'khountous-ranking level': '57516e77',
  'khountous-ranking region': '773e6807',
  'khountous-ranking sector': 'b487227c',
  'khountous-region-stats': 'eae6144f',
  'khountous-region-stats indicator': 'd46350a3',
  'khountous-region-stats region': '554acb8b',
  'khountous-region-stats variant': '13d0c53e',
  'khountous-report': 'c9924047',
  'khountous-report slug': 'dd0a32c5',
  'khountous-reports': '5b98501c',
  'khountous-reports category': 'd13c78c9',
  'khountous-reports href-template': '92255fbf',
  'khountous-reports period': '131f48ef',
  'khountous-reports region': '2b08e0ca',
  'khountous-reports status': '1ca7181a',
};

/** The French description of an attribute of `element`, or undefined when none is written. */
export function frenchAttribute(element: ManifestElement, attribute: ManifestAttribute): string | undefined {
  return attribute.inheritedFrom
    ? FRENCH_INHERITED[attribute.inheritedFrom.name]?.[attribute.name]
    : FRENCH_ELEMENTS[element.tagName ?? '']?.attributes[attribute.name];
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
  return lang === 'fr' ? (FRENCH_ELEMENTS[element.tagName ?? '']?.summary ?? english) : english;
}

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
    fr: 'Le dossier où vous avez copié le contenu de `dist/`.',
    en: 'The folder where you copied the contents of `dist/`.',
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
  formatReact: { fr: 'npm / React', en: 'npm / React' },
  copy: { fr: 'Copier', en: 'Copy' },
  copied: { fr: 'Copié\u202f!', en: 'Copied!' },
  selectToCopy: {
    fr: `Sélectionné${NNBSP}: appuyez sur Ctrl+C (⌘C) pour copier.`,
    en: 'Selected: press Ctrl+C (⌘C) to copy.',
  },
};
