import { isServer, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { Lang } from '../core/types.js';
import { DEFAULT_LANG, languageOf, resolveLang } from '../widget/lang.js';
import { documentWatch } from './document-watch.js';

/**
 * Calls a listener when the document's `lang` changes (a page that switches
 * language in place). Returns the unsubscribe function. One observer serves
 * every element.
 */
const onDocumentLangChange = documentWatch(() => [document.documentElement], ['lang']);

/**
 * The language an element speaks: its `lang` (supported or French), else the
 * closest ancestor's, else the document's, else French; in a server's markup,
 * which has no page to read, its `lang` or French. Renders the element again
 * when the page's language changes in place.
 */
export class LanguageController implements ReactiveController {
  private inherited: Lang = 'fr';
  private unsubscribe?: () => void;

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {
    host.addController(this);
  }

  /** The language in use, for the element's `lang` property `own`; `server`: for a server's markup. */
  of(own: string, server: boolean): Lang {
    return languageOf(own, () => (server ? DEFAULT_LANG : this.inherited));
  }

  /** Reads the page's language again (the element's `lang` changed); a server render has no page to read. */
  refresh(): void {
    if (isServer) return;
    const lang = resolveLang(this.host);
    if (lang === this.inherited) return;
    this.inherited = lang;
    this.host.requestUpdate();
  }

  hostConnected(): void {
    if (isServer) return;
    this.inherited = resolveLang(this.host);
    this.unsubscribe = onDocumentLangChange(() => this.refresh());
  }

  hostDisconnected(): void {
    this.unsubscribe?.();
  }
}
