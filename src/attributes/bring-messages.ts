/**
 * How the elements bring messages.ts (the sentences of attribute problems)
 * with the first problem: with `import()`, so that the widgets' modules do not
 * carry it. The script-tag bundle (one file, which loads nothing else) resolves
 * this module to messages.ts itself at build time (scripts/build.mjs), whose
 * `bringMessages` hands over the module already there.
 */
export const bringMessages = () => import('./messages.js');
