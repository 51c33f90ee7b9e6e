import { css } from 'lit';

/**
 * The chart's styles (chart.ts), which come with its code: a dataset that is no series
 * never loads them. Its place (`.chart`: margin, height, font size) is in dataset.styles.ts.
 */
export const chartStyles = css`
  .chart {
    font-variant-numeric: tabular-nums;
  }
  .legend {
    display: flex;
    flex-wrap: wrap;
    gap: 0.2em 1.2em;
    margin: 0 0 0.6em;
    padding: 0;
    list-style: none;
  }
  .legend svg {
    width: 2.4em;
    height: 1.2em;
    margin-inline-end: 0.35em;
    vertical-align: middle;
    overflow: visible;
  }
  /* As wide as the element but for the values' labels, which it draws in its margin. */
  .graph {
    display: block;
    width: calc(100% - var(--_gutter, 3em));
    height: 12em;
    margin-inline-start: var(--_gutter, 3em);
    overflow: visible;
  }
  .s0 {
    --_series: var(--_accent);
  }
  .s1 {
    --_series: var(--_focus);
  }
  .s2 {
    --_series: var(--_stale);
  }
  .grid {
    stroke: var(--_border);
  }
  .zero {
    stroke: var(--_muted);
  }
  text {
    fill: var(--_muted);
  }
  .line,
  .point {
    fill: none;
    stroke: var(--_series);
    stroke-width: 2px;
    stroke-linejoin: round;
    vector-effect: non-scaling-stroke;
  }
  circle.point {
    fill: var(--_series);
  }
  /* A square: a stroke of no length, square-capped. */
  line.point {
    stroke-width: 7px;
    stroke-linecap: square;
  }
  circle.ring {
    fill: var(--_bg);
  }
  .more {
    display: none;
  }
  @container (min-width: 40rem) {
    .graph {
      height: 15em;
    }
    .more {
      display: inline;
    }
  }
  /* Forced colours: every series in the reader's text colour, told apart by its mark. */
  @media (forced-colors: active) {
    .chart svg {
      forced-color-adjust: none;
    }
    .chart {
      --_accent: CanvasText;
      --_focus: CanvasText;
      --_stale: CanvasText;
      --_bg: Canvas;
      --_muted: CanvasText;
      --_border: GrayText;
    }
  }
`;
