/**
 * The built package (`npm run build`; scripts/test/test.mjs builds it first): the npm
 * build (lib/) imports its dependencies by bare specifier, one module per source
 * module with source maps and declarations, every element with its module; the
 * script-tag build (dist/) starts the loads then registers every element in
 * production Lit; the package.json fields point at files that exist, the tarball
 * holds what it should, integrity.json is right, and custom-elements.json follows
 * the official schema and names the shipped files.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import Ajv from 'ajv';
import schema from 'custom-elements-manifest/schema.json' with { type: 'json' };
import { describe, it } from 'node:test';
import { parseAst } from 'vite';
// @ts-expect-error: a plain .mjs script without declarations
import { BUDGETS, CORE_BUDGET } from '../../scripts/build/size-entries.mjs';
import { catalog } from '../../src/registry.js';
import { ABOUT_INPUTS } from '../../src/widget/about.js';

const root = join(import.meta.dirname, '../..');
const dist = join(root, 'dist');
const lib = join(root, 'lib');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  version: string;
  dependencies: Record<string, string>;
  peerDependencies?: Record<string, string>;
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

/** Every specifier a module imports, statically or with import(). */
function allImports(code: string): string[] {
  const found: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const { type, source } = node as { type?: string; source?: { value?: unknown } };
    if (
      /^(ImportDeclaration|ExportAllDeclaration|ExportNamedDeclaration|ImportExpression)$/.test(type ?? '') &&
      typeof source?.value === 'string'
    )
      found.push(source.value);
    for (const value of Object.values(node)) if (value && typeof value === 'object') visit(value);
  };
  visit(parseAst(code).body);
  return found;
}

function listFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) listFiles(path, out);
    else out.push(path);
  }
  return out.sort();
}

describe('dist/', () => {
  it('was built', () => {
    assert.ok(existsSync(join(dist, 'khountous.js')), 'run `npm run build` first');
  });

  it('has a module for every src/components/<name>/define.ts, for the autoloader', () => {
    assert.ok(components.length >= 4);
    for (const name of components) assert.ok(existsSync(join(dist, `elements/khountous-${name}.js`)), name);
  });

  it('holds no declarations and no WordPress zip (lib/ and build/ do)', () => {
    const files = listFiles(dist).map((file) => relative(dist, file));
    assert.deepEqual(
      files.filter((file) => file.endsWith('.d.ts') || file.endsWith('.zip')),
      [],
    );
    assert.ok(existsSync(join(root, 'build/khountous-widgets-wordpress.zip')));
  });

  it('khountous.js is one file, the kit’s core, that imports the rest of the loader and each element’s module and announces each one’s files with their integrity', () => {
    const code = read('khountous.js');
    assert.deepEqual(importsOf(code), [], 'no static import: one round trip before the first API request');
    // (Its own namespace, `import(import.meta.url)`, which it publishes: the next tests.)
    const imported = [...code.matchAll(/\bimport\(`?"?([^`")]+)"?`?\)/g)]
      .map((match) => match[1]!)
      .filter((specifier) => specifier !== 'import.meta.url')
      .sort();
    assert.deepEqual(
      imported.filter((file) => !file.startsWith('./chunks/')),
      [
        './hydrate.js',
        './loader.js',
        './paint.js',
        ...components.map((name) => `./elements/khountous-${name}.js`),
      ].sort(),
      'each element’s module, the rest of the loader, the hydrate support for a page a server rendered, the text paint',
    );
    // The first requests are sent from it, by the loader's early flights (boot/early-start.ts);
    // the rest of the loader is loader.js (test/dist/deferred.test.ts).
    assert.match(code, /`budget:\$\{/);
    // Every other file reads the core's namespace from the page (next test): no module comes twice.
    assert.doesNotMatch(code, /customElements\.define\(/, 'no element in khountous.js');
    assert.doesNotMatch(code, /lit\.dev|LitElement|valibot/i, 'no Lit, no validation library');
    for (const name of components) assert.ok(code.includes(`khountous-${name}`), `${name}: its descriptor`);
    // The graph: for each tag, every file its element's module imports statically, each with its integrity.
    // Written by the build as a string literal of JSON (scripts/build/script-tag.mjs writePreloadGraph).
    const literal = /"\{\\"files\\".*?\}"/.exec(code)?.[0];
    assert.ok(literal, 'the module graph is written into khountous.js');
    const graph = JSON.parse(JSON.parse(literal) as string) as {
      files: string[];
      tags: Record<string, number[]>;
      integrity: string[];
    };
    const integrity = JSON.parse(read('integrity.json')) as Record<string, string>;
    for (const name of components) {
      const tag = `khountous-${name}`;
      const files = graph.tags[tag]!.map((index) => graph.files[index]!);
      assert.ok(files.includes(`./elements/${tag}.js`), `${tag}: its own module`);
      const closure = new Set<string>();
      const visit = (file: string): void => {
        if (closure.has(file)) return;
        closure.add(file);
        for (const source of importsOf(read(file))) visit(join(dirname(file), source).split('\\').join('/'));
      };
      visit(`elements/${tag}.js`);
      // But the script itself, which the page has already (and whose hash cannot be in it).
      closure.delete('khountous.js');
      assert.deepEqual(
        files.map((file) => file.slice(2)).sort(),
        [...closure].sort(),
        `${tag}: its whole graph`,
      );
      for (const index of graph.tags[tag]!) {
        const hash = graph.integrity[index]!;
        const file = graph.files[index]!.slice(2);
        const algorithm = hash.slice(0, 6);
        const digest = createHash(algorithm)
          .update(readFileSync(join(dist, file)))
          .digest('base64');
        assert.equal(hash, `${algorithm}-${digest}`, `${file}: its integrity`);
        assert.ok(integrity[file], `${file} is in integrity.json`);
      }
    }
  });

  it('carries production Lit, minified, with the package version', () => {
    for (const file of ['khountous.js', ...readdirSync(join(dist, 'chunks')).map((f) => `chunks/${f}`)]) {
      const code = read(file);
      assert.doesNotMatch(code, /Lit is in dev mode|lit\.dev\/msg\//, file);
    }
    const chunks = readdirSync(join(dist, 'chunks')).map((f) => read(`chunks/${f}`));
    assert.ok(
      chunks.some((code) => code.includes(pkg.version)),
      'the version constant',
    );
    const code = read('khountous.js');
    assert.doesNotMatch(code, /\/\*\*\s*\n/, 'minified: no doc comment');
    assert.doesNotMatch(code, /^\s+(const|let|return|if|function)\b/m, 'minified: no indented code');
    assert.doesNotMatch(code, /__KHOUNTOUS_VERSION__|__KHOUNTOUS_PRELOAD__|@@khountous-preload-graph@@/);
  });

  it('dist/khountous.js and lib/khountous.js are one entry built twice: the same exports, each its delivery', () => {
    const exported = (code: string) =>
      [...code.matchAll(/export\s*\{([^}]*)\}/g)]
        .flatMap((match) => match[1]!.split(','))
        .map((name) =>
          name
            .trim()
            .split(/\s+as\s+/)
            .pop()!,
        )
        .sort();
    const lib = readFileSync(join(root, 'lib/khountous.js'), 'utf8');
    assert.deepEqual(exported(lib), ['discover', 'observe', 'tags']);
    // The script's own names, and the core's under short names for the files that import it.
    const own = exported(read('khountous.js'));
    for (const name of exported(lib)) assert.ok(own.includes(name), name);
    assert.deepEqual(
      own.filter((name) => name.length > 2),
      exported(lib),
    );
    // The script tag's delivery (boot/served.ts): the elements' files beside it, with their graph.
    assert.match(read('khountous.js'), /\.\/elements\/khountous-ranking\.js/);
    // The npm build's (boot/bundled.ts): the bundler's modules.
    assert.match(lib, /from "\.\/boot\/bundled\.js"/);
  });

  it('autoloader.js is the script tag under its former name: the same file, and the same module in lib/', () => {
    assert.equal(read('autoloader.js'), read('khountous.js'));
    assert.deepEqual(pkg.exports['./autoloader.js'], pkg.exports['./khountous.js']);
  });

  it("no file the script loads imports it by name: each reads the script's namespace from the page (scripts/build/core-link.mjs)", () => {
    const core = read('khountous.js');
    // It publishes its namespace once it has run, and each of its imports of another file waits
    // for that, so the file finds it when it runs.
    const slot =
      /^var (\$\w+)=Promise\.resolve\(\)\.then\(\(\)=>import\(import\.meta\.url\)\)\.then\(n=>(globalThis\[Symbol\.for\("khountous@([^"]+)"\)\])\?\?=n\);/.exec(
        core,
      );
    assert.ok(slot, 'the script publishes its namespace first');
    const [, ready, published, version] = slot;
    assert.equal(version, pkg.version, 'under a key of its version');
    const imports = [...core.matchAll(/(.{0,40})\bimport\(`[^`]+`\)/g)];
    assert.ok(imports.length > catalog.length, `${imports.length} imports of other files`);
    for (const [text, before] of imports)
      assert.ok(before!.endsWith(`${ready}.then(()=>`), `${text}: waits for the namespace`);
    const files = listFiles(dist).filter(
      (path) => path.endsWith('.js') && !/[/\\](khountous|autoloader|embed|embed-resize)\.js$/.test(path),
    );
    let readers = 0;
    for (const path of files) {
      const code = readFileSync(path, 'utf8');
      assert.ok(
        !importsOf(code).some((specifier) => /(^|\/)khountous\.js$/.test(specifier)),
        `${path} imports the script by name`,
      );
      // A plain read: no module of the kit awaits at its top level (WebKit, given several that
      // do and share chunks, at times never evaluates one of them).
      assert.ok(!code.includes(`await ${published}`), `${path} awaits the namespace`);
      if (code.includes(`}=${published};`)) readers++;
    }
    assert.ok(readers >= catalog.length, `${readers} files read the namespace`);
  });

  it("the starter weighs at most its budget (scripts/build/size-entries.mjs), its module graph within the widgets' allowances", () => {
    const code = read('khountous.js');
    const graph = /"\{\\"files\\".*?\}"/.exec(code)![0];
    const gzip = (text: string) => gzipSync(text, { level: 9 }).length;
    assert.ok(gzip(code) <= BUDGETS['khountous.js'], `dist/khountous.js: ${gzip(code)} B gzip`);
    // Each file of every element's graph with its sha256: the hashes do not compress. They are
    // part of each widget's share of the core (CORE_BUDGET.widget), at most half of it, the rest
    // its descriptor's: about 1 kB for eight widgets (124 B each), against 1.5 kB.
    const withoutGraph = gzip(code.replace(graph, '""'));
    const allowance = Math.round(CORE_BUDGET.widget / 2) * catalog.length;
    assert.ok(
      gzip(code) - withoutGraph <= allowance,
      `the graph: ${gzip(code) - withoutGraph} B gzip, over ${allowance} B`,
    );
  });

  it('the embed page loads its script and style from files, none inline', () => {
    const page = read('embed.html');
    assert.match(page, /<script type="module" src="\.\/embed\.js"><\/script>/);
    // Its script imports the script tag's: both announced at once.
    assert.match(page, /<link rel="modulepreload" href="\.\/khountous\.js" \/>/);
    assert.ok(importsOf(read('embed.js')).includes('./khountous.js'));
    assert.doesNotMatch(page, /<script(?![^>]*\bsrc=)[^>]*>/, 'no inline script');
    assert.doesNotMatch(page, /<style|\sstyle=/, 'no inline style');
    assert.ok(existsSync(join(dist, 'embed.js')) && existsSync(join(dist, 'embed.css')));
    assert.ok(read('embed-resize.js').length < 1000, 'the resize snippet stays tiny');
  });

  it('integrity.json holds the sha384 of every file a browser loads', () => {
    const integrity = JSON.parse(read('integrity.json')) as Record<string, string>;
    for (const file of ['khountous.js', 'autoloader.js', 'embed.html', 'embed-resize.js']) {
      assert.ok(integrity[file], file);
    }
    for (const [file, hash] of Object.entries(integrity)) {
      const expected = `sha384-${createHash('sha384')
        .update(readFileSync(join(dist, file)))
        .digest('base64')}`;
      assert.equal(hash, expected, file);
    }
    const chunks = readdirSync(join(dist, 'chunks'));
    for (const chunk of chunks) assert.ok(integrity[`chunks/${chunk}`], chunk);
  });
});

describe('the widgets’ words (about.ts)', () => {
  // What the tools, the demo and the builder read; src/registry.ts's `catalog` holds them beside
  // the descriptors, which the kit's runtime reads, and a build leaves them out.
  const words = [
    ...catalog.flatMap(({ about }) => [
      about.summary.fr,
      ...Object.values(about.inputs).map((input) => input.fr),
    ]),
    ...Object.values(ABOUT_INPUTS).map((input) => input.fr),
  ];

  it('are found in src/ (the search can see them)', () => {
    const source = readFileSync(join(root, 'src/components/ranking/about.ts'), 'utf8');
    assert.ok(words.some((text) => source.includes(text)));
  });

  for (const [name, dir] of [
    ['dist/', dist],
    ['lib/', lib],
  ] as const) {
    it(`are in no script of ${name}`, () => {
      const scripts = listFiles(dir).filter((file) => /\.js$/.test(file));
      assert.ok(scripts.length > 0);
      for (const file of scripts) {
        const text = readFileSync(file, 'utf8');
        const found = words.find((sentence) => text.includes(sentence));
        assert.equal(found, undefined, `${relative(root, file)} holds "${found}"`);
      }
    });
  }
});

describe('lib/ (the npm build)', () => {
  const modules = listFiles(lib).filter((file) => file.endsWith('.js'));

  it('has a module, a source map and declarations for every element', () => {
    for (const name of components) {
      for (const suffix of ['.js', '.js.map', '.d.ts']) {
        assert.ok(existsSync(join(lib, `elements/khountous-${name}${suffix}`)), `${name}${suffix}`);
      }
      const types = readFileSync(join(lib, `elements/khountous-${name}.d.ts`), 'utf8');
      const target = /from '(.+)'/.exec(types)![1]!.replace(/\.js$/, '.d.ts');
      assert.ok(existsSync(join(lib, 'elements', target)), `${name}: ${target}`);
    }
  });

  it('imports its dependencies (lit, @lit/task) by bare specifier and inlines none of them', () => {
    // The dependencies, and the optional peers that only khountous-widgets/ssr (Node) imports.
    const dependencies = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies ?? {})];
    const bare = new Set<string>();
    for (const file of modules) {
      const code = readFileSync(file, 'utf8');
      for (const source of allImports(code)) {
        if (source.startsWith('.')) {
          assert.ok(
            existsSync(join(file, '..', source)),
            `${relative(root, file)} imports ${source}, which is missing`,
          );
        } else {
          // Node's built-in modules: in khountous-widgets/ssr (Node) only.
          if (source.startsWith('node:'))
            assert.match(relative(root, file), /^lib\/ssr\//, `${file} imports ${source}`);
          else
            bare.add(
              source
                .split('/')
                .slice(0, source.startsWith('@') ? 2 : 1)
                .join('/'),
            );
        }
      }
      // Lit's own code (its template markers, its reactive update cycle), not an import of it.
      assert.doesNotMatch(
        code,
        /lit\$\d|litElementHydrateSupport|_\$changedProperties|reactiveElementVersions/,
        relative(root, file),
      );
      const withoutComments = code.replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
      assert.doesNotMatch(
        withoutComments,
        /modulepreload/,
        `${relative(root, file)}: no preload in the npm build`,
      );
    }
    // dejavu-fonts-ttf holds files, not code: renderImage's PNG font, resolved by its path.
    const files = ['dejavu-fonts-ttf'];
    assert.match(readFileSync(join(root, 'lib/ssr/image.js'), 'utf8'), /dejavu-fonts-ttf\/ttf\//);
    assert.deepEqual([...bare].sort(), dependencies.filter((name) => !files.includes(name)).sort());
  });

  it('has one module per source module, each with a source map that carries its sources', () => {
    assert.ok(modules.length > 40, `${modules.length} modules`);
    // Modules of imports and exports only (index.js, kit.js) and the typings' empty modules have no code to map.
    const withCode = modules.filter((file) =>
      parseAst(readFileSync(file, 'utf8')).body.some(
        (node) =>
          !/^(ImportDeclaration|ExportAllDeclaration)$/.test(node.type) &&
          !(node.type === 'ExportNamedDeclaration' && (node.source || !node.declaration)),
      ),
    );
    assert.ok(withCode.length > 40, `${withCode.length} modules with code`);
    for (const file of withCode) {
      const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as {
        sources: string[];
        sourcesContent?: string[];
      };
      assert.ok(map.sources.length >= 1, relative(root, file));
      assert.equal(map.sourcesContent?.length, map.sources.length, `${relative(root, file)}: sourcesContent`);
      assert.ok(map.sourcesContent!.every((text) => text.length > 0));
    }
  });

  it('defines elements only in the modules sideEffects names', () => {
    const defining = modules
      .filter((file) => /defineElement\(|customElements\.define\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    assert.deepEqual(
      defining.filter((file) => file !== 'lib/boot/define.js').sort(),
      components.map((name) => `lib/elements/khountous-${name}.js`).sort(),
    );
  });
});

describe('custom-elements.json', () => {
  const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8')) as {
    modules: {
      path: string;
      declarations?: { name: string; tagName?: string }[];
      exports?: {
        kind: string;
        name: string;
        declaration: { name: string; module?: string; package?: string };
      }[];
    }[];
  };

  it('follows the official schema', () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    const validate = ajv.compile(schema as object);
    assert.ok(validate(manifest), ajv.errorsText(validate.errors));
  });

  it('names files the package ships, and every reference to a module resolves', () => {
    const paths = new Set(manifest.modules.map((module) => module.path));
    for (const path of paths) assert.ok(existsSync(join(root, path)), path);
    const declared = (path: string, name: string) =>
      name === '*' ||
      manifest.modules.find((module) => module.path === path)?.declarations?.some((d) => d.name === name);
    let references = 0;
    const visit = (node: unknown, where: string): void => {
      if (Array.isArray(node)) return node.forEach((item) => visit(item, where));
      if (!node || typeof node !== 'object') return;
      const reference = node as { name?: unknown; module?: unknown; package?: unknown };
      if (typeof reference.name === 'string' && typeof reference.module === 'string' && !reference.package) {
        references++;
        assert.ok(paths.has(reference.module), `${where}: ${reference.module} is not in the manifest`);
        assert.ok(
          declared(reference.module, reference.name),
          `${where}: ${reference.module} declares no ${reference.name}`,
        );
      }
      for (const value of Object.values(node)) visit(value, where);
    };
    for (const module of manifest.modules) visit([module.declarations, module.exports], module.path);
    assert.ok(references > 100, `${references} references`);
  });

  it('exports one custom-element-definition per tag, from the module that defines it', () => {
    const definitions = manifest.modules.flatMap((module) =>
      (module.exports ?? [])
        .filter((e) => e.kind === 'custom-element-definition')
        .map((e) => ({ module: module.path, ...e })),
    );
    assert.deepEqual(
      definitions.map((d) => [d.name, d.module]).sort(),
      components.map((name) => [`khountous-${name}`, `lib/elements/khountous-${name}.js`]).sort(),
    );
    for (const definition of definitions) {
      const target = manifest.modules.find((module) => module.path === definition.declaration.module);
      const declaration = target?.declarations?.find((d) => d.name === definition.declaration.name);
      assert.equal(declaration?.tagName, definition.name);
    }
  });
});

describe('package.json', () => {
  const target = (value: string | Record<string, string>, condition: string) =>
    typeof value === 'string' ? value : value[condition]!;

  it('points main, types, customElements and every export at files that exist', () => {
    for (const path of [pkg.main, pkg.types, pkg.customElements])
      assert.ok(existsSync(join(root, path)), path);
    for (const [subpath, value] of Object.entries(pkg.exports)) {
      for (const condition of ['types', 'default']) {
        if (typeof value === 'string' && condition === 'types') continue;
        // Typings only (`./react`, `./vue`): nothing to run.
        if (typeof value !== 'string' && condition === 'default' && Object.keys(value).join() === 'types')
          continue;
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
    assert.ok(matches('./lib/khountous.js'), './lib/khountous.js');
    for (const name of components) {
      assert.ok(matches(`./lib/elements/khountous-${name}.js`), name);
      assert.ok(matches(`./src/components/${name}/define.ts`), name);
    }
    for (const file of listFiles(lib).filter((file) => file.endsWith('.js'))) {
      const path = `./${relative(root, file)}`;
      const defines = /^\.\/lib\/(khountous|elements\/[\w-]+)\.js$/.test(path);
      assert.equal(
        matches(path),
        defines,
        `${path}: ${defines ? 'defines elements' : 'free of side effects'}`,
      );
    }
    assert.ok(!matches('./src/index.ts'));
  });

  it('publishes lib, dist, the manifest and the licence, and no WordPress zip', () => {
    assert.deepEqual([...pkg.files].sort(), ['LICENSE', 'custom-elements.json', 'dist', 'lib']);
    const pack = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: root,
      encoding: 'utf8',
    });
    assert.equal(pack.status, 0, pack.stderr);
    const [{ files }] = JSON.parse(pack.stdout) as [{ files: { path: string }[] }];
    const paths = files.map((file) => file.path);
    assert.ok(paths.includes('lib/index.js') && paths.includes('dist/khountous.js'));
    assert.deepEqual(
      paths.filter((path) => /\.zip$|^src\/|^test\//.test(path)),
      [],
    );
    assert.match(readFileSync(join(root, 'LICENSE'), 'utf8'), /^MIT License\n\nCopyright \(c\) \d{4} /);
  });
});
