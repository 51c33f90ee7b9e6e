/**
 * `khountous-widgets render <files…>` for static sites: fills the kit's tags in
 * built HTML files with their rendered markup and inline data (renderWidget),
 * after a site's build or from a scheduled job. A file is rewritten only when
 * every widget in it rendered: on any error it is left as it was, and the
 * error says which file, which line and why.
 */
import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { inputsOf } from '../widget/descriptor.js';
import { widgets } from '../registry.js';
import { renderWidget, type RenderOptions } from './render.js';

const TAGS = new Set(widgets.map((widget) => widget.tag));

export interface FileResult {
  file: string;
  /** Widgets rendered (the file rewritten when above 0 and no error). */
  rendered: number;
  /** Why the file was left untouched. */
  error?: string;
}

const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The attributes of a start tag's text (after its name). */
function attributesOf(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of text.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    if (name === '/' || name in attributes) continue;
    attributes[name] = decode(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

/** Elements whose content is text, not markup (HTML's raw text and escapable raw text elements, and kin). */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes']);

/**
 * `text` with all that is not markup blanked (same length, line breaks kept): comments, the
 * content of raw text elements (a `<script>`'s code, a `<textarea>`'s or `<title>`'s text) and
 * the values of attributes. A kit's tag in any of them is text of the page, not a widget.
 */
function markupOnly(text: string): string {
  const blank = (from: number, to: number) => text.slice(from, to).replace(/[^\n]/g, ' ');
  const lower = text.toLowerCase();
  let out = '';
  let at = 0;
  const tag = /<(!--|\/?[a-zA-Z][^\s/>]*)/g;
  for (let match = tag.exec(text); match; match = tag.exec(text)) {
    if (match[1] === '!--') {
      const end = text.indexOf('-->', match.index + 4);
      const to = end === -1 ? text.length : end + 3;
      out += text.slice(at, match.index) + blank(match.index, to);
      at = tag.lastIndex = to;
      continue;
    }
    // The tag up to its `>`, its quoted values blanked.
    let i = tag.lastIndex;
    let inside = text.slice(at, i);
    while (i < text.length && text[i] !== '>') {
      const quote = text[i];
      if (quote === '"' || quote === "'") {
        const end = text.indexOf(quote, i + 1);
        const to = end === -1 ? text.length : end + 1;
        inside += quote + blank(i + 1, to - 1) + (end === -1 ? '' : quote);
        i = to;
      } else inside += text[i++];
    }
    out += inside;
    at = tag.lastIndex = i;
    const name = match[1]!.toLowerCase();
    if (RAW_TEXT.has(name) && text[i] === '>') {
      const close = lower.indexOf(`</${name}`, i + 1);
      const to = close === -1 ? text.length : close;
      out += '>' + blank(i + 1, to);
      at = tag.lastIndex = to;
    }
  }
  return out + text.slice(at);
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Renders the widgets of one HTML text; throws with the line and the reason on the first that fails. */
export async function renderHtml(
  html: string,
  options: RenderOptions = {},
): Promise<{ html: string; rendered: number }> {
  const visible = markupOnly(html);
  const start = /<(khountous-[a-z0-9-]+)(\s[^>]*)?>/g;
  let out = '';
  let from = 0;
  let rendered = 0;
  for (let match = start.exec(visible); match; match = start.exec(visible)) {
    const tag = match[1]!;
    if (!TAGS.has(tag))
      throw new Error(`line ${lineOf(html, match.index)}: <${tag}> is not an element of the kit`);
    const close = visible.indexOf(`</${tag}>`, start.lastIndex);
    if (close === -1) throw new Error(`line ${lineOf(html, match.index)}: <${tag}> is not closed`);
    const attributes = attributesOf(html.slice(match.index + 1 + tag.length, start.lastIndex - 1));
    // Markup a previous run wrote is rendered again from the tag's own attributes: not those the
    // element writes itself (its state, a reflected input at its initial value).
    delete attributes['state'];
    const inputs = inputsOf(widgets.find((widget) => widget.tag === tag)!);
    for (const [name, input] of Object.entries(inputs)) {
      if (input.reflect && attributes[name] === String(input.initial)) delete attributes[name];
    }
    let markup;
    try {
      markup = await renderWidget(tag, attributes, options);
    } catch (error) {
      throw new Error(
        `line ${lineOf(html, match.index)}: ${error instanceof Error ? error.message : String(error)}`,
        {
          cause: error,
        },
      );
    }
    out += html.slice(from, match.index) + markup;
    from = close + `</${tag}>`.length;
    start.lastIndex = from;
    rendered++;
  }
  return { html: out + html.slice(from), rendered };
}

/** Renders the widgets of each file in place; a file with an error is left untouched. */
export async function renderFiles(
  files: readonly string[],
  options: RenderOptions = {},
): Promise<FileResult[]> {
  const results: FileResult[] = [];
  for (const file of files) {
    try {
      const { html, rendered } = await renderHtml(await readFile(file, 'utf8'), options);
      if (rendered > 0) {
        // Written beside it, then moved over it: a reader never gets half a file. Under a name
        // nobody can guess, created anew (`wx`): never through a link someone left at that name.
        const temporary = `${file}.khountous-${randomBytes(8).toString('hex')}.tmp`;
        try {
          await writeFile(temporary, html, { flag: 'wx' });
          await rename(temporary, file);
        } catch (error) {
          await rm(temporary, { force: true }).catch(() => {});
          throw error;
        }
      }
      results.push({ file, rendered });
    } catch (error) {
      results.push({ file, rendered: 0, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return results;
}
