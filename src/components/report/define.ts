/** Registers <khountous-report>. */
import { defineElement } from '../../boot/define.js';
import { KhountousReport } from './report.js';

export { KhountousReport };

defineElement('khountous-report', KhountousReport);

declare global {
  interface HTMLElementTagNameMap {
    'khountous-report': KhountousReport;
  }
}
