/**
 * A widget in words, French and English (src/components/<name>/about.ts),
 * beside its descriptor (widget.ts): what the manifest, the builder, the
 * WordPress plugin and the demo say of it. Never imported by the kit's
 * runtime, so no reader downloads it.
 */
import type { Lang } from '../core/types.js';
import type { WidgetName } from '../i18n/common.js';

/** A text in both languages. Code is written as Markdown `code` spans. */
export type Words = Readonly<Record<Lang, string>>;

/** An input in words: what it does (`en`, `fr`), and its short name, as a form's field is labelled. */
export type InputWords = Words & { readonly label: Words };

export interface About {
  /** The widget's name, as a block or a menu names it. */
  title: Words;
  /**
   * How a sentence names it, with its article ("le classement des administrations"): its
   * states' sentences, in the element and in the WordPress fallback. Both come from the
   * folder's name.ts, which the element imports too; without one, "ce graphique".
   */
  name?: WidgetName;
  /** One sentence. */
  summary: Words;
  /** Its own inputs (ABOUT_INPUTS has those of every widget, of lists and of titles). */
  inputs: Readonly<Record<string, InputWords>>;
  /** Attributes that make it show real data on the reference API (the demo, the builder, the tests). */
  sample: Readonly<Record<string, string>>;
  /** Other forms worth a look, by name (the screenshots): their attributes on the reference API. */
  views?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /**
   * One of the platform's four publications (the API document, section 1: the
   * administrations' scores, citizen reports, fact-checks, regional indicators), one
   * widget each: together, the page of the mission widgets whose bytes the build checks.
   */
  publication?: true;
  /** The widget of the README's first snippet and of the build's page of one widget (one widget says so). */
  front?: true;
  /** Shown in the README's picture of a few widgets side by side (`npm run pictures`), in this theme. */
  hero?: 'light' | 'dark';
  /** Its own size checks, for a widget that carries more than the others (the map its shapes). */
  sizes?: Sizes;
}

/** A widget's own size checks, gzip bytes (scripts/build/size-entries.mjs, page-sizes.mjs). */
interface Sizes {
  /** Its element with every chunk it imports (the others share BUDGETS.element). */
  element: number;
  /** What a page holding it alone downloads (page-sizes.mjs): the budget, and the aim. */
  page: { budget: number; target: number };
  /** What its files add to a page that already holds the widget `beside` (a tag): the budget, and the aim. */
  added?: { beside: string; budget: number; target: number };
}

/**
 * The widget whose about.ts says `front`, else the first: the README's first snippet, the build's page of one widget.
 *
 * @internal read by the build scripts through tsx, which knip does not follow
 */
export const frontOf = <E extends { about: About }>(catalog: readonly E[]): E =>
  catalog.find((entry) => entry.about.front) ?? catalog[0]!;

/** The inputs every widget, every list and every titled widget shares (descriptor.ts). */
export const ABOUT_INPUTS: Readonly<Record<string, InputWords>> = {
  lang: {
    label: { en: 'Language', fr: 'Langue' },
    en: "Language of the interface and of editorial texts: `fr` or `en`. Defaults to the closest ancestor's `lang`, then the document's, then `fr`.",
    fr: 'Langue de l’interface et des textes éditoriaux\u202f: `fr` ou `en`. Par défaut, le `lang` de l’ancêtre le plus proche, puis celui du document, puis `fr`.',
  },
  'base-url': {
    label: { en: 'API base URL', fr: 'URL de base de l’API' },
    en: 'Base URL of the API, ending with /v1. Defaults to `<meta name="khountous:base-url">`, then https://api.khountous.sn/v1.',
    fr: 'Adresse de base de l’API, finissant par /v1. Par défaut, `<meta name="khountous:base-url">`, puis https://api.khountous.sn/v1.',
  },
  theme: {
    label: { en: 'Theme', fr: 'Thème' },
    en: 'Colour theme: `light`, `dark`, or `auto` (the `color-scheme` the page gives the element; none: light).',
    fr: 'Thème de couleurs\u202f: `light`, `dark` ou `auto` (le `color-scheme` que la page donne à l’élément\u202f; sans lui, clair).',
  },
  credit: {
    label: { en: 'Source line', fr: 'Ligne de source' },
    en: 'The line under the data that names its source and its date (`source`); `none` for a page that credits the data elsewhere.',
    fr: 'La ligne sous les données qui nomme leur source et leur date (`source`) ; `none` pour une page qui cite les données ailleurs.',
  },
  headline: {
    label: { en: 'Headline', fr: 'Titre' },
    en: 'The editor\'s title, in place of the widget\'s own (at `heading-level` where it has one), up to 120 characters of plain text: longer, it is shown cut with "…" and a warning. Not shown by the inline figure (`variant="inline"`), which the article\'s sentence introduces; the compact card shows it in place of the name.',
    fr: 'Le titre de l’éditeur, à la place de celui du widget (au niveau `heading-level` quand il en a un), jusqu’à 120\u00a0caractères de texte brut\u202f: plus long, il est affiché coupé par «\u202f…\u202f», avec un avertissement. Non affiché par la figure dans le texte (`variant="inline"`), que la phrase de l’article introduit\u202f; la carte compacte l’affiche à la place du nom.',
  },
  subtitle: {
    label: { en: 'Subtitle', fr: 'Sous-titre' },
    en: 'A line under the title, up to 200 characters of plain text (longer: cut, with a warning). Not shown by the inline figure or the compact card, which have no title.',
    fr: 'Une ligne sous le titre, jusqu’à 200\u00a0caractères de texte brut (plus long\u202f: coupé, avec un avertissement). Non affichée par la figure dans le texte ni par la carte compacte, qui n’ont pas de titre.',
  },
  note: {
    label: { en: 'Note', fr: 'Note' },
    en: 'A note under the graphic, before the source line: what the measure is, over which period. Up to 400 characters of plain text (longer: cut, with a warning); printed with the graphic. Not shown by the inline figure.',
    fr: 'Une note sous le graphique, avant la ligne de source\u202f: ce que mesure le chiffre, sur quelle période. Jusqu’à 400\u00a0caractères de texte brut (plus long\u202f: coupé, avec un avertissement)\u202f; imprimée avec le graphique. Non affichée par la figure dans le texte.',
  },
  'source-href': {
    label: { en: 'Source link', fr: 'Lien de la source' },
    en: "Where the source line links: an http(s) address or a path from the site's root (a methodology page). Defaults to the platform's public site, https://khountous.sn; any other value (`javascript:`, `data:`) is set aside, with a warning, for that default.",
    fr: 'L’adresse vers laquelle renvoie la ligne de source\u202f: une adresse http(s) ou un chemin depuis la racine du site (une page de méthode). Par défaut, le site public de la plateforme, https://khountous.sn\u202f; toute autre valeur (`javascript:`, `data:`) est écartée, avec un avertissement, pour ce lien par défaut.',
  },
  download: {
    label: { en: 'Get the data', fr: 'Obtenir les données' },
    en: 'On the source line’s row, “Get the data”: a button that saves what the widget shows as a CSV file, and a citation to copy (`csv`); `none` hides both.',
    fr: 'Sur la ligne de source, «\u202fObtenir les données\u202f»\u202f: un bouton qui enregistre ce que montre le widget en fichier CSV, et une citation à copier (`csv`)\u202f; `none` masque les deux.',
  },
  share: {
    label: { en: 'Share button', fr: 'Bouton de partage' },
    en: 'On the source line’s row, a “Share” button: the browser’s share sheet where it has one (with the page’s `og:image` picture where the sheet takes files), else the page’s address copied. It shares the page’s canonical address, else its own. Fires `khountous-share`, which a page cancels to share its own way.',
    fr: 'Sur la ligne de source, un bouton «\u202fPartager\u202f»\u202f: la feuille de partage du navigateur s’il en a une (avec l’image `og:image` de la page si elle prend des fichiers), sinon l’adresse de la page copiée. Il partage l’adresse canonique de la page, sinon la sienne. Déclenche `khountous-share`, qu’une page annule pour partager à sa façon.',
  },
  lazy: {
    label: { en: 'Load when near the screen', fr: 'Charger à l’approche de l’écran' },
    en: 'Set to false to fetch even while far off-screen.',
    fr: 'Mettre à false pour charger les données même loin de l’écran.',
  },
  'heading-level': {
    label: { en: 'Heading level', fr: 'Niveau de titre' },
    en: "Heading level of the widget's title, 2 to 6, to fit the host page's outline; its sub-sections take the next level.",
    fr: 'Niveau du titre du widget, de 2 à 6, pour suivre le plan de la page hôte\u202f; ses sous-parties prennent le niveau suivant.',
  },
  limit: {
    label: { en: 'Items per page', fr: 'Éléments par page' },
    en: 'Items per page, 1 to 100 (clamped). A change keeps the reader on the page that holds the first item they saw.',
    fr: 'Éléments par page, de 1 à 100 (ramené dans ces bornes). Un changement garde le lecteur sur la page qui contient le premier élément qu’il voyait.',
  },
  page: {
    label: { en: 'First page', fr: 'Première page affichée' },
    en: 'The page shown first, from 1; with `paginate`, a page past the end shows the last page.',
    fr: 'La page affichée d’abord, à partir de 1\u202f; avec `paginate`, une page au-delà de la fin affiche la dernière.',
  },
  paginate: {
    label: { en: 'Previous/next controls', fr: 'Navigation précédent/suivant' },
    en: 'Shows previous/next controls, which stay within the request budget.',
    fr: 'Affiche des boutons précédent et suivant, qui restent dans le budget de requêtes.',
  },
};
