import { html, nothing, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import type { Resource } from '../../core/loader/loader.js';
import { type ListEnvelope, type ReportListItem } from '../../core/types.js';
import { regionName } from '../../i18n/regions.js';
import { formatDate, isoDate } from '../../internal/format.js';
import type { Selection } from '../../internal/khountous-element.js';
import { fillTemplate, relFor } from '../../internal/links.js';
import { captionedListStyles, KhountousListElement } from '../../internal/list-element.js';
import { reportsPlan, type ReportsSelection } from './plan.js';
import { reportsStyles } from './reports.styles.js';
import { reportStrings } from '../../i18n/report.js';
import { reportsStrings } from '../../i18n/reports.js';

type Reports = ListEnvelope<ReportListItem>;

/**
 * The published citizen reports, newest first, with filters and pagination.
 *
 * The reports are a list (`ul`), not a table: each one is a small card whose
 * title runs over several lines and whose six facts wrap under it, which a
 * table of seven columns could not do in 280 px; every fact keeps a label for
 * screen readers in a `dl`.
 *
 * @summary Published citizen reports, with filters and pagination.
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

  protected static override readonly filterProperties = ['region', 'category', 'status', 'period'];

  /** Only reports located in this region (a region code such as `kolda`). */
  @property() region = '';

  /** Only reports of this category (e.g. `delay`, `corruption`). */
  @property() category = '';

  /** Only reports whose current status is this one (e.g. `answered`, `resolved`). */
  @property() status = '';

  /** Only reports submitted in this year (`2026`) or month (`2026-03`), UTC. */
  @property() period = '';

  /** Turns titles into links: `{slug}` is replaced by the report's slug, e.g. `/reports/{slug}`. */
  @property({ attribute: 'href-template' }) hrefTemplate = '';

  protected selection(base: Selection): ReportsSelection {
    return reportsPlan.select(this, this.read, base);
  }

  protected resource(selection: ReportsSelection): Resource {
    return reportsPlan.resource(selection);
  }

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
        ${href ? html`<a href=${href} rel=${relFor(href) ?? nothing}>${report.title}</a>` : report.title}
      </p>
      <dl>
        <div>
          <dt class="visually-hidden">${t.status}</dt>
          <dd>
            <span class="status" part="status"
              >${this.strings(reportStrings).statuses[report.status] ?? report.status}</span
            >
          </dd>
        </div>
        <div>
          <dt class="visually-hidden">${t.category}</dt>
          <dd>${this.strings(reportStrings).categories[report.category] ?? report.category}</dd>
        </div>
        <div>
          <dt class="visually-hidden">${t.region}</dt>
          <dd>${regionName(report.region)}</dd>
        </div>
        <div>
          <dt class="visually-hidden">${t.administration}</dt>
          <dd>${report.administration.name}</dd>
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
