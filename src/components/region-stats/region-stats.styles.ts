import { css } from 'lit';

export const regionStatsStyles = css`
  .title {
    margin: 0 0 0.6em;
    font-weight: 700;
    font-size: 1.1em;
  }
  .chart {
    display: grid;
    gap: 0.33em 0.6em;
    font-size: 0.9em;
  }
  .row {
    display: grid;
    grid-template-columns: minmax(6.5em, 9em) 1fr minmax(3.5em, auto);
    align-items: center;
    gap: 0.6em;
  }
  /* The rows share the chart's columns, so every track starts and ends at the same place
     whatever the width of its value, and the country's line is one straight line. */
  @supports (grid-template-columns: subgrid) {
    .chart {
      grid-template-columns: minmax(6.5em, 9em) 1fr minmax(3.5em, auto);
    }
    .row {
      grid-column: 1 / -1;
      grid-template-columns: subgrid;
    }
  }
  .row.selected .label {
    font-weight: 700;
  }
  .bar {
    position: relative;
    height: 0.9em;
    border-radius: 0.25em;
    background: var(--_surface);
  }
  .bar .fill {
    display: block;
    height: 100%;
    border-radius: inherit;
    background: var(--_bar);
  }
  /* Better or worse than the country in the indicator's direction; about even: neutral. */
  .judged .better .fill,
  .key-better::before {
    background: var(--_better);
  }
  .judged .worse .fill,
  .key-worse::before {
    background: var(--_worse);
  }
  .judged .even .fill {
    background: var(--_muted);
  }
  /* The country's value: a line across every bar, and in the key. */
  .national-line,
  .key-line {
    position: absolute;
    inset-block: -0.2em;
    border-inline-start: 2px solid var(--_text);
  }
  .key {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.3em 0.9em;
    margin: -0.3em 0 0.6em;
    font-size: 0.8em;
    color: var(--_muted);
  }
  .key-line {
    position: static;
    display: inline-block;
    height: 1em;
    margin-inline-end: 0.4em;
    vertical-align: middle;
  }
  .key-better::before,
  .key-worse::before {
    content: '';
    display: inline-block;
    width: 0.8em;
    height: 0.8em;
    margin-inline-end: 0.3em;
    border-radius: 0.15em;
    vertical-align: -0.05em;
  }
  @media (forced-colors: active) {
    .national-line,
    .key-line {
      border-color: CanvasText;
    }
  }
  .value {
    text-align: end;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
  dl {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(10em, 1fr));
    gap: 0.5em;
    margin: 0;
  }
  dl div {
    background: var(--_surface);
    border-radius: calc(var(--_radius) / 1.5);
    padding: 0.5em 0.7em;
  }
  /* The indicator chosen: an accent at its start, not a ring that reads as a focused field. */
  dl div.highlight {
    border-inline-start: 0.25em solid var(--_bar);
  }
  .single {
    margin: 0;
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0 0.5em;
  }
  .single strong {
    font-size: 1.6em;
    font-variant-numeric: tabular-nums;
    color: var(--_text);
  }
  /* Better or worse than the country, in the indicator's direction (a long delay is not good). */
  .single strong.better {
    color: var(--_better);
  }
  .single strong.worse {
    color: var(--_worse);
  }
  .single span {
    color: var(--_muted);
  }
  dt {
    font-size: 0.8em;
    color: var(--_muted);
  }
  /* A figure never breaks between its digits (the root lets long words break anywhere). */
  dd,
  .value,
  .single strong {
    overflow-wrap: normal;
    white-space: nowrap;
  }
  dd {
    margin: 0;
    font-weight: 700;
    font-size: 1.15em;
    font-variant-numeric: tabular-nums;
  }
  @container (max-width: 22rem) {
    .row {
      grid-template-columns: 1fr auto;
    }
    .row .bar {
      grid-column: 1 / -1;
      grid-row: 2;
    }
  }
`;
