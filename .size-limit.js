// Size budgets of the built entries (gzip, each entry with every module it
// imports statically, Lit included), checked by `npx size-limit` after
// `npm run build`. The entries and their budgets live in scripts/build/size-entries.mjs,
// which `npm run build` also uses to print the figures; with them, each widget's share
// of the script tag's core against its allowance (coreShareEntries).
import { coreFigures, coreShareEntries, entries, sizeLimitChecks } from './scripts/build/size-entries.mjs';

export default sizeLimitChecks([...entries('dist'), ...coreShareEntries('dist', await coreFigures('dist'))]);
