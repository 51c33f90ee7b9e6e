import { html, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { Resource } from '../../core/loader/loader.js';
import {
  REGION_INDICATORS,
  type ListEnvelope,
  type RegionIndicatorKey,
  type RegionStats,
} from '../../core/types.js';
import { formatDays, formatNumber, formatPercent } from '../../internal/format.js';
import { KhountousElement, type Selection } from '../../internal/khountous-element.js';
import { styleProps } from '../../internal/style-props.js';
import { regionStatsPlan, type RegionSelection } from './plan.js';
import { regionStatsStyles } from './region-stats.styles.js';
import { regionStatsStrings } from '../../i18n/region-stats.js';

type Regions = ListEnvelope<RegionStats>;

/** Indicators on a 0-100 scale; the others are scaled to the largest value shown. */
const BOUNDED: readonly RegionIndicatorKey[] = ['averageScore', 'responseRate', 'resolutionRate'];

/**
 * Indicators of Senegal's 14 regions: without `region`, a bar chart of all
 * regions for one indicator (values written out, with a table for screen
 * readers); with `region`, that region's indicators, or with
 * `variant="single"` only the `indicator` chosen (one figure, to sit in a text).
 *
 * @summary Regional indicators: a chart of the 14 regions, or one region's figures.
 * @tag khountous-region-stats
 *
 * @csspart chart - The bar chart of all regions.
 * @csspart bar - One bar.
 * @csspart table - The table of values.
 * @csspart toggle - The button that shows or hides the table.
 * @csspart indicators - One region's indicators.
 *
 * @cssprop [--khountous-color-bar=#00853f] - Bars.
 * @cssprop [--khountous-color-surface=#f3f5f7] - Bar tracks and figure tiles.
 *
 * @fires {KhountousLoadEvent<ListEnvelope<RegionStats>>} khountous-load - Data is shown; `detail` is the list of regions (or the one region).
 */
export class KhountousRegionStats extends KhountousElement<RegionSelection, Regions> {
  static override styles = [...KhountousElement.styles, regionStatsStyles];

  /** One region's indicators (a region code such as `kolda`); all 14 regions when absent. */
  @property() region = '';

  /** The indicator charted: averageScore, responseRate, avgDelayDays, resolutionRate or reportsPer100k. */
  @property() indicator = 'averageScore';

  /** With `region`: `full` shows all its indicators, `single` only `indicator`, as one figure. */
  @property({ reflect: true }) variant = 'full';

  @state() private tableShown = false;

  protected selection(base: Selection): RegionSelection {
    return regionStatsPlan.select(this, this.read, base);
  }

  /** One request serves every form: the 14 regions come in one list. */
  protected resource(selection: RegionSelection): Resource {
    return regionStatsPlan.resource(selection);
  }

  protected override isEmpty(regions: Regions): boolean {
    return regions.data.length === 0;
  }

  protected renderContent(regions: Regions, selection: RegionSelection): TemplateResult {
    if (!selection.region) return this.renderChart(regions.data, selection.indicator);
    const region = regions.data.find((item) => item.code === selection.region);
    if (region && selection.single) return this.renderSingle(region, selection.indicator);
    return region
      ? this.renderRegion(region, selection.indicator)
      : html`<p class="message" part="empty">${this.t.empty}</p>`;
  }

  private format(key: RegionIndicatorKey, value: number): string {
    const lang = this.language;
    if (key === 'responseRate' || key === 'resolutionRate') return formatPercent(lang, value);
    if (key === 'avgDelayDays') return formatDays(lang, value);
    if (key === 'averageScore') return `${formatNumber(lang, value)}/100`;
    return formatNumber(lang, value, 1);
  }

  private renderChart(regions: RegionStats[], key: RegionIndicatorKey): TemplateResult {
    const label = this.strings(regionStatsStrings).indicators[key];
    const sorted = [...regions].sort((a, b) => b.indicators[key] - a.indicators[key]);
    const max = BOUNDED.includes(key) ? 100 : Math.max(...sorted.map((item) => item.indicators[key]), 1);
    const t = this.strings(regionStatsStrings).regions;
    return html`<div class="chart-block">
      <p class="title" role="heading" aria-level=${this.headingAt()}>${t.caption(label)}</p>
      <div class="chart" part="chart" aria-hidden="true">
        ${sorted.map((region) => {
          const value = region.indicators[key];
          const width = Math.min(100, Math.max(0, (value / max) * 100));
          return html`<div class="row">
            <span class="label">${region.name}</span>
            <span class="bar" part="bar"><span ${styleProps({ width: `${width}%` })}></span></span>
            <span class="value">${this.format(key, value)}</span>
          </div>`;
        })}
      </div>
      <!-- A table ignores the height and overflow of the hiding pattern: its wrapper is hidden. -->
      <div class=${this.tableShown ? '' : 'visually-hidden'}>
        <table part="table">
          <caption class="visually-hidden">
            ${t.caption(label)}
          </caption>
          <thead>
            <tr>
              <th scope="col">${t.region}</th>
              <th scope="col">${label}</th>
            </tr>
          </thead>
          <tbody>
            ${sorted.map(
              (region) =>
                html`<tr>
                  <th scope="row">${region.name}</th>
                  <td class="num">${this.format(key, region.indicators[key])}</td>
                </tr>`,
            )}
          </tbody>
        </table>
      </div>
      <button
        type="button"
        class="toggle"
        part="toggle"
        aria-expanded=${this.tableShown ? 'true' : 'false'}
        @click=${() => (this.tableShown = !this.tableShown)}
      >
        ${t.showTable}
      </button>
    </div>`;
  }

  /** One indicator of one region, as a figure that sits in a text. */
  private renderSingle(region: RegionStats, key: RegionIndicatorKey): TemplateResult {
    return html`<p class="title" role="heading" aria-level=${this.headingAt()}>${region.name}</p>
      <p class="single" part="indicators">
        <strong>${this.format(key, region.indicators[key])}</strong>
        <span>${this.strings(regionStatsStrings).indicators[key]}</span>
      </p>`;
  }

  private renderRegion(region: RegionStats, highlight: RegionIndicatorKey): TemplateResult {
    const lang = this.language;
    const t = this.strings(regionStatsStrings).regions;
    return html`<p class="title" role="heading" aria-level=${this.headingAt()}>${region.name}</p>
      <dl part="indicators">
        ${REGION_INDICATORS.map(
          (key) =>
            html`<div class=${key === highlight ? 'highlight' : ''}>
              <dt>${this.strings(regionStatsStrings).indicators[key]}</dt>
              <dd>${this.format(key, region.indicators[key])}</dd>
            </div>`,
        )}
        <div>
          <dt>${t.population}</dt>
          <dd>${formatNumber(lang, region.population)}</dd>
        </div>
        <div>
          <dt>${t.reports}</dt>
          <dd>${formatNumber(lang, region.reportCount)}</dd>
        </div>
        <div>
          <dt>${t.administrations}</dt>
          <dd>${formatNumber(lang, region.administrationCount)}</dd>
        </div>
      </dl>`;
  }
}
