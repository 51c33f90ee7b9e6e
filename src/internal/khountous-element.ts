import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { initialState, Task, TaskStatus } from '@lit/task';
import { KhountousError, isKhountousError } from '../core/errors.js';
import { getLoader, type Loaded, type Resource } from '../core/loader/loader.js';
import type { Lang } from '../core/types.js';
import { commonStrings, type CommonStrings } from '../i18n/common.js';
import type { Strings } from '../i18n/strings.js';
import type { Translation } from '../i18n/translation.js';
import { states } from '../styles/states.styles.js';
import { tokens } from '../styles/tokens.styles.js';
import { clampInteger, quoted, warnConfiguration } from './attributes.js';
import { BASE_URL_META, resolveBaseUrl } from './base-url.js';
import { KhountousErrorEvent, KhountousLoadEvent } from './events.js';
import { formatTime } from './format.js';
import { documentWatch } from './document-watch.js';
import { DEFAULT_LANG, onDocumentLangChange, resolveLang, toSupportedLang } from './lang.js';

export type Theme = 'light' | 'dark' | 'auto';
export type ViewState = 'loading' | 'ready' | 'empty' | 'error';

/** What a widget fetches: the inputs that select its data, resolved and checked. */
export interface Selection {
  lang: Lang;
  baseUrl: string;
}

/** What the Task holds: the loaded data and the key of the selection it was loaded for. */
interface Shown<T> extends Loaded<T> {
  key: string;
}

/** The key of a selection: equal keys select the same data. */
const keyOf = (value: Selection | KhountousError): string =>
  value instanceof KhountousError
    ? `!${value.kind}:${value.param ?? ''}:${value.message}`
    : JSON.stringify(value);

/**
 * A signal aborted when either of two is: `AbortSignal.any` where the browser
 * has it, else a small combination; `dispose` drops the listeners it added.
 */
function eitherSignal(a: AbortSignal, b: AbortSignal): { signal: AbortSignal; dispose: () => void } {
  const any = (AbortSignal as { any?: (signals: AbortSignal[]) => AbortSignal }).any;
  if (typeof any === 'function') return { signal: any.call(AbortSignal, [a, b]), dispose: () => {} };
  const controller = new AbortController();
  const dispose = () => {
    a.removeEventListener('abort', onA);
    b.removeEventListener('abort', onB);
  };
  const onA = () => {
    dispose();
    controller.abort(a.reason);
  };
  const onB = () => {
    dispose();
    controller.abort(b.reason);
  };
  if (a.aborted) controller.abort(a.reason);
  else if (b.aborted) controller.abort(b.reason);
  else {
    a.addEventListener('abort', onA, { once: true });
    b.addEventListener('abort', onB, { once: true });
  }
  return { signal: controller.signal, dispose };
}

/**
 * Attribute changes of <html> and <body>: where a host page's dark-mode switch
 * usually acts (a class, a data-theme, an inline color-scheme), so that
 * theme="auto" follows it.
 */
const onPageSchemeChange = documentWatch(() => [document.documentElement, document.body]);

const darkQuery = (): MediaQueryList | undefined =>
  typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : undefined;

/**
 * The base of every element of the kit: language, base URL, theme, the one
 * Task that asks the shared loader for data, and the render states (loading
 * skeleton, content, empty, error with retry, stale mark) with the `state` and
 * `stale` host attributes and the `khountous-load` / `khountous-error` events.
 *
 * A subclass says what it shows: `selection()` (the checked inputs; throw a
 * KhountousError('invalid-parameter') for a bad one), `resource()` (what to
 * ask the loader for), `renderContent()` and, when it can be empty, `isEmpty()`.
 *
 * @csspart base - The widget's frame.
 * @csspart error - The error message and its retry button.
 * @csspart retry - The retry button.
 * @csspart empty - The message shown when there is nothing to show.
 * @csspart stale - The "data as of HH:MM" mark shown on stale data.
 *
 * @cssprop [--khountous-font-family=system-ui] - Font of the widget.
 * @cssprop [--khountous-font-size=1rem] - Base font size.
 * @cssprop [--khountous-color-text=#1d2327] - Text colour.
 * @cssprop [--khountous-color-muted=#55606b] - Secondary text colour.
 * @cssprop [--khountous-color-background=#ffffff] - Background.
 * @cssprop [--khountous-color-surface=#f3f5f7] - Background of bars and buttons.
 * @cssprop [--khountous-color-border=#d5dbe1] - Borders and rules.
 * @cssprop [--khountous-color-accent=#006b3f] - Links.
 * @cssprop [--khountous-color-bar=#00853f] - Score bars.
 * @cssprop [--khountous-color-error=#b3261e] - Error accents.
 * @cssprop [--khountous-color-stale=#8a5a00] - The stale-data mark.
 * @cssprop [--khountous-color-focus=#1a5fb4] - Focus ring.
 * @cssprop [--khountous-radius=0.5rem] - Corner radius.
 * @cssprop [--khountous-spacing=0.75rem] - Inner spacing.
 *
 * @fires khountous-error - An error is shown; `detail` is the KhountousError (its `kind` names the cause).
 */
export abstract class KhountousElement<S extends Selection, T> extends LitElement {
  static override styles = [tokens, states];

  /** Language of the interface and of editorial texts: `fr` or `en`. Defaults to the closest ancestor's `lang`, then the document's, then `fr`. */
  @property({ reflect: true }) override lang = '';

  /** Base URL of the API, ending with /v1. Defaults to `<meta name="khountous:base-url">`, then https://api.khountous.sn/v1. */
  @property({ attribute: 'base-url' }) baseUrl = '';

  /** Colour theme: `light`, `dark`, or `auto` (the host page's `color-scheme`, then the reader's system setting). */
  @property({ reflect: true }) theme: Theme = 'auto';

  /** Set to false to fetch even while far off-screen. */
  @property({ type: Boolean, attribute: 'lazy', converter: { fromAttribute: (value) => value !== 'false' } })
  lazy = true;

  /** Heading level of the widget's title, 2 to 6, to fit the host page's outline; its sub-sections take the next level. Widgets without a title ignore it. */
  @property({ attribute: 'heading-level' }) headingLevel: string | number = 3;

  @state() private dark = false;
  @state() private pageLang: Lang = 'fr';

  private unsubscribeLang?: () => void;
  private unsubscribeScheme?: () => void;
  private unsubscribeData?: () => void;
  private lastEmitted?: unknown;
  private memo?: { key: string; value: S | KhountousError };
  /** Aborted when the element leaves the page: its in-flight load stops. */
  private connection = new AbortController();
  private readonly onSchemeChange = () => this.updateScheme();
  /**
   * The query listened to while connected: each matchMedia() call gives a new
   * MediaQueryList, and one that keeps a listener keeps this element alive.
   */
  private schemeQuery?: MediaQueryList;

  /** The data currently shown: fetched by one Task whose args are the selection. */
  protected readonly data = new Task<[S | KhountousError], Shown<T>>(this, {
    args: () => [this.checkedSelection()],
    task: async ([selection], { signal }) => {
      if (selection instanceof KhountousError) {
        warnConfiguration(this, selection.message);
        throw selection;
      }
      // Off the page: nothing is asked for; connectedCallback runs the Task again.
      const connection = this.connection.signal;
      if (connection.aborted) return initialState;
      const either = eitherSignal(signal, connection);
      try {
        return { ...(await this.fetchData(selection, either.signal)), key: keyOf(selection) };
      } catch (error) {
        // Aborted because the element left the page: not an error to show.
        if (connection.aborted) return initialState;
        if (isKhountousError(error) && error.kind === 'invalid-parameter') {
          // The client speaks of its `baseUrl` option: name the attribute the author wrote.
          const attribute = error.param === 'baseUrl' ? `${this.baseUrlSource()}: ` : '';
          warnConfiguration(this, attribute + error.message);
        }
        throw error;
      } finally {
        either.dispose();
      }
    },
  });

  /** Asks the shared loader for `resource(selection)` and follows its revalidations. */
  protected fetchData(selection: S, signal: AbortSignal): Promise<Loaded<T>> {
    const resource = this.resource(selection);
    const partial = this.partial(selection);
    this.watch(resource, selection.baseUrl, partial);
    return getLoader().load<T>(resource, {
      baseUrl: selection.baseUrl,
      signal,
      element: this,
      lazy: this.lazy,
      partial,
    });
  }

  /** True when a part of the data seeded from a cached list will do (see the loader's `partial`). */
  protected partial(_selection: S): boolean {
    return false;
  }

  /** The language in use (attribute, ancestors, document, French). */
  protected get language(): Lang {
    return this.lang ? (toSupportedLang(this.lang) ?? DEFAULT_LANG) : this.pageLang;
  }

  /** What every widget says (loading, errors, the pager), in the language in use. */
  protected get t(): CommonStrings {
    return commonStrings[this.language];
  }

  /** A section of strings the widget imported, in the language in use. */
  protected strings<K extends keyof Translation>(section: Strings<K>): Pick<Translation, K> {
    return section[this.language];
  }

  /** The state shown, as reflected in the `state` attribute. */
  get viewState(): ViewState {
    if (this.data.status === TaskStatus.ERROR) return 'error';
    const shown = this.shown();
    if (!shown) return 'loading';
    return this.isEmpty(shown.data) ? 'empty' : 'ready';
  }

  /**
   * The level of a heading `depth` levels under the widget's title (0: the
   * title itself), from `heading-level` clamped to 2..6, and never above 6.
   */
  protected headingAt(depth = 0): number {
    const level = clampInteger(this, 'heading-level', this.headingLevel, { min: 2, max: 6, fallback: 3 });
    return Math.min(6, level + depth);
  }

  /** The data loaded for the current selection, if any: data loaded for a previous one is not shown. */
  private shown(): Shown<T> | undefined {
    const value = this.data.value;
    const selection = this.checkedSelection();
    return value && value.key === keyOf(selection) ? value : undefined;
  }

  protected abstract selection(base: Selection): S;
  protected abstract resource(selection: S): Resource;
  protected abstract renderContent(data: T, selection: S): TemplateResult;

  protected isEmpty(_data: T): boolean {
    return false;
  }

  /** The skeleton shown while loading; elements may show known fields instead. */
  protected renderLoading(_selection: S | KhountousError): TemplateResult {
    return html`<div class="skeleton" aria-hidden="true"><span></span><span></span><span></span></div>
      <p class="visually-hidden">${this.t.loading}</p>`;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.connection = new AbortController();
    // Put back on the page: follow the loader again (served from cache when fresh).
    if (this.hasUpdated) void this.data.run();
    this.pageLang = resolveLang(this);
    this.unsubscribeLang = onDocumentLangChange(() => (this.pageLang = resolveLang(this)));
    this.schemeQuery = darkQuery();
    this.schemeQuery?.addEventListener('change', this.onSchemeChange);
    this.followPageScheme();
    this.updateScheme();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.connection.abort();
    this.unsubscribeLang?.();
    this.unsubscribeData?.();
    this.unsubscribeData = undefined;
    this.schemeQuery?.removeEventListener('change', this.onSchemeChange);
    this.schemeQuery = undefined;
    this.followPageScheme();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('theme')) {
      this.followPageScheme();
      this.updateScheme();
    }
    if (changed.has('lang')) this.pageLang = resolveLang(this);
  }

  protected override updated(): void {
    const view = this.viewState;
    this.setAttribute('state', view);
    this.toggleAttribute('stale', view === 'ready' && Boolean(this.data.value?.stale));
    const shown = this.data.status === TaskStatus.COMPLETE ? this.shown() : undefined;
    if (shown) {
      // A revalidation that brought the same data (a 304) is not a new load.
      if (shown.data !== this.lastEmitted) {
        this.lastEmitted = shown.data;
        this.dispatchEvent(new KhountousLoadEvent(shown.data));
      }
    } else if (this.data.status === TaskStatus.ERROR && this.data.error !== this.lastEmitted) {
      this.lastEmitted = this.data.error;
      this.dispatchEvent(new KhountousErrorEvent(this.toError(this.data.error)));
    }
  }

  protected override render(): TemplateResult {
    const busy = this.data.status === TaskStatus.PENDING || this.data.status === TaskStatus.INITIAL;
    return html`<div
      class="root ${this.dark ? 'dark' : ''}"
      part="base"
      lang=${this.language}
      aria-busy=${busy ? 'true' : 'false'}
    >
      ${this.renderState()}
    </div>`;
  }

  private renderState(): TemplateResult {
    const selection = this.checkedSelection();
    if (this.data.status === TaskStatus.ERROR) return this.renderError(this.toError(this.data.error));
    const loaded = this.shown();
    if (!loaded || selection instanceof KhountousError) return this.renderLoading(selection);
    if (this.isEmpty(loaded.data)) return html`<p class="message" part="empty">${this.t.empty}</p>`;
    return html`${this.renderContent(loaded.data, selection)}${
      loaded.stale
        ? html`<p class="stale" part="stale">
            ${this.t.staleAsOf(formatTime(this.language, loaded.fetchedAt))}
          </p>`
        : nothing
    }`;
  }

  private renderError(error: KhountousError): TemplateResult {
    const when = error.resetAt ? formatTime(this.language, error.resetAt) : undefined;
    return html`<div class="error" part="error" role="status">
      <strong>${this.t.errorTitle}</strong>
      <p>${this.t.error(error.kind, when)}</p>
      ${
        error.kind === 'invalid-parameter'
          ? nothing
          : html`<button type="button" part="retry" @click=${() => this.retry()}>${this.t.retry}</button>`
      }
    </div>`;
  }

  /** Fetches again (the retry button; also called by the page, e.g. after an error). */
  retry(): void {
    void this.data.run();
  }

  /**
   * The checked selection, the same object for as long as its value does not
   * change: it is the Task's argument, and a new object would re-run the Task.
   */
  private checkedSelection(): S | KhountousError {
    const value = this.computeSelection();
    const key = keyOf(value);
    if (this.memo?.key !== key) this.memo = { key, value };
    return this.memo.value;
  }

  private computeSelection(): S | KhountousError {
    const baseUrl = resolveBaseUrl(this.baseUrl);
    if (!baseUrl) {
      return new KhountousError('invalid-parameter', `${this.baseUrlSource()} is not an http(s) URL.`, {
        param: 'base-url',
      });
    }
    try {
      return this.selection({ lang: this.language, baseUrl });
    } catch (error) {
      return this.toError(error);
    }
  }

  private toError(error: unknown): KhountousError {
    if (isKhountousError(error)) return error;
    return new KhountousError('invalid-response', error instanceof Error ? error.message : String(error), {
      cause: error,
    });
  }

  /**
   * Follows what the loader brings for the resource shown: background
   * revalidations (stale-while-revalidate) and, after an error, the loader's
   * own recovery attempts (after a quota error, at the reset; after a server,
   * network or invalid-response error, with a bounded backoff and on `online`).
   * The recovery lives in the loader, so that widgets showing one resource
   * share one attempt and the budget decides.
   */
  private watch(resource: Resource, baseUrl: string, partial: boolean): void {
    this.unsubscribeData?.();
    this.unsubscribeData = getLoader().subscribe(resource, baseUrl, () => void this.data.run(), { partial });
  }

  /** Where the base URL in use was written, for messages: the attribute, else the page's meta. */
  private baseUrlSource(): string {
    if (this.baseUrl?.trim()) return quoted('base-url', this.baseUrl);
    const meta = document.querySelector<HTMLMetaElement>(`meta[name="${BASE_URL_META}"]`);
    return meta ? `<meta name="${BASE_URL_META}" content="${meta.content}">` : quoted('base-url', '');
  }

  /** Watches the page's <html> and <body> while connected with theme="auto", and only then. */
  private followPageScheme(): void {
    const follow = this.isConnected && this.theme !== 'dark' && this.theme !== 'light';
    if (follow && !this.unsubscribeScheme) {
      this.unsubscribeScheme = onPageSchemeChange(this.onSchemeChange);
    } else if (!follow && this.unsubscribeScheme) {
      this.unsubscribeScheme();
      this.unsubscribeScheme = undefined;
    }
  }

  private updateScheme(): void {
    if (this.theme === 'dark' || this.theme === 'light') {
      this.dark = this.theme === 'dark';
      return;
    }
    const scheme = this.isConnected ? getComputedStyle(this).colorScheme : '';
    const hostDark = /\bdark\b/.test(scheme);
    const hostLight = /\blight\b/.test(scheme);
    this.dark = hostDark !== hostLight ? hostDark : Boolean(darkQuery()?.matches);
  }
}
