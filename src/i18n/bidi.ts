/**
 * The direction of a text from the API, kept to itself: a name that holds a right-to-left
 * override (U+202E), an embedding or an isolate it leaves open, or a stray closing mark
 * would otherwise reorder the kit's words and figures written after it ("Dakar : 60/100"
 * read "001/06 : rakaD"). One rule for every path that writes such a text beside other text:
 * the elements (`<bdi>` around `balanced`, element/bdi.ts), the strings that are not markup
 * (`isolate`: accessible names, the map's readout, the chart's description, the text paint)
 * and the WordPress fallback (includes/fallback.php mirrors `balanced`; a test holds them equal).
 *
 * The Unicode Bidirectional Algorithm (UAX #9, rules X1 to X8) closes every embedding,
 * override and isolate a paragraph leaves open at its end, and a PDI closes what was opened
 * since its isolate initiator; a PDI with no initiator before it in the text would close the
 * isolate around the text instead. So the text is balanced in each of its paragraphs: a
 * FSI before the text for each PDI that closes nothing of it, and after it the PDF or PDI
 * of each embedding or isolate still open. Nothing of the text is removed or changed.
 */

/** First strong isolate and pop directional isolate: an isolate whose direction is the text's own. */
const FSI = '\u2068';
const PDI = '\u2069';
/** Pop directional formatting: closes LRE, RLE, LRO and RLO (U+202A, U+202B, U+202D, U+202E). */
const PDF = '\u202c';

/** The explicit formatting characters: embeddings and overrides, PDF, isolate initiators, PDI. */
const EXPLICIT = /[\u202a-\u202e\u2066-\u2069]/;
/** Paragraph separators (bidi class B): each ends every embedding and isolate open before it. */
const SEPARATORS = '\n\r\u001c\u001d\u001e\u0085\u2029';

/**
 * `text` with its explicit directional formatting balanced (the module's comment): inside an
 * isolate (an element `<bdi>`, or `isolate`), it changes nothing outside it. A text without
 * such characters is returned as it is.
 */
export function balanced(text: string): string {
  if (!EXPLICIT.test(text)) return text;
  let out = '';
  let from = 0;
  // What closes each embedding and isolate still open in the paragraph, the innermost last.
  let open: string[] = [];
  // The paragraph's PDIs that close nothing of it: each gets an FSI before the paragraph.
  let stray = 0;
  // By code units: the formatting characters and the separators are all in the BMP.
  for (let at = 0; at <= text.length; at++) {
    const char = text[at];
    if (char === undefined || SEPARATORS.includes(char)) {
      out += FSI.repeat(stray) + text.slice(from, at) + open.reverse().join('') + (char ?? '');
      open = [];
      stray = 0;
      from = at + 1;
    } else if (char === PDI) {
      // A PDI closes its isolate and what was opened inside it; with none open, an added FSI and all.
      const initiator = open.lastIndexOf(PDI);
      if (initiator === -1) stray++;
      open.length = Math.max(initiator, 0);
    } else if (char === PDF) {
      if (open.at(-1) === PDF) open.pop();
    } else if (char >= '\u2066' && char <= '\u2068') open.push(PDI);
    else if (char >= '\u202a' && char <= '\u202e') open.push(PDF);
  }
  return out;
}

/**
 * `text` (balanced) between FSI and PDI, for a string that is not markup (an accessible name, a
 * line of the text paint): its direction is its own, and it leaves the words around it as
 * they are. The empty text stays empty.
 */
export const isolate = (text: string): string => (text ? FSI + balanced(text) + PDI : text);
