/** Registers <khountous-reports>. */
import { defineElement } from '../../boot/define.js';
import { KhountousReports } from './reports.js';

export { KhountousReports };

defineElement('khountous-reports', KhountousReports);

declare global {
  interface HTMLElementTagNameMap {
    'khountous-reports': KhountousReports;
  }
}
