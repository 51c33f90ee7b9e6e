import { css } from 'lit';

export const reportsStyles = css`
  li {
    padding-block: 0.7em;
    border-block-end: 1px solid var(--_border);
  }
  li:last-child {
    border-block-end: none;
  }
  .title {
    margin: 0;
    font-weight: 600;
    line-height: 1.3;
  }
  .title a {
    text-decoration: underline;
    text-underline-offset: 0.15em;
  }
  dl {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25em 0.9em;
    margin: 0.4em 0 0;
    font-size: 0.875em;
    color: var(--_muted);
  }
  dd {
    margin: 0;
  }
  .status {
    display: inline-block;
    color: var(--_text);
    font-weight: 600;
    border: 1px solid var(--_border);
    border-radius: 1em;
    padding: 0 0.6em;
  }
  .response {
    display: flex;
    align-items: center;
    gap: 0.4em;
    margin: 0.35em 0 0;
    font-size: 0.875em;
  }
  .response.no {
    color: var(--_muted);
  }
  /* Shape as well as colour: a filled disc with a tick, or an empty ring. */
  .mark {
    flex: none;
    width: 0.9em;
    height: 0.9em;
    border-radius: 50%;
    border: 2px solid currentColor;
  }
  .response.yes .mark {
    border-color: var(--_accent);
    background: var(--_accent);
    position: relative;
  }
  .response.yes .mark::after {
    content: '';
    position: absolute;
    inset-inline-start: 0.22em;
    top: 0.06em;
    width: 0.18em;
    height: 0.38em;
    border: solid var(--_bg);
    border-width: 0 2px 2px 0;
    transform: rotate(45deg);
  }
  /* Forced colours erase backgrounds: the disc of an official response kept filled, its tick cut out. */
  @media (forced-colors: active) {
    .response.yes .mark {
      forced-color-adjust: none;
      border-color: CanvasText;
      background: CanvasText;
    }
    .response.yes .mark::after {
      border-color: Canvas;
    }
  }
  @container (min-width: 40rem) {
    li {
      display: grid;
      grid-template-columns: 1fr auto;
      column-gap: 1.5em;
    }
    .title,
    dl {
      grid-column: 1;
    }
    .response {
      grid-column: 2;
      grid-row: 1 / span 2;
      align-self: start;
      margin: 0;
    }
  }
`;
