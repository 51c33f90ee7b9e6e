/**
 * The embed page never clips its widget silently: an iframe keeps the height
 * its page's author wrote unless the host runs embed-resize.js, and a column
 * narrower than the one it was measured at makes the widget taller. While the
 * page's content is taller than its frame, a link fixed at the bottom of the
 * frame opens the same widget (this page's own address) in a new tab; it goes
 * away as soon as everything fits again (the frame grown by the resize script,
 * or the content shortened).
 */
import type { Lang } from '../core/types.js';

/** The link's words: what the builder quotes too (demo/builder-frame.ts). */
export const FULL_GRAPHIC = {
  fr: { text: 'Voir le graphique complet', newTab: '(s’ouvre dans un nouvel onglet)' },
  en: { text: 'Open the full graphic', newTab: '(opens in a new tab)' },
} as const;

/** The class of the link, styled by embed.css. */
const LINK_CLASS = 'full-graphic';

/**
 * Adds the link, hidden, after the page's content, and shows it whenever the
 * document is taller than the frame: checked when the content changes size
 * (ResizeObserver) and when the frame does (resize). Nothing in a page that is
 * not framed: it scrolls as any page does.
 */
export function watchOverflow(lang: Lang, theme: string | undefined): void {
  if (window.parent === window) return;
  const words = FULL_GRAPHIC[lang];
  const link = document.createElement('a');
  link.className = LINK_CLASS;
  link.href = location.href;
  link.target = '_blank';
  link.rel = 'noopener';
  link.lang = lang;
  if (theme) link.dataset.theme = theme;
  const hint = document.createElement('span');
  hint.className = 'visually-hidden';
  hint.textContent = ` ${words.newTab}`;
  const arrow = document.createElement('span');
  arrow.setAttribute('aria-hidden', 'true');
  arrow.textContent = ' ↗';
  link.append(words.text, hint, arrow);
  link.hidden = true;
  document.body.append(link);
  const check = () => {
    const root = document.documentElement;
    link.hidden = root.scrollHeight <= window.innerHeight;
  };
  new ResizeObserver(check).observe(document.documentElement);
  addEventListener('resize', check);
  check();
}
