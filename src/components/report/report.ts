import { html, type TemplateResult } from 'lit';
import { type Report } from '../../core/types.js';
import { regionName } from '../../i18n/regions.js';
import { formatDate, isoDate } from '../../i18n/format.js';
import { bdi } from '../../element/bdi.js';
import { KhountousElement } from '../../element/khountous-element.js';
import { widgetProperties } from '../../element/properties.js';
import type { PropertiesOf, SelectionOf } from '../../widget/descriptor.js';
import { report as reportWidget } from './widget.js';
import { name as widgetName, title } from './name.js';

type ReportSelection = SelectionOf<typeof reportWidget.inputs>;
import { reportStyles } from './report.styles.js';
import { reportValues } from '../../i18n/report-values.js';
import { reportStrings } from './strings.js';
import { reportsStrings } from '../reports/strings.js';

/**
 * One published citizen report: title, category, region, status, the dated
 * timeline in order, and the official response or a clear note that there is none yet.
 *
 * @tag khountous-report
 *
 * @csspart title - The report's title.
 * @csspart meta - Category, region, status, administration.
 * @csspart status - The status badge.
 * @csspart timeline - The dated timeline.
 * @csspart response - The official response, or the note that there is none.
 *
 * @cssprop [--khountous-color-accent=#006b3f] - Timeline marks and the response's rule.
 * @cssprop [--khountous-color-surface=#f3f5f7] - Background of the official response.
 *
 * @fires {KhountousLoadEvent<Report>} khountous-load - Data is shown; `detail` is the report.
 */
export class KhountousReport extends KhountousElement<ReportSelection, Report> {
  static override styles = [...KhountousElement.styles, reportStyles];

  static override widget = reportWidget;
  static override widgetName = widgetName;
  static override download = { title, words: [reportStrings, reportsStrings, reportValues] };
  static override properties = widgetProperties(reportWidget);

  protected renderContent(report: Report): TemplateResult {
    const lang = this.language;
    const t = this.strings(reportStrings).report;
    const sub = this.headingAt(1);
    const timeline = [...report.timeline].sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
    return html`<article>
      ${this.renderTitle(bdi(report.title))}
      <dl class="meta" part="meta">
        <div>
          <dt>${t.category}</dt>
          <dd>${this.strings(reportValues).categories[report.category] ?? report.category}</dd>
        </div>
        <div>
          <dt>${t.region}</dt>
          <dd>${regionName(report.region)}</dd>
        </div>
        <div>
          <dt>${t.status}</dt>
          <dd>
            <span class="status" part="status"
              >${this.strings(reportValues).statuses[report.status] ?? report.status}</span
            >
          </dd>
        </div>
        <div>
          <dt>${t.administration}</dt>
          <dd>${bdi(report.administration.name)}</dd>
        </div>
      </dl>
      <p class="description">${bdi(report.description)}</p>
      <p class="meta">
        <time datetime=${isoDate(report.submittedAt)}
          >${t.submitted(formatDate(lang, report.submittedAt))}</time
        >
      </p>
      <p class="subtitle" role="heading" aria-level=${sub}>${t.timeline}</p>
      <ol part="timeline">
        ${timeline.map(
          (event) =>
            html`<li>
              <time datetime=${isoDate(event.date)}>${formatDate(lang, event.date)}</time>
              ${bdi(event.label)}
            </li>`,
        )}
      </ol>
      <p class="subtitle" role="heading" aria-level=${sub}>${t.officialResponse}</p>
      ${
        report.officialResponse
          ? html`<blockquote part="response">
              <p>${bdi(report.officialResponse.text)}</p>
              <footer>
                ${bdi(report.officialResponse.author)} ·
                <time datetime=${isoDate(report.officialResponse.date)}
                  >${formatDate(lang, report.officialResponse.date)}</time
                >
              </footer>
            </blockquote>`
          : html`<p class="none" part="response">${t.noResponse}</p>`
      }
    </article>`;
  }
}

/** Its properties, one per input of its descriptor (Lit creates them from `properties`). */
export interface KhountousReport extends PropertiesOf<typeof reportWidget.inputs> {}
