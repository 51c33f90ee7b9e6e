// The median every table of the bench reports: of the values given (undefined ones, a
// figure a view did not record, left out), undefined when there is none.
export const median = (values) => {
  const sorted = values.filter((value) => value !== undefined).sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
