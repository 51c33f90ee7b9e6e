import { html, nothing, type TemplateResult } from 'lit';
import type { ListEnvelope, RegionCode, RegionIndicatorKey, RegionStats } from '../../core/types.js';
import { KhountousElement } from '../../element/khountous-element.js';
import { widgetProperties } from '../../element/properties.js';
import type { PropertiesOf, SelectionOf } from '../../widget/descriptor.js';
import { isolate } from '../../i18n/bidi.js';
import { indicatorNames } from '../../i18n/indicator-names.js';
import {
  DIRECTION,
  formatIndicator,
  formatRange,
  hasFigure,
  nationalValue,
  partOf,
} from '../../graphics/indicators.js';
import { RegionTable, regionTableStyles } from '../../graphics/region-table.js';
import { regionMap } from './widget.js';
import { name as widgetName, title } from './name.js';
import { regionMapStyles } from './region-map.styles.js';
import { regionMapStrings, type RegionMapText } from './strings.js';
import { classify, type Classes } from './classes.js';
import { VIEW_BOX } from './geometry.js';
import { mapShapes, reachable, type RegionView } from './map-svg.js';

type Regions = ListEnvelope<RegionStats>;
type MapSelection = SelectionOf<typeof regionMap.inputs>;

/**
 * A map of Senegal's 14 regions, each coloured by its class of one indicator (at most five
 * classes of equal round width, or natural breaks with `classes="jenks"`: classes.ts; the
 * better end always the same colour, a long delay drawn as the worse end), with a legend of
 * the classes, the class of the country's value marked, and the country's value, and a table of the values. The map is one
 * stop of the Tab key: the arrow keys move between the regions (top to bottom, west to east;
 * Home and End, the first and the last; Dakar, small, is drawn again in an inset), Escape leaves
 * it. Each region is named with its value; pointed at, touched or focused, its name and value
 * are written under the map. Where the container is too narrow for the names on the map, the
 * table is shown under it: every region named with its value, the better first. `region`
 * outlines one region. The Gambia is drawn as neighbouring land. Made with Natural Earth
 * (data/geo/).
 *
 * @tag khountous-region-map
 *
 * @csspart map - The map (an SVG drawing).
 * @csspart readout - The line under the map: the region pointed at or focused, with its value, or how to reach one (not printed).
 * @csspart legend - The legend: the classes, the better end, the country's value.
 * @csspart table - The table of values (shown under a narrow map).
 * @csspart toggle - The button that shows or hides the table.
 *
 * @cssprop [--khountous-map-color-1=#5fbfc0] - The map's worse end, its lightest colour (#daf0b3 in the dark theme).
 * @cssprop [--khountous-map-color-2=#2899c1] - The map's second colour (#92d4b9 dark).
 * @cssprop [--khountous-map-color-3=#2371b1] - The map's middle colour (#40b5c4 dark).
 * @cssprop [--khountous-map-color-4=#26489e] - The map's fourth colour (#1e90bf dark).
 * @cssprop [--khountous-map-color-5=#172875] - The map's better end, its darkest colour (#236bae dark).
 * @cssprop [--khountous-map-neutral-1=#aeadd3] - The lowest colour of an indicator with no better end (#e8e7f2 dark).
 * @cssprop [--khountous-map-neutral-2=#8c88c0] - Its second (#c4c4e0 dark).
 * @cssprop [--khountous-map-neutral-3=#7362ac] - Its middle (#a4a1cc dark).
 * @cssprop [--khountous-map-neutral-4=#5e3997] - Its fourth (#8380bc dark).
 * @cssprop [--khountous-map-neutral-5=#430a81] - Its highest (#705ca9 dark).
 * @cssprop [--khountous-map-land=#f7f6f2] - The Gambia, neighbouring land (#2e3033 dark).
 *
 * @fires {KhountousLoadEvent<ListEnvelope<RegionStats>>} khountous-load - Data is shown; `detail` is the list of regions.
 */
export class KhountousRegionMap extends KhountousElement<MapSelection, Regions> {
  static override styles = [...KhountousElement.styles, regionTableStyles, regionMapStyles];

  static override widget = regionMap;
  static override widgetName = widgetName;
  static override download = { title, words: [regionMapStrings, indicatorNames] };
  static override properties = widgetProperties(regionMap);

  private readonly table = new RegionTable(this);
  /** The region under the pointer, and the one with the focus. */
  private pointed: RegionCode | null = null;
  private focused: RegionCode | null = null;
  /** The region in the Tab order (the last one focused): the map's one stop. */
  private current: RegionCode | null = null;

  protected override isEmpty(regions: Regions): boolean {
    return regions.data.length === 0;
  }

  /** A region's value in the indicator's format, or that it has none. */
  private valueText(region: RegionStats, key: RegionIndicatorKey, t: RegionMapText): string {
    return hasFigure(region, key) ? formatIndicator(this.language, key, region.indicators[key]) : t.noData;
  }

  protected renderContent(regions: Regions, selection: MapSelection): TemplateResult {
    const key = selection.indicator;
    const t = this.strings(regionMapStrings).regionMap;
    const label = this.strings(indicatorNames).indicators[key];
    const classes = classify(regions.data, key, selection.classes);
    const byCode = new Map(regions.data.map((region) => [region.code, region]));
    const chosen = selection.region && byCode.has(selection.region) ? selection.region : null;
    const views = new Map<RegionCode, RegionView>(
      regions.data.map((region) => [
        region.code,
        {
          label: isolate(region.name),
          name: t.named(isolate(region.name), this.valueText(region, key, t)),
          step: classes.steps.get(region.code) ?? null,
          chosen: region.code === chosen,
        },
      ]),
    );
    const active = this.pointed ?? this.focused ?? chosen;
    const shown = active ? views.get(active) : undefined;
    const update = (field: 'pointed' | 'focused') => (code: RegionCode | null) => {
      if (field === 'focused' && code) this.current = code;
      if (this[field] === code) return;
      this[field] = code;
      this.requestUpdate();
    };
    const order = reachable(views);
    const current = this.current && views.has(this.current) ? this.current : (chosen ?? order[0] ?? null);
    // The table: the better (or highest) first, the regions without a figure last.
    const sign = DIRECTION[key] === -1 ? -1 : 1;
    const rows = [...regions.data]
      .sort(
        (a, b) =>
          Number(hasFigure(b, key)) - Number(hasFigure(a, key)) ||
          sign * (b.indicators[key] - a.indicators[key]),
      )
      .map((region) => ({ name: region.name, value: this.valueText(region, key, t) }));
    return html`<div class="map-block ${DIRECTION[key] === 0 ? 'neutral' : 'directed'}">
      ${this.renderTitle(t.caption(label))}
      <div class="layout">
        <div class="map">
          <svg
            part="map"
            viewBox=${VIEW_BOX}
            role="group"
            aria-label=${t.map(label)}
            @keydown=${(event: KeyboardEvent) => this.onKey(event, order)}
          >
            ${mapShapes(views, { chosen, pointed: this.pointed, focused: this.focused, current }, t.gambia, {
              point: update('pointed'),
              focus: update('focused'),
            })}
          </svg>
          <p class="readout" part="readout" aria-hidden="true">
            ${
              shown
                ? shown.name
                : html`<span class="hint fine">${t.hint}</span
                    ><span class="hint coarse">${t.touchHint}</span>`
            }
          </p>
        </div>
        ${this.renderLegend(regions.data, key, classes, t)}
      </div>
      ${this.table.render({ caption: t.caption(label), region: t.region, indicator: label, showTable: t.showTable }, rows)}
    </div>`;
  }

  /**
   * The keys of the map, as the ARIA grid and listbox patterns have them: an arrow moves the
   * focus to the next region in `order` (right and down) or the previous (left and up), Home
   * and End to the first and the last; Escape leaves the map (the next Tab goes on past it).
   */
  private onKey(event: KeyboardEvent, order: readonly RegionCode[]): void {
    const from = (event.target as Element).closest<SVGGElement>('g.region');
    if (!from || event.altKey || event.ctrlKey || event.metaKey) return;
    const at = order.indexOf(from.dataset['code'] as RegionCode);
    const last = order.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: Math.min(last, at + 1),
      ArrowDown: Math.min(last, at + 1),
      ArrowLeft: Math.max(0, at - 1),
      ArrowUp: Math.max(0, at - 1),
      Home: 0,
      End: last,
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      from.blur();
      return;
    }
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    this.renderRoot.querySelector<SVGGElement>(`g.region[data-code="${order[to]}"]`)?.focus();
  }

  /** The classes, the better (or highest) first, with the words at the two ends; no data; the country's value. */
  private renderLegend(
    regions: readonly RegionStats[],
    key: RegionIndicatorKey,
    { classes, national, gap }: Classes,
    t: RegionMapText,
  ): TemplateResult {
    const format = (value: number) => formatIndicator(this.language, key, value);
    const [top, bottom] = DIRECTION[key] === 0 ? [t.highest, t.lowest] : [t.better, t.worse];
    const end = (index: number) =>
      classes.length < 2 ? nothing : index === 0 ? top : index === classes.length - 1 ? bottom : nothing;
    const part = partOf(regions);
    return html`<div class="legend" part="legend">
      <ul aria-label=${t.legend}>
        ${classes.map(
          (item, index) =>
            html`<li>
              <span class="swatch step-${item.step}"></span>
              <span class="range">${formatRange(this.language, key, item.min, item.max)}</span>
              <span class="end">${end(index)}</span>
              ${
                index === national
                  ? html`<span class="mark"><span aria-hidden="true">◆</span> ${t.nationalMark(part)}</span>`
                  : nothing
              }
            </li>`,
        )}
        ${
          gap
            ? html`<li>
                <span class="swatch no-data"></span>
                <span class="range">${t.noData}</span>
              </li>`
            : nothing
        }
        <li>
          <span class="swatch land"></span>
          <span class="range">${t.neighbour}</span>
        </li>
      </ul>
      <p class="national">
        <span class="mark-sign" aria-hidden="true">◆</span>
        ${t.national(format(nationalValue(regions, key)), part)}
      </p>
    </div>`;
  }
}

/** Its properties, one per input of its descriptor (Lit creates them from `properties`). */
export interface KhountousRegionMap extends PropertiesOf<typeof regionMap.inputs> {}
