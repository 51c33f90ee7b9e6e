/**
 * The package's typings as users get them: the packed tarball installed in a fresh
 * app (test/package/harness.ts) with React 19's and Vue 3's types. The fixture apps
 * of test/fixtures/types/ (every element used right; a wrong `lang`, `region` or
 * `level`, a missing `slug` or `dataset-id`) are checked with `tsc` and `vue-tsc`
 * under moduleResolution bundler, node16, nodenext and node10: the right app passes,
 * each mistake fails on its line and nowhere else.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { join } from 'node:path';
import ts from 'typescript';
import {
  assertExpected,
  checkReact,
  checkVue,
  MODULES,
  RESOLUTIONS,
  VITE_TEMPLATES,
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

/**
 * The kit's entry alone, as the README imports it (`import 'khountous-widgets/khountous.js'`),
 * in a plain TypeScript app (`npm create vite`'s vanilla-ts strictness): every tag is typed
 * in HTMLElementTagNameMap, so that querySelector and createElement give the element's class
 * with its properties; a property no element has fails on its line.
 */
const DOM_APP = {
  'src/main.ts': [
    "import 'khountous-widgets/khountous.js';",
    '',
    "const map = document.querySelector('khountous-region-map');",
    "if (map) map.indicator = 'responseRate';",
    "const ranking = document.createElement('khountous-ranking');",
    'ranking.limit = 5;',
    "const card = document.querySelector('khountous-admin-card');",
    'export const slug: string | undefined = card?.slug;',
    'export { ranking };',
    '',
  ].join('\n'),
  'src/wrong.ts': [
    "import 'khountous-widgets/khountous.js';",
    '',
    "const stats = document.querySelector('khountous-region-stats');",
    'export const wrong = stats?.nonexistent;',
    '',
  ].join('\n'),
};

describe('The kit entry alone types every tag (tsc over the packed package)', () => {
  for (const resolution of RESOLUTIONS) {
    it(`moduleResolution ${resolution}: querySelector gives the element, a made-up property fails on its line`, (t) => {
      if (skip) return t.skip(skip);
      const app = join(apps!.dir, `dom-${resolution}`);
      const options = { ...VITE_TEMPLATES.react.compilerOptions } as Record<string, unknown>;
      delete options.jsx;
      delete options.tsBuildInfoFile;
      const files = Object.keys(DOM_APP).map((file) => join(app, file));
      for (const [file, text] of Object.entries(DOM_APP)) {
        mkdirSync(join(app, file, '..'), { recursive: true });
        writeFileSync(join(app, file), text);
      }
      writeFileSync(join(app, 'package.json'), JSON.stringify({ name: `dom-${resolution}`, type: 'module' }));
      const { options: compilerOptions } = ts.convertCompilerOptionsFromJson(
        { ...options, types: [], ...MODULES[resolution] },
        app,
      );
      const program = ts.createProgram(files, compilerOptions);
      const errors = ts
        .getPreEmitDiagnostics(program)
        .filter((diagnostic) => diagnostic.file && files.includes(diagnostic.file.fileName))
        .map((diagnostic) => ({
          file: diagnostic.file!.fileName.slice(app.length + 1),
          line: diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1,
          code: diagnostic.code,
          message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
        }));
      assert.deepEqual(
        errors.filter((error) => error.file === 'src/main.ts'),
        [],
        'src/main.ts should type-check',
      );
      assert.deepEqual(
        errors.filter((error) => error.file === 'src/wrong.ts').map(({ line, code }) => ({ line, code })),
        [{ line: 4, code: 2339 }],
        'src/wrong.ts should fail on `stats?.nonexistent` only, with TS2339 (the property is not on KhountousRegionStats)',
      );
      assert.match(
        errors.find((error) => error.file === 'src/wrong.ts')?.message ?? '',
        /KhountousRegionStats/,
      );
    });
  }
});
