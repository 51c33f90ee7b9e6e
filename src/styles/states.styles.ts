import { css } from 'lit';

/**
 * Loading skeleton, empty, error and stale marks shared by every element. Calm: a widget
 * that cannot show its data says so in the text's colours, beside the article it sits in,
 * not as an alarm; the error's rule is the neutral `--_error` (tokens.styles.ts).
 */
export const states = css`
  /*
   * The skeleton pulses in opacity, which browsers animate off the main thread: a widget
   * that waits below the fold (lazy) costs its page nothing per frame. A moving gradient
   * (background-position) was painted again at every frame, on screen or not.
   */
  .skeleton {
    display: grid;
    gap: 0.6em;
    animation: khountous-pulse 1.4s ease-in-out infinite;
  }
  .skeleton span {
    display: block;
    height: 0.9em;
    border-radius: 0.3em;
    background: var(--_border);
  }
  .skeleton span:nth-child(2n) {
    width: 80%;
  }
  .skeleton span:nth-child(3n) {
    width: 60%;
  }
  @keyframes khountous-pulse {
    50% {
      opacity: 0.45;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .skeleton {
      animation: none;
    }
  }
  .message {
    margin: 0;
    color: var(--_muted);
  }
  .error {
    display: grid;
    gap: 0.5em;
    justify-items: start;
    color: var(--_text);
    border-inline-start: 3px solid var(--_error);
    padding-inline-start: 0.75em;
  }
  .error strong {
    font-weight: 600;
  }
  .error p {
    margin: 0;
  }
  .stale {
    display: inline-block;
    margin-block-start: 0.5em;
    font-size: 0.8em;
    color: var(--_stale);
    border: 1px dashed currentColor;
    border-radius: 1em;
    padding: 0.05em 0.6em;
  }
  /* The source line's row, under the data, quiet, never in the way of it: the source, then "get the data". */
  .foot {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0 1em;
    margin: 0.75em 0 0;
    font-size: 0.75em;
    color: var(--_muted);
  }
  .source {
    margin: 0;
  }
  .stale + .foot {
    margin-block-start: 0.25em;
  }
  /* Its link (the editor's source-href, else the platform's site): the line's own colour. */
  .source a {
    color: inherit;
    text-underline-offset: 0.15em;
  }
  /* The editor's words: the subtitle under the title, the note under the graphic. */
  .editor-subtitle {
    margin: 0.15em 0 0.5em;
    color: var(--_muted);
  }
  .editor-note {
    margin: 0.75em 0 0;
    font-size: 0.85em;
  }
  .editor-note + .foot,
  .editor-note + .stale {
    margin-block-start: 0.35em;
  }
  @media print {
    /* On paper, the address the source line links to. */
    .source a[href]::after {
      content: ' (' attr(href) ')';
    }
  }
  /* Get the data: a toggle beside the source; open, its button and citation on a row of their own. */
  .get-data[open] {
    flex-basis: 100%;
  }
  .get-data > summary {
    inline-size: max-content;
    cursor: pointer;
    text-decoration: underline;
    text-underline-offset: 0.15em;
  }
  .get-data-body {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.25em 1em;
    margin-block-start: 0.25em;
  }
  /* The data's button, and the share button (element/sharing.ts: the rest of its styles). */
  .get-data .download,
  .share {
    font: inherit;
    color: inherit;
    background: none;
    border: 1px solid currentColor;
    border-radius: 0.25em;
    padding: 0.1em 0.5em;
    cursor: pointer;
  }
  .citation {
    margin: 0;
    user-select: text;
  }
  /* The file could not be made (an error's mark): said beside the button, which a reader presses again. */
  .get-data .error {
    flex-basis: 100%;
    margin: 0;
  }
  @media print {
    /* On paper, nothing to press: the source line says the date and the address already. */
    .get-data {
      display: none;
    }
  }
`;
