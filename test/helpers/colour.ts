/**
 * Colour distances for the tests of what a reader tells apart: sRGB colours as the browser
 * computes them (`rgb(…)`), in CIELAB (D65), their CIE76 distance (ΔE*ab, the Euclidean distance
 * in CIELAB), seen as they are, in grey (relative luminance), and under protanopia and
 * deuteranopia as Machado, Oliveira and Fernandes simulate them (2009, "A Physiologically-based
 * Model for Simulation of Color Vision Deficiency", IEEE TVCG 15(6), severity 1.0 matrices,
 * applied to linear RGB).
 */
type Rgb = readonly [number, number, number];

/** `rgb(r, g, b)` or `rgba(…)` as the browser writes a computed colour, in linear RGB (0-1). */
export function linearOf(css: string): Rgb {
  const parts = css.match(/[\d.]+/g);
  if (!parts || parts.length < 3) throw new Error(`not an rgb() colour: ${css}`);
  const [r, g, b] = parts.slice(0, 3).map((part) => {
    const c = Number(part) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return [r!, g!, b!];
}

/** Two colours mixed, `share` of the second (a pattern's mean colour), in linear RGB. */
export const mix = (a: Rgb, b: Rgb, share: number): Rgb =>
  [0, 1, 2].map((index) => a[index]! * (1 - share) + b[index]! * share) as unknown as Rgb;

const MACHADO: Record<'protanopia' | 'deuteranopia', readonly Rgb[]> = {
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
};

const clamp = (value: number) => Math.min(1, Math.max(0, value));
const times = (matrix: readonly Rgb[], [r, g, b]: Rgb): Rgb =>
  matrix.map((row) => clamp(row[0] * r + row[1] * g + row[2] * b)) as unknown as Rgb;
const luminance = ([r, g, b]: Rgb) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

/** How a colour is seen: as it is, in grey, under protanopia, under deuteranopia. */
export const VISIONS = {
  normal: (rgb: Rgb): Rgb => rgb,
  greyscale: (rgb: Rgb): Rgb => [luminance(rgb), luminance(rgb), luminance(rgb)],
  protanopia: (rgb: Rgb): Rgb => times(MACHADO.protanopia, rgb),
  deuteranopia: (rgb: Rgb): Rgb => times(MACHADO.deuteranopia, rgb),
} as const;

/** CIELAB (D65) of a linear RGB colour. */
export function lab([r, g, b]: Rgb): Rgb {
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** CIE76 ΔE*ab between two linear RGB colours. */
export const deltaE = (a: Rgb, b: Rgb): number => {
  const [p, q] = [lab(a), lab(b)];
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
};
