/** Registers <khountous-admin-card>. */
import { defineElement } from '../../boot/define.js';
import { KhountousAdminCard } from './admin-card.js';

export { KhountousAdminCard };

defineElement('khountous-admin-card', KhountousAdminCard);

declare global {
  interface HTMLElementTagNameMap {
    'khountous-admin-card': KhountousAdminCard;
  }
}
