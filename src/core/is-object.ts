/**
 * An object or an array: not null, not a primitive. Apart from the checker (check.ts, whose
 * `object` is built on it) so that what reads storage and sends the first requests (storage,
 * budget, the stored index) holds it without the checks of the answers, which come with the rest
 * of the loader.
 */
export const isObject = (input: unknown): input is Record<string, unknown> =>
  !!input && typeof input == 'object';
