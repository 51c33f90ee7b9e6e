import { css } from 'lit';

export const factChecksStyles = css`
  /* French guillemets take a narrow no-break space inside. */
  q:lang(fr) {
    quotes: '«\\202f' '\\202f»';
  }
  .root {
    --_true: var(--khountous-color-verdict-true, light-dark(#1b7a3a, #5fd49a));
    --_mostly-true: var(--khountous-color-verdict-mostly-true, light-dark(#2a6f62, #6fd3c0));
    --_misleading: var(--khountous-color-verdict-misleading, light-dark(#9a5200, #f0b85a));
    --_false: var(--khountous-color-verdict-false, light-dark(#b3261e, #ff8a80));
    --_unverifiable: var(--khountous-color-verdict-unverifiable, light-dark(#55606b, #a9b3bd));
  }
  @supports not (color: light-dark(#000, #fff)) {
    .root {
      --_true: var(--khountous-color-verdict-true, #1b7a3a);
      --_mostly-true: var(--khountous-color-verdict-mostly-true, #2a6f62);
      --_misleading: var(--khountous-color-verdict-misleading, #9a5200);
      --_false: var(--khountous-color-verdict-false, #b3261e);
      --_unverifiable: var(--khountous-color-verdict-unverifiable, #55606b);
    }
    :host([theme='dark']) .root {
      --_true: var(--khountous-color-verdict-true, #5fd49a);
      --_mostly-true: var(--khountous-color-verdict-mostly-true, #6fd3c0);
      --_misleading: var(--khountous-color-verdict-misleading, #f0b85a);
      --_false: var(--khountous-color-verdict-false, #ff8a80);
      --_unverifiable: var(--khountous-color-verdict-unverifiable, #a9b3bd);
    }
  }
  .caption {
    margin-block-end: 0.5em;
  }
  li[part~='item'] {
    display: grid;
    gap: 0.35em;
    padding: 0.7em 0 0.7em 0.8em;
    margin-block-end: 0.6em;
    border-inline-start: 4px solid var(--_verdict);
  }
  li[part~='item']:last-child {
    margin-block-end: 0;
  }
  li.verdict-unverifiable {
    --_verdict: var(--_unverifiable);
  }
  li.verdict-true {
    --_verdict: var(--_true);
  }
  li.verdict-mostly-true {
    --_verdict: var(--_mostly-true);
  }
  li.verdict-misleading {
    --_verdict: var(--_misleading);
  }
  li.verdict-false {
    --_verdict: var(--_false);
  }
  p {
    margin: 0;
  }
  svg {
    flex: none;
    width: 1.25em;
    height: 1.25em;
  }
  svg .fill {
    fill: currentColor;
  }
  svg .line {
    fill: none;
    stroke: currentColor;
    stroke-width: 2;
    stroke-linecap: round;
    stroke-linejoin: round;
  }
  svg .dashed {
    stroke-dasharray: 3 2.6;
  }
  svg .glyph {
    fill: none;
    stroke: var(--_bg);
    stroke-width: 2.4;
    stroke-linecap: round;
    stroke-linejoin: round;
  }
  .verdict {
    display: flex;
    align-items: center;
    gap: 0.4em;
    color: var(--_verdict);
    font-weight: 700;
    text-transform: uppercase;
    letter-spacing: 0.03em;
    font-size: 0.85em;
  }
  .claim {
    font-weight: 600;
    font-size: 1.05em;
    line-height: 1.35;
  }
  .summary {
    font-size: 0.95em;
  }
  .facts {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25em 1.25em;
    font-size: 0.85em;
    color: var(--_muted);
  }
  .evidence {
    display: inline-flex;
    align-items: center;
    gap: 0.35em;
    color: var(--_text);
  }
  .evidence svg {
    width: 1.1em;
    height: 1.1em;
  }
  .sources {
    display: flex;
    flex-wrap: wrap;
    gap: 0.2em 0.5em;
    font-size: 0.85em;
  }
  .sources-title {
    color: var(--_muted);
    font-weight: 600;
  }
  .sources ul {
    display: contents;
  }
  .sources li:not(:last-child)::after {
    content: ' ·';
    color: var(--_muted);
  }
  .url {
    color: var(--_muted);
  }
  @container (min-width: 40rem) {
    li[part~='item'] {
      grid-template-columns: 8.5em 1fr;
      column-gap: 1.25em;
    }
    li[part~='item'] > * {
      grid-column: 2;
    }
    li[part~='item'] > .verdict {
      grid-column: 1;
      grid-row: 1 / span 4;
      align-self: start;
    }
  }
`;
