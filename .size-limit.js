// Size budgets of the built entries (gzip, each entry with every module it
// imports statically, Lit included), checked by `npx size-limit` after
// `npm run build`. The entries and their budgets live in scripts/build/size-entries.mjs,
// which `npm run build` also uses to print the figures.
import { entries } from './scripts/build/size-entries.mjs';

export default entries('dist')
  .filter((entry) => entry.budget)
  .map((entry) => ({
    name: entry.name,
    path: entry.files,
    limit: `${entry.budget} B`,
    gzip: true,
  }));
