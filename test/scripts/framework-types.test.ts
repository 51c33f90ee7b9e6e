/**
 * scripts/generate/framework-types.mjs: the React 19 and Vue 3 typings it writes from the
 * widgets' descriptors type-check the fixture apps of test/fixtures/types/ as they
 * should (every element used right passes; a wrong `lang`, `region` or `level`, a
 * missing `slug` or `dataset-id` fails on its line), with `tsc` (the compiler API)
 * and `vue-tsc`, under moduleResolution bundler, node16, nodenext and node10. They
 * are written into a `khountous-widgets` package of a temporary node_modules, beside
 * the kit's declarations emitted from its sources, which they import by the path
 * they are given (`typesImport`).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import ts from 'typescript';
import { writeFrameworkTypes } from '../../scripts/generate/framework-types.mjs';
import { widgets } from '../../src/registry.js';
import {
  assertExpected,
  checkReact,
  checkVue,
  linkDependencies,
  RESOLUTIONS,
  writeApp,
} from '../fixtures/types/check.js';

const root = join(import.meta.dirname, '../..');
let dir = '';
let pkg = '';

/** The kit's declarations, as the repository's tsconfig makes them from src/index.ts, into `outDir`. */
function emitDeclarations(outDir: string): void {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) =>
        assert.fail(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')),
    },
  );
  assert.ok(config);
  const program = ts.createProgram([join(root, 'src/index.ts')], {
    ...config.options,
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    outDir,
    rootDir: join(root, 'src'),
    types: [],
  });
  // The kit's own errors are its own checks' to report (tsc --noEmit); the declarations must be there.
  assert.equal(program.emit().emitSkipped, false);
}

describe('React and Vue typings from the descriptors', () => {
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'khountous-framework-types-'));
    linkDependencies(dir);
    pkg = join(dir, 'node_modules/khountous-widgets');
    mkdirSync(pkg);
    emitDeclarations(join(pkg, 'types'));
    writeFrameworkTypes(pkg, { typesImport: './types/index.js' });
    writeFileSync(join(pkg, 'index.d.ts'), "export * from './types/index.js';\n");
    writeFileSync(
      join(pkg, 'package.json'),
      JSON.stringify({
        name: 'khountous-widgets',
        type: 'module',
        types: './index.d.ts',
        exports: {
          '.': { types: './index.d.ts' },
          './react': { types: './react.d.ts' },
          './vue': { types: './vue.d.ts' },
        },
      }),
    );
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('declares every widget, from the import path it is given', () => {
    for (const file of ['react.d.ts', 'vue.d.ts']) {
      const text = readFileSync(join(pkg, file), 'utf8');
      for (const widget of widgets)
        assert.match(text, new RegExp(`'${widget.tag}': `), `${file}: ${widget.tag}`);
      assert.match(text, /from '\.\/types\/index\.js';/, `${file} imports the kit's declarations`);
    }
  });

  it('refuses an import path that is not relative with its .js extension', () => {
    assert.throws(
      () => writeFrameworkTypes(join(dir, 'out'), { typesImport: 'khountous-widgets' }),
      /typesImport/,
    );
    assert.throws(() => writeFrameworkTypes(join(dir, 'out'), { typesImport: './index' }), /typesImport/);
  });

  for (const resolution of RESOLUTIONS) {
    it(`a React 19 app: tsc passes on every element used right and fails on each mistake (moduleResolution ${resolution})`, () => {
      const app = join(dir, `react-${resolution}`);
      writeApp('react', resolution, app);
      assertExpected('react', app, checkReact(app));
    });
  }

  for (const resolution of RESOLUTIONS) {
    it(`a Vue 3 app: vue-tsc passes on every element used right and fails on each mistake (moduleResolution ${resolution})`, () => {
      const app = join(dir, `vue-${resolution}`);
      writeApp('vue', resolution, app);
      assertExpected('vue', app, checkVue(app));
    });
  }
});
