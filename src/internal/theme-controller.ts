import type { ReactiveController, ReactiveElement } from 'lit';
import { documentWatch } from './document-watch.js';

export type Theme = 'light' | 'dark' | 'auto';

/**
 * Attribute changes of <html> and <body>: where a host page's dark-mode switch
 * usually acts (a class, a data-theme, an inline color-scheme), so that
 * theme="auto" follows it.
 */
const onPageSchemeChange = documentWatch(() => [document.documentElement, document.body]);

const darkQuery = (): MediaQueryList | undefined =>
  typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : undefined;

/**
 * Whether an element shows dark: `theme="dark"` or `"light"` as written; in
 * `auto`, the host page's `color-scheme` where the element sits, then the
 * reader's system setting. In `auto` and on the page only, it follows the
 * page's <html> and <body> (a site's dark-mode switch) and the system setting;
 * otherwise it watches nothing and reads no style.
 */
export class ThemeController implements ReactiveController {
  /** True when the element shows its dark theme. */
  dark = false;

  private theme?: Theme;
  private unsubscribePage?: () => void;
  /**
   * The query listened to while connected: each matchMedia() call gives a new
   * MediaQueryList, and one that keeps a listener keeps the element alive.
   */
  private query?: MediaQueryList;
  private readonly onChange = () => {
    const dark = this.dark;
    this.update();
    if (this.dark !== dark) this.host.requestUpdate();
  };

  constructor(private readonly host: ReactiveElement & { theme: Theme }) {
    host.addController(this);
  }

  hostConnected(): void {
    this.query = darkQuery();
    this.query?.addEventListener('change', this.onChange);
    this.follow();
    this.update();
  }

  hostDisconnected(): void {
    this.query?.removeEventListener('change', this.onChange);
    this.query = undefined;
    this.follow();
  }

  /** Before each render: a new `theme` takes effect in it. */
  hostUpdate(): void {
    if (this.host.theme === this.theme) return;
    this.follow();
    this.update();
  }

  private get auto(): boolean {
    return this.host.theme !== 'dark' && this.host.theme !== 'light';
  }

  /** Watches the page's <html> and <body> while connected in theme="auto", and only then. */
  private follow(): void {
    const follow = this.host.isConnected && this.auto;
    if (follow && !this.unsubscribePage) {
      this.unsubscribePage = onPageSchemeChange(this.onChange);
    } else if (!follow && this.unsubscribePage) {
      this.unsubscribePage();
      this.unsubscribePage = undefined;
    }
  }

  private update(): void {
    this.theme = this.host.theme;
    if (!this.auto) {
      this.dark = this.host.theme === 'dark';
      return;
    }
    const scheme = this.host.isConnected ? getComputedStyle(this.host).colorScheme : '';
    const hostDark = /\bdark\b/.test(scheme);
    const hostLight = /\blight\b/.test(scheme);
    this.dark = hostDark !== hostLight ? hostDark : Boolean(darkQuery()?.matches);
  }
}
