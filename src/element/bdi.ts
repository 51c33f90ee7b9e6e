/**
 * A text from the API in an element's markup: in a `<bdi>`, balanced (i18n/bidi.ts), so that
 * its direction and its formatting characters stay inside it whatever is written beside it.
 */
import { html, type TemplateResult } from 'lit';
import { balanced } from '../i18n/bidi.js';

export const bdi = (text: string): TemplateResult => html`<bdi>${balanced(text)}</bdi>`;
