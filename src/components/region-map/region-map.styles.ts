import { css } from 'lit';

/**
 * The map's colours: ColorBrewer's YlGnBu (five classes, colour-blind safe, readable in grey)
 * from the worse end to the better, and Purples for an indicator without a better end, from
 * the lowest to the highest. On the dark theme the same colours in the other order: the
 * better (or highest) end is the one that stands out from the background, dark on light,
 * light on dark. The Gambia is neutral land; a region without a figure is hatched.
 */
export const regionMapStyles = css`
  .map-block {
    --_map-0: var(--khountous-map-color-1, light-dark(#ffffcc, #253494));
    --_map-1: var(--khountous-map-color-2, light-dark(#a1dab4, #2c7fb8));
    --_map-2: var(--khountous-map-color-3, #41b6c4);
    --_map-3: var(--khountous-map-color-4, light-dark(#2c7fb8, #a1dab4));
    --_map-4: var(--khountous-map-color-5, light-dark(#253494, #ffffcc));
    --_map-n0: var(--khountous-map-neutral-1, light-dark(#f2f0f7, #54278f));
    --_map-n1: var(--khountous-map-neutral-2, light-dark(#cbc9e2, #756bb1));
    --_map-n2: var(--khountous-map-neutral-3, #9e9ac8);
    --_map-n3: var(--khountous-map-neutral-4, light-dark(#756bb1, #cbc9e2));
    --_map-n4: var(--khountous-map-neutral-5, light-dark(#54278f, #f2f0f7));
    --_map-land: var(--khountous-map-land, light-dark(#d6d3cc, #4a4740));
    --_map-edge: light-dark(#7d8790, #8c959f);
    /* The ink of a name on the first two steps and on the last two. */
    --_ink-low: light-dark(#1d2327, #ffffff);
    --_ink-high: light-dark(#ffffff, #1d2327);
  }
  @supports not (color: light-dark(#000, #fff)) {
    .map-block {
      --_map-0: var(--khountous-map-color-1, #ffffcc);
      --_map-1: var(--khountous-map-color-2, #a1dab4);
      --_map-2: var(--khountous-map-color-3, #41b6c4);
      --_map-3: var(--khountous-map-color-4, #2c7fb8);
      --_map-4: var(--khountous-map-color-5, #253494);
      --_map-n0: var(--khountous-map-neutral-1, #f2f0f7);
      --_map-n1: var(--khountous-map-neutral-2, #cbc9e2);
      --_map-n2: var(--khountous-map-neutral-3, #9e9ac8);
      --_map-n3: var(--khountous-map-neutral-4, #756bb1);
      --_map-n4: var(--khountous-map-neutral-5, #54278f);
      --_map-land: var(--khountous-map-land, #d6d3cc);
      --_map-edge: #7d8790;
      --_ink-low: #1d2327;
      --_ink-high: #ffffff;
    }
    :host([theme='dark']) .map-block {
      --_map-0: var(--khountous-map-color-1, #253494);
      --_map-1: var(--khountous-map-color-2, #2c7fb8);
      --_map-3: var(--khountous-map-color-4, #a1dab4);
      --_map-4: var(--khountous-map-color-5, #ffffcc);
      --_map-n0: var(--khountous-map-neutral-1, #54278f);
      --_map-n1: var(--khountous-map-neutral-2, #756bb1);
      --_map-n3: var(--khountous-map-neutral-4, #cbc9e2);
      --_map-n4: var(--khountous-map-neutral-5, #f2f0f7);
      --_map-land: var(--khountous-map-land, #4a4740);
      --_map-edge: #8c959f;
      --_ink-low: #ffffff;
      --_ink-high: #1d2327;
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
    --_ink: var(--_ink-low);
  }
  .step-1 {
    --_fill: var(--_map-1);
    --_ink: var(--_ink-low);
  }
  .step-2 {
    --_fill: var(--_map-2);
    --_ink: #1d2327;
  }
  .step-3 {
    --_fill: var(--_map-3);
    --_ink: var(--_ink-high);
  }
  .step-4 {
    --_fill: var(--_map-4);
    --_ink: var(--_ink-high);
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
  .hatch {
    stroke: var(--_muted);
    stroke-width: 1.5;
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
  .swatch.no-data {
    background: repeating-linear-gradient(45deg, var(--_muted) 0 1px, var(--_surface) 1px 5px);
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
  /* Narrow: no name fits the Gambia's strip; the legend names it. */
  @container (max-width: 30rem) {
    .names .gambia-name {
      display: none;
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
