/**
 * The map itself, as Lit SVG templates: the regions' shapes, filled by their class, The Gambia
 * as neighbouring land, Dakar's inset, and the outlines of the region chosen and of the one
 * pointed at or focused, drawn above the others. Every text here comes from the element
 * (the API's names, the kit's strings), bound as text.
 */
import { nothing, svg, type SVGTemplateResult } from 'lit';
import type { RegionCode } from '../../core/types.js';
import { DAKAR_INSET, GAMBIA, REGIONS, type Shape } from './geometry.js';

/** What one region shows and how it is reached. */
export interface RegionView {
  /** Its name, as the API wrote it (isolated: i18n/bidi.ts): written on the map when it is wide enough. */
  readonly label: string;
  /** Its accessible name: its name and its value. */
  readonly name: string;
  /** Its colour's step, or null: no figure. */
  readonly step: number | null;
  /** The region the `region` attribute chose. */
  readonly chosen: boolean;
}

/** What the map reports: a region pointed at or focused, or left (null). */
export interface RegionEvents {
  readonly point: (code: RegionCode | null) => void;
  readonly focus: (code: RegionCode | null) => void;
}

const fillOf = (step: number | null) => (step === null ? 'area no-data' : `area step-${step}`);

/** A shape's path, and for Dakar its copy in the inset. */
const paths = (shape: Shape, className: string): SVGTemplateResult =>
  svg`<path class=${className} d=${shape.d}></path>${
    shape.code === 'dakar'
      ? svg`<path class=${className} d=${shape.d} transform=${DAKAR_INSET.transform}></path>`
      : nothing
  }`;

/** Dakar's inset: the box and the leader line to the region, under its magnified copy. */
function insetFrame(): SVGTemplateResult {
  const [x, y, width, height] = DAKAR_INSET.box;
  const [x1, y1, x2, y2] = DAKAR_INSET.leader;
  return svg`<rect class="inset" x=${x} y=${y} width=${width} height=${height}></rect>
    <line class="leader" x1=${x1} y1=${y1} x2=${x2} y2=${y2}></line>`;
}

/**
 * A click or a tap focuses the region (Firefox does not focus an SVG element on its own): its
 * value stays written under the map once a finger has left it.
 */
const focusOnClick = (event: Event) => (event.currentTarget as SVGGElement).focus();

/**
 * One region: named with its value, its inset inside it for Dakar (one target for both).
 * Focusable; in the Tab order only when it is `current` (a roving tabindex: the arrow keys
 * move between the regions, region-map.ts).
 */
function region(
  shape: Shape,
  view: RegionView | undefined,
  current: boolean,
  events: RegionEvents,
): SVGTemplateResult {
  // A region the answer does not hold (an API that answers part of the list): drawn, not reachable.
  if (!view) return svg`<g class="region absent" aria-hidden="true">${paths(shape, 'area no-data')}</g>`;
  const { code } = shape;
  return svg`<g
    class="region"
    tabindex=${current ? '0' : '-1'}
    role="img"
    data-code=${code}
    aria-label=${view.name}
    aria-current=${view.chosen ? 'true' : nothing}
    @focus=${() => events.focus(code)}
    @blur=${() => events.focus(null)}
    @click=${focusOnClick}
    @pointerenter=${() => events.point(code)}
    @pointerleave=${() => events.point(null)}
  >${code === 'dakar' ? insetFrame() : nothing}${paths(shape, fillOf(view.step))}</g>`;
}

/** The outline drawn above every region: `chosen`, `pointed` or `focused`. */
function outline(code: RegionCode | null, kind: string): SVGTemplateResult | typeof nothing {
  const shape = code && REGIONS.find((candidate) => candidate.code === code);
  return shape ? paths(shape, `outline ${kind}`) : nothing;
}

/** The hatching of a region without a figure: a line three tenths of its tile wide (region-map.styles.ts), inside the tile. */
const NO_DATA = svg`<defs>
  <pattern id="no-data" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
    <rect class="hatch-ground" width="10" height="10"></rect>
    <line class="hatch" x1="5" y1="0" x2="5" y2="10"></line>
  </pattern>
</defs>`;

/** The regions that can be reached, in the order of the arrow keys: reading order (geometry.ts). */
export const reachable = (views: ReadonlyMap<RegionCode, RegionView>): RegionCode[] =>
  REGIONS.filter((shape) => views.has(shape.code)).map((shape) => shape.code);

/** The shapes of the map, inside its <svg>; `current` is the region in the Tab order. */
export function mapShapes(
  views: ReadonlyMap<RegionCode, RegionView>,
  state: {
    chosen: RegionCode | null;
    pointed: RegionCode | null;
    focused: RegionCode | null;
    current: RegionCode | null;
  },
  gambia: string,
  events: RegionEvents,
): SVGTemplateResult {
  // The Gambia's land under the regions; the names above them (a name may run over an edge).
  return svg`${NO_DATA}
    <path class="gambia" aria-hidden="true" d=${GAMBIA.d}></path>
    ${REGIONS.map((shape) => region(shape, views.get(shape.code), shape.code === state.current, events))}
    <g class="names" aria-hidden="true">
      ${REGIONS.map((shape) => {
        const view = views.get(shape.code);
        if (!view) return nothing;
        // Dakar's in its inset (the region itself has no room for it), on the inset's ground.
        const [x, y] = shape.code === 'dakar' ? DAKAR_INSET.label : shape.label;
        const className =
          shape.code === 'dakar' ? 'inset-name' : view.step === null ? 'no-data' : `step-${view.step}`;
        return svg`<text class=${className} x=${x} y=${y}>${view.label}</text>`;
      })}
      <text class="gambia-name" x=${GAMBIA.label[0]} y=${GAMBIA.label[1]}>${gambia}</text>
    </g>
    <g class="outlines" aria-hidden="true">
      ${outline(state.chosen, 'chosen')}
      ${state.pointed !== state.focused ? outline(state.pointed, 'pointed') : nothing}
      ${outline(state.focused, 'focused-halo')} ${outline(state.focused, 'focused')}
    </g>`;
}
