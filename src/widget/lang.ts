import { LANGS, type Lang } from '../core/types.js';

/** The language used when nothing on the page names a supported one. */
export const DEFAULT_LANG: Lang = 'fr';

/** `en`, `en-GB`, `EN` -> `en`; anything unsupported -> undefined. */
export function toSupportedLang(value: string | null | undefined): Lang | undefined {
  const primary = value?.trim().toLowerCase().split('-')[0];
  return (LANGS as readonly string[]).includes(primary ?? '') ? (primary as Lang) : undefined;
}

/**
 * The language of an element whose `lang` is `value`: that one (French when
 * unsupported), else the language it inherits.
 */
export function languageOf(value: string | null | undefined, inherited: () => Lang): Lang {
  return value ? (toSupportedLang(value) ?? DEFAULT_LANG) : inherited();
}

/**
 * The language of an element: its own `lang`, else the closest ancestor's
 * (crossing shadow roots), else the document's, else French. The first `lang`
 * found decides: an unsupported one (say `wo`) falls back to French rather than
 * to a language further up that the author did not choose for this place.
 */
export function resolveLang(element: Element): Lang {
  let node: Element | null = element;
  while (node) {
    const value = node.getAttribute('lang');
    if (value !== null && value.trim() !== '') return toSupportedLang(value) ?? DEFAULT_LANG;
    node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host as Element | undefined) ?? null;
  }
  return DEFAULT_LANG;
}
