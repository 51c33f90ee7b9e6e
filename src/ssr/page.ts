/**
 * A built HTML page read as a browser reads it, for the CLI (files.ts): parse5, which
 * implements the HTML standard's tokenizer and tree construction (raw text, RCDATA and
 * script data with its escaped states, PLAINTEXT, bogus comments, CDATA in foreign
 * content, foster parenting, the adoption agency), with each node's place in the source.
 * The tree decides what a tag is: the tokenizer's state depends on the elements open (a
 * `<style>` in `<svg>` holds markup, one in `<body>` holds text), so a tokenizer alone, or
 * a scanner of our own, reads some pages otherwise than the browser will.
 *
 * Read with scripting on, as the readers' browsers that run the kit read it: the content
 * of a `<noscript>` is text.
 */
import { html, parse, type DefaultTreeAdapterTypes as Tree } from 'parse5';

type Node = Tree.Node;

/** A tag of the kit as the page's tree holds it: an element of the HTML namespace named `khountous-…`. */
export interface KitElement {
  tag: string;
  /** Its attributes, decoded as HTML decodes them (character references in full; the first of a name kept). */
  attributes: Record<string, string>;
  /** The line of its start tag (1-based). */
  line: number;
  /** From its start tag to the end of its end tag, in the source; `end` undefined when no end tag of its own closed it. */
  start: number;
  end: number | undefined;
}

/** The page's document, with each node's place in `source`. */
export const readPage = (source: string): Tree.Document =>
  parse(source, { sourceCodeLocationInfo: true, scriptingEnabled: true });

const isElement = (node: Node): node is Tree.Element => 'tagName' in node;

const isKitElement = (node: Node): node is Tree.Element =>
  isElement(node) && node.namespaceURI === html.NS.HTML && node.tagName.startsWith('khountous-');

/**
 * The kit's elements of the document, in source order, those inside another included.
 * Not a tag in text (a comment, a `<script>`, `<textarea>`, `<noscript>`, `<plaintext>`, an
 * attribute value), nor one in foreign content (an SVG or MathML element, which the browser
 * never makes a widget), nor one in a `<template>`'s content, which is inert (a script may
 * clone it, and the kit then loads it in the browser).
 */
export function kitElements(document: Tree.Document): KitElement[] {
  const found: KitElement[] = [];
  const visit = (node: Node) => {
    if (isKitElement(node)) {
      const location = node.sourceCodeLocation!;
      found.push({
        tag: node.tagName,
        attributes: Object.fromEntries(node.attrs.map((attribute) => [attribute.name, attribute.value])),
        line: location.startLine,
        start: location.startOffset,
        end: location.endTag?.endOffset,
      });
    }
    if ('childNodes' in node) for (const child of node.childNodes) visit(child);
  };
  visit(document);
  return found.sort((a, b) => a.start - b.start);
}

/** One node of a page's shape: `key` compares, `line` says where. */
interface Step {
  key: string;
  line: number;
}

/**
 * The page's nodes outside the kit's elements, in tree order: every element with its
 * attributes, text, comment and doctype, templates' content included; a kit element
 * outside templates is its tag alone. Two readings of a page whose widgets alone changed have the same shape.
 */
export function shapeOf(document: Tree.Document): Step[] {
  const steps: Step[] = [];
  const visit = (node: Node, line: number, inert: boolean) => {
    const here = node.sourceCodeLocation?.startLine ?? line;
    const step = (key: string) => steps.push({ key, line: here });
    if (!inert && isKitElement(node)) return step(`widget <${node.tagName}>`);
    if (node.nodeName === '#text') step(`text ${JSON.stringify((node as Tree.TextNode).value)}`);
    else if (node.nodeName === '#comment') step(`comment ${JSON.stringify((node as Tree.CommentNode).data)}`);
    else if (node.nodeName === '#documentType') step(`doctype ${(node as Tree.DocumentType).name}`);
    else if (isElement(node)) {
      const attributes = node.attrs.map(({ name, value }) => ` ${name}=${JSON.stringify(value)}`).join('');
      step(
        `<${node.namespaceURI === html.NS.HTML ? '' : `${node.namespaceURI} `}${node.tagName}${attributes}>`,
      );
    }
    if ('childNodes' in node) for (const child of node.childNodes) visit(child, here, inert);
    if ('content' in node) {
      step('template content');
      visit(node.content, here, true);
    }
    if (isElement(node)) step(`</${node.tagName}>`);
  };
  visit(document, 1, false);
  return steps;
}

const short = (key: string) => (key.length > 80 ? `${key.slice(0, 79)}…` : key);

/** The first step where `after` differs from `before`, undefined when none does. */
export function firstDifference(
  before: Step[],
  after: Step[],
): { line: number; was: string; is: string } | undefined {
  for (let index = 0; index < Math.max(before.length, after.length); index++) {
    const was = before[index];
    const is = after[index];
    if (was?.key !== is?.key)
      return {
        line: (was ?? is ?? before.at(-1))?.line ?? 1,
        was: short(was?.key ?? 'the end of the page'),
        is: short(is?.key ?? 'the end of the page'),
      };
  }
  return undefined;
}
