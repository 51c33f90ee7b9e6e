import { html, nothing, type TemplateResult } from 'lit';
import { type ListEnvelope, type ReportListItem } from '../../core/types.js';
import { regionName } from '../../i18n/regions.js';
import { formatDate, isoDate } from '../../i18n/format.js';
import { bdi } from '../../element/bdi.js';
import { fillTemplate, relFor } from '../../element/links.js';
import { captionedListStyles, KhountousListElement, type ListSelection } from '../../element/list-element.js';
import { widgetProperties } from '../../element/properties.js';
import type { PropertiesOf, SelectionOf } from '../../widget/descriptor.js';
import { reports } from './widget.js';
import { name as widgetName, title } from './name.js';
import { reportsStyles } from './reports.styles.js';
import { reportValues } from '../../i18n/report-values.js';
import { reportStrings } from '../report/strings.js';
import { reportsStrings } from './strings.js';

type Reports = ListEnvelope<ReportListItem>;
type ReportsSelection = SelectionOf<typeof reports.inputs> & ListSelection;

/**
 * The published citizen reports, newest first, with filters and pagination.
 *
 * The reports are a list (`ul`), not a table: each one is a small card whose
 * title runs over several lines and whose six facts wrap under it, which a
 * table of seven columns could not do in 280 px; every fact keeps a label for
 * screen readers in a `dl`.
 *
 * @tag khountous-reports
 *
 * @csspart list - The list of reports.
 * @csspart item - One report.
 * @csspart title - A report's title (a link with `href-template`).
 * @csspart status - The status badge.
 * @csspart response - Whether the administration published an official response.
 * @csspart pagination - The previous/next controls.
 *
 * @cssprop [--khountous-color-accent=#006b3f] - Links and the mark of an official response.
 * @cssprop [--khountous-color-border=#d5dbe1] - Rules between reports and the status badge.
 *
 * @fires {KhountousLoadEvent<ListEnvelope<ReportListItem>>} khountous-load - Data is shown; `detail` is the list envelope.
 */
export class KhountousReports extends KhountousListElement<ReportsSelection, ReportListItem> {
  static override styles = [...KhountousListElement.styles, captionedListStyles, reportsStyles];

  static override widget = reports;
  static override widgetName = widgetName;
  static override download = { title, words: [reportStrings, reportsStrings, reportValues] };
  static override properties = widgetProperties(reports);

  protected renderContent(reports: Reports, selection: ReportsSelection): TemplateResult {
    const t = this.strings(reportsStrings).reports;
    return this.renderCaptionedList(reports, selection, t.caption, t.count, (report) =>
      this.renderReport(report),
    );
  }

  private renderReport(report: ReportListItem): TemplateResult {
    const t = this.strings(reportStrings).report;
    const href = this.hrefTemplate ? fillTemplate(this.hrefTemplate, { slug: report.slug }) : undefined;
    const answered = report.hasOfficialResponse;
    return html`<li part="item">
      <p class="title" part="title">
        ${href ? html`<a href=${href} rel=${relFor(href) ?? nothing}>${bdi(report.title)}</a>` : bdi(report.title)}
      </p>
      <dl>
        <div>
          <dt class="visually-hidden">${t.status}</dt>
          <dd>
            <span class="status" part="status"
              >${this.strings(reportValues).statuses[report.status] ?? report.status}</span
            >
          </dd>
        </div>
        <div>
          <dt class="visually-hidden">${t.category}</dt>
          <dd>${this.strings(reportValues).categories[report.category] ?? report.category}</dd>
        </div>
        <div>
          <dt class="visually-hidden">${t.region}</dt>
          <dd>${regionName(report.region)}</dd>
        </div>
        <div>
          <dt class="visually-hidden">${t.administration}</dt>
          <dd>${bdi(report.administration.name)}</dd>
        </div>
        <div>
          <dt class="visually-hidden">${this.strings(reportsStrings).reports.submitted}</dt>
          <dd>
            <time datetime=${isoDate(report.submittedAt)}
              >${formatDate(this.language, report.submittedAt)}</time
            >
          </dd>
        </div>
      </dl>
      <p class="response ${answered ? 'yes' : 'no'}" part="response">
        <span class="mark" aria-hidden="true"></span
        >${answered ? this.strings(reportsStrings).reports.hasResponse : this.strings(reportsStrings).reports.noResponse}
      </p>
    </li>`;
  }
}

/** Its properties, one per input of its descriptor (Lit creates them from `properties`). */
export interface KhountousReports extends PropertiesOf<typeof reports.inputs> {}
