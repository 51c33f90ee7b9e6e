/** Registers <khountous-ranking>. */
import { defineElement } from '../../boot/define.js';
import { KhountousRanking } from './ranking.js';

export { KhountousRanking };

defineElement('khountous-ranking', KhountousRanking);

declare global {
  interface HTMLElementTagNameMap {
    'khountous-ranking': KhountousRanking;
  }
}
