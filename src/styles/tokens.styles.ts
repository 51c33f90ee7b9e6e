import { css } from 'lit';

/**
 * Design tokens. Every public custom property (--khountous-*) has a default
 * here; the private ones (--_*) are what the components use. The host element
 * keeps its box even under hostile page CSS such as `* { all: unset }`:
 * !important inside :host outranks the page's declarations.
 */
export const tokens = css`
  :host {
    display: block !important;
    container-type: inline-size !important;
    box-sizing: border-box;
    min-width: 0;
  }
  :host([hidden]) {
    display: none !important;
  }
  /* Its box (widget/box.ts) while it shows anything but its data: the text around it stays put. */
  :host(:not([state='ready']):not([variant='inline'])) {
    min-height: calc(var(--khountous-box, 0) * var(--khountous-font-size, 1rem));
  }
  .root {
    --_font: var(
      --khountous-font-family,
      system-ui,
      -apple-system,
      'Segoe UI',
      Roboto,
      'Noto Sans',
      sans-serif
    );
    --_size: var(--khountous-font-size, 1rem);
    --_radius: var(--khountous-radius, 0.5rem);
    --_space: var(--khountous-spacing, 0.75rem);
    --_text: var(--khountous-color-text, light-dark(#1d2327, #e6e9ec));
    --_muted: var(--khountous-color-muted, light-dark(#55606b, #a9b3bd));
    --_bg: var(--khountous-color-background, light-dark(#ffffff, #16191c));
    --_surface: var(--khountous-color-surface, light-dark(#f3f5f7, #22272c));
    --_border: var(--khountous-color-border, light-dark(#d5dbe1, #3a424a));
    --_accent: var(--khountous-color-accent, light-dark(#006b3f, #5fd49a));
    --_bar: var(--khountous-color-bar, light-dark(#00853f, #3fbf7f));
    /* The rule beside an error or a spent quota: neutral, as the widget's border (a missing graphic is no alarm). */
    --_error: var(--khountous-color-error, var(--_border));
    --_stale: var(--khountous-color-stale, light-dark(#8a5a00, #f0b85a));
    --_focus: var(--khountous-color-focus, light-dark(#1a5fb4, #8ab4f8));
    /* Better or worse than the country, in the indicator's direction: blue and orange, told apart in colour-blind vision. */
    --_better: var(--khountous-color-better, light-dark(#1f5fa0, #7ab8f0));
    --_worse: var(--khountous-color-worse, light-dark(#a64b00, #f5a05a));
    all: initial;
    /* The scheme the page gives the element (inherited, as by the browser's form controls), or its theme. */
    color-scheme: inherit;
    display: block;
    box-sizing: border-box;
    font-family: var(--_font);
    font-size: var(--_size);
    line-height: 1.45;
    color: var(--_text);
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: var(--_space);
    text-align: start;
    overflow-wrap: anywhere;
  }
  :host([theme='light']) .root {
    color-scheme: light;
  }
  :host([theme='dark']) .root {
    color-scheme: dark;
  }
  /* Engines without light-dark() (before Safari 17.5, Firefox 120, Chrome 123): light, or dark when asked. */
  @supports not (color: light-dark(#000, #fff)) {
    .root {
      --_text: var(--khountous-color-text, #1d2327);
      --_muted: var(--khountous-color-muted, #55606b);
      --_bg: var(--khountous-color-background, #ffffff);
      --_surface: var(--khountous-color-surface, #f3f5f7);
      --_border: var(--khountous-color-border, #d5dbe1);
      --_accent: var(--khountous-color-accent, #006b3f);
      --_bar: var(--khountous-color-bar, #00853f);
      --_error: var(--khountous-color-error, var(--_border));
      --_stale: var(--khountous-color-stale, #8a5a00);
      --_focus: var(--khountous-color-focus, #1a5fb4);
      --_better: var(--khountous-color-better, #1f5fa0);
      --_worse: var(--khountous-color-worse, #a64b00);
    }
    :host([theme='dark']) .root {
      --_text: var(--khountous-color-text, #e6e9ec);
      --_muted: var(--khountous-color-muted, #a9b3bd);
      --_bg: var(--khountous-color-background, #16191c);
      --_surface: var(--khountous-color-surface, #22272c);
      --_border: var(--khountous-color-border, #3a424a);
      --_accent: var(--khountous-color-accent, #5fd49a);
      --_bar: var(--khountous-color-bar, #3fbf7f);
      --_error: var(--khountous-color-error, var(--_border));
      --_stale: var(--khountous-color-stale, #f0b85a);
      --_focus: var(--khountous-color-focus, #8ab4f8);
      --_better: var(--khountous-color-better, #7ab8f0);
      --_worse: var(--khountous-color-worse, #f5a05a);
    }
  }
  .root *,
  .root *::before,
  .root *::after {
    box-sizing: border-box;
  }
  :focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
  a {
    color: var(--_accent);
  }
  /* Hidden but read. Not for a <table>, which ignores height and overflow: hide a wrapper of it. */
  .visually-hidden {
    position: absolute !important;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    clip-path: inset(50%);
    white-space: nowrap;
    border: 0;
  }
  button {
    font: inherit;
    color: inherit;
    cursor: pointer;
    padding: 0.35em 0.9em;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) / 1.5);
    background: var(--_surface);
    min-height: 2.25em;
  }
  button:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
  /*
   * Forced colours (Windows high contrast): the browser replaces backgrounds with the
   * system's canvas, which would erase every bar. A bar's track gets a border and its
   * filled part (.bar > span) the text's system colour, as the reader's theme draws text.
   * A widget's other painted marks say the same in its own styles.
   */
  @media (forced-colors: active) {
    .bar {
      border: 1px solid CanvasText;
    }
    .bar > span {
      forced-color-adjust: none;
      background: CanvasText !important;
    }
  }
  /*
   * On paper: the light palette whatever the screen's (a dark surface is a page of ink), no
   * control (buttons, the pager), and bars and marks printed in their colours (browsers drop
   * backgrounds when printing unless told otherwise).
   */
  @media print {
    .root {
      color-scheme: light !important;
      print-color-adjust: exact;
      -webkit-print-color-adjust: exact;
      break-inside: avoid-page;
    }
    .root * {
      print-color-adjust: exact;
      -webkit-print-color-adjust: exact;
    }
    button,
    nav[part~='pagination'] {
      display: none !important;
    }
  }
`;
