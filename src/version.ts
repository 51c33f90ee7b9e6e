/**
 * The kit's version, from package.json: the build and the dev servers replace
 * `__KHOUNTOUS_VERSION__` (Vite's and the test runner's `define`). Code run
 * without either (Node's test runner on the sources) sees `0.0.0-source`.
 */
declare const __KHOUNTOUS_VERSION__: string | undefined;

export const VERSION: string =
  typeof __KHOUNTOUS_VERSION__ === 'string' ? __KHOUNTOUS_VERSION__ : '0.0.0-source';
