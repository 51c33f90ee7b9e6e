import { LitElement } from 'lit';
import { states } from '../styles/states.styles.js';
import { tokens } from '../styles/tokens.styles.js';

/**
 * What a page styles on every element of the kit, and the styles behind it:
 * the custom properties of its design tokens (tokens.styles.ts), which restyle
 * every widget at once, and the parts of the frame and of the states every
 * element renders (khountous-element.ts, render-states.ts), which
 * states.styles.ts styles. The base element builds on it; an element adds its
 * own styles to these (`static styles = [...KhountousElement.styles, own]`).
 *
 * @csspart base - The widget's frame.
 * @csspart error - The error message and its retry button.
 * @csspart retry - The retry button.
 * @csspart empty - The message shown when there is nothing to show.
 * @csspart stale - The "data as of HH:MM" mark shown on stale data.
 *
 * @cssprop [--khountous-font-family=system-ui] - Font of the widget.
 * @cssprop [--khountous-font-size=1rem] - Base font size.
 * @cssprop [--khountous-color-text=#1d2327] - Text colour.
 * @cssprop [--khountous-color-muted=#55606b] - Secondary text colour.
 * @cssprop [--khountous-color-background=#ffffff] - Background.
 * @cssprop [--khountous-color-surface=#f3f5f7] - Background of bars and buttons.
 * @cssprop [--khountous-color-border=#d5dbe1] - Borders and rules.
 * @cssprop [--khountous-color-accent=#006b3f] - Links.
 * @cssprop [--khountous-color-bar=#00853f] - Score bars.
 * @cssprop [--khountous-color-error=#d5dbe1] - The rule beside an error or a spent quota; the border's colour.
 * @cssprop [--khountous-color-stale=#8a5a00] - The stale-data mark.
 * @cssprop [--khountous-color-focus=#1a5fb4] - Focus ring.
 * @cssprop [--khountous-color-better=#1f5fa0] - A value better than the country's, in its indicator's direction.
 * @cssprop [--khountous-color-worse=#a64b00] - A value worse than the country's.
 * @cssprop [--khountous-radius=0.5rem] - Corner radius.
 * @cssprop [--khountous-spacing=0.75rem] - Inner spacing.
 */
export abstract class KhountousStyledElement extends LitElement {
  static override styles = [tokens, states];
}
