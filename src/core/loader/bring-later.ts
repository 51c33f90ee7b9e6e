/**
 * How a loader brings later.ts when no loader of the page has it yet: with
 * `import()`, so that the widgets' modules do not carry it. The script-tag
 * bundle (one file, which loads nothing else) resolves this module to
 * later.ts itself at build time (scripts/build.mjs), whose `bringLater` hands
 * over the module already there.
 */
export const bringLater = () => import('./later.js').then((module) => module.later);
