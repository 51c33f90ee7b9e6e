import { html, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import type { Resource } from '../../core/loader/loader.js';
import { type Report } from '../../core/types.js';
import { regionName } from '../../i18n/regions.js';
import { formatDate, isoDate } from '../../internal/format.js';
import { KhountousElement, type Selection } from '../../internal/khountous-element.js';
import { reportPlan, type ReportSelection } from './plan.js';
import { reportStyles } from './report.styles.js';
import { reportStrings } from '../../i18n/report.js';

/**
 * One published citizen report: title, category, region, status, the dated
 * timeline in order, and the official response or a clear note that there is none yet.
 *
 * @summary A citizen report with its timeline and the official response.
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

  /** The report's slug (required). */
  @property() slug = '';

  protected selection(base: Selection): ReportSelection {
    return reportPlan.select(this, this.read, base);
  }

  protected override identifiedBy(): [string, string] {
    return ['slug', this.slug];
  }

  protected resource(selection: ReportSelection): Resource {
    return reportPlan.resource(selection);
  }

  protected renderContent(report: Report): TemplateResult {
    const lang = this.language;
    const t = this.strings(reportStrings).report;
    const level = this.headingAt();
    const sub = this.headingAt(1);
    const timeline = [...report.timeline].sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
    return html`<article>
      <p class="title" part="title" role="heading" aria-level=${level}>${report.title}</p>
      <dl class="meta" part="meta">
        <div>
          <dt>${t.category}</dt>
          <dd>${this.strings(reportStrings).categories[report.category] ?? report.category}</dd>
        </div>
        <div>
          <dt>${t.region}</dt>
          <dd>${regionName(report.region)}</dd>
        </div>
        <div>
          <dt>${t.status}</dt>
          <dd>
            <span class="status" part="status"
              >${this.strings(reportStrings).statuses[report.status] ?? report.status}</span
            >
          </dd>
        </div>
        <div>
          <dt>${t.administration}</dt>
          <dd>${report.administration.name}</dd>
        </div>
      </dl>
      <p class="description">${report.description}</p>
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
              ${event.label}
            </li>`,
        )}
      </ol>
      <p class="subtitle" role="heading" aria-level=${sub}>${t.officialResponse}</p>
      ${
        report.officialResponse
          ? html`<blockquote part="response">
              <p>${report.officialResponse.text}</p>
              <footer>
                ${report.officialResponse.author} ·
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
