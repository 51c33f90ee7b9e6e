import type { Local } from './strings.js';
import type { KhountousErrorKind } from '../core/errors.js';
import { sourceLine } from './source-line.js';

/**
 * How a sentence names a widget, with its article, lower-case: "le classement des
 * administrations", "the administrations ranking"; `plural` when it is plural in both
 * languages ("les indicateurs régionaux", "the regional indicators"). A widget's own
 * name is in its folder's name.ts, beside its title.
 */
export interface WidgetName {
  readonly fr: string;
  readonly en: string;
  readonly plural?: true;
}

/** The name of a widget without a name.ts. */
export const SOME_WIDGET: WidgetName = { fr: 'ce graphique', en: 'this graphic' };

/**
 * What every widget says (in French and English below); a widget's own strings are in its
 * folder. The states' sentences name the widget (`name`), as a newsroom would say what is
 * missing from its page.
 */
export interface CommonStrings {
  /** What screen readers hear while the widget loads: "Chargement du classement des administrations…". */
  loading: (name: WidgetName) => string;
  /** The widget has nothing to show. */
  empty: (name: WidgetName) => string;
  retry: string;
  /** "data as of 14:05" */
  staleAsOf: (time: string) => string;
  /** The source line: the platform, and the date of the data shown. */
  source: (date: string) => string;
  /**
   * The sentence of an error: the widget is not available for now (the cause is the
   * developer's: the `khountous-error` event and the console); `when` is the time the data
   * comes back, for quota errors, said once. `shared`: a shared cache tier in front of the
   * API refused (its refusal says the service is busy: the reader spent nothing). An
   * editor's mistake (`invalid-parameter`, `bad-request`) says the widget is misconfigured.
   */
  error: (kind: KhountousErrorKind, name: WidgetName, when?: string, shared?: boolean) => string;
  previous: string;
  next: string;
  /** "Page 2 of 13" */
  pageOf: (page: number, pages: number) => string;
  /** The button back to the first page of a list, shown on a page past its end. */
  firstPage: string;
  /** "Next page available at 15:00" (the quota is spent). */
  pagingPaused: (time: string) => string;
}

/** The name at the start of a sentence. */
const capital = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);

/** "de" before a French name, contracted: du classement, des indicateurs, de la carte, de l’administration. */
const deFr = (name: string): string =>
  name.startsWith('le ')
    ? `du ${name.slice(3)}`
    : name.startsWith('les ')
      ? `des ${name.slice(4)}`
      : `de ${name}`;

/** What every widget says: loading, empty, errors, the stale mark and the pager. */
export const commonStrings: Local<CommonStrings> = {
  fr: {
    loading: (name) => `Chargement ${deFr(name.fr)}…`,
    empty: (name) => `${capital(name.fr)} ${name.plural ? 'n’ont' : 'n’a'} aucune donnée à afficher.`,
    retry: 'Réessayer',
    staleAsOf: (time) => `données de ${time}`,
    source: sourceLine.fr,
    error: (kind, name, when, shared) => {
      if (kind === 'invalid-parameter' || kind === 'bad-request') return 'Le widget est mal configuré.';
      if (kind === 'not-found') return `Les données ${deFr(name.fr)} sont introuvables.`;
      const back =
        kind === 'quota' && when
          ? `${name.fr} ${name.plural ? 'seront de nouveau disponibles' : 'sera de nouveau disponible'} à ${when}.`
          : `${name.fr} ${name.plural ? 'ne sont pas disponibles' : 'n’est pas disponible'} pour le moment.`;
      return kind === 'quota' && shared ? `Service très sollicité\u202f: ${back}` : capital(back);
    },
    previous: 'Précédent',
    next: 'Suivant',
    pageOf: (page, pages) => `Page ${page} sur ${pages}`,
    firstPage: 'Revenir à la page 1',
    pagingPaused: (time) => `Page suivante disponible à ${time}`,
  },
  en: {
    loading: (name) => `Loading ${name.en}…`,
    empty: (name) => `${capital(name.en)} ${name.plural ? 'have' : 'has'} no data to show.`,
    retry: 'Try again',
    staleAsOf: (time) => `data as of ${time}`,
    source: sourceLine.en,
    error: (kind, name, when, shared) => {
      if (kind === 'invalid-parameter' || kind === 'bad-request') return 'The widget is misconfigured.';
      if (kind === 'not-found') return `The data of ${name.en} could not be found.`;
      const back =
        kind === 'quota' && when
          ? `${name.en} will be available again at ${when}.`
          : `${name.en} ${name.plural ? 'are' : 'is'} not available at the moment.`;
      return kind === 'quota' && shared ? `The service is busy: ${back}` : capital(back);
    },
    previous: 'Previous',
    next: 'Next',
    pageOf: (page, pages) => `Page ${page} of ${pages}`,
    firstPage: 'Back to page 1',
    pagingPaused: (time) => `Next page available at ${time}`,
  },
};
