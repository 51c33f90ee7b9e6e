import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { transformSync } from 'esbuild';
// @ts-expect-error: a plain .mjs script without declarations
import * as minify from '../../scripts/build/minify-literals.mjs';

interface Minify {
  minifyCss(text: string, filename?: string, options?: { targets?: false }): string;
  cssLiterals(code: string): string[];
  minifyHtmlParts(parts: string[]): string[];
  minifyLiterals(code: string, id: string): string | undefined;
}
const { cssLiterals, minifyCss, minifyHtmlParts, minifyLiterals } = minify as Minify;

const one = (template: string) => minifyHtmlParts([template])[0];

describe('scripts/build/minify-literals.mjs: html literals', () => {
  it('removes indentation next to block tags', () => {
    assert.equal(
      one('<div>\n  <p>a</p>\n  <ul>\n    <li>b</li>\n  </ul>\n</div>'),
      '<div><p>a</p><ul><li>b</li></ul></div>',
    );
    assert.equal(
      one('<table>\n  <tr>\n    <td>1</td>\n  </tr>\n</table>'),
      '<table><tr><td>1</td></tr></table>',
    );
  });

  it('keeps the space that renders between inline elements and text', () => {
    // Written on one line: the author's spaces stay as they are.
    assert.equal(
      one('<p><a href="x">a</a> <span>b</span> · c</p>'),
      '<p><a href="x">a</a> <span>b</span> · c</p>',
    );
    // Across lines between inline elements: one space, which renders the same.
    assert.equal(
      one('<p>\n  <span>a</span>\n  <span>b</span>\n</p>'),
      '<p><span>a</span> <span>b</span></p>',
    );
    assert.equal(one('<p>\n  see\n  <a href="x">this</a>\n</p>'), '<p>see <a href="x">this</a></p>');
  });

  it('keeps the space between expressions and collapses only indentation around them', () => {
    assert.deepEqual(minifyHtmlParts(['<p>\n  ', ' ', '\n  ', '\n</p>']), ['<p>', ' ', ' ', '</p>']);
    assert.deepEqual(minifyHtmlParts(['<span>\n  ', '\n</span>']), ['<span> ', ' </span>']);
  });

  it('keeps a space at the ends of a template that may sit in running text', () => {
    assert.equal(one('\n  <span>a</span>\n'), ' <span>a</span> ');
    assert.equal(one('\n  <div>a</div>\n'), '<div>a</div>');
  });

  it('collapses whitespace between attributes, never inside their values', () => {
    assert.deepEqual(minifyHtmlParts(['<span\n    class="a\n  b"\n    title=', '\n  >x</span\n>']), [
      '<span class="a\n  b" title=',
      '>x</span>',
    ]);
    assert.deepEqual(minifyHtmlParts(['<span ', '></span>']), ['<span ', '></span>']);
  });

  it('drops comments and leaves templates with preformatted text whole', () => {
    assert.equal(one('<div>\n  <!-- note -->\n  <p>a</p>\n</div>'), '<div><p>a</p></div>');
    const pre = ['<div>\n  <pre>\n  a\n  </pre>\n</div>'];
    assert.deepEqual(minifyHtmlParts(pre), pre);
  });

  it('leaves a template it cannot follow whole', () => {
    const broken = ['<div>\n  <span class="a', '\n</div>'];
    assert.deepEqual(minifyHtmlParts(broken), broken);
  });
});

describe('scripts/build/minify-literals.mjs: css literals and modules', () => {
  it('minifies CSS and keeps container queries', () => {
    const out = minifyCss(
      '/* c */\n.a {\n  color: red;\n}\n@container (max-width: 20rem) {\n  .a { display: none; }\n}\n',
    );
    assert.match(
      out,
      /^\.a\{color:red\}@container \((width<=20rem|max-width:20rem)\)\{\.a\{display:none\}\}$/,
    );
  });

  it('rewrites css and html literals of a module, and nothing else', () => {
    const code = [
      'const s = css`\n  .a {\n    quotes: "\\\\202f";\n  }\n`;',
      'const t = html`<div>\n  ${x}\n</div>`;',
      'const u = other`<div>\n  </div>`;',
    ].join('\n');
    const out = minifyLiterals(code, 'module.js');
    assert.ok(out);
    assert.match(out, /css`\.a\{quotes:"[^"]+"\}`/);
    assert.ok(out.includes('html`<div>${x}</div>`'));
    assert.ok(out.includes('other`<div>\n  </div>`'));
    assert.equal(minifyLiterals('const a = 1;', 'plain.js'), undefined);
  });

  it('refuses a css literal with expressions', () => {
    assert.throws(() => minifyLiterals('const s = css`.a { color: ${c}; }`;', 'bad.js'), /expressions/);
  });
});

/** Every TypeScript file under `dir`. */
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });

/** A declaration with a vendor prefix (`-webkit-hyphens:auto;`). */
const PREFIXED = /(?<=[{;])-(webkit|moz|ms)-[\w-]+:[^;{}]*;?/g;

describe('scripts/build/minify-literals.mjs: the built CSS says what the source says', () => {
  const root = join(import.meta.dirname, '../..');
  const literals = sources(join(root, 'src')).flatMap((file) => {
    const code = readFileSync(file, 'utf8');
    if (!code.includes('css`')) return [];
    const js = transformSync(code, { loader: 'ts', format: 'esm', target: 'es2022' }).code;
    return cssLiterals(js).map((text, index) => ({
      name: `${file.slice(root.length + 1)} #${index + 1}`,
      text,
    }));
  });

  it('finds the css literals of src/ (the tokens and each widget’s styles)', () => {
    assert.ok(literals.length >= 9, `${literals.length} css literals found`);
    assert.ok(literals.some((literal) => literal.text.includes('light-dark(')));
  });

  it('changes nothing but the form for the targets: each literal minified as for no target, vendor prefixes aside', () => {
    for (const { name, text } of literals) {
      const built = minifyCss(text, name);
      const plain = minifyCss(text, name, { targets: false });
      // Prefixed declarations aside on both sides: the targets may add some (-webkit-hyphens for
      // Safari 16); the source may write some itself (-webkit-print-color-adjust).
      const unprefixed = (css: string) => css.replace(PREFIXED, '').replace(/;}/g, '}');
      assert.equal(unprefixed(built), unprefixed(plain), name);
    }
  });

  it('keeps light-dark() as written, never its polyfill, and the fallback for engines without it', () => {
    const tokens = literals.filter((literal) => literal.text.includes('light-dark('));
    for (const { name, text } of tokens) {
      const built = minifyCss(text, name);
      assert.ok(!built.includes('--lightningcss-'), `${name}: ${built.slice(0, 200)}`);
      assert.equal(
        (built.match(/light-dark\(/g) ?? []).length,
        (text.replace(/\/\*[\s\S]*?\*\//g, '').match(/light-dark\(/g) ?? []).length,
        name,
      );
      if (text.includes('@supports not (color: light-dark('))
        assert.match(built, /@supports not \(color:light-dark\(#000, ?#fff\)\)/, name);
    }
  });
});
