import { css } from 'lit';

export const rankingStyles = css`
  table {
    width: 100%;
    border-collapse: collapse;
    font-variant-numeric: tabular-nums;
  }
  caption {
    text-align: start;
    font-weight: 700;
    font-size: 1.1em;
    padding-block-end: 0.5em;
  }
  th,
  td {
    padding: 0.45em 0.4em;
    border-block-end: 1px solid var(--_border);
    text-align: start;
    vertical-align: middle;
  }
  thead th {
    overflow-wrap: normal;
    hyphens: auto;
    font-size: 0.8em;
    color: var(--_muted);
    font-weight: 600;
    text-transform: uppercase;
    letter-spacing: 0.03em;
  }
  .num {
    text-align: end;
    white-space: nowrap;
  }
  .rank {
    width: 2.5em;
    color: var(--_muted);
  }
  .score {
    width: 30%;
  }
  .score-cell {
    display: flex;
    align-items: center;
    gap: 0.5em;
  }
  .score-value {
    min-width: 2ch;
    font-weight: 700;
    text-align: end;
  }
  .bar {
    flex: 1;
    height: 0.55em;
    border-radius: 1em;
    background: var(--_surface);
    overflow: hidden;
  }
  .bar span {
    display: block;
    height: 100%;
    border-radius: inherit;
    background: var(--_bar);
  }
  .name a {
    text-decoration: underline;
    text-underline-offset: 0.15em;
  }
  .sub {
    display: none;
    font-size: 0.8em;
    color: var(--_muted);
  }
  @container (max-width: 34rem) {
    .wide {
      display: none;
    }
    .sub {
      display: block;
    }
    .score {
      width: auto;
    }
    thead th {
      letter-spacing: 0;
      text-transform: none;
    }
  }
  @container (max-width: 22rem) {
    .bar {
      display: none;
    }
  }
`;
