import { css } from 'lit';

/**
 * The map's colours (docs/graphics.md): ColorBrewer's YlGnBu, from the worse end to the better,
 * and Purples for an indicator without a better end, from the lowest to the highest, each
 * resampled at five lightnesses 13 apart (CIELAB L*), so that the classes stay apart in grey
 * and under colour-blindness; The Gambia (neighbouring land) and the hatching of a region
 * without a figure (its mean colour) at two lightnesses of their own, above the classes on the
 * light theme and below them on the dark one (test/components/region-map-colours.browser.test.ts).
 * The order is the same on both themes: the worse (or lowest) end is the lightest, the better
 * (or highest) the darkest; on the dark theme the ramp is lighter, apart from the background.
 * The lowest class is never the background's colour. The ink of a name is white on the dark classes.
 */
export const regionMapStyles = css`
  .map-block {
    --_map-0: var(--khountous-map-color-1, light-dark(#5fbfc0, #daf0b3));
    --_map-1: var(--khountous-map-color-2, light-dark(#2899c1, #92d4b9));
    --_map-2: var(--khountous-map-color-3, light-dark(#2371b1, #40b5c4));
    --_map-3: var(--khountous-map-color-4, light-dark(#26489e, #1e90bf));
    --_map-4: var(--khountous-map-color-5, light-dark(#172875, #236bae));
    --_map-n0: var(--khountous-map-neutral-1, light-dark(#aeadd3, #e8e7f2));
    --_map-n1: var(--khountous-map-neutral-2, light-dark(#8c88c0, #c4c4e0));
    --_map-n2: var(--khountous-map-neutral-3, light-dark(#7362ac, #a4a1cc));
    --_map-n3: var(--khountous-map-neutral-4, light-dark(#5e3997, #8380bc));
    --_map-n4: var(--khountous-map-neutral-5, light-dark(#430a81, #705ca9));
    --_map-land: var(--khountous-map-land, light-dark(#f7f6f2, #2e3033));
    --_map-hatch: light-dark(#55606b, #6b747d);
    --_map-edge: light-dark(#7d8790, #8c959f);
    /* The ink of a name on each step: dark on the light classes, white on the dark ones. */
    --_ink-2: light-dark(#ffffff, #1d2327);
    --_ink-3: light-dark(#ffffff, #1d2327);
  }
  @supports not (color: light-dark(#000, #fff)) {
    .map-block {
      --_map-0: var(--khountous-map-color-1, #5fbfc0);
      --_map-1: var(--khountous-map-color-2, #2899c1);
      --_map-2: var(--khountous-map-color-3, #2371b1);
      --_map-3: var(--khountous-map-color-4, #26489e);
      --_map-4: var(--khountous-map-color-5, #172875);
      --_map-n0: var(--khountous-map-neutral-1, #aeadd3);
      --_map-n1: var(--khountous-map-neutral-2, #8c88c0);
      --_map-n2: var(--khountous-map-neutral-3, #7362ac);
      --_map-n3: var(--khountous-map-neutral-4, #5e3997);
      --_map-n4: var(--khountous-map-neutral-5, #430a81);
      --_map-land: var(--khountous-map-land, #f7f6f2);
      --_map-hatch: #55606b;
      --_map-edge: #7d8790;
      --_ink-2: #ffffff;
      --_ink-3: #ffffff;
    }
    :host([theme='dark']) .map-block {
      --_map-0: var(--khountous-map-color-1, #daf0b3);
      --_map-1: var(--khountous-map-color-2, #92d4b9);
      --_map-2: var(--khountous-map-color-3, #40b5c4);
      --_map-3: var(--khountous-map-color-4, #1e90bf);
      --_map-4: var(--khountous-map-color-5, #236bae);
      --_map-n0: var(--khountous-map-neutral-1, #e8e7f2);
      --_map-n1: var(--khountous-map-neutral-2, #c4c4e0);
      --_map-n2: var(--khountous-map-neutral-3, #a4a1cc);
      --_map-n3: var(--khountous-map-neutral-4, #8380bc);
      --_map-n4: var(--khountous-map-neutral-5, #705ca9);
      --_map-land: var(--khountous-map-land, #2e3033);
      --_map-hatch: #6b747d;
      --_map-edge: #8c959f;
      --_ink-2: #1d2327;
      --_ink-3: #1d2327;
    }
  }
  .title {
    margin: 0 0 0.6em;
    font-weight: 700;
    font-size: 1.1em;
  }
  .layout {
    display: grid;
    gap: var(--_space);
    align-items: start;
  }
  svg {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 1000 / 741;
  }
  path {
    vector-effect: non-scaling-stroke;
    stroke-linejoin: round;
  }
  .area {
    stroke: var(--_map-edge);
    stroke-width: 0.75px;
  }
  /*
   * A class's colour, on the map (fill) and in the legend (background), and the ink of a
   * name written on it: white on the dark end, whichever theme puts it where.
   */
  .step-0 {
    --_fill: var(--_map-0);
    --_ink: #1d2327;
  }
  .step-1 {
    --_fill: var(--_map-1);
    --_ink: #1d2327;
  }
  .step-2 {
    --_fill: var(--_map-2);
    --_ink: var(--_ink-2);
  }
  .step-3 {
    --_fill: var(--_map-3);
    --_ink: var(--_ink-3);
  }
  .step-4 {
    --_fill: var(--_map-4);
    --_ink: #ffffff;
  }
  .neutral .step-0 {
    --_fill: var(--_map-n0);
  }
  .neutral .step-1 {
    --_fill: var(--_map-n1);
  }
  .neutral .step-2 {
    --_fill: var(--_map-n2);
  }
  .neutral .step-3 {
    --_fill: var(--_map-n3);
  }
  .neutral .step-4 {
    --_fill: var(--_map-n4);
  }
  .area {
    fill: var(--_fill);
  }
  .swatch {
    background: var(--_fill);
  }
  .area.no-data {
    fill: url(#no-data) var(--_surface);
  }
  .hatch-ground {
    fill: var(--_surface);
  }
  /* Three tenths of the tile (map-svg.ts): the hatching's mean colour is measured with it. */
  .hatch {
    stroke: var(--_map-hatch);
    stroke-width: 3;
  }
  .gambia {
    fill: var(--_map-land);
    stroke: var(--_map-edge);
    stroke-width: 0.75px;
  }
  /* A name keeps its region's colour around it where it runs over an edge. */
  .names text {
    fill: var(--_ink, var(--_text));
    font-size: 17px;
    text-anchor: middle;
    dominant-baseline: central;
    paint-order: stroke;
    stroke: var(--_fill, var(--_bg));
    stroke-width: 3px;
    stroke-linejoin: round;
    pointer-events: none;
    display: none;
  }
  .names .gambia-name {
    display: inline;
    font-size: 22px;
    font-style: italic;
    stroke: var(--_map-land);
  }
  .inset {
    fill: var(--_bg);
    stroke: var(--_border);
    stroke-width: 1.5px;
    vector-effect: non-scaling-stroke;
  }
  .leader {
    stroke: var(--_muted);
    stroke-width: 1px;
    stroke-dasharray: 3 3;
    vector-effect: non-scaling-stroke;
  }
  .region {
    cursor: default;
  }
  /* The focus is drawn by the region's outline above the others (.outline.focused). */
  .region:focus-visible,
  .region:focus {
    outline: none;
  }
  .outlines {
    pointer-events: none;
  }
  .outline {
    fill: none;
  }
  .outline.chosen {
    stroke: var(--_text);
    stroke-width: 2.5px;
  }
  .outline.pointed {
    stroke: var(--_text);
    stroke-width: 1.5px;
  }
  /* The focus ring on a halo of the background, which sets it apart from any fill. */
  .outline.focused-halo {
    stroke: var(--_bg);
    stroke-width: 6px;
  }
  .outline.focused {
    stroke: var(--_focus);
    stroke-width: 3px;
  }
  .readout {
    margin: 0.4em 0 0;
    min-height: 1.45em;
    font-size: 0.9em;
    font-variant-numeric: tabular-nums;
    color: var(--_muted);
  }
  /* How to reach a region, by the input at hand; not on paper, where nothing is pointed at. */
  .hint.coarse {
    display: none;
  }
  @media (pointer: coarse) {
    .hint.fine {
      display: none;
    }
    .hint.coarse {
      display: inline;
    }
  }
  @media print {
    .hint.fine,
    .hint.coarse {
      display: none;
    }
  }
  .legend ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 0.3em;
    font-size: 0.9em;
    font-variant-numeric: tabular-nums;
  }
  .legend li {
    display: flex;
    align-items: center;
    gap: 0.5em;
  }
  .swatch {
    flex: none;
    width: 1.6em;
    height: 1em;
    border: 1px solid var(--_map-edge);
    border-radius: 0.15em;
  }
  .swatch.land {
    background: var(--_map-land);
  }
  /* The neighbour's words may wrap on a phone ("Gambie (pays voisin)"), the classes' ranges never. */
  .swatch.land + .range {
    white-space: normal;
  }
  .swatch.no-data {
    background: repeating-linear-gradient(45deg, var(--_map-hatch) 0 1.5px, var(--_surface) 1.5px 5px);
  }
  .range {
    overflow-wrap: normal;
    white-space: nowrap;
  }
  .end {
    color: var(--_muted);
    font-size: 0.9em;
  }
  .national {
    margin: 0.6em 0 0;
    font-size: 0.9em;
  }
  /* The class of the country's value, marked in the legend with the sign its line begins with. */
  .mark {
    font-size: 0.85em;
    white-space: nowrap;
  }
  /* Wide: the legend beside the map, and the regions' names on it (its box, widget.ts, steps at the same 40rem). */
  @container (min-width: 40rem) {
    .layout {
      grid-template-columns: minmax(0, 46rem) minmax(11rem, max-content);
    }
    .legend {
      padding-block-start: 1em;
    }
    .names text {
      display: inline;
    }
  }
  /*
   * Narrow: no name fits on the map; the table, under it, names every region with its value,
   * the better first, for a reader with no pointer as for one with a finger.
   */
  @container (width < 40rem) {
    .table-wrap.visually-hidden {
      position: static !important;
      width: auto;
      height: auto;
      margin: 0;
      overflow: visible;
      clip: auto;
      clip-path: none;
      white-space: normal;
    }
    .toggle {
      display: none;
    }
  }
  /*
   * Narrow: the Gambia's name larger, so that at 320 px it reads (about 11 px) and the strip is
   * not taken for a region of the country; the legend names it too.
   */
  @container (max-width: 30rem) {
    .names .gambia-name {
      font-size: 46px;
      font-weight: 600;
      stroke-width: 6px;
    }
  }
  /*
   * Forced colours: the regions keep their colours, which the legend's swatches say; their
   * edges in the text's colour, the region chosen and the one focused in the highlight's,
   * The Gambia as the canvas. The table, the way to read every value, is shown.
   */
  @media (forced-colors: active) {
    svg,
    .swatch {
      forced-color-adjust: none;
    }
    .area,
    .gambia,
    .swatch {
      stroke: CanvasText;
      border-color: CanvasText;
    }
    .gambia,
    .inset,
    .hatch-ground {
      fill: Canvas;
    }
    .names text,
    .names .gambia-name {
      fill: CanvasText;
      stroke: Canvas;
    }
    .inset,
    .leader,
    .hatch,
    .outline.pointed {
      stroke: CanvasText;
    }
    .outline.chosen,
    .outline.focused {
      stroke: Highlight;
    }
    .outline.focused-halo {
      stroke: Canvas;
    }
  }
  /* On paper and in forced colours, the table is shown (values to read without a pointer), and its button would hide it. */
  @media print, (forced-colors: active) {
    /* The same as under a narrow map, above (an @container and an @media cannot share a block). */
    .table-wrap.visually-hidden {
      position: static !important;
      width: auto;
      height: auto;
      margin: 0;
      overflow: visible;
      clip: auto;
      clip-path: none;
      white-space: normal;
    }
    .toggle {
      display: none;
    }
  }
`;
