/**
 * A widget's picture drawn as SVG (ssr/image.ts gathers what it shows): a card as the widget
 * draws itself, in the kit's colours, its text as text, wrapped for the font it names.
 */
import { lightDarkColours, type PictureFigure } from '../widget/picture.js';
import type { Lang } from '../core/types.js';
import { tokens } from '../styles/tokens.styles.js';

/** The font the picture names, and whose files draw the PNG. */
export const IMAGE_FONT = 'DejaVu Sans';

/** Average advance of a character of the font, in ems (DejaVu Sans's Latin text): for wrapping. */
const ADVANCE = 0.6;

export type Palette = Record<'text' | 'muted' | 'bg' | 'surface' | 'border' | 'accent' | 'bar', string>;

/**
 * The kit's colours in `theme`, read from its design tokens (styles/tokens.styles.ts, the one
 * owner: `--_text: var(--khountous-color-text, light-dark(#1d2327, #e6e9ec))`), as written or as
 * the build minifies them (`--_bg:var(--khountous-color-background,light-dark(#fff,#16191c))`:
 * what the installed kit holds).
 */
export function paletteOf(theme: 'light' | 'dark'): Palette {
  const found = lightDarkColours(tokens.cssText, theme);
  const names: (keyof Palette)[] = ['text', 'muted', 'bg', 'surface', 'border', 'accent', 'bar'];
  const missing = names.filter((name) => !found[name]);
  if (missing.length) throw new Error(`the kit's tokens name no colour for ${missing.join(', ')}`);
  return found as Palette;
}

/** Text for XML: escaped, without the characters XML refuses, the bidi isolates left to the reader's engine. */
const xml = (text: string): string =>
  text
    // eslint-disable-next-line no-control-regex -- the characters XML 1.0 refuses, taken out of data
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff\u2066-\u2069]|[\ud800-\udfff]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** `text` in lines of at most `chars` characters, broken at spaces, at most `lines` of them (the last cut with …). */
function wrap(text: string, width: number, lines: number): string[] {
  const chars = Math.max(4, width);
  const out: string[] = [];
  let line = '';
  // Broken at spaces only: a no-break space (before a colon, in a figure) holds.
  for (const word of text.split(/[ \t\n\r]+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= chars) line = next;
    else {
      if (line) out.push(line);
      line = word;
    }
    while (line.length > chars) {
      out.push(line.slice(0, chars));
      line = line.slice(chars);
    }
  }
  if (line) out.push(line);
  if (out.length <= lines) return out;
  const kept = out.slice(0, lines);
  kept[lines - 1] = `${kept[lines - 1]!.slice(0, Math.max(1, chars - 1)).trimEnd()}…`;
  return kept;
}

/** One line of at most `chars` characters, cut with …. */
const cut = (text: string, chars: number): string => wrap(text, chars, 1)[0] ?? '';

/** A figure as drawn: its value, its label in the widget's words, its share of 100 as a bar. */
export interface Drawn {
  value: string;
  label?: string | undefined;
  share?: number | undefined;
}

export interface Drawing {
  width: number;
  colours: Palette;
  lang: Lang;
  title: string;
  subtitle: string | undefined;
  facts: Drawn[];
  paragraphs: string[];
  rows: { name: string; details: Drawn[] }[];
  places: string[] | undefined;
  ordered: boolean;
  note: string | undefined;
  source: string | undefined;
  href: string | undefined;
  /** The folder's drawing of the data (widget/picture.ts), under the title. */
  figure?: PictureFigure | undefined;
}

/** The SVG of a drawing: a card as the widget draws itself, its height that of its content. */
export function drawSvg(d: Drawing): string {
  const { width: w, colours: c } = d;
  const size = w < 480 ? 14 : w < 900 ? 16 : 20;
  const pad = Math.round(Math.min(40, Math.max(14, w * 0.04)));
  const inner = w - 2 * pad;
  const charsAt = (px: number, space = inner) => Math.max(4, Math.floor(space / (px * ADVANCE)));
  const out: string[] = [];
  const text: string[] = [];
  let y = pad;
  const line = (content: string, x: number, px: number, fill: string, extra = '') => {
    out.push(
      `<text x="${x}" y="${Math.round(y)}" font-size="${px}" fill="${fill}"${extra}>${xml(content)}</text>`,
    );
  };
  // Text wrapped at `px` to `lines` lines at most, each line 1.45 of its size below the last.
  const paragraph = (content: string, px: number, fill: string, lines: number) => {
    for (const part of wrap(content, charsAt(px), lines)) {
      y += px * 1.45;
      line(part, pad, px, fill);
    }
    text.push(content);
  };
  // The title, then the editor's subtitle.
  const titleSize = Math.round(size * 1.3);
  for (const part of wrap(d.title, charsAt(titleSize), 2)) {
    y += titleSize * 1.25;
    line(part, pad, titleSize, c.text, ' font-weight="bold"');
  }
  text.push(d.title);
  if (d.subtitle) paragraph(d.subtitle, size, c.muted, 2);
  y += size * 0.6;
  if (d.figure) {
    // At the picture's inner width, at most 760 px: a map as wide as a 1,200 px card would push its list out of a share's frame.
    const { width: fw, height: fh, body } = d.figure;
    const drawnWidth = Math.min(inner, 760);
    const drawnHeight = Math.round((drawnWidth * fh) / fw);
    out.push(
      `<svg x="${pad}" y="${Math.round(y)}" width="${drawnWidth}" height="${drawnHeight}" viewBox="0 0 ${fw} ${fh}" aria-hidden="true">${body}</svg>`,
    );
    y += drawnHeight + size * 0.6;
    // Its legend: a swatch, then its words, a line each.
    const swatch = { width: Math.round(size * 1.6), height: size };
    for (const { fill, label, end } of d.figure.legend ?? []) {
      y += size * 1.5;
      out.push(
        `<rect x="${pad}" y="${Math.round(y - size * 0.85)}" width="${swatch.width}" height="${swatch.height}" rx="2" fill="${xml(fill)}" stroke="${c.border}"/>`,
      );
      // The words at the end of the line, muted (the better end of a scale).
      const room = charsAt(size, inner - swatch.width - size / 2) - (end ? end.length + 2 : 0);
      line(cut(label, room), pad + swatch.width + size / 2, size, c.text);
      if (end) line(end, w - pad, size, c.muted, ' text-anchor="end"');
      text.push(end ? `${label} (${end})` : label);
    }
    if (d.figure.legend?.length) y += size * 0.6;
  }
  const bar = (share: number, top: number, height: number) => {
    out.push(
      `<rect x="${pad}" y="${Math.round(top)}" width="${inner}" height="${height}" rx="${height / 2}" fill="${c.surface}"/>`,
    );
    if (share > 0)
      out.push(
        `<rect x="${pad}" y="${Math.round(top)}" width="${Math.max(height, Math.round(inner * share))}" height="${height}" rx="${height / 2}" fill="${c.bar}"/>`,
      );
  };
  // The facts: a label and its value on a line, a bar under a score or a percentage.
  for (const fact of d.facts) {
    y += size * 1.6;
    const room = charsAt(size) - fact.value.length - 2;
    if (fact.label && room < 8) {
      // A value too long to share its line (a date in words, a name): its label, then the value under it.
      line(cut(fact.label, charsAt(size)), pad, size, c.muted);
      for (const part of wrap(fact.value, charsAt(size), 2)) {
        y += size * 1.35;
        line(part, pad, size, c.text, ' font-weight="bold"');
      }
    } else {
      if (fact.label) line(cut(fact.label, room), pad, size, c.muted);
      line(fact.value, w - pad, Math.round(size * 1.15), c.text, ' font-weight="bold" text-anchor="end"');
    }
    text.push(fact.label ? `${fact.label}: ${fact.value}` : fact.value);
    if (fact.share !== undefined) {
      bar(fact.share, y + size * 0.45, Math.max(4, Math.round(size * 0.4)));
      y += size * 0.7;
    }
  }
  // Paragraphs of its text.
  for (const content of d.paragraphs) {
    y += size * 0.5;
    paragraph(content, size, c.text, 6);
  }
  // The list: its place, the name (on two lines where it is long), the first detail at the end of its
  // first line; a bar for a score or a percentage.
  const placeWidth = d.ordered ? Math.round(size * 2.2) : 0;
  for (const [index, row] of d.rows.entries()) {
    y += size * 1.7;
    const [first, ...others] = row.details;
    const figureChars = first ? first.value.length + 2 : 0;
    const nameChars = charsAt(size, inner - placeWidth) - figureChars;
    if (d.ordered) line(d.places?.[index] ?? String(index + 1), pad, size, c.muted);
    // A name longer than its room goes on to a second line (a narrow picture), cut only after it.
    const [head, tail] = wrap(row.name, nameChars, 2);
    line(head ?? '', pad + placeWidth, size, c.text);
    if (first) line(first.value, w - pad, size, c.text, ' font-weight="bold" text-anchor="end"');
    if (tail) {
      y += size * 1.3;
      line(tail, pad + placeWidth, size, c.text);
    }
    const rest = others.map((figure) => figure.value).join(' · ');
    if (rest && w >= 480) {
      y += size * 1.3;
      line(
        cut(rest, charsAt(size * 0.85, inner - placeWidth)),
        pad + placeWidth,
        Math.round(size * 0.85),
        c.muted,
      );
    }
    text.push(
      [
        d.ordered ? (d.places?.[index] ?? String(index + 1)) : '',
        row.name,
        ...row.details.map((figure) => figure.value),
      ]
        .filter(Boolean)
        .join(' · '),
    );
    if (first?.share !== undefined) {
      bar(first.share, y + size * 0.45, Math.max(3, Math.round(size * 0.3)));
      y += size * 0.5;
    }
  }
  // The editor's note, the source line, the address of the live widget.
  const small = Math.round(size * 0.8);
  if (d.note) {
    y += size * 0.4;
    paragraph(d.note, small, c.muted, 3);
  }
  y += size * 0.5;
  if (d.source) {
    y += small * 1.5;
    line(cut(d.source, charsAt(small)), pad, small, c.muted);
    text.push(d.source);
  }
  if (d.href) {
    y += small * 1.5;
    const shown = cut(d.href.replace(/^https?:\/\//i, '').replace(/\/$/, ''), charsAt(small));
    out.push(
      `<a href="${xml(d.href)}"><text x="${pad}" y="${Math.round(y)}" font-size="${small}" fill="${c.accent}">${xml(shown)}</text></a>`,
    );
  }
  const height = Math.ceil(y + pad);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${height}" viewBox="0 0 ${w} ${height}" lang="${d.lang}" role="img" aria-labelledby="title desc" font-family="${IMAGE_FONT}, sans-serif">`,
    `<title id="title">${xml(d.title)}</title>`,
    `<desc id="desc">${xml(text.slice(1).join('\n'))}</desc>`,
    `<rect x="0.5" y="0.5" width="${w - 1}" height="${height - 1}" rx="8" fill="${c.bg}" stroke="${c.border}"/>`,
    ...out,
    '</svg>',
    '',
  ].join('\n');
}
