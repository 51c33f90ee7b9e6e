/**
 * Scales of the kit's charts: the ticks of a value axis and the items of a long axis that
 * get a label. Pure functions, no DOM: any widget that draws values can use them.
 */

/** A multiple of a step, without the binary fraction's tail (0.30000000000000004 is 0.3). */
const exact = (value: number): number => Number(value.toPrecision(12));

/** How many steps niceTicks tries: a span needs three or four (1, 2, 5, then 10 times its power of ten). */
const MOST_TRIES = 12;

/**
 * The ticks of a value axis that starts at 0 (or below, for negative values) and reaches
 * `max` at least: 3 to 5 round values, 1, 2 or 5 times a power of ten apart (0, 20, 40, 60
 * for values up to 48); whole numbers only when `integers` (counts: 0, 1, 2, not 0, 0.5…).
 *
 * It returns for any finite numbers, in at most MOST_TRIES steps. Where round steps do not
 * exist in doubles (near ±Number.MAX_VALUE, whose round ticks would overflow; a span of a few
 * subnormal numbers, whose power of ten underflows to 0), the ticks are the two ends and a
 * third value: finite, ascending, and holding every value. The answers' check
 * (core/schemas.ts) refuses such values before a chart sees them.
 */
export function niceTicks(min: number, max: number, integers = false): number[] {
  const low = Math.min(0, min);
  const high = Math.max(0, max) > low ? Math.max(0, max) : low + 1;
  // A quarter of the span, each end divided first: the span of ±1e308 is no double.
  const raw = high / 4 - low / 4;
  // Whole steps start at 1, whatever the span.
  let power = integers && raw < 1 ? 1 : 10 ** Math.floor(Math.log10(raw));
  for (let tries = 0, factor = 0; tries < MOST_TRIES; tries += 1) {
    const candidate = [1, 2, 5][factor]! * power;
    factor = (factor + 1) % 3;
    if (factor === 0) power *= 10;
    if (!(candidate > 0 && Number.isFinite(candidate))) break;
    if (candidate < raw * 0.999999) continue;
    const step = integers ? Math.max(1, candidate) : candidate;
    let first = Math.floor(exact(low / step));
    let last = Math.ceil(exact(high / step));
    // A first or last tick short of the values by a rounding error: one step more.
    if (exact(first * step) > low) first -= 1;
    if (exact(last * step) < high) last += 1;
    if (last - first > 4) continue;
    // Never fewer than three: an axis of 0 and 1 alone says little.
    if (last - first < 2) last = first + 2;
    const ticks = Array.from({ length: last - first + 1 }, (_, index) => exact((first + index) * step));
    if (ticks.every(Number.isFinite)) return ticks;
    break;
  }
  return ends(low, high);
}

/**
 * The ticks of a span round steps cannot mark: its two ends and the middle, or past the
 * nonzero end when no double lies between them (0 and 5e-324).
 */
function ends(low: number, high: number): number[] {
  const middle = low / 2 + high / 2;
  if (middle > low && middle < high) return [low, middle, high];
  return high > 0 ? [low, high, high * 2] : [low * 2, low, high];
}

/**
 * At most `most` (2 or more) items of `count`, evenly spread, the first and the last always among them:
 * which of a long axis's items get a label (indices, ascending, no repeat).
 */
export function spread(count: number, most: number): number[] {
  if (count <= most) return Array.from({ length: count }, (_, index) => index);
  return Array.from({ length: most }, (_, index) => Math.round((index * (count - 1)) / (most - 1)));
}
