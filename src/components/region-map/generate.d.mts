// Types of src/components/region-map/generate.mjs, for the tests that import it.
export const GEOMETRY_FILE: string;
export function geometrySource(): Promise<string>;
