import { html, isServer, nothing, type TemplateResult } from 'lit';
import { datasetUrl } from '../../core/http.js';
import {
  DATASET_FORMATS,
  type DatasetCell,
  type DatasetColumn,
  type DatasetFormat,
  type DatasetJson,
} from '../../core/types.js';
import { clampInteger } from '../../attributes/owner.js';
import { RULES } from '../../attributes/rules.js';
import { isolate } from '../../i18n/bidi.js';
import { formatDate, formatMonth, formatNumber, formatTime, isMonth, isoDate } from '../../i18n/format.js';
import { bdi } from '../../element/bdi.js';
import { KhountousElement } from '../../element/khountous-element.js';
import { widgetProperties } from '../../element/properties.js';
import type { PropertiesOf, SelectionOf } from '../../widget/descriptor.js';
import { relFor } from '../../element/links.js';
import { dataset as datasetWidget } from './widget.js';
import { name as widgetName, title } from './name.js';
import { datasetStyles } from './dataset.styles.js';
import { datasetStrings } from './strings.js';
import { regionName } from '../../i18n/regions.js';
import { formatCellNumber, groupedColumns } from './cells.js';
import { timeColumn } from './series.js';
import type * as ChartModule from './chart.js';

type DatasetSelection = SelectionOf<typeof datasetWidget.inputs>;

const FORMAT_NAMES: Record<DatasetFormat, string> = { csv: 'CSV', json: 'JSON', xlsx: 'Excel (XLSX)' };

/** The chart's code (chart.ts), loaded with the first series shown: undefined until then, null if it could not be. */
let chart: typeof ChartModule | null | undefined;
let chartLoad: Promise<unknown> | undefined;
const loadChart = () =>
  (chartLoad ??= import('./chart.js').then(
    (module) => (chart = module),
    () => (chart = null),
  ));

/**
 * An open dataset: its title and description in the element's language, its
 * licence and date, download links for CSV, JSON and XLSX, and optionally a
 * preview of its first rows.
 *
 * The element always loads the JSON form of the dataset, preview or not: the
 * title, description, licence and date exist only there (the endpoint has no
 * lighter form). That is one request, which the loader keeps for 60 minutes
 * and shares with every element showing the same dataset; the preview reads
 * the same data and costs nothing more.
 *
 * A download is a request against the same anonymous quota, so a click on a
 * link is counted by the loader. When no request is left, the links give way
 * to a note saying when downloads are possible again.
 *
 * @tag khountous-dataset
 *
 * @csspart title - The dataset's title.
 * @csspart description - The dataset's description.
 * @csspart meta - Licence and date of the snapshot.
 * @csspart downloads - The download links, or the note shown while the budget is spent.
 * @csspart download - One download link.
 * @csspart preview - The preview table.
 *
 * @cssprop [--khountous-color-accent=#006b3f] - Download links.
 * @cssprop [--khountous-color-surface=#f3f5f7] - Background of the download links and the table head.
 *
 * @fires {KhountousLoadEvent<DatasetJson>} khountous-load - Data is shown; `detail` is the dataset (JSON form).
 */
export class KhountousDataset extends KhountousElement<DatasetSelection, DatasetJson> {
  static override styles = [...KhountousElement.styles, datasetStyles];

  static override widget = datasetWidget;
  static override widgetName = widgetName;
  /** Its citation; the API's own files (its links) stand in for a CSV file of ours. */
  static override download = { title };
  static override properties = widgetProperties(datasetWidget);

  override connectedCallback(): void {
    super.connectedCallback();
    // Its download links follow the budget.
    this.quota.active = true;
  }

  /** The snapshot's date. */
  protected override dataDate(dataset: DatasetJson): string {
    return dataset.updatedAt;
  }

  protected renderContent(dataset: DatasetJson, selection: DatasetSelection): TemplateResult {
    const lang = this.language;
    const t = this.strings(datasetStrings).dataset;
    const title = bdi(dataset.title[lang]);
    return html`${this.renderTitle(title)}
      <p class="description" part="description">${bdi(dataset.description[lang])}</p>
      <p class="meta" part="meta">
        <span>${t.license(isolate(dataset.license))}</span>
        <time datetime=${isoDate(dataset.updatedAt)}>${t.updated(formatDate(lang, dataset.updatedAt))}</time>
      </p>
      <div class="downloads" part="downloads">${this.renderDownloads(selection)}</div>
      ${this.renderPreview(dataset)}`;
  }

  private renderDownloads({ datasetId: id, baseUrl }: DatasetSelection): TemplateResult {
    const t = this.strings(datasetStrings).dataset;
    if (!this.quota.canDownload(baseUrl)) {
      const { resetAt } = this.quota.stats(baseUrl);
      this.quota.wakeAt(resetAt);
      return html`<p class="note">${t.downloadsPaused(formatTime(this.language, resetAt))}</p>`;
    }
    const record = () => this.quota.recordDownload(baseUrl);
    return html`<span class="label" aria-hidden="true">${t.downloads}</span>
      <ul role="list">
        ${DATASET_FORMATS.map((format) => {
          const href = datasetUrl(baseUrl, id, format);
          return html`<li>
            <a
              part="download"
              href=${href}
              rel=${relFor(href) ?? nothing}
              download=${`${id}.${format}`}
              @click=${record}
              ><span class="visually-hidden">${t.downloadAs} </span>${FORMAT_NAMES[format]}</a
            >
          </li>`;
        })}
      </ul>`;
  }

  /** The chart's code on its way, once this element shows a series (updateComplete waits for it). */
  private chartWait?: Promise<unknown>;

  /**
   * The chart of a dataset that is a time series (series.ts), above its table; else nothing.
   * A server draws none (the chart's code and styles come to the browser with the first
   * series), nor the update that hydrates its markup; the chart comes with the next.
   */
  private renderChart(dataset: DatasetJson): TemplateResult | typeof nothing {
    const time = timeColumn(dataset);
    if (!time || isServer || chart === null) return nothing;
    const hydrating = !this.hasUpdated && this.renderRoot.firstChild;
    if (chart && !hydrating) return chart.renderChart(this, dataset, time, this.language);
    this.chartWait ??= loadChart().then(() => this.requestUpdate());
    // Its place, kept while its code loads: the table does not move when it comes.
    return hydrating ? nothing : html`<div class="chart" part="chart"></div>`;
  }

  /** Complete once the chart, if its code was on its way, is drawn too. */
  protected override async getUpdateComplete(): Promise<boolean> {
    const done = await super.getUpdateComplete();
    return this.chartWait ? this.chartWait.then(() => super.getUpdateComplete()) : done;
  }

  private renderPreview(dataset: DatasetJson): TemplateResult | typeof nothing {
    if (this.preview === null || this.preview === undefined) return nothing;
    const count = clampInteger(this, 'preview', this.preview, RULES.preview);
    const rows = dataset.rows.slice(0, count);
    const lang = this.language;
    const grouped = groupedColumns(dataset.columns, rows);
    return html`${this.renderChart(dataset)}
      <p class="preview-title" id="preview-caption">
        ${this.strings(datasetStrings).dataset.preview(rows.length, formatNumber(lang, dataset.rows.length))}
      </p>
      <div class="scroll" role="region" tabindex="0" aria-labelledby="preview-caption">
        <table part="preview" aria-labelledby="preview-caption">
          <thead>
            <tr>
              ${dataset.columns.map((column) => html`<th scope="col" class=${column.type}>${bdi(column.label[lang])}</th>`)}
            </tr>
          </thead>
          <tbody>
            ${rows.map(
              (row) =>
                html`<tr>
                  ${dataset.columns.map(
                    (column) =>
                      html`<td class=${column.type}>
                        ${this.renderCell(
                          Object.hasOwn(row, column.key) ? (row[column.key] ?? null) : null,
                          column,
                          grouped.has(column.key),
                        )}
                      </td>`,
                  )}
                </tr>`,
            )}
          </tbody>
        </table>
      </div>`;
  }

  private renderCell(value: DatasetCell, column: DatasetColumn, grouped: boolean): TemplateResult | string {
    const lang = this.language;
    if (value === null) {
      return html`<span aria-hidden="true">—</span
        ><span class="visually-hidden">${this.strings(datasetStrings).dataset.noValue}</span>`;
    }
    if (typeof value === 'number') return formatCellNumber(lang, value, grouped);
    if (column.type === 'date')
      return html`<time datetime=${isoDate(value)}>${formatDate(lang, value)}</time>`;
    if (column.type === 'month' && isMonth(value))
      return html`<time class="token" datetime=${value}>${formatMonth(lang, value)}</time>`;
    // A region column holds codes (dakar): readers see the region's name (Dakar).
    const text = column.key === 'region' ? regionName(value) : value;
    // A single token (2025-01, Saint-Louis, a code) is not broken at its hyphen.
    return /^\S{1,24}$/.test(text) ? html`<span class="token">${bdi(text)}</span>` : bdi(text);
  }
}

/** Its properties, one per input of its descriptor (Lit creates them from `properties`). */
export interface KhountousDataset extends PropertiesOf<typeof datasetWidget.inputs> {}
