/**
 * The package's typings as users get them: the packed tarball installed in a fresh
 * app (test/package/harness.ts) with React 19's and Vue 3's types. The fixture apps
 * of test/fixtures/types/ (every element used right; a wrong `lang`, `region` or
 * `level`, a missing `slug` or `dataset-id`) are checked with `tsc` and `vue-tsc`
 * under moduleResolution bundler, node16, nodenext and node10: the right app passes,
 * each mistake fails on its line and nowhere else.
 */
import { after, before, describe, it } from 'node:test';
import { join } from 'node:path';
import {
  assertExpected,
  checkReact,
  checkVue,
  RESOLUTIONS,
  writeApp,
  type Framework,
} from '../fixtures/types/check.js';
import { installApps, type Apps } from './harness.js';

let apps: Apps | undefined;
let skip: string | undefined;

before(() => {
  ({ apps, skip } = installApps());
});
after(() => apps?.remove());

for (const framework of ['react', 'vue'] as Framework[]) {
  describe(`${framework === 'react' ? 'React 19 (tsc)' : 'Vue 3 (vue-tsc)'} over the packed package`, () => {
    for (const resolution of RESOLUTIONS) {
      it(`moduleResolution ${resolution}: the right app passes, each mistake fails on its line`, (t) => {
        if (skip) return t.skip(skip);
        const app = join(apps!.dir, `${framework}-${resolution}`);
        writeApp(framework, resolution, app);
        const checked = framework === 'react' ? checkReact(app) : checkVue(app);
        assertExpected(framework, app, checked);
      });
    }
  });
}
