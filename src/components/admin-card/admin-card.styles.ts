import { css } from 'lit';

export const adminCardStyles = css`
  .head {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-start;
    justify-content: space-between;
    gap: 0.75em;
  }
  .title {
    margin: 0;
    font-size: 1.2em;
    font-weight: 700;
    line-height: 1.25;
  }
  .tags {
    margin: 0.25em 0 0;
    color: var(--_muted);
    font-size: 0.85em;
  }
  .score {
    display: grid;
    justify-items: end;
    text-align: end;
  }
  .score-value {
    font-size: 2.2em;
    font-weight: 800;
    line-height: 1;
    color: var(--_accent);
  }
  .score-label {
    font-size: 0.8em;
    color: var(--_muted);
  }
  .description {
    margin: 0.75em 0 0;
  }
  .figures {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(9em, 1fr));
    gap: 0.5em;
    margin: 0.75em 0 0;
  }
  .figures div {
    background: var(--_surface);
    border-radius: calc(var(--_radius) / 1.5);
    padding: 0.5em 0.7em;
  }
  dt {
    font-size: 0.8em;
    color: var(--_muted);
  }
  dd {
    margin: 0;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
    /* Words stay whole ("classement"); only a word wider than its tile breaks. */
    overflow-wrap: break-word;
  }
  .subtitle {
    font-weight: 700;
    font-size: 0.95em;
    margin: 1em 0 0.4em;
  }
  .details {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 0.35em;
  }
  .details li {
    display: grid;
    grid-template-columns: minmax(8em, 1fr) 2fr 2.5em;
    align-items: center;
    gap: 0.5em;
    font-size: 0.9em;
  }
  .details .value {
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
  .bar {
    height: 0.5em;
    border-radius: 1em;
    background: var(--_surface);
    overflow: hidden;
  }
  .bar span {
    display: block;
    height: 100%;
    background: var(--_bar);
  }
  .updated {
    margin: 0.75em 0 0;
    font-size: 0.8em;
    color: var(--_muted);
  }
  .pending {
    margin-block-start: 0.75em;
  }
  .compact {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.25em 0.9em;
  }
  .compact .name {
    font-weight: 700;
    flex: 1 1 12em;
  }
  .compact .figure {
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
    color: var(--_muted);
  }
  .compact .figure strong {
    color: var(--_text);
  }
  @container (max-width: 24rem) {
    .score {
      justify-items: start;
      text-align: start;
    }
    .figures {
      grid-template-columns: repeat(auto-fit, minmax(7em, 1fr));
    }
    /* "1er sur 185" takes the whole row rather than breaking inside a word. */
    .figures .rank {
      grid-column: 1 / -1;
    }
    .details li {
      grid-template-columns: 1fr 2.5em;
    }
    .details .bar {
      display: none;
    }
  }
`;
