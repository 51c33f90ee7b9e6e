/**
 * Writes `react.d.ts` and `vue.d.ts` into `outDir` from the widgets' descriptors.
 * `typesImport`: where they import the package's declarations from, relative to
 * `outDir`, with its .js extension (default `./index.js`).
 */
export declare function writeFrameworkTypes(outDir: string, options?: { typesImport?: string }): void;
