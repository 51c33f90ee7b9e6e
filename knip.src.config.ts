// knip's second run (`npm run lint`): the exports of the kit's code that only the tests use. The
// same entries as knip.config.ts without the tests, whose files are left out: an export of src/,
// scripts/ or demo/ that nothing but a test imports is reported. A seam a test legitimately needs is
// tagged `@internal` with its reason (knip leaves such exports alone here, with `--tags=-internal`).
import type { KnipConfig } from 'knip';
import base from './knip.config.js';

const config = base as KnipConfig & { entry: string[]; ignore: string[] };

// This file too: knip reads its own config file already.
const entry = config.entry.filter(
  (pattern) =>
    !pattern.startsWith('test/') && !['web-test-runner.config.mjs', 'knip.src.config.ts'].includes(pattern),
);

const srcOnly: KnipConfig = {
  ...config,
  entry,
  ignore: [...config.ignore, 'test/**', 'web-test-runner.config.mjs'],
};

export default srcOnly;
