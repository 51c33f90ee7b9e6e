import { asKhountousError, type KhountousError } from '../core/errors.js';
import type { KhountousShareEvent } from './sharing.js';

const init = { bubbles: true, composed: true } as const;

/** Fired when an element shows data: `detail` is the data shown. */
export class KhountousLoadEvent<T = unknown> extends CustomEvent<T> {
  constructor(detail: T) {
    super('khountous-load', { ...init, detail });
  }
}

/** Fired when an element shows an error: `detail` is the typed error. */
export class KhountousErrorEvent extends CustomEvent<KhountousError> {
  constructor(detail: KhountousError) {
    super('khountous-error', { ...init, detail });
  }
}

/**
 * Fired when a reader asks for the data's CSV file ("Get the data"): `detail` is the file and
 * its name. Cancelable: a page that cancels it saves or sends the file its own way.
 */
export class KhountousDownloadEvent extends CustomEvent<{ readonly file: Blob; readonly name: string }> {
  constructor(detail: { readonly file: Blob; readonly name: string }) {
    super('khountous-download', { ...init, cancelable: true, detail });
  }
}

/** What an element shows, as its `state` attribute says. */
export type ViewState = 'loading' | 'ready' | 'empty' | 'error';

/**
 * What an element announces of what it shows, after each update: its `state`
 * and `stale` attributes (the script tag's text paint, shown in place of the
 * skeleton, goes with the first other state), and `khountous-load` for new
 * data or `khountous-error` for a new error. A revalidation that brought the
 * same data (a 304) is not a new load.
 */
export class Announcer {
  private last?: unknown;

  constructor(private readonly host: HTMLElement) {}

  announce(
    view: ViewState,
    shown: { data: unknown; stale?: boolean | undefined } | undefined,
    error: unknown,
    painted: Element | null,
  ): void {
    const host = this.host;
    if (painted && view !== 'loading') painted.remove();
    if (!painted || view !== 'loading') host.setAttribute('state', view);
    host.toggleAttribute('stale', view === 'ready' && Boolean(shown?.stale));
    if (shown) {
      if (shown.data === this.last) return;
      this.last = shown.data;
      host.dispatchEvent(new KhountousLoadEvent(shown.data));
    } else if (view === 'error' && error !== undefined && error !== this.last) {
      this.last = error;
      host.dispatchEvent(new KhountousErrorEvent(asKhountousError(error)));
    }
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'khountous-load': KhountousLoadEvent;
    'khountous-error': KhountousErrorEvent;
    'khountous-download': KhountousDownloadEvent;
    'khountous-share': KhountousShareEvent;
  }
}
