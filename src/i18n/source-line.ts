/**
 * The source line under a widget's data, in French and English: the element's (i18n/common.ts)
 * and the script tag's text paint's (boot/paint.ts), which imports it alone.
 */
import type { Local } from './strings.js';

export const sourceLine: Local<(date: string) => string> = {
  fr: (date) => `Source\u202f: Khountous · données au ${date}`,
  en: (date) => `Source: Khountous · data as of ${date}`,
};
