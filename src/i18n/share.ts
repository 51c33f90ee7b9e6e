import type { Local } from './strings.js';

/** What a widget's share button says (element/sharing.ts, loaded with the button). */
export interface ShareText {
  /** The button (`share`). */
  button: string;
  /** Said once the page's address is on the clipboard (no share sheet, or one refused). */
  copied: string;
  /** Before the address shown to copy by hand (no share sheet, no clipboard). */
  copy: string;
}

export const shareStrings: Local<{ share: ShareText }> = {
  fr: { share: { button: 'Partager', copied: 'Lien copié', copy: 'Copiez ce lien\u202f:' } },
  en: { share: { button: 'Share', copied: 'Link copied', copy: 'Copy this link:' } },
};
