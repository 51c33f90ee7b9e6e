// The data layer alone: the loader with its HTTP layer, cache, budget, storage and
// response checks (src/core), as every element of the kit imports it, without
// Lit or any element. The one line that names the loader's module: when src/core
// is laid out anew, change it here (element-floor.js imports it from this file).
export { getLoader } from '../../src/core/loader/loader.ts';
