/** Registers <khountous-region-map>. */
import { defineElement } from '../../boot/define.js';
import { KhountousRegionMap } from './region-map.js';

export { KhountousRegionMap };

defineElement('khountous-region-map', KhountousRegionMap);

declare global {
  interface HTMLElementTagNameMap {
    'khountous-region-map': KhountousRegionMap;
  }
}
