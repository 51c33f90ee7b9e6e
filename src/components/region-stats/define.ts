/** Registers <khountous-region-stats>. */
import { defineElement } from '../../internal/define.js';
import { KhountousRegionStats } from './region-stats.js';

export { KhountousRegionStats };

defineElement('khountous-region-stats', KhountousRegionStats);

declare global {
  interface HTMLElementTagNameMap {
    'khountous-region-stats': KhountousRegionStats;
  }
}
