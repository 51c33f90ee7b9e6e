/**
 * <khountous-region-map>'s name, one owner for both forms: its title, as a block or a menu names it
 * (about.ts), and how a sentence names it, with its article (the element's loading, empty and
 * error states: i18n/common.ts).
 */
import type { WidgetName } from '../../i18n/common.js';
import type { Words } from '../../widget/about.js';

export const title: Words = { fr: 'Carte des régions', en: 'Regional map' };

export const name: WidgetName = { fr: 'la carte des régions', en: 'the regional map' };
