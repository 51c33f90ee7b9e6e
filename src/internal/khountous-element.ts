import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { KhountousError, isKhountousError } from '../core/errors.js';
import type { Loaded, Resource } from '../core/loader/loader.js';
import type { Lang } from '../core/types.js';
import { commonStrings, type CommonStrings } from '../i18n/common.js';
import type { Strings } from '../i18n/strings.js';
import type { Translation } from '../i18n/translation.js';
import { states } from '../styles/states.styles.js';
import { tokens } from '../styles/tokens.styles.js';
import { missingVersion, notFound, problemOf, RULES, type AttributeProblem } from './attribute-rules.js';
import { AttributeError, clampInteger, problemIn, quoted, warnConfiguration } from './attributes.js';
import { attributeMessages } from '../i18n/attributes.js';
import { BASE_URL_META, resolveBaseUrl } from './base-url.js';
import { KhountousErrorEvent, KhountousLoadEvent } from './events.js';
import { formatTime } from './format.js';
import { languageOf, onDocumentLangChange, resolveLang } from './lang.js';
import type { Read } from './plan.js';
import { QuotaController } from './quota-controller.js';
import { ResourceController, type ResourceOptions, type Selection } from './resource-controller.js';

export type { Selection } from './resource-controller.js';
/**
 * `light` or `dark` as written; `auto` takes the `color-scheme` the page gives
 * the element, as the browser's form controls do (CSS decides, tokens.styles.ts).
 */
export type Theme = 'light' | 'dark' | 'auto';
export type ViewState = 'loading' | 'ready' | 'empty' | 'error';

/**
 * The base of every element of the kit: its attributes (language, base URL,
 * theme, lazy, heading level) and the render states (loading skeleton,
 * content, empty, error with retry, stale mark) with the `state` and `stale`
 * host attributes and the `khountous-load` / `khountous-error` events. What
 * it shows comes from a ResourceController (selection → subscription →
 * Task), its colours from CSS (the `theme` attribute, or the page's
 * `color-scheme` through `light-dark()`: tokens.styles.ts).
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
 * @fires {KhountousErrorEvent} khountous-error - An error is shown; `detail` is the KhountousError (its `kind` names the cause).
 */
export abstract class KhountousElement<S extends Selection, T> extends LitElement {
  static override styles = [tokens, states];

  /** Language of the interface and of editorial texts: `fr` or `en`. Defaults to the closest ancestor's `lang`, then the document's, then `fr`. */
  @property({ reflect: true }) override lang = '';

  /** Base URL of the API, ending with /v1. Defaults to `<meta name="khountous:base-url">`, then https://api.khountous.sn/v1. */
  @property({ attribute: 'base-url' }) baseUrl = '';

  /** Colour theme: `light`, `dark`, or `auto` (the `color-scheme` the page gives the element; none: light). */
  @property({ reflect: true }) theme: Theme = 'auto';

  /** Set to false to fetch even while far off-screen. */
  @property({ type: Boolean, attribute: 'lazy', converter: { fromAttribute: (value) => value !== 'false' } })
  lazy = true;

  /** Heading level of the widget's title, 2 to 6, to fit the host page's outline; its sub-sections take the next level. Widgets without a title ignore it. */
  @property({ attribute: 'heading-level' }) headingLevel: string | number = 3;

  @state() private pageLang: Lang = 'fr';

  private unsubscribeLang?: () => void;
  private lastEmitted?: unknown;
  /** Renders again when a spent quota lets the retry button send something. */
  private readonly retryClock = new QuotaController(this, false);

  /** The data shown: the checked selection, its subscription and the Task that loads it. */
  protected readonly data = new ResourceController<S, T>(this, {
    selection: () => this.computeSelection(),
    resource: (selection) => this.resource(selection),
    fetch: (selection, signal) => this.fetchData(selection, signal),
    options: (selection) => this.resourceOptions(selection),
    invalid: (error) => {
      // The client speaks of its `baseUrl` option: name the attribute (or the meta element) the author wrote.
      const base = error.param === 'baseUrl' || (error.param === 'base-url' && !this.baseUrl?.trim());
      const attribute = base ? `${this.baseUrlSource()}: ` : '';
      warnConfiguration(this, attribute + error.message);
    },
  });

  /**
   * Loads `selection` from the shared loader; an element may first look for
   * what it needs in the cache. Fresh data of `resource(selection)` already in
   * the loader's cache is shown without calling it.
   */
  protected fetchData(selection: S, signal: AbortSignal): Promise<Loaded<T>> {
    return this.data.load(selection, signal);
  }

  /** Options of the loads and the subscription of `selection` (e.g. `partial`). */
  protected resourceOptions(_selection: S): ResourceOptions {
    return {};
  }

  /** The language in use (attribute, ancestors, document, French). */
  protected get language(): Lang {
    return languageOf(this.lang, () => this.pageLang);
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
    if (this.data.error !== undefined) return 'error';
    const shown = this.data.value;
    if (!shown) return 'loading';
    return this.isEmpty(shown.data) ? 'empty' : 'ready';
  }

  /**
   * The level of a heading `depth` levels under the widget's title (0: the
   * title itself), from `heading-level` clamped to 2..6, and never above 6.
   */
  protected headingAt(depth = 0): number {
    const level = clampInteger(this, 'heading-level', this.headingLevel, RULES.headingLevel);
    return Math.min(6, level + depth);
  }

  /**
   * One input of the element by attribute name, for its plan (plan.ts): the
   * property of that attribute (`dataset-id` -> `datasetId`).
   */
  protected input(attribute: string): unknown {
    const name = attribute.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
    return (this as unknown as Record<string, unknown>)[name];
  }

  /** `input`, bound: what a plan's `select` reads. */
  protected readonly read: Read = (attribute) => this.input(attribute);

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
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.unsubscribeLang?.();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('lang')) this.pageLang = resolveLang(this);
  }

  protected override updated(): void {
    const view = this.viewState;
    this.setAttribute('state', view);
    const shown = this.data.value;
    this.toggleAttribute('stale', view === 'ready' && Boolean(shown?.stale));
    const error = this.data.error;
    if (shown) {
      // A revalidation that brought the same data (a 304) is not a new load.
      if (shown.data !== this.lastEmitted) {
        this.lastEmitted = shown.data;
        this.dispatchEvent(new KhountousLoadEvent(shown.data));
      }
    } else if (error !== undefined && error !== this.lastEmitted) {
      this.lastEmitted = error;
      this.dispatchEvent(new KhountousErrorEvent(this.toError(error)));
    }
  }

  protected override render(): TemplateResult {
    return html`<div
      class="root"
      part="base"
      lang=${this.language}
      aria-busy=${this.data.busy ? 'true' : 'false'}
    >
      ${this.renderState()}
    </div>`;
  }

  private renderState(): TemplateResult {
    const selection = this.data.selection;
    const error = this.data.error;
    if (error !== undefined) return this.renderError(this.toError(error));
    const loaded = this.data.value;
    if (!loaded || selection instanceof KhountousError) return this.renderLoading(selection);
    if (this.isEmpty(loaded.data)) return this.renderEmpty(loaded.data, selection);
    return html`${this.renderContent(loaded.data, selection)}${
      loaded.stale
        ? html`<p class="stale" part="stale">
            ${this.t.staleAsOf(formatTime(this.language, loaded.fetchedAt))}
          </p>`
        : nothing
    }`;
  }

  /** The message shown when there is nothing to show. */
  protected renderEmpty(_data: T, _selection: S): TemplateResult {
    return html`<p class="message" part="empty">${this.t.empty}</p>`;
  }

  /**
   * The attribute an unknown resource was asked by (`slug`, `dataset-id`) and
   * its value, so that a not-found error names it; undefined for a list.
   */
  protected identifiedBy(): [attribute: string, value: string] | undefined {
    return undefined;
  }

  /**
   * What the editor can fix, for an error that comes from the widget's
   * configuration: a bad attribute, a base URL without /v1 where the API did
   * not answer, an identifier the API does not know.
   */
  private problemFor(error: KhountousError): AttributeProblem | undefined {
    const problem = problemIn(error);
    if (problem) return problem;
    const selection = this.data.selection;
    const baseUrl = selection instanceof KhountousError ? undefined : selection.baseUrl;
    if (baseUrl && ['not-found', 'bad-request', 'invalid-response'].includes(error.kind)) {
      const written = this.baseUrl?.trim() || this.baseUrlMeta()?.content.trim() || '';
      const unversioned = missingVersion(written, baseUrl);
      if (unversioned) return unversioned;
    }
    const id = error.kind === 'not-found' ? this.identifiedBy() : undefined;
    return id ? notFound(...id) : undefined;
  }

  private renderError(error: KhountousError): TemplateResult {
    const when = error.resetAt ? formatTime(this.language, error.resetAt) : undefined;
    const problem = this.problemFor(error);
    // Sending the same request again cannot mend a configuration or an unknown identifier.
    const retry = !problem && error.kind !== 'invalid-parameter' && error.kind !== 'not-found';
    return html`<div class="error" part="error" role="status" aria-atomic="true">
      <strong>${problem ? attributeMessages[this.language].title : this.t.errorTitle}</strong>
      <p>${problem ? problem.message[this.language] : this.t.error(error.kind, when)}</p>
      ${retry ? this.renderRetry(error) : nothing}
    </div>`;
  }

  /**
   * The retry button. While a spent quota would refuse the request (until
   * `resetAt`), it is disabled and says when it can be pressed; the element
   * renders again then (the loader also tries again by itself at that time).
   */
  private renderRetry(error: KhountousError): TemplateResult {
    const waiting = error.kind === 'quota' && error.resetAt !== undefined && error.resetAt > Date.now();
    if (waiting) this.retryClock.wakeAt(error.resetAt!);
    const label = waiting ? this.t.retryAt(formatTime(this.language, error.resetAt!)) : this.t.retry;
    return html`<button type="button" part="retry" ?disabled=${waiting} @click=${() => this.retry()}>
      ${label}
    </button>`;
  }

  /** Fetches again (the retry button; also called by the page, e.g. after an error). */
  retry(): void {
    void this.data.run();
  }

  private computeSelection(): S | KhountousError {
    const baseUrl = resolveBaseUrl(this.baseUrl);
    if (!baseUrl) {
      const given = this.baseUrl?.trim() || this.baseUrlMeta()?.content.trim() || '';
      return new AttributeError(
        this,
        problemOf({ attribute: 'base-url', given, reason: 'not-http', example: RULES.baseUrl.example }),
      );
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

  /** Where the base URL in use was written, for messages: the attribute, else the page's meta. */
  private baseUrlSource(): string {
    if (this.baseUrl?.trim()) return quoted('base-url', this.baseUrl);
    const meta = this.baseUrlMeta();
    return meta ? `<meta name="${BASE_URL_META}" content="${meta.content}">` : quoted('base-url', '');
  }

  private baseUrlMeta(): HTMLMetaElement | null {
    return document.querySelector<HTMLMetaElement>(`meta[name="${BASE_URL_META}"]`);
  }
}
