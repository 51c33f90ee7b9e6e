/**
 * Every code snippet a user copies compiles as pasted: the js, ts, tsx and vue blocks
 * of the README and of the docs pages that give code to paste (DOCS), and the embed builder's npm/React snippet for every element (made by
 * demo/snippets.ts, the builder's own generator, with the builder's starting
 * attributes and with every attribute set). They are compiled in apps laid out as
 * `npm create vite` writes its react-ts and vue-ts templates (their tsconfig
 * strictness: strict, noUnusedLocals, noUnusedParameters, verbatimModuleSyntax,
 * noUncheckedSideEffectImports...), with `tsc -b` and `vue-tsc -b` as their `build`
 * scripts run them, against the real React 19 and Vue 3 type packages, and with the
 * package as `npm pack` makes it (so what `files` and `exports` leave out is
 * missing here too). A js block must parse as JavaScript and type-check as JS.
 *
 * Needs dist/ (`npm run build`; scripts/test/test.mjs builds it first).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { version as vueVersion } from 'vue';
import { parseAst } from 'vite';
import { SAMPLE_ATTRIBUTES } from '../../demo/samples.js';
import { snippet } from '../../demo/snippets.js';
import { VITE_TEMPLATES } from '../fixtures/types/check.js';

const root = join(import.meta.dirname, '../..');
const bin = (name: string) => join(root, 'node_modules/.bin', name);

interface Block {
  lang: string;
  code: string;
  line: number;
}

/** The fenced code blocks of a Markdown text, with their language and first line. */
export function codeBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const open = /^(\s*)```(\w*)\s*$/.exec(lines[index]!);
    if (!open) continue;
    const indent = open[1]!.length;
    const body: string[] = [];
    let end = index + 1;
    while (end < lines.length && !/^\s*```\s*$/.test(lines[end]!)) body.push(lines[end++]!.slice(indent));
    blocks.push({ lang: open[2]!, code: `${body.join('\n')}\n`, line: index + 1 });
    index = end;
  }
  return blocks;
}

interface Element {
  tagName?: string;
  attributes?: { name: string; type?: { text: string }; default?: string }[];
}
const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8')) as {
  modules: { declarations?: Element[] }[];
};
const elements = manifest.modules.flatMap((module) => module.declarations ?? []).filter((d) => d.tagName);

/** A value for every attribute, as the builder's fields would give it. */
function everyAttribute(element: Element): [string, string][] {
  return (element.attributes ?? []).map((attribute) => {
    const type = attribute.type?.text ?? 'string';
    const literal = /^'([^']*)'/.exec(type);
    if (type === 'boolean') return [attribute.name, ''];
    if (literal) return [attribute.name, literal[1]!];
    if (attribute.name === 'theme') return [attribute.name, 'dark'];
    if (/number/.test(type)) return [attribute.name, '3'];
    if (attribute.name === 'base-url') return [attribute.name, 'https://proxy.example.org/v1'];
    return [attribute.name, SAMPLE_ATTRIBUTES[element.tagName!]?.[attribute.name] ?? 'kolda'];
  });
}

/** The pages whose js, ts, tsx and vue blocks an app pastes. */
const DOCS = ['README.md', 'docs/embedding.md', 'docs/quota.md'];
const blocks = DOCS.flatMap((file) =>
  codeBlocks(readFileSync(join(root, file), 'utf8')).map((block) => ({
    ...block,
    file,
    /** A name for the block's file in an app: its page and line. */
    name: `${file
      .replace(/^docs\//, '')
      .replace(/\.md$/, '')
      .replace(/\W/g, '-')}-${block.line}`,
  })),
);
const byLang = (...langs: string[]) => blocks.filter((block) => langs.includes(block.lang));

let dir = '';

/** `npm pack` of the package, unpacked into <dir>/node_modules/khountous-widgets, beside the repository's dependencies. */
function installPackage(): void {
  const modules = join(dir, 'node_modules');
  mkdirSync(modules);
  for (const entry of readdirSync(join(root, 'node_modules'))) {
    if (entry.startsWith('.')) continue;
    symlinkSync(join(root, 'node_modules', entry), join(modules, entry));
  }
  const pack = spawnSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir], {
    cwd: root,
    encoding: 'utf8',
  });
  assert.equal(pack.status, 0, pack.stderr);
  const tarball = join(dir, pack.stdout.trim().split('\n').pop()!);
  const target = join(modules, 'khountous-widgets');
  mkdirSync(target);
  const untar = spawnSync('tar', ['xzf', tarball, '-C', target, '--strip-components=1'], {
    encoding: 'utf8',
  });
  assert.equal(untar.status, 0, untar.stderr);
}

function write(path: string, text: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
}
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** Runs a compiler in an app; fails with its output. */
function compile(app: string, command: string, args: string[]): void {
  const result = spawnSync(bin(command), args, { cwd: join(dir, app), encoding: 'utf8' });
  assert.equal(
    result.status,
    0,
    `${command} ${args.join(' ')} in a ${app} app:\n${result.stdout}${result.stderr}`,
  );
}

const solution = { files: [], references: [{ path: './tsconfig.app.json' }] };

describe('snippets compile as pasted', () => {
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'khountous-snippets-'));
    installPackage();
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('the docs have snippets of each kind the test compiles', () => {
    // An extraction that finds nothing must not pass as "all compiled".
    assert.ok(byLang('tsx').length >= 1, `no tsx block in ${DOCS.join(', ')}`);
    assert.ok(byLang('vue').length >= 1, `no vue block in ${DOCS.join(', ')}`);
    assert.ok(byLang('js').length >= 2, `fewer than 2 js blocks in ${DOCS.join(', ')}`);
    assert.ok(elements.length >= 7, 'custom-elements.json lists fewer than 7 elements');
  });

  it('the package ships the React and Vue typings it exports', () => {
    const pkg = JSON.parse(
      readFileSync(join(dir, 'node_modules/khountous-widgets/package.json'), 'utf8'),
    ) as {
      exports: Record<string, { types?: string }>;
    };
    for (const entry of ['./react', './vue']) {
      const types = pkg.exports[entry]?.types;
      assert.ok(types, `exports["${entry}"].types`);
      const text = readFileSync(join(dir, 'node_modules/khountous-widgets', types), 'utf8');
      for (const element of elements)
        assert.match(text, new RegExp(`["']${element.tagName}["']`), `${entry}: ${element.tagName}`);
    }
  });

  it('the docs’ tsx and ts blocks, and the builder’s React snippets, pass `tsc -b` in a React 19 app', () => {
    const app = join(dir, 'react');
    write(join(app, 'tsconfig.json'), json(solution));
    write(join(app, 'tsconfig.app.json'), json(VITE_TEMPLATES.react));
    // The template's entry, rendering the app with react-dom.
    write(
      join(app, 'src/main.tsx'),
      "import { StrictMode } from 'react';\nimport { createRoot } from 'react-dom/client';\n\n" +
        "createRoot(document.getElementById('root')!).render(<StrictMode><p /></StrictMode>);\n",
    );
    for (const block of byLang('tsx', 'ts')) write(join(app, `src/${block.name}.${block.lang}`), block.code);
    let count = 0;
    for (const element of elements) {
      const tag = element.tagName!;
      const sets = [Object.entries(SAMPLE_ATTRIBUTES[tag] ?? {}), everyAttribute(element)];
      sets.forEach((attributes, index) => {
        const code = snippet('react', { tag, attributes, host: 'https://example.org/khountous/' });
        write(join(app, `src/builder-${tag}-${index}.tsx`), code);
        count++;
      });
    }
    assert.equal(count, elements.length * 2);
    compile('react', 'tsc', ['-b']);
  });

  it('the docs’ vue blocks pass `vue-tsc -b` in a Vue 3 app', () => {
    assert.match(vueVersion, /^3\./, `the Vue installed is ${vueVersion}, not Vue 3`);
    const app = join(dir, 'vue');
    write(join(app, 'tsconfig.json'), json(solution));
    write(join(app, 'tsconfig.app.json'), json(VITE_TEMPLATES.vue));
    const vueBlocks = byLang('vue');
    for (const block of vueBlocks) write(join(app, `src/Doc-${block.name}.vue`), block.code);
    // The template's entry, mounting a component of the docs.
    write(
      join(app, 'src/main.ts'),
      `import { createApp } from 'vue';\nimport App from './Doc-${vueBlocks[0]!.name}.vue';\n\ncreateApp(App).mount('#app');\n`,
    );
    compile('vue', 'vue-tsc', ['-b']);
  });

  it('the docs’ js blocks are JavaScript: they parse as such and type-check with checkJs', () => {
    const app = join(dir, 'js');
    for (const block of byLang('js')) {
      assert.doesNotThrow(() => parseAst(block.code), `${block.file} line ${block.line} is not JavaScript`);
      write(join(app, `src/${block.name}.js`), block.code);
    }
    write(
      join(app, 'tsconfig.json'),
      json({
        compilerOptions: {
          allowJs: true,
          checkJs: true,
          noEmit: true,
          strict: true,
          target: 'ES2022',
          lib: ['ES2022', 'DOM', 'DOM.Iterable'],
          module: 'ESNext',
          moduleResolution: 'bundler',
          skipLibCheck: true,
          types: [],
        },
        include: ['src'],
      }),
    );
    compile('js', 'tsc', ['-p', '.']);
  });
});
