/**
 * What the WordPress plugin's generated files hold: includes/definitions.php
 * (the rules, the words of the inputs every widget shares, each widget with
 * its attributes, words, data link, server request and summary, the checks of
 * each kind of answer, and the fallback's words) and each widget's block.json.
 */
import { catalog, type Entry } from '../../../src/registry.js';
import { LANGS, MAX_ANSWER_BYTES, type Lang } from '../../../src/core/types.js';
import { attributeMessages } from '../../../src/i18n/attributes.js';
import { ABOUT_INPUTS, type InputWords, type Words } from '../../../src/widget/about.js';
import { COMMON_INPUTS, shortName, type Input, type Inputs } from '../../../src/widget/descriptor.js';
import { fallbackWords, pluginSummary, summaryOf } from './fallback.js';
import { dataLink, dataRequest } from './requests.js';
import { serverBudget } from './budget.js';
import { answerRules, namedChoices } from './answers.js';
import { inputRule, pluginRule, quoting, RULE_NAMES, type Messages, type PluginRule } from './rules.js';

const DOMAIN = 'khountous-widgets';

/** Inputs the plugin does not let authors set: the site's administrator sets the API once, in the settings. */
const ADMIN_ONLY = new Set(['base-url']);

/** A widget's inputs as the plugin offers them: its own first (those its about.ts words), then the rest, the shared ones last. */
function inputsOf(entry: Entry): [string, Input][] {
  const inputs: Inputs = { ...entry.widget.inputs, ...COMMON_INPUTS };
  const own = (attribute: string) => Object.hasOwn(entry.about.inputs, attribute);
  return Object.entries(inputs)
    .filter(([attribute]) => !ADMIN_ONLY.has(attribute))
    .sort(([a], [b]) => Number(!own(a)) - Number(!own(b)));
}

const wordsOf = (words: InputWords) => ({ label: words.label, help: { fr: words.fr, en: words.en } });

interface PluginData {
  version: string;
  /** The largest answer body the server render reads (src/core/types.ts, as the kit's readers). */
  maxAnswerBytes: number;
  /** The server's total of requests per API and key (src/ssr/total.ts), in seconds. */
  budget: ReturnType<typeof serverBudget>;
  /** The checks of each kind of answer (src/core/schemas.ts), which a widget's `request.answer` names. */
  answers: ReturnType<typeof answerRules>;
  rules: Record<string, PluginRule & { messages: Messages }>;
  quote: ReturnType<typeof quoting>;
  title: Words;
  inputs: Record<string, ReturnType<typeof wordsOf>>;
  widgets: Record<string, unknown>;
  fallback: Record<Lang, Record<string, unknown>>;
}

/** What includes/definitions.php holds, and each block.json. */
export function pluginData(version: string): { data: PluginData; blocks: Record<string, object> } {
  const rules: PluginData['rules'] = {};
  /** Adds a rule once, by name: one name, one rule. */
  const add = (name: string, rule: PluginRule, messages: Messages): string => {
    const entry = { ...rule, messages };
    const known = rules[name];
    if (known && JSON.stringify(known) !== JSON.stringify(entry))
      throw new Error(`two rules named ${name}: name the second in src/attributes/rules.ts (RULES)`);
    rules[name] = entry;
    return name;
  };
  const ruleName = (attribute: string, input: Input): string => {
    if (!input.rule) return add(...inputRule(attribute, input));
    const name = RULE_NAMES.get(input.rule);
    if (!name) throw new Error(`${attribute}: its rule is not one of RULES (src/attributes/rules.ts)`);
    const { rule, messages } = pluginRule(input.rule);
    return add(name, rule, messages);
  };
  // The settings check the API's base URL as the widgets check base-url.
  ruleName('base-url', COMMON_INPUTS['base-url']);

  const shared: PluginData['inputs'] = {};
  for (const [attribute, words] of Object.entries(ABOUT_INPUTS))
    if (!ADMIN_ONLY.has(attribute)) shared[attribute] = wordsOf(words);

  const widgets: PluginData['widgets'] = {};
  const blocks: Record<string, object> = {};
  for (const entry of [...catalog].sort((a, b) => a.widget.tag.localeCompare(b.widget.tag))) {
    const { widget, about } = entry;
    const name = shortName(widget.tag);
    const attributes: Record<string, string> = {};
    const blockAttributes: Record<string, object> = {};
    for (const [attribute, input] of inputsOf(entry)) {
      if (!Object.hasOwn(about.inputs, attribute) && !shared[attribute])
        throw new Error(`${widget.tag}: ${attribute} has no words in its about.ts or in ABOUT_INPUTS`);
      attributes[attribute] = ruleName(attribute, input);
      const rule = rules[attributes[attribute]]!;
      blockAttributes[attribute] =
        rule.type === 'flag' ? { type: 'boolean', default: rule.default } : { type: 'string', default: '' };
    }
    const own = Object.fromEntries(
      Object.entries(about.inputs).map(([attribute, words]) => [attribute, wordsOf(words)]),
    );
    widgets[name] = {
      tag: widget.tag,
      attributes,
      words: own,
      link: dataLink(entry),
      request: dataRequest(entry),
      summary: Object.fromEntries(
        LANGS.map((lang) => [
          lang,
          pluginSummary(widget.tag, summaryOf(widget.tag), widget.inputs, lang, about.name),
        ]),
      ),
    };
    blocks[name] = {
      $schema: 'https://schemas.wp.org/trunk/block.json',
      apiVersion: 2,
      name: `${DOMAIN}/${name}`,
      version,
      title: about.title.en,
      category: 'embed',
      icon: 'chart-bar',
      description: about.summary.en,
      keywords: ['khountous', name],
      textdomain: DOMAIN,
      attributes: blockAttributes,
      supports: { html: false, align: ['wide', 'full'] },
      editorScript: 'khountous-widgets-editor',
    };
  }
  return {
    data: {
      version,
      maxAnswerBytes: MAX_ANSWER_BYTES,
      budget: serverBudget(),
      answers: Object.fromEntries(
        Object.entries(answerRules()).map(([kind, rule]) => [kind, namedChoices(rule, rules)]),
      ) as ReturnType<typeof answerRules>,
      rules,
      quote: quoting(),
      title: { fr: attributeMessages.fr.title, en: attributeMessages.en.title },
      inputs: shared,
      widgets,
      fallback: fallbackWords(),
    },
    blocks,
  };
}
