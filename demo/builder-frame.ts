/**
 * The builder's iframe format: the height its snippet writes is measured, not
 * guessed. The preview becomes the embed page itself (this demo's
 * embed.html) in an iframe as wide as the column the user picks, sized as the
 * snippet sizes it; its height is measured there (demo/embed-height.ts) and a
 * note beside the snippet says at which width, and what a narrower column does.
 */
import { FULL_GRAPHIC } from '../src/embed/overflow.js';
import type { HelpLang } from './builder-help.js';
import {
  COLUMN_WIDTHS,
  DEFAULT_COLUMN_WIDTH,
  frameHeight,
  followEmbedHeight,
  type EmbedMeasure,
} from './embed-height.js';
import { embedParams, frameTitle } from './snippets.js';

const TEXT = {
  fr: {
    width: 'Largeur de la colonne de votre page',
    px: (width: number) => `${width}\u00a0px`,
    measuring: (width: number) => `Mesure de la hauteur pour une colonne de ${width}\u00a0px…`,
    measured: (width: number, measured: number, written: number) =>
      `Hauteur mesurée dans ce navigateur pour une colonne de ${width}\u00a0px\u202f: ${measured}\u00a0px, ` +
      `écrite ${written}\u00a0px (une marge pour les polices d’autres navigateurs). ` +
      `Dans une colonne plus étroite, le widget est plus haut\u202f: embed-resize.js agrandit l’iframe\u202f; ` +
      `sans ce script, l’iframe montre en bas un lien «\u00a0${FULL_GRAPHIC.fr.text}\u00a0».`,
  },
  en: {
    width: 'Width of your page’s column',
    px: (width: number) => `${width} px`,
    measuring: (width: number) => `Measuring the height for a ${width} px column…`,
    measured: (width: number, measured: number, written: number) =>
      `Height measured in this browser for a ${width} px column: ${measured} px, ` +
      `written as ${written} px (room for other browsers’ fonts). ` +
      `In a narrower column the widget is taller: embed-resize.js grows the iframe; ` +
      `without that script, the iframe shows an “${FULL_GRAPHIC.en.text}” link at its bottom.`,
  },
} as const;

interface FrameFitElements {
  /** The builder's live preview of the element, hidden while the iframe is previewed. */
  preview: HTMLElement;
  /** Where the iframe is previewed. */
  framePreview: HTMLElement;
  /** The width field and the note (shown with the iframe format only). */
  box: HTMLElement;
  width: HTMLSelectElement;
  widthLabel: HTMLElement;
  note: HTMLElement;
}

/**
 * The iframe format's part of the builder. `changed` is called when a new
 * height is measured, for the snippet to follow.
 */
export function frameFit(elements: FrameFitElements, changed: () => void) {
  const { preview, framePreview, box, width, widthLabel, note } = elements;
  let lang: HelpLang = 'fr';
  let active = false;
  let key = '';
  let measure: EmbedMeasure | undefined;
  let frame: HTMLIFrameElement | undefined;
  let stop = () => {};

  const columnWidth = () => Number(width.value) || DEFAULT_COLUMN_WIDTH;

  const render = () => {
    const text = TEXT[lang];
    widthLabel.textContent = text.width;
    for (const option of width.options) option.textContent = text.px(Number(option.value));
    note.textContent = measure?.settled
      ? text.measured(columnWidth(), measure.height, frameHeight(measure.height))
      : text.measuring(columnWidth());
  };

  width.append(...COLUMN_WIDTHS.map((value) => new Option('', String(value))));
  width.value = String(DEFAULT_COLUMN_WIDTH);
  width.addEventListener('change', () => {
    measure = undefined;
    if (frame) frame.width = String(columnWidth());
    render();
    changed();
  });

  /** The embed page of the widget chosen, in an iframe as the snippet writes it (this demo's copy). */
  const show = (tag: string, attributes: readonly (readonly [string, string])[]) => {
    const next = JSON.stringify([tag, attributes]);
    if (next === key && frame) return;
    key = next;
    stop();
    measure = undefined;
    frame = document.createElement('iframe');
    frame.src = `./embed.html?${embedParams(tag, attributes)}`;
    frame.title = frameTitle(tag, attributes);
    frame.width = String(columnWidth());
    frame.height = String(frameHeight(0));
    stop = followEmbedHeight(frame, (measured) => {
      measure = measured;
      render();
      changed();
    });
    framePreview.replaceChildren(frame);
  };

  return {
    /**
     * Follows the builder: the format chosen (the iframe previewed only with
     * the iframe format) and the widget and attributes committed.
     */
    update(format: string, tag: string, attributes: readonly (readonly [string, string])[]) {
      active = format === 'iframe';
      box.hidden = !active;
      framePreview.hidden = !active;
      preview.hidden = active;
      if (active) show(tag, attributes);
      render();
    },
    /** The height measured and its column's width, once the widget has settled (for the snippet). */
    frame(): { width: number; height: number } | undefined {
      return active && measure?.settled
        ? { width: columnWidth(), height: frameHeight(measure.height) }
        : undefined;
    },
    setLanguage(next: HelpLang) {
      lang = next;
      render();
    },
  };
}
