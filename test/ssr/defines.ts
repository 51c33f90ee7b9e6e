/**
 * Each element's module by tag, for the hydration tests to import once its server markup is
 * on the page (as a page's script comes after its HTML): every widget folder's define.ts,
 * found as the kit's npm build finds them (src/boot/autoload.ts `elementLoaders` over the
 * same glob). Lazy: the test file imports the hydrate support before anything imports Lit.
 */
import { elementLoaders } from '../../src/boot/autoload.js';

export const defines = elementLoaders(import.meta.glob('../../src/components/*/define.ts'));
