import type { Local } from './strings.js';
import type { KhountousErrorKind } from '../core/errors.js';

/** What every widget says (in French and English below); a widget's own strings are in its folder. */
export interface CommonStrings {
  loading: string;
  empty: string;
  retry: string;
  /** The retry button while a spent quota refuses any request: it can be pressed at `time`. */
  retryAt: (time: string) => string;
  /** "data as of 14:05" */
  staleAsOf: (time: string) => string;
  /** The source line: the platform, and the date of the data shown. */
  source: (date: string) => string;
  /**
   * A sentence naming the cause of an error; `when` is the time data comes back, for quota
   * errors. `shared`: a shared cache tier in front of the API answered (its refusal says the
   * service is busy: the reader spent nothing).
   */
  error: (kind: KhountousErrorKind, when?: string, shared?: boolean) => string;
  errorTitle: string;
  previous: string;
  next: string;
  /** "Page 2 of 13" */
  pageOf: (page: number, pages: number) => string;
  /** The button back to the first page of a list, shown on a page past its end. */
  firstPage: string;
  /** "Next page available at 15:00" (the quota is spent). */
  pagingPaused: (time: string) => string;
}

/** What every widget says: loading, empty, errors, the stale mark and the pager. */
export const commonStrings: Local<CommonStrings> = {
  fr: {
    loading: 'Chargement…',
    empty: 'Aucune donnée à afficher.',
    retry: 'Réessayer',
    retryAt: (time) => `Réessayer à ${time}`,
    staleAsOf: (time) => `données de ${time}`,
    source: (date) => `Source\u202f: Khountous · données au ${date}`,
    errorTitle: 'Données indisponibles',
    error: (kind, when, shared) => {
      switch (kind) {
        case 'not-found':
          return 'Cette ressource est introuvable.';
        case 'quota':
          if (shared)
            return when
              ? `Service très sollicité\u202f: les données reviennent à ${when}.`
              : 'Service très sollicité\u202f: réessayez plus tard.';
          return when
            ? `Limite de requêtes atteinte\u202f: les données reviennent à ${when}.`
            : 'Limite de requêtes atteinte\u202f: réessayez plus tard.';
        case 'network':
          return 'Pas de connexion au service Khountous.';
        case 'server':
          return 'Le service Khountous rencontre un problème.';
        case 'invalid-response':
          return 'Le service a renvoyé des données illisibles.';
        case 'invalid-parameter':
        case 'bad-request':
          return 'Le widget est mal configuré.';
        case 'unauthorized':
        case 'forbidden':
          return 'Accès refusé par le service Khountous.';
        case 'aborted':
          return 'Chargement interrompu.';
      }
    },
    previous: 'Précédent',
    next: 'Suivant',
    pageOf: (page, pages) => `Page ${page} sur ${pages}`,
    firstPage: 'Revenir à la page 1',
    pagingPaused: (time) => `Page suivante disponible à ${time}`,
  },
  en: {
    loading: 'Loading…',
    empty: 'No data to show.',
    retry: 'Try again',
    retryAt: (time) => `Try again at ${time}`,
    staleAsOf: (time) => `data as of ${time}`,
    source: (date) => `Source: Khountous · data as of ${date}`,
    errorTitle: 'Data unavailable',
    error: (kind, when, shared) => {
      switch (kind) {
        case 'not-found':
          return 'This resource was not found.';
        case 'quota':
          if (shared)
            return when
              ? `The service is busy: data will be back at ${when}.`
              : 'The service is busy: please try again later.';
          return when
            ? `Request limit reached: data will be back at ${when}.`
            : 'Request limit reached: please try again later.';
        case 'network':
          return 'No connection to the Khountous service.';
        case 'server':
          return 'The Khountous service is having trouble.';
        case 'invalid-response':
          return 'The service sent data that could not be read.';
        case 'invalid-parameter':
        case 'bad-request':
          return 'The widget is misconfigured.';
        case 'unauthorized':
        case 'forbidden':
          return 'Access refused by the Khountous service.';
        case 'aborted':
          return 'Loading was interrupted.';
      }
    },
    previous: 'Previous',
    next: 'Next',
    pageOf: (page, pages) => `Page ${page} of ${pages}`,
    firstPage: 'Back to page 1',
    pagingPaused: (time) => `Next page available at ${time}`,
  },
};
