import { css } from 'lit';

export const datasetStyles = css`
  p {
    margin: 0;
  }
  .title {
    font-size: 1.15em;
    font-weight: 700;
    line-height: 1.3;
  }
  .description {
    margin-block-start: 0.35em;
  }
  .meta {
    display: flex;
    flex-wrap: wrap;
    gap: 0.2em 1.25em;
    margin-block-start: 0.5em;
    font-size: 0.85em;
    color: var(--_muted);
  }
  .downloads {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5em 0.75em;
    margin-block-start: 0.75em;
  }
  .downloads .label {
    font-weight: 600;
  }
  .downloads ul {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5em;
    list-style: none;
    margin: 0;
    padding: 0;
  }
  .downloads a {
    display: inline-flex;
    align-items: center;
    min-height: 2.25em;
    padding: 0.3em 0.85em;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) / 1.5);
    background: var(--_surface);
    font-weight: 600;
    text-decoration: none;
  }
  .downloads a:hover {
    text-decoration: underline;
  }
  .note {
    font-size: 0.9em;
    color: var(--_text);
    border-inline-start: 4px solid var(--_stale);
    padding-inline-start: 0.6em;
  }
  .preview-title {
    margin-block-start: 1em;
    font-weight: 600;
  }
  .scroll {
    margin-block-start: 0.4em;
    overflow-x: auto;
  }
  table {
    width: 100%;
    border-collapse: collapse;
    font-size: 0.85em;
    font-variant-numeric: tabular-nums;
    overflow-wrap: break-word;
  }
  th,
  td {
    padding: 0.35em 0.5em;
    border-block-end: 1px solid var(--_border);
    text-align: start;
    vertical-align: top;
  }
  thead th {
    background: var(--_surface);
    font-weight: 600;
    white-space: nowrap;
  }
  .number {
    text-align: end;
    white-space: nowrap;
  }
  .date,
  .token {
    white-space: nowrap;
  }
  td {
    overflow-wrap: normal;
  }
  /* The chart of a time series: its place, kept at its height while its code (chart.ts, with its styles) loads. */
  .chart {
    margin-block-start: 1em;
    min-height: 14.2em;
    font-size: 0.8em;
  }
  @container (min-width: 40rem) {
    table {
      font-size: 0.9em;
    }
    .chart {
      min-height: 17.2em;
    }
  }
`;
