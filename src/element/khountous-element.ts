import { html, isServer, nothing, type PropertyDeclaration, type TemplateResult } from 'lit';
import type { KhountousError } from '../core/errors.js';
import type { Lang } from '../core/types.js';
import { clampInteger, inputValue, loadMessagesNow } from '../attributes/owner.js';
import { RULES } from '../attributes/rules.js';
import { commonStrings, SOME_WIDGET, type CommonStrings, type WidgetName } from '../i18n/common.js';
import { warmFormats } from '../i18n/format.js';
import type { Local } from '../i18n/strings.js';
import {
  camel,
  COMMON_INPUTS,
  identityOf,
  inputsOf,
  type PropertiesOf,
  type Selection,
  type Widget,
} from '../widget/descriptor.js';
import { boxStyle, reserve } from '../widget/box.js';
import type { InlineHost } from '../graphics/inline-figure.js';
import { editorWords, titleOf, type EditorWords } from '../widget/editor.js';
import { planLoad, type Read } from '../widget/load.js';
import { Announcer, KhountousDownloadEvent, type ViewState } from './events.js';
import type { DataFile, dataFile } from './data-file.js';
import { renderGetData, type Download } from './get-data.js';
import { renderShareButton, type Sharing } from './share-button.js';
import { firstUpdateTurn } from './first-update.js';
import { LanguageController } from './language.js';
import { ProblemController } from './problems.js';
import { initialise, propertiesOf } from './properties.js';
import { QuotaController } from './quota-controller.js';
import * as states from './render-states.js';
import { ResourceController } from './resource-controller.js';
import { ServerMarkup } from './server-markup.js';
import { dataStateView, serverStateView, type StateView } from './state-view.js';
import { KhountousStyledElement } from './styled-element.js';
import { paintOr, textPaintOf } from './text-paint.js';

/** `light` or `dark` as written; `auto`: the page's `color-scheme`, as form controls (tokens.styles.ts). */
export type Theme = 'light' | 'dark' | 'auto';
export type { ViewState };

/**
 * The base of every element of the kit. A widget's element names its
 * descriptor (`static widget`, src/components/<name>/widget.ts) and its
 * properties come from it (`static properties = widgetProperties(...)`); what
 * it loads is the descriptor's plan (widget/load.ts, the early start's too),
 * through a ResourceController. This class renders the states every widget
 * has (loading skeleton, content, empty, error with retry, stale mark), keeps
 * the `state` and `stale` host attributes and fires `khountous-load` and
 * `khountous-error`. A subclass renders its content (`renderContent()`) and,
 * when it can be empty, says so (`isEmpty()`).
 *
 * Rendered on a server (@lit-labs/ssr), it shows what it can tell from its
 * attributes alone: the loading skeleton, or the error of an attribute no
 * page can make right; in the browser, the update that hydrates that markup
 * shows the same, and the next one the element's own state (docs/ssr.md).
 *
 * @fires {KhountousErrorEvent} khountous-error - An error is shown; `detail` is the KhountousError (its `kind` names the cause).
 * @fires {KhountousDownloadEvent} khountous-download - A reader asked for the data's CSV file; `detail` is `{ file, name }` (a Blob and its file name). Cancel it to save the file another way.
 * @fires {KhountousShareEvent} khountous-share - A reader pressed the share button (`share`); `detail` is `{ url, title, image }`. Cancel it to share another way.
 */
export abstract class KhountousElement<S extends Selection, T> extends KhountousStyledElement {
  static override properties = propertiesOf(COMMON_INPUTS);

  /** The widget this element shows: its tag, inputs and plan. */
  static widget: Widget;

  /** How its states' sentences name it: its folder's name.ts (`name`), the one its title is beside. */
  static widgetName: WidgetName = SOME_WIDGET;

  /**
   * The data it offers under its graphic (get-data.ts): its title (name.ts), and the words its
   * summary's labels are paths in: its summary (summary.ts, src/summaries.ts) makes the CSV file.
   */
  static download?: Download;

  /** `fr`, `en` (with subtags: `en-GB`), or empty: the language around the element. */
  declare lang: PropertiesOf<typeof COMMON_INPUTS>['lang'];
  declare baseUrl: string;
  declare theme: Theme;
  declare lazy: boolean;

  /** Its `state` and `stale` attributes and its events (events.ts). */
  private readonly announcer = new Announcer(this);
  /** A server's data (core/inline.ts) set before the first update, else its JSON `<script>` child's; the loader adopts it once. */
  inlineData?: unknown;
  /** The markup a server rendered: its inline data, its shadow root, the update that hydrates it. */
  private readonly server = new ServerMarkup(this, () => inputsOf(this.widget));
  private readonly languages = new LanguageController(this);
  /** The problems an editor can fix behind its errors, with their sentences (problems.ts). */
  private readonly problems = new ProblemController(this, () => ({
    baseUrl: this.baseUrl,
    selection: this.data.selection,
    identity: identityOf(this.widget, this.read),
    server: this.server.active,
  }));
  /** The budget as this element sees it: re-renders on a change while active, and at a time asked (the retry clock). */
  protected readonly quota = new QuotaController(this, false);

  /** The data shown: the plan, its subscription and the Task that loads it. */
  protected readonly data: ResourceController<S, T>;

  constructor() {
    super();
    initialise(this, inputsOf(this.widget));
    this.data = new ResourceController<S, T>(
      this,
      // A server render reads no page (it has none).
      () => planLoad(this.widget as Widget<never, S>, this, this.read, { page: !isServer }),
      (error) => this.problems.warn(error),
      () => this.server.takeInline(),
    );
  }

  /** The descriptor of this element's widget. */
  protected get widget(): Widget {
    return (this.constructor as typeof KhountousElement).widget;
  }

  /** One input by attribute name, as its property holds it: what the plan reads. */
  protected readonly read: Read = (attribute) => this.input(attribute);

  /** The property of `attribute` (`dataset-id` -> `datasetId`); a list reads its `page` from the pager. */
  protected input(attribute: string): unknown {
    return (this as unknown as Record<string, unknown>)[camel(attribute)];
  }

  /** The language in use (attribute, ancestors, document, French); on a server, the attribute or French. */
  protected get language(): Lang {
    return this.languages.of(this.lang, this.server.active);
  }

  /** What every widget says (loading, errors, the pager), in the language in use. */
  protected get t(): CommonStrings {
    return commonStrings[this.language];
  }

  /** The widget's name, as its states' sentences say it (render-states.ts). */
  protected get widgetName(): WidgetName {
    return (this.constructor as typeof KhountousElement).widgetName;
  }

  /** Strings the widget imported (its own, the values it names), in the language in use. */
  protected strings<S>(section: Local<S>): S {
    return section[this.language];
  }

  /** The state shown, as reflected in the `state` attribute. */
  get viewState(): ViewState {
    return this.stateView().state;
  }

  /** What the element shows (state-view.ts): the server's markup, from the attributes alone, while active. */
  private stateView(): StateView<S, T> {
    const isEmpty = (data: T, selection: S) => this.isEmpty(data, selection);
    if (!this.server.active) return dataStateView(this.data, this.problems, isEmpty);
    const plan = planLoad(this.widget as Widget<never, S>, this, this.read, { page: false });
    return serverStateView(this.server.view(plan), this.problems, isEmpty);
  }

  /**
   * The level of a heading `depth` levels under the widget's title (0: the
   * title itself), from `heading-level` clamped to 2..6, and never above 6.
   */
  protected headingAt(depth = 0): number {
    const level = clampInteger(this, 'heading-level', this.input('heading-level'), RULES.headingLevel);
    return Math.min(6, level + depth);
  }

  /** The editor's words (widget/editor.ts), checked: a text cut or a link set aside warns once. */
  protected get editor(): EditorWords {
    return editorWords((attribute, rule) => inputValue(this, attribute, this.input(attribute), rule));
  }

  /**
   * The widget's title, which every widget renders with this: the editor's `headline` when set,
   * else `own`, a heading at `heading-level`; the editor's `subtitle` under it unless `subtitle`
   * is false (a caption that holds its title alone then renders renderSubtitle() after it).
   */
  protected renderTitle(own: unknown, subtitle = true): TemplateResult {
    return html`${states.renderTitleLine(this.headingAt(), this.headlineOr(own))}${
      subtitle ? this.renderSubtitle() : nothing
    }`;
  }

  /** The words of the widget's title: the editor's `headline` when set, else `own` (a title that is no heading: the compact card's name). */
  protected headlineOr<O>(own: O): string | O {
    return titleOf(this.editor, own);
  }

  /** The editor's `subtitle` alone (see renderTitle). */
  protected renderSubtitle(): TemplateResult | typeof nothing {
    return states.renderSubtitleLine(this.editor.subtitle);
  }

  /**
   * What a figure in the line of a text needs of its element (graphics/inline-figure.ts): it has
   * no title (the article's sentence introduces it), so no headline or subtitle; the editor's
   * note goes in its tooltip, before the source.
   */
  protected inlineHost(): InlineHost {
    const { language: lang, t, widgetName: name } = this;
    return { host: this, lang, t, name, credit: this.input('credit'), note: this.editor.note };
  }

  protected abstract renderContent(data: T, selection: S): TemplateResult;

  /** Whether `data` has nothing to show for `selection` (then renderEmpty() and `state="empty"`). */
  protected isEmpty(_data: T, _selection: S): boolean {
    return false;
  }

  /** The skeleton shown while loading; elements may show known fields instead. */
  protected renderLoading(_selection: S | KhountousError): TemplateResult {
    return states.renderSkeleton(this.t, this.widgetName);
  }

  /** The date the data carries, if any (the source line's; else when the API answered). */
  protected dataDate?(data: T): string | undefined;

  /**
   * The whole view of a state, drawn by the element instead of the kit's (a figure in the line
   * of a text, graphics/inline-figure.ts), or undefined for the kit's.
   */
  protected renderOwnView?(view: StateView<S, T>): TemplateResult | undefined;

  /** The message shown when there is nothing to show. */
  protected renderEmpty(_data: T, _selection: S): TemplateResult {
    return states.renderEmptyMessage(this.t, this.widgetName);
  }

  /** The shadow root, or the one the server rendered (server-markup.ts). */
  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    return this.server.adopt(() => super.createRenderRoot());
  }

  /** The first update in a task of its own, after its language's formatters if it is the first (first-update.ts). */
  protected override scheduleUpdate(): void | Promise<unknown> {
    if (this.hasUpdated || isServer) return super.scheduleUpdate();
    return firstUpdateTurn(() => this.language).then(() => super.scheduleUpdate());
  }

  /** A property changed (or an update was asked for): the plan is made again when next read. */
  override requestUpdate(name?: PropertyKey, oldValue?: unknown, options?: PropertyDeclaration): void {
    super.requestUpdate(name, oldValue, options);
    // Called by LitElement's constructor too, before this class's fields exist.
    (this.data as ResourceController<S, T> | undefined)?.invalidate();
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if (changed.has('lang')) this.languages.refresh();
    // The state the server's markup shows, as the browser's first update sets it (no `updated()` on a server).
    if (isServer) {
      this.setAttribute('state', this.viewState);
      // Without its data, its box at a phone's width (widget/box.ts), held from the page's first paint.
      const box = this.widget.box;
      if (box && this.viewState !== 'ready') {
        const given = this.getAttribute('style');
        this.setAttribute('style', `${given ? `${given};` : ''}${boxStyle(box, this.read, 20)}`);
      }
    }
  }

  protected override updated(): void {
    // The server's markup hydrated: the next update shows the element's own state (its data may
    // be in the cache already; its load, if any, left with this update).
    if (this.server.hydrated()) return;
    const view = this.viewState;
    // While the data is on its way: the language's number and date formatters, made in idle time.
    if (view === 'loading') warmFormats(this.language);
    // Its box at its width, held until its data shows (widget/box.ts).
    if (view !== 'ready') reserve(this, this.widget.box, this.read);
    this.announcer.announce(view, this.data.value, this.data.error, textPaintOf(this));
  }

  protected override render(): TemplateResult {
    const view = this.stateView();
    if (this.server.active && view.state === 'error') this.problems.shownByServer = true;
    const inputs = this.server.frameInputs();
    // prettier-ignore
    return html`<div class="root" part="base" lang=${this.language} aria-busy=${view.busy ? 'true' : 'false'} data-inputs=${inputs}>
      ${this.renderView(view)}
    </div>`;
  }

  /** The template of the state shown (state-view.ts). */
  private renderView(view: StateView<S, T>): TemplateResult {
    const own = this.renderOwnView?.(view);
    if (own) return own;
    switch (view.state) {
      case 'error':
        return states.renderErrorBox({
          ...view,
          lang: this.language,
          t: this.t,
          name: this.widgetName,
          retry: () => this.retry(),
          wakeAt: (time) => this.quota.wakeAt(time),
        });
      case 'loading':
        // A server's markup: the skeleton; else the starter's text paint where there is one (text-paint.ts).
        if (view.server) return states.renderSkeleton(this.t, this.widgetName);
        return paintOr(this, () => this.renderLoading(view.selection));
      case 'empty':
        return this.renderEmpty(view.data, view.selection);
      case 'ready': {
        const date = this.dataDate?.(view.data) ?? view.fetchedAt;
        const { note, sourceHref: href } = this.editor;
        const under = { staleAsOf: view.staleAsOf, credit: this.input('credit'), date, note, href };
        const share = renderShareButton(this.input('share'), this, this.language, this.loadSharing);
        const foot = [this.renderGetData(view.data, date), share] as const;
        return html`${this.renderContent(view.data, view.selection)}${states.renderUnderData(this.language, this.t, under, foot)}`;
      }
    }
  }

  /** The data's disclosure (its CSV file and the citation), unless `download="none"` (get-data.ts). */
  private renderGetData(data: T, date: string | number): TemplateResult | typeof nothing {
    const download = (this.constructor as typeof KhountousElement).download;
    if (!download || this.input('download') === 'none') return nothing;
    return renderGetData({
      lang: this.language,
      download,
      date,
      // The source line's address (the editor's source-href, else the platform's site), whole: a
      // path from the site's root is cited with the page's origin where there is a page.
      address: citedAddress(this.editor.sourceHref),
      save: () => void this.saveData(download, data, date),
      failed: this.saveFailed,
    });
  }

  /**
   * Makes the CSV file of `data` (data-file.ts, loaded now) and offers it as `khountous-download`;
   * unless the page cancels that event, saves it as a link to the file would.
   */
  private async saveData(download: Download, data: T, date: string | number): Promise<void> {
    let made: DataFile | undefined;
    try {
      const { dataFile } = await this.loadDataFile();
      made = dataFile({
        lang: this.language,
        tag: this.widget.tag,
        words: download.words ?? [],
        data,
        read: this.read,
        date,
      });
      this.saveFailedShown(false);
    } catch (error) {
      // Its code did not arrive (a network blip on the chunk): said under the button, pressed again to retry.
      console.error('khountous: could not make the file', error);
      this.saveFailedShown(true);
      return;
    }
    if (!made || !this.dispatchEvent(new KhountousDownloadEvent(made))) return;
    const url = URL.createObjectURL(made.file);
    const link = Object.assign(document.createElement('a'), { href: url, download: made.name, hidden: true });
    this.renderRoot.append(link);
    link.click();
    link.remove();
    // The save has read the file by the next task in every engine; a minute leaves room for a slow disk.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }

  /** The share button's module, loaded when it first shows (share-button.ts). @internal a test makes it fail */
  loadSharing: () => Promise<Sharing> = () => import('./sharing.js');
  /** Whether the last press on the data's button could not make its file (get-data.ts says so). */
  private saveFailed = false;

  private saveFailedShown(failed: boolean): void {
    if (failed === this.saveFailed) return;
    this.saveFailed = failed;
    this.requestUpdate();
  }

  /**
   * The module that makes the data's file, loaded when a reader asks for it.
   *
   * @internal a test makes it fail, as a chunk that does not arrive does
   */
  loadDataFile: () => Promise<{ dataFile: typeof dataFile }> = () => import('./data-file.js');

  /** Complete once an attribute problem's sentence, if one is on its way, is shown too. */
  protected override getUpdateComplete(): Promise<boolean> {
    return this.problems.settled(() => super.getUpdateComplete());
  }

  /** Fetches again (the retry button; also called by the page, e.g. after an error). */
  retry(): void {
    void this.data.run();
  }
}

/** An address as a citation writes it: whole, a path from the site's root given the page's origin. */
const citedAddress = (href: string): string =>
  href.startsWith('/') && !isServer ? new URL(href, document.baseURI).href : href;

// A server renders in one pass: the sentences of attribute problems are there before it renders.
if (isServer) loadMessagesNow();
