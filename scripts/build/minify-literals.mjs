// Minifies the kit's Lit template literals at build time (a Vite plugin used by
// scripts/build/build.mjs):
//
//   css`…`  through lightningcss (a maintained CSS parser that knows container
//           queries, nesting and light-dark(); the literals carry no `${}`
//           expressions, which the build checks);
//   html`…` and svg`…`: the whitespace of the source's indentation only.
//
// The html rule keeps what the browser renders. A run of whitespace written on
// one line (`</a> <span>`, ` · `) is the author's and stays as it is. A run that
// holds a line break is indentation: it goes where it touches a tag that lays
// out as a block (its opening or closing tag), where white space never renders
// (CSS Text 3, white space at the start and end of a line is removed); elsewhere
// (between inline elements or expressions) it becomes one space, which renders
// the same. Inside a tag, whitespace between attributes becomes one space.
// Templates holding <pre>, <textarea> or <script> are left whole, and so is a
// template whose markup the scanner cannot follow (the build then says which).
import { Features, transform as transformCss } from 'lightningcss';
import { parseAst } from 'vite';

/** Tags laid out as blocks (or not rendered) in the kit's stylesheets, plus SVG shapes. */
const BLOCK_TAGS = new Set(
  (
    'address article aside blockquote body caption col colgroup dd details dialog div dl dt fieldset ' +
    'figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr html legend li main nav ol p section ' +
    'style summary table tbody td template tfoot th thead tr ul ' +
    'circle clippath defs desc ellipse g line lineargradient mask path pattern polygon polyline rect stop title'
  ).split(' '),
);
const PRESERVED = /<(pre|textarea|script)\b/i;
/** Stands for an expression while a template is scanned (a character no template holds). */
const HOLE = '\u0000';

/**
 * The oldest browsers the kit's CSS asks for (container queries), in
 * lightningcss's encoding (major << 16): nothing newer than they read is written.
 */
const TARGETS = { chrome: 105 << 16, firefox: 110 << 16, safari: 16 << 16 };

/**
 * Transforms for those targets that the build must not make. `light-dark()` is
 * older than them, and lightningcss would rewrite it into its own polyfill
 * (`var(--lightningcss-light, a) var(--lightningcss-dark, b)`), which needs the
 * same sheet to set `color-scheme: light` or `dark`; the widgets inherit the
 * page's scheme (`color-scheme: inherit`), so every colour would become invalid
 * in the engines that read `light-dark()`. The source carries its own fallback for
 * older engines (`@supports not (color: light-dark(…))` in the tokens), which the
 * build keeps as written.
 */
const EXCLUDED = Features.LightDark;

/**
 * Minified CSS text of a `css` literal. What the targets may add besides
 * minifying is vendor prefixes only (test/scripts/minify-literals.test.ts
 * compares every literal of src/ with the same CSS minified for no target).
 */
export function minifyCss(text, filename = 'literal.css', { targets = TARGETS } = {}) {
  const { code } = transformCss({
    filename,
    code: Buffer.from(text),
    minify: true,
    ...(targets ? { targets, exclude: EXCLUDED } : {}),
  });
  return code.toString();
}

/**
 * The parts of an html template (the literal's raw strings) with the
 * indentation removed as described above; the same parts when the template is
 * one to leave whole.
 */
export function minifyHtmlParts(parts) {
  const source = parts.join(HOLE);
  if (parts.some((part) => part.includes(HOLE)) || PRESERVED.test(source)) return parts;
  const out = [];
  /** Whether the last thing written was a block's tag. */
  let previous = { block: false };
  let pending = ''; // whitespace waiting to know what follows it
  const flush = (next) => {
    if (pending) {
      if (!/[\n\r]/.test(pending)) out.push(pending);
      // Indentation next to no block (between inline things, or at an end of
      // the template, which may sit in running text): one space renders the same.
      else if (!(previous.block || next.block)) out.push(' ');
      pending = '';
    }
    previous = next;
  };
  let i = 0;
  while (i < source.length) {
    const char = source[i];
    if (char === HOLE) {
      flush({ block: false });
      out.push(HOLE);
      i += 1;
    } else if (/\s/.test(char)) {
      const start = i;
      while (i < source.length && /\s/.test(source[i])) i += 1;
      pending += source.slice(start, i);
    } else if (source.startsWith('<!--', i)) {
      const end = source.indexOf('-->', i + 4);
      if (end < 0 || source.slice(i, end).includes(HOLE)) return parts;
      i = end + 3; // a comment renders nothing
    } else if (char === '<' && /[a-zA-Z/]/.test(source[i + 1] ?? '')) {
      const tag = scanTag(source, i);
      if (!tag) return parts;
      flush({ block: BLOCK_TAGS.has(tag.name) });
      out.push(tag.text);
      i = tag.end;
      if (tag.name === 'style' && !tag.closing) {
        const close = source.toLowerCase().indexOf('</style', i);
        if (close < 0) return parts;
        out.push(source.slice(i, close));
        i = close;
      }
    } else {
      const start = i;
      while (i < source.length && !/[\s<]/.test(source[i]) && source[i] !== HOLE) i += 1;
      if (i === start) i += 1; // a lone '<' that opens no tag
      flush({ block: false });
      out.push(source.slice(start, i));
    }
  }
  flush({ block: false });
  const result = out.join('').split(HOLE);
  return result.length === parts.length ? result : parts;
}

/** One tag from `<` to `>`, whitespace between attributes collapsed; undefined when it does not close. */
function scanTag(source, start) {
  const match = /^<(\/?)([a-zA-Z][\w:-]*)/.exec(source.slice(start, start + 64));
  if (!match) return undefined;
  let i = start + match[0].length;
  let text = match[0];
  let space = false;
  while (i < source.length) {
    const char = source[i];
    if (char === '"' || char === "'") {
      const end = source.indexOf(char, i + 1);
      if (end < 0) return undefined;
      if (space) text += ' ';
      space = false;
      text += source.slice(i, end + 1);
      i = end + 1;
    } else if (/\s/.test(char)) {
      space = true;
      i += 1;
    } else if (char === '>' || (char === '/' && source[i + 1] === '>')) {
      text += char === '>' ? '>' : '/>';
      i += char === '>' ? 1 : 2;
      return { name: match[2].toLowerCase(), closing: match[1] === '/', text, end: i };
    } else {
      if (space) text += ' ';
      space = false;
      text += char;
      i += 1;
    }
  }
  return undefined;
}

/** Every node of an ESTree program, depth first. */
function* walk(node) {
  if (!node || typeof node.type !== 'string') return;
  yield node;
  for (const key of Object.keys(node)) {
    const value = node[key];
    if (Array.isArray(value)) for (const child of value) yield* walk(child);
    else if (value && typeof value === 'object' && typeof value.type === 'string') yield* walk(value);
  }
}

/** Escapes what a raw template string cannot hold as it is. */
const toRaw = (text) => text.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');

/** The text of each `css` literal of a module (JavaScript), as Lit reads it (cooked). */
export function cssLiterals(code) {
  return [...walk(parseAst(code))]
    .filter((node) => node.type === 'TaggedTemplateExpression' && node.tag.type === 'Identifier')
    .filter((node) => node.tag.name === 'css' && node.quasi.quasis.length === 1)
    .map((node) => node.quasi.quasis[0].value.cooked);
}

/** The code of one module with its css/html/svg literals minified; undefined when it has none. */
export function minifyLiterals(code, id) {
  if (!/\b(css|html|svg)`/.test(code)) return undefined;
  const edits = [];
  for (const node of walk(parseAst(code))) {
    if (node.type !== 'TaggedTemplateExpression' || node.tag.type !== 'Identifier') continue;
    const { quasis } = node.quasi;
    const raws = quasis.map((quasi) => code.slice(quasi.start, quasi.end));
    let minified;
    if (node.tag.name === 'css') {
      if (quasis.length !== 1)
        throw new Error(`${id}: a css\`\` literal with \${} expressions cannot be minified`);
      // Lit reads the cooked string (`\\202f` in the source is the CSS escape `\202f`).
      const cooked = quasis[0].value.cooked;
      if (typeof cooked !== 'string') throw new Error(`${id}: a css\`\` literal that is not valid text`);
      minified = [toRaw(minifyCss(cooked, id))];
    } else if (node.tag.name === 'html' || node.tag.name === 'svg') {
      minified = minifyHtmlParts(raws);
    } else continue;
    quasis.forEach((quasi, index) => {
      if (minified[index] !== raws[index])
        edits.push({ start: quasi.start, end: quasi.end, text: minified[index] });
    });
  }
  if (edits.length === 0) return undefined;
  edits.sort((a, b) => b.start - a.start);
  let result = code;
  for (const edit of edits) result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return result;
}

/** The Vite plugin: runs on the kit's modules after TypeScript is stripped. */
export function minifyLiteralsPlugin() {
  return {
    name: 'khountous-minify-literals',
    enforce: 'post',
    transform(code, id) {
      if (!/\/src\/.*\.ts$/.test(id)) return undefined;
      const result = minifyLiterals(code, id);
      return result === undefined ? undefined : { code: result, map: null };
    },
  };
}
