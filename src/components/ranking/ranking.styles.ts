import { css } from 'lit';

export const rankingStyles = css`
  table {
    width: 100%;
    border-collapse: collapse;
    font-variant-numeric: tabular-nums;
  }
  caption {
    text-align: start;
    padding-block-end: 0.5em;
  }
  .title {
    margin: 0;
    font-weight: 700;
    font-size: 1.1em;
  }
  th,
  td {
    padding: 0.45em 0.4em;
    border-block-end: 1px solid var(--_border);
    text-align: start;
    vertical-align: middle;
  }
  /* A heading's words are never cut ("RÉ-PONSE"): its column is as wide as its longest word. */
  thead th {
    overflow-wrap: normal;
    hyphens: manual;
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
  /* A figure's heading may wrap: its column is as wide as its figures, not as its words in a row. */
  thead th.num {
    white-space: normal;
  }
  .rank {
    width: 2.5em;
    color: var(--_muted);
  }
  /* Under a column's name: the total ranked, the bars' scale. */
  thead .under {
    display: block;
    font-weight: 400;
    font-size: 0.8em;
    color: var(--_muted);
    white-space: nowrap;
  }
  /* The names take what the figures leave: a bar of 10em at most, the other figures as wide as they are. */
  .score {
    width: 10em;
  }
  .wide {
    width: 1%;
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
    /* Never narrower than a readable bar: an auto-sized column would squeeze it to a dot. */
    flex: 1 1 3em;
    min-width: 2.5em;
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
  /*
   * scale="fit": a stem and a dot on a thin line, not a bar, since the scale does not start at
   * 0 (a bar's length would be read as its value). The dot's centre is at the score.
   */
  .bar.dot {
    height: 2px;
    overflow: visible;
  }
  .bar.dot span {
    position: relative;
  }
  .bar.dot span::after {
    content: '';
    position: absolute;
    inset-inline-end: -0.35em;
    top: calc(50% - 0.35em);
    width: 0.7em;
    height: 0.7em;
    border-radius: 50%;
    background: inherit;
  }
  /* What "=" means, under a table with shared places. */
  .ties {
    margin: 0.4em 0 0;
    font-size: 0.8em;
    color: var(--_muted);
  }
  .name a {
    text-decoration: underline;
    text-underline-offset: 0.15em;
  }
  .sub {
    display: none;
    font-size: 0.8em;
    font-weight: 400;
    color: var(--_muted);
  }
  /* A figure with its column's heading, in the line's case ("taux de réponse 87 %"), never split. */
  .sub .figure {
    white-space: nowrap;
  }
  .sub .label {
    text-transform: lowercase;
  }
  @container (max-width: 34rem) {
    .wide {
      display: none;
    }
    .sub {
      display: block;
    }
    /* Narrow: the bar goes under the score, so that the names keep the width. */
    .score {
      width: 3.5em;
    }
    .score-cell {
      flex-direction: column;
      align-items: flex-end;
      gap: 0.3em;
    }
    .bar {
      flex: none;
      width: 3em;
    }
    thead th {
      letter-spacing: 0;
      text-transform: none;
    }
    /* The scale under the score's heading wraps rather than widen the table past its box. */
    thead .score .under {
      white-space: normal;
    }
  }
`;
