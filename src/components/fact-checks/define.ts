/** Registers <khountous-fact-checks>. */
import { defineElement } from '../../boot/define.js';
import { KhountousFactChecks } from './fact-checks.js';

export { KhountousFactChecks };

defineElement('khountous-fact-checks', KhountousFactChecks);

declare global {
  interface HTMLElementTagNameMap {
    'khountous-fact-checks': KhountousFactChecks;
  }
}
