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
import { firstDifference, kitElements, readPage, shapeOf, type KitElement } from './page.js';
import { renderWidget, type RenderOptions } from './render.js';

const TAGS = new Set(widgets.map((widget) => widget.tag));

export interface FileResult {
  file: string;
  /** Widgets rendered (the file rewritten when above 0 and no error). */
  rendered: number;
  /** Why the file was left untouched. */
  error?: string;
}

/** `<tag>` of `element`, with its line: for the errors. */
const at = (element: KitElement) => `line ${element.line}: <${element.tag}>`;

/**
 * Renders the widgets of one HTML text; throws with the line and the reason on the first that
 * fails. The text is read as HTML reads it (page.ts); each kit element is replaced, from its
 * start tag to its end tag, by its rendered markup, and nothing else of the text changes.
 *
 * @internal the page rendering of the CLI, tested without files
 */
export async function renderHtml(
  html: string,
  options: RenderOptions = {},
): Promise<{ html: string; rendered: number }> {
  const page = readPage(html);
  const found = kitElements(page);
  // Every tag checked before any is rendered: a page with an error costs no request.
  let end = 0;
  for (const element of found) {
    if (!TAGS.has(element.tag)) throw new Error(`${at(element)} is not an element of the kit`);
    if (element.end === undefined)
      throw new Error(`${at(element)} is not closed (no </${element.tag}> of its own ends it)`);
    if (element.start < end) {
      const outer = found.find((other) => other.start < element.start && element.start < other.end!)!;
      throw new Error(
        `${at(element)} is inside <${outer.tag}> (line ${outer.line}), whose content its render replaces: put it outside`,
      );
    }
    end = element.end;
  }
  let out = '';
  let from = 0;
  for (const element of found) {
    const attributes = { ...element.attributes };
    // Markup a previous run wrote is rendered again from the tag's own attributes: not those the
    // element writes itself (its state, a reflected input at its initial value).
    delete attributes['state'];
    const inputs = inputsOf(widgets.find((widget) => widget.tag === element.tag)!);
    for (const [name, input] of Object.entries(inputs)) {
      if (input.reflect && attributes[name] === String(input.initial)) delete attributes[name];
    }
    let markup;
    try {
      markup = await renderWidget(element.tag, attributes, options);
    } catch (error) {
      throw new Error(`line ${element.line}: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
    out += html.slice(from, element.start) + markup;
    from = element.end!;
  }
  if (found.length === 0) return { html, rendered: 0 };
  out += html.slice(from);
  // The page around the widgets must read as it did: a widget's tag may close an element it did not
  // open, or the page rely on how HTML repairs it, and the rendered markup then changes the rest.
  const changed = firstDifference(shapeOf(page), shapeOf(readPage(out)));
  if (changed)
    throw new Error(
      `line ${changed.line}: with its widgets rendered, the page would be read otherwise here ` +
        `(${changed.was} would become ${changed.is}): close in each widget's tag what opens there`,
    );
  return { html: out, rendered: found.length };
}

/** The file's text; one that is not UTF-8 is refused, so that the bytes around its widgets stay as they were. */
function utf8(bytes: Uint8Array): string {
  try {
    // A byte order mark is kept as the text's first character, and written back.
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new Error('not UTF-8 text: the command reads and writes UTF-8 only');
  }
}

/** Renders the widgets of each file in place; a file with an error is left untouched. */
export async function renderFiles(
  files: readonly string[],
  options: RenderOptions = {},
): Promise<FileResult[]> {
  const results: FileResult[] = [];
  for (const file of files) {
    try {
      const { html, rendered } = await renderHtml(utf8(await readFile(file)), options);
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
