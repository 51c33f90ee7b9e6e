import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { Task, TaskStatus } from '@lit/task';
import { KhountousError, isKhountousError } from '../core/errors.js';
import { getLoader, type Loaded, type Resource } from '../core/loader.js';
import type { Lang } from '../core/types.js';
import { translations, type Translation } from '../i18n/index.js';
import { states } from '../styles/states.styles.js';
import { tokens } from '../styles/tokens.styles.js';
import { resolveBaseUrl } from './base-url.js';
import { KhountousErrorEvent, KhountousLoadEvent } from './events.js';
import { formatTime } from './format.js';
import { DEFAULT_LANG, onDocumentLangChange, resolveLang, toSupportedLang } from './lang.js';

export type Theme = 'light' | 'dark' | 'auto';
export type ViewState = 'loading' | 'ready' | 'empty' | 'error';

/** What a widget fetches: the inputs that select its data, resolved and checked. */
export interface Selection {
  lang: Lang;
  baseUrl: string;
}

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

  @state() private dark = false;
  @state() private pageLang: Lang = 'fr';

  private unsubscribeLang?: () => void;
  private unsubscribeData?: () => void;
  private lastEmitted?: unknown;
  private memo?: { key: string; value: S | KhountousError };
  private readonly onSchemeChange = () => this.updateScheme();
  /**
   * The query listened to while connected: each matchMedia() call gives a new
   * MediaQueryList, and one that keeps a listener keeps this element alive.
   */
  private schemeQuery?: MediaQueryList;

  /** The data currently shown: fetched by one Task whose args are the selection. */
  protected readonly data = new Task<[S | KhountousError], Loaded<T>>(this, {
    args: () => [this.checkedSelection()],
    task: async ([selection], { signal }) => {
      if (selection instanceof KhountousError) throw selection;
      return this.fetchData(selection, signal);
    },
  });

  /** Asks the shared loader for `resource(selection)` and follows its revalidations. */
  protected fetchData(selection: S, signal: AbortSignal): Promise<Loaded<T>> {
    const resource = this.resource(selection);
    this.watch(resource, selection.baseUrl);
    return getLoader().load<T>(resource, {
      baseUrl: selection.baseUrl,
      signal,
      element: this,
      lazy: this.lazy,
    });
  }

  /** The language in use (attribute, ancestors, document, French). */
  protected get language(): Lang {
    return this.lang ? (toSupportedLang(this.lang) ?? DEFAULT_LANG) : this.pageLang;
  }

  protected get t(): Translation {
    return translations(this.language);
  }

  /** The state shown, as reflected in the `state` attribute. */
  get viewState(): ViewState {
    switch (this.data.status) {
      case TaskStatus.ERROR:
        return 'error';
      case TaskStatus.COMPLETE:
        return this.isEmpty(this.data.value!.data) ? 'empty' : 'ready';
      default:
        return this.data.value ? 'ready' : 'loading';
    }
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
    this.pageLang = resolveLang(this);
    this.unsubscribeLang = onDocumentLangChange(() => (this.pageLang = resolveLang(this)));
    this.schemeQuery = darkQuery();
    this.schemeQuery?.addEventListener('change', this.onSchemeChange);
    this.updateScheme();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.unsubscribeLang?.();
    this.unsubscribeData?.();
    this.unsubscribeData = undefined;
    this.schemeQuery?.removeEventListener('change', this.onSchemeChange);
    this.schemeQuery = undefined;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('theme')) this.updateScheme();
    if (changed.has('lang')) this.pageLang = resolveLang(this);
  }

  protected override updated(): void {
    const view = this.viewState;
    this.setAttribute('state', view);
    this.toggleAttribute('stale', view === 'ready' && Boolean(this.data.value?.stale));
    if (this.data.status === TaskStatus.COMPLETE && this.data.value !== this.lastEmitted) {
      this.lastEmitted = this.data.value;
      this.dispatchEvent(new KhountousLoadEvent(this.data.value!.data));
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
    const loaded = this.data.value;
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
    return html`<div class="error" part="error" role="alert">
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
    const key =
      value instanceof KhountousError
        ? `!${value.kind}:${value.param ?? ''}:${value.message}`
        : JSON.stringify(value);
    if (this.memo?.key !== key) this.memo = { key, value };
    return this.memo.value;
  }

  private computeSelection(): S | KhountousError {
    const baseUrl = resolveBaseUrl(this.baseUrl);
    if (!baseUrl) {
      return new KhountousError('invalid-parameter', `base-url "${this.baseUrl}" is not an http(s) URL.`, {
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
  private watch(resource: Resource, baseUrl: string): void {
    this.unsubscribeData?.();
    this.unsubscribeData = getLoader().subscribe(resource, baseUrl, () => void this.data.run());
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
