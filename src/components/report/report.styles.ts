import { css } from 'lit';

export const reportStyles = css`
  .title {
    margin: 0;
    font-size: 1.2em;
    font-weight: 700;
    line-height: 1.25;
  }
  .meta {
    display: flex;
    flex-wrap: wrap;
    gap: 0.35em 1.25em;
    margin: 0.6em 0 0;
    font-size: 0.9em;
  }
  .meta div {
    display: flex;
    gap: 0.35em;
  }
  /* A label keeps its words whole: a long value beside it wraps instead ("Adminis/tration" at 320 px). */
  dt {
    flex: none;
    color: var(--_muted);
  }
  dt::after {
    content: ':';
  }
  /* French puts a narrow no-break space (U+202F) before a colon: "Statut :". */
  [lang='fr'] dt::after {
    content: '\\202f:';
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
  .status {
    display: inline-block;
    border: 1px solid currentColor;
    border-radius: 1em;
    padding: 0 0.6em;
    font-size: 0.9em;
  }
  .description {
    margin: 0.75em 0 0;
  }
  .subtitle {
    font-weight: 700;
    font-size: 0.95em;
    margin: 1em 0 0.4em;
  }
  ol {
    list-style: none;
    margin: 0;
    padding: 0 0 0 1em;
    border-inline-start: 2px solid var(--_border);
  }
  li {
    position: relative;
    padding: 0 0 0.6em 0.5em;
  }
  li::before {
    content: '';
    position: absolute;
    inset-inline-start: calc(-1em - 6px);
    top: 0.4em;
    width: 10px;
    height: 10px;
    border-radius: 50%;
    background: var(--_accent);
  }
  /* Forced colours erase backgrounds: the timeline's dots kept in the text's system colour. */
  @media (forced-colors: active) {
    li::before {
      forced-color-adjust: none;
      background: CanvasText;
    }
  }
  time {
    display: block;
    font-size: 0.8em;
    color: var(--_muted);
  }
  blockquote {
    margin: 0;
    padding: 0.6em 0.8em;
    background: var(--_surface);
    border-radius: calc(var(--_radius) / 1.5);
    border-inline-start: 4px solid var(--_accent);
  }
  blockquote p {
    margin: 0;
  }
  blockquote footer {
    margin-block-start: 0.4em;
    font-size: 0.85em;
    color: var(--_muted);
  }
  blockquote footer time {
    display: inline;
    font-size: inherit;
  }
  .none {
    margin: 0;
    color: var(--_muted);
    font-style: italic;
  }
`;
