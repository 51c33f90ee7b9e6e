/**
 * Texts from the API that would reorder what is written after them (src/i18n/bidi.ts keeps
 * them to themselves), and how a test sees the drawn order of a line in a real engine.
 */
import { expect } from '@open-wc/testing';

/**
 * Each holds "Ndakaaru" (Dakar in Wolof: a word of no kit string), after a control that the
 * algorithm would carry past the text unless the text is isolated and balanced.
 */
export const BIDI_PAYLOADS = {
  'a right-to-left override': '\u202eNdakaaru',
  'an embedding left open': '\u202bNdakaaru',
  'an isolate left open': '\u2067Ndakaaru',
  'a stray PDI, then an override': '\u2069\u202eNdakaaru',
  'a paragraph separator, then an override': 'Saint\u2029\u202eNdakaaru',
} as const;

/**
 * Whether the characters of `needle`, as found in `root`'s text (its first occurrence from
 * `from`), are drawn left to right: each character's box left of the next's. Their left edges
 * go with the answer, for the message.
 */
export function drawnInOrder(root: Node, needle: string, from = 0): { ok: boolean; lefts: number[] } {
  const nodes: Text[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  const all = nodes.map((node) => node.data).join('');
  const at = all.indexOf(needle, from);
  expect(at, `"${needle}" in "${all}"`).to.be.at.least(0);
  const lefts = [...needle].map((_, index) => {
    let offset = at + index;
    let node = nodes[0]!;
    for (const candidate of nodes) {
      node = candidate;
      if (offset < candidate.data.length) break;
      offset -= candidate.data.length;
    }
    const range = document.createRange();
    range.setStart(node, offset);
    range.setEnd(node, offset + 1);
    return range.getBoundingClientRect().left;
  });
  return { ok: lefts.every((left, index) => index === 0 || left > lefts[index - 1]!), lefts };
}
