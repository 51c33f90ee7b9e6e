/** Registers <khountous-dataset>. */
import { defineElement } from '../../boot/define.js';
import { KhountousDataset } from './dataset.js';

export { KhountousDataset };

defineElement('khountous-dataset', KhountousDataset);

declare global {
  interface HTMLElementTagNameMap {
    'khountous-dataset': KhountousDataset;
  }
}
