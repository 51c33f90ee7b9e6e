/**
 * Scales of the kit's charts: the ticks of a value axis and the items of a long axis that
 * get a label. Pure functions, no DOM: any widget that draws values can use them.
 */

/** A multiple of a step, without the binary fraction's tail (0.30000000000000004 is 0.3). */
const exact = (value: number): number => Number(value.toPrecision(12));

/**
 * The ticks of a value axis that starts at 0 (or below, for negative values) and reaches
 * `max` at least: 3 to 5 round values, 1, 2 or 5 times a power of ten apart (0, 20, 40, 60
 * for values up to 48); whole numbers only when `integers` (counts: 0, 1, 2, not 0, 0.5…).
 */
export function niceTicks(min: number, max: number, integers = false): number[] {
  const low = Math.min(0, min);
  const high = Math.max(0, max) > low ? Math.max(0, max) : low + 1;
  const raw = (high - low) / 4;
  let power = 10 ** Math.floor(Math.log10(raw));
  for (let factor = 0; ; factor = (factor + 1) % 3, power *= factor === 0 ? 10 : 1) {
    const candidate = [1, 2, 5][factor]! * power;
    if (candidate < raw * 0.999999) continue;
    const step = integers ? Math.max(1, candidate) : candidate;
    const first = Math.floor(exact(low / step));
    let last = Math.ceil(exact(high / step));
    // A last tick short of the highest value by a rounding error: one step more.
    if (exact(last * step) < high) last += 1;
    if (last - first > 4) continue;
    // Never fewer than three: an axis of 0 and 1 alone says little.
    if (last - first < 2) last = first + 2;
    return Array.from({ length: last - first + 1 }, (_, index) => exact((first + index) * step));
  }
}

/**
 * At most `most` (2 or more) items of `count`, evenly spread, the first and the last always among them:
 * which of a long axis's items get a label (indices, ascending, no repeat).
 */
export function spread(count: number, most: number): number[] {
  if (count <= most) return Array.from({ length: count }, (_, index) => index);
  return Array.from({ length: most }, (_, index) => Math.round((index * (count - 1)) / (most - 1)));
}
