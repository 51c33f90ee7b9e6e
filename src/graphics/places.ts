/**
 * Places in a ranking where scores can be equal: equal values share the place of the first of
 * them, and the next value takes its own position (standard competition ranking: 1, 2, 2, 4).
 * The one owner of that rule for the ranking's rows, its text paint and the reference API's
 * `rank` (the WordPress fallback's PHP reads the same places in the order the API gives).
 */
export interface Place {
  /** Its place, from `first`. */
  readonly place: number;
  /** Whether another value of the list shares it ("2 ex aequo"). */
  readonly shared: boolean;
}

/**
 * The places of `values`, ranked best first as the API gives them, the first at `first`
 * (a page after the first starts at its position: a tie with the previous page's last is not
 * known from one page, docs/api-assumptions.md).
 */
export function placesOf(values: readonly number[], first = 1): Place[] {
  let start = 0;
  return values.map((value, index) => {
    if (index > 0 && values[index - 1] !== value) start = index;
    return {
      place: first + start,
      shared: values[index - 1] === value || values[index + 1] === value,
    };
  });
}
