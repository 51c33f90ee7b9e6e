import type { KhountousError } from '../core/errors.js';

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

declare global {
  interface GlobalEventHandlersEventMap {
    'khountous-load': KhountousLoadEvent;
    'khountous-error': KhountousErrorEvent;
  }
}
