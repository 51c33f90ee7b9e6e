import { html, nothing, type TemplateResult } from 'lit';
import {
  REGION_INDICATORS,
  type ListEnvelope,
  type RegionIndicatorKey,
  type RegionStats,
} from '../../core/types.js';
import { formatNumber } from '../../i18n/format.js';
import { bdi } from '../../element/bdi.js';
import { isolate } from '../../i18n/bidi.js';
import { KhountousElement } from '../../element/khountous-element.js';
import { widgetProperties } from '../../element/properties.js';
import type { PropertiesOf, SelectionOf } from '../../widget/descriptor.js';
import { styleProps } from '../../element/style-props.js';
import { regionStats } from './widget.js';
import { name as widgetName, title } from './name.js';
import { regionStatsStyles } from './region-stats.styles.js';
import { indicatorNames } from '../../i18n/indicator-names.js';
import { regionStatsStrings } from './strings.js';
import {
  BOUNDED,
  DIRECTION,
  formatIndicator,
  aboutEven,
  hasFigure,
  judge,
  nationalValue,
  partOf,
  type Part,
} from '../../graphics/indicators.js';
import { RegionTable, regionTableStyles } from '../../graphics/region-table.js';
import { inlineFigureStyles, renderInlineView, type Figure } from '../../graphics/inline-figure.js';
import type { StateView } from '../../element/state-view.js';

type Regions = ListEnvelope<RegionStats>;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
type RegionSelection = SelectionOf<typeof regionStats.inputs>;

/**
 * Indicators of Senegal's 14 regions: without `region`, a bar chart of all
 * regions for one indicator (values written out, with a table for screen
 * readers); with `region`, that region's indicators, or with
 * `variant="single"` only the `indicator` chosen (one figure, beside a text), or with
 * `variant="inline"` that figure inside a sentence (graphics/inline-figure.ts).
 *
 * @tag khountous-region-stats
 *
 * @csspart chart - The bar chart of all regions.
 * @csspart bar - One bar.
 * @csspart table - The table of values.
 * @csspart toggle - The button that shows or hides the table.
 * @csspart indicators - One region's indicators.
 * @csspart figure - The figure of `variant="inline"`, in the line of the text.
 * @csspart tooltip - Its tooltip: what it is, the country's value, the source.
 *
 * @cssprop [--khountous-color-bar=#00853f] - Bars.
 * @cssprop [--khountous-color-surface=#f3f5f7] - Bar tracks and figure tiles.
 *
 * @fires {KhountousLoadEvent<ListEnvelope<RegionStats>>} khountous-load - Data is shown; `detail` is the list of regions (or the one region).
 */
export class KhountousRegionStats extends KhountousElement<RegionSelection, Regions> {
  static override styles = [
    ...KhountousElement.styles,
    regionTableStyles,
    regionStatsStyles,
    inlineFigureStyles,
  ];

  static override widget = regionStats;
  static override widgetName = widgetName;
  static override download = { title, words: [regionStatsStrings, indicatorNames] };
  static override properties = widgetProperties(regionStats);

  /** The chart's table, and whether it is shown (for sighted readers too). */
  private readonly table = new RegionTable(this);

  /** Empty: no region at all, or not the one asked for. */
  protected override isEmpty(regions: Regions, selection: RegionSelection): boolean {
    return selection.region
      ? !regions.data.some((item) => item.code === selection.region)
      : regions.data.length === 0;
  }

  /** `variant="inline"`: one figure in the line of a text, in every state (graphics/inline-figure.ts). */
  protected override renderOwnView(view: StateView<RegionSelection, Regions>): TemplateResult | undefined {
    if (this.variant !== 'inline') return undefined;
    return renderInlineView(view, this.inlineHost(), (regions, selection) =>
      this.inlineFigure(regions, selection),
    );
  }

  /** The region's figure of the indicator, against the country's value; none without a region. */
  private inlineFigure(
    regions: Regions,
    { region: code, indicator: key }: RegionSelection,
  ): Figure | undefined {
    const region = regions.data.find((item) => item.code === code);
    if (!region || !hasFigure(region, key)) return undefined;
    const t = this.strings(regionStatsStrings).regions;
    const value = region.indicators[key];
    const national = nationalValue(regions.data, key);
    const judged = judge(region, key, national);
    const line = t.nationalLine(this.format(key, national), partOf(regions.data));
    // Higher or lower (the arrow) unless about even; better or worse (words, colour) where the indicator has a better way.
    return {
      value: this.format(key, value),
      compared: aboutEven(value, national)
        ? undefined
        : {
            arrow: value > national ? 'up' : 'down',
            judged:
              judged === 'even'
                ? undefined
                : { better: judged === 'better', words: judged === 'better' ? t.betterThan : t.worseThan },
          },
      about: [
        `${this.strings(indicatorNames).indicators[key]}, ${isolate(region.name)}`,
        judged === 'even'
          ? capitalised(line)
          : `${capitalised(judged === 'better' ? t.betterThan : t.worseThan)} (${line})`,
      ],
    };
  }

  protected renderContent(regions: Regions, selection: RegionSelection): TemplateResult {
    if (!selection.region) return this.renderChart(regions.data, selection.indicator);
    // isEmpty() said it is there.
    const region = regions.data.find((item) => item.code === selection.region)!;
    return selection.variant === 'single'
      ? this.renderSingle(
          region,
          selection.indicator,
          nationalValue(regions.data, selection.indicator),
          partOf(regions.data),
        )
      : this.renderRegion(region, selection.indicator);
  }

  /** An indicator's value in its format (graphics/indicators.ts; its format is the text paint's too). */
  private format(key: RegionIndicatorKey, value: number): string {
    return formatIndicator(this.language, key, value);
  }

  private renderChart(regions: RegionStats[], key: RegionIndicatorKey): TemplateResult {
    const label = this.strings(indicatorNames).indicators[key];
    const sorted = [...regions].sort((a, b) => b.indicators[key] - a.indicators[key]);
    const max = BOUNDED.includes(key) ? 100 : Math.max(...sorted.map((item) => item.indicators[key]), 1);
    const at = (value: number) => `${Math.min(100, Math.max(0, (value / max) * 100))}%`;
    const national = nationalValue(regions, key);
    const t = this.strings(regionStatsStrings).regions;
    // The country's value as a line across the bars, and which colour says better or worse.
    return html`<div class="chart-block">
      ${this.renderTitle(t.caption(label))}
      <p class="key">
        <span class="key-line" aria-hidden="true"></span
        >${t.nationalLine(this.format(key, national), partOf(regions))}${
          DIRECTION[key] === 0
            ? nothing
            : html` <span class="key-better">${t.better}</span> <span class="key-worse">${t.worse}</span>`
        }
      </p>
      <div class="chart ${DIRECTION[key] === 0 ? '' : 'judged'}" part="chart" aria-hidden="true">
        ${sorted.map((region) => {
          const value = region.indicators[key];
          return html`<div class="row">
            <span class="label">${bdi(region.name)}</span>
            <span class="bar ${judge(region, key, national)}" part="bar"
              ><span class="fill" ${styleProps({ width: at(value) })}></span
              ><span class="national-line" ${styleProps({ 'inset-inline-start': at(national) })}></span
            ></span>
            <span class="value">${this.format(key, value)}</span>
          </div>`;
        })}
      </div>
      ${this.table.render(
        { caption: t.caption(label), region: t.region, indicator: label, showTable: t.showTable },
        sorted.map((region) => ({ name: region.name, value: this.format(key, region.indicators[key]) })),
      )}
    </div>`;
  }

  /**
   * One indicator of one region, as a figure that sits in a text, with the country's value
   * beside it. Its colour says better or worse than the country in the indicator's
   * direction (the words say it too: the country's value is written).
   */
  private renderSingle(
    region: RegionStats,
    key: RegionIndicatorKey,
    national: number,
    part: Part | undefined,
  ): TemplateResult {
    const value = region.indicators[key];
    const t = this.strings(regionStatsStrings).regions;
    return html`${this.renderTitle(bdi(region.name))}
      <p class="single" part="indicators">
        <strong class=${judge(region, key, national)}>${this.format(key, value)}</strong>
        <span>${this.strings(indicatorNames).indicators[key]}</span>
        <span class="national">${t.national(this.format(key, national), part)}</span>
      </p>`;
  }

  private renderRegion(region: RegionStats, highlight: RegionIndicatorKey): TemplateResult {
    const lang = this.language;
    const t = this.strings(regionStatsStrings).regions;
    return html`${this.renderTitle(bdi(region.name))}
      <dl part="indicators">
        ${REGION_INDICATORS.map(
          (key) =>
            html`<div class=${key === highlight ? 'highlight' : ''}>
              <dt>${this.strings(indicatorNames).indicators[key]}</dt>
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

/** Its properties, one per input of its descriptor (Lit creates them from `properties`). */
export interface KhountousRegionStats extends PropertiesOf<typeof regionStats.inputs> {}
