/**
 * The early start as a module of its own, which the autoloader imports first:
 * starts the API requests of the kit's tags in `root` (early-start.ts).
 */
import { startLoads } from './internal/early-start.js';
import { plans } from './plans.js';

export const start = (root: ParentNode): number => startLoads(root, plans);
