/** Registers <khountous-region-stats>. */
import { defineElement } from '../../boot/define.js';
import { KhountousRegionStats } from './region-stats.js';

export { KhountousRegionStats };

defineElement('khountous-region-stats', KhountousRegionStats);

declare global {
  interface HTMLElementTagNameMap {
    'khountous-region-stats': KhountousRegionStats;
  }
}
