/**
 * The editor's words on a widget: its `headline` (in place of the widget's own title), its
 * `subtitle`, its `note` under the graphic, and where its source line links (`source-href`,
 * else the platform's site). One reading for the element, the script tag's text paint and a
 * server render: each value checked against its rule (attributes/rules.ts: plain text, white
 * space normalised, cut at its bound; an http(s) link or none). No Lit, no DOM.
 */
import { checkAttribute, RULES, type AttributeRule } from '../attributes/rules.js';
import { PLATFORM_SITE } from './source.js';

export interface EditorWords {
  headline: string | undefined;
  subtitle: string | undefined;
  note: string | undefined;
  /** Where the source line links: the editor's http(s) link, else the platform's site. */
  sourceHref: string;
}

/**
 * The editor's words, each as `check` reads `attribute` against `rule` (the element's check,
 * which warns of a text cut or a link set aside; checkAttribute's value elsewhere).
 */
export function editorWords(check: (attribute: string, rule: AttributeRule) => unknown): EditorWords {
  const text = (attribute: string, rule: AttributeRule) =>
    (check(attribute, rule) as string | undefined) || undefined;
  return {
    headline: text('headline', RULES.headline),
    subtitle: text('subtitle', RULES.subtitle),
    note: text('note', RULES.note),
    sourceHref: text('source-href', RULES.sourceHref) ?? PLATFORM_SITE,
  };
}

/** A widget's title: the editor's `headline` when set, else its own. */
export const titleOf = <T>(words: Pick<EditorWords, 'headline'>, own: T): string | T => words.headline ?? own;

/** The editor's words of a tag's attributes (`attribute`: its value, null when absent), without warnings (the text paint's). */
export const editorWordsOf = (attribute: (name: string) => string | null): EditorWords =>
  editorWords((name, rule) => {
    const result = checkAttribute(name, rule, attribute(name));
    return result.ok ? result.value : undefined;
  });
