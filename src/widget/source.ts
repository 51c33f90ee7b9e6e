/**
 * Where a widget's readers find the data's source: the platform's public site, which the
 * source line links to unless the site sets its own `source-href` (docs/api-assumptions.md).
 */
export const PLATFORM_SITE = 'https://khountous.sn';
