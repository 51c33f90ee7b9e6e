/**
 * The built package (dist/, from `npm run build`; scripts/test.mjs builds it
 * first): every element has its module and declarations, the script-tag
 * bundle starts the loads then registers every element in production Lit, the
 * package.json fields point at files that exist, integrity.json is right.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseAst } from 'vite';

const root = join(import.meta.dirname, '../..');
const dist = join(root, 'dist');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  version: string;
  main: string;
  types: string;
  customElements: string;
  exports: Record<string, string | Record<string, string>>;
  sideEffects: string[];
  files: string[];
};
const read = (path: string) => readFileSync(join(dist, path), 'utf8');
const components = readdirSync(join(root, 'src/components')).filter((name) =>
  existsSync(join(root, 'src/components', name, 'define.ts')),
);

/** Static import sources of a built module. */
function importsOf(code: string): string[] {
  const sources: string[] = [];
  for (const node of parseAst(code).body) {
    if (node.type === 'ImportDeclaration' || node.type === 'ExportAllDeclaration') {
      sources.push(String(node.source.value));
    } else if (node.type === 'ExportNamedDeclaration' && node.source) {
      sources.push(String(node.source.value));
    }
  }
  return sources;
}

describe('dist/', () => {
  it('was built', () => {
    assert.ok(existsSync(join(dist, 'khountous.js')), 'run `npm run build` first');
  });

  it('has a module and declarations for every src/components/<name>/define.ts', () => {
    assert.ok(components.length >= 4);
    for (const name of components) {
      assert.ok(existsSync(join(dist, `elements/khountous-${name}.js`)), name);
      const types = read(`elements/khountous-${name}.d.ts`);
      const target = /from '(.+)'/.exec(types)![1]!.replace(/\.js$/, '.d.ts');
      assert.ok(existsSync(join(dist, 'elements', target)), `${name}: ${target}`);
    }
  });

  it('khountous.js starts the loads, then imports every element from one file that imports only khountous.js', () => {
    const code = read('khountous.js');
    assert.deepEqual(importsOf(code), [], 'no static import: nothing to fetch before the early start');
    const kits = [...code.matchAll(/\bimport\(\s*[`'"](\.\/chunks\/kit-[\w-]+\.js)[`'"]\s*\)/g)].map((m) => m[1]!);
    assert.equal(kits.length, 1, 'one import() of the elements’ file');
    assert.equal(code.match(/\bimport\(/g)?.length, 1, 'no other dynamic import');
    assert.doesNotMatch(code, /customElements\.define\(/, 'no element in khountous.js');
    for (const name of components) assert.ok(code.includes(`khountous-${name}`), `${name}: its plan`);
    const kit = read(kits[0]!);
    assert.deepEqual(importsOf(kit), ['../khountous.js']);
    assert.doesNotMatch(kit, /\bimport\(/);
    for (const name of components) assert.ok(kit.includes(`khountous-${name}`), name);
    assert.equal(kit.match(/customElements\.define\(/g)?.length, 1, 'one defineElement for all tags');
    // The modulepreload of the elements' file carries its integrity.
    const integrity = JSON.parse(read('integrity.json')) as Record<string, string>;
    assert.ok(integrity[kits[0]!.slice(2)]);
    assert.ok(code.includes(integrity[kits[0]!.slice(2)]!), 'the elements’ file’s hash is in khountous.js');
  });

  it('carries production Lit, minified, with the package version', () => {
    for (const file of ['khountous.js', ...readdirSync(join(dist, 'chunks')).map((f) => `chunks/${f}`)]) {
      const code = read(file);
      assert.doesNotMatch(code, /Lit is in dev mode|lit\.dev\/msg\//, file);
    }
    const kit = /chunks\/kit-[\w-]+\.js/.exec(read('khountous.js'))![0];
    assert.ok(read(kit).includes(pkg.version), 'the version constant');
    const code = read('khountous.js');
    assert.doesNotMatch(code, /\/\*\*\s*\n/, 'minified: no doc comment');
    assert.doesNotMatch(code, /^\s+(const|let|return|if|function)\b/m, 'minified: no indented code');
    assert.doesNotMatch(code, /__KHOUNTOUS_VERSION__|__KHOUNTOUS_PRELOAD__|@@khountous-preload-graph@@/);
  });

  it('the autoloader loads elements with import() and imports none of them statically', () => {
    const code = read('autoloader.js');
    const statics = importsOf(code);
    assert.ok(statics.every((source) => !source.includes('/elements/')));
    const chunk = statics.map((source) => readFileSync(join(dist, source), 'utf8')).join('\n');
    for (const name of components) {
      assert.match(chunk, new RegExp(`import\\([\`'"]\\.\\./elements/khountous-${name}\\.js[\`'"]\\)`), name);
    }
  });

  it('index.js defines nothing', () => {
    const code = read('index.js');
    assert.doesNotMatch(code, /customElements\.define/);
    for (const source of importsOf(code)) assert.ok(!source.includes('/elements/'), source);
  });

  it('the embed page loads its script and style from files, none inline', () => {
    const page = read('embed.html');
    assert.match(page, /<script type="module" src="\.\/embed\.js"><\/script>/);
    assert.doesNotMatch(page, /<script(?![^>]*\bsrc=)[^>]*>/, 'no inline script');
    assert.doesNotMatch(page, /<style|\sstyle=/, 'no inline style');
    assert.ok(existsSync(join(dist, 'embed.js')) && existsSync(join(dist, 'embed.css')));
    assert.ok(read('embed-resize.js').length < 1000, 'the resize snippet stays tiny');
  });

  it('integrity.json holds the sha384 of every file a browser loads', () => {
    const integrity = JSON.parse(read('integrity.json')) as Record<string, string>;
    for (const file of ['khountous.js', 'autoloader.js', 'embed.html', 'embed-resize.js', 'index.js']) {
      assert.ok(integrity[file], file);
    }
    for (const [file, hash] of Object.entries(integrity)) {
      const expected = `sha384-${createHash('sha384').update(readFileSync(join(dist, file))).digest('base64')}`;
      assert.equal(hash, expected, file);
    }
    const chunks = readdirSync(join(dist, 'chunks'));
    for (const chunk of chunks) assert.ok(integrity[`chunks/${chunk}`], chunk);
  });
});

describe('package.json', () => {
  const target = (value: string | Record<string, string>, condition: string) =>
    typeof value === 'string' ? value : value[condition]!;

  it('points main, types, customElements and every export at files that exist', () => {
    for (const path of [pkg.main, pkg.types, pkg.customElements]) assert.ok(existsSync(join(root, path)), path);
    for (const [subpath, value] of Object.entries(pkg.exports)) {
      for (const condition of ['types', 'default']) {
        if (typeof value === 'string' && condition === 'types') continue;
        // Typings only (`./react`, `./vue`): nothing to run.
        if (typeof value !== 'string' && condition === 'default' && Object.keys(value).join() === 'types') continue;
        const path = target(value, condition);
        if (path.includes('*')) {
          for (const name of components) {
            const file = path.replace('*', `khountous-${name}`);
            assert.ok(existsSync(join(root, file)), `${subpath} ${condition}: ${file}`);
          }
        } else {
          assert.ok(existsSync(join(root, path)), `${subpath} ${condition}: ${path}`);
        }
      }
    }
  });

  it('declares the modules that register elements as side effects, and index.js as none', () => {
    const matches = (file: string) =>
      pkg.sideEffects.some((pattern) =>
        new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`).test(file),
      );
    for (const file of ['./dist/khountous.js', './dist/autoloader.js', './dist/embed.js']) {
      assert.ok(matches(file), file);
    }
    for (const name of components) {
      assert.ok(matches(`./dist/elements/khountous-${name}.js`), name);
      assert.ok(matches(`./src/components/${name}/define.ts`), name);
    }
    assert.ok(!matches('./dist/index.js'));
    assert.ok(!matches('./src/index.ts'));
  });

  it('publishes dist, the manifest and the licence', () => {
    assert.deepEqual([...pkg.files].sort(), ['LICENSE', 'custom-elements.json', 'dist']);
    assert.match(readFileSync(join(root, 'LICENSE'), 'utf8'), /^MIT License\n\nCopyright \(c\) \d{4} /);
  });
});
