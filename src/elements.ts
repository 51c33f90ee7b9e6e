/**
 * One loader per element of the kit, found by the build: every
 * `src/components/<name>/define.ts` registers `<khountous-<name>>` and becomes a
 * module of its own, loaded on demand (the autoloader, the embed page).
 */
import { tagFromModulePath, type ElementLoader } from './boot/autoload.js';

const modules = import.meta.glob('./components/*/define.ts');

export const elementLoaders: Readonly<Record<string, ElementLoader>> = Object.fromEntries(
  Object.entries(modules).flatMap(([path, load]) => {
    const tag = tagFromModulePath(path);
    return tag ? [[tag, load]] : [];
  }),
);
