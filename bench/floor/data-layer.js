// The data layer alone: the loader with its client, cache, budget, storage and
// response checks (src/core), as every element of the kit imports it, without
// Lit or any element.
import { getLoader } from '../../src/core/loader.ts';

export const loader = getLoader;
