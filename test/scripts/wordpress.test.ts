/**
 * scripts/generate/wordpress.ts: the WordPress plugin's data, derived from the widgets'
 * descriptors and words (src/catalog.ts), each rule once; the blocks' words
 * from the widgets' about.ts, in English (block.json) and French (the .po).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { RULES, type AttributeRule } from '../../src/attributes/rules.js';
import { catalog } from '../../src/catalog.js';
import { ABOUT_INPUTS } from '../../src/widget/about.js';
import { COMMON_INPUTS, type Inputs } from '../../src/widget/descriptor.js';
import { parsePo, PLUGIN_DIR, pluginData } from '../../scripts/generate/wordpress.js';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
const { data, blocks } = pluginData(version);
const short = (tag: string) => tag.replace(/^khountous-/, '');
const widgetData = (tag: string) =>
  data.widgets[short(tag)] as {
    tag: string;
    attributes: Record<string, string>;
    words: Record<string, { label: unknown; help: unknown }>;
  };

describe('scripts/generate/wordpress.ts: the plugin reads the descriptors', () => {
  it("each widget's attributes are its descriptor's inputs (the API's base URL left to the settings), each naming its rule", () => {
    const ruleName = new Map<AttributeRule, string>(
      Object.entries(RULES).map(([name, rule]) => [rule, name]),
    );
    for (const { widget } of catalog) {
      const inputs: Inputs = { ...COMMON_INPUTS, ...widget.inputs };
      const { attributes } = widgetData(widget.tag);
      assert.deepEqual(
        Object.keys(attributes).sort(),
        Object.keys(inputs)
          .filter((attribute) => attribute !== 'base-url')
          .sort(),
        widget.tag,
      );
      assert.equal('heading-level' in attributes, 'heading-level' in widget.inputs, widget.tag);
      for (const [attribute, input] of Object.entries(inputs)) {
        if (!input.rule || attribute === 'base-url') continue;
        assert.equal(attributes[attribute], ruleName.get(input.rule), `${widget.tag} ${attribute}`);
      }
    }
  });

  it("each rule of the kit is in the data once, by its name, as the kit's rules say", () => {
    for (const [name, rule] of Object.entries(RULES) as [string, AttributeRule][]) {
      const entry = data.rules[name] as Record<string, unknown> | undefined;
      assert.ok(entry, `${name} is in the data`);
      assert.equal(entry.type, rule.type, name);
      // A choice left empty is not written: the element applies its own fallback.
      const fields =
        rule.type === 'choice' ? ['values'] : ['pattern', 'maxLength', 'required', 'min', 'max', 'fallback'];
      for (const field of fields)
        if (field in rule)
          assert.deepEqual(
            entry[field],
            (rule as unknown as Record<string, unknown>)[field],
            `${name}.${field}`,
          );
    }
    // The inputs without a rule of the kit: by their kind, or their menu.
    assert.deepEqual(data.rules['lang']!, {
      ...data.rules['lang'],
      type: 'choice',
      values: COMMON_INPUTS.lang.values,
    });
    assert.deepEqual(data.rules['theme']!, {
      ...data.rules['theme'],
      type: 'choice',
      values: COMMON_INPUTS.theme.values,
    });
    // Referenced by name: the data says a rule once however many widgets have it.
    const php = readFileSync(join(PLUGIN_DIR, 'includes/definitions.php'), 'utf8');
    assert.equal(php.match(/'kedougou',/g)?.length, 1, 'the regions are listed once');
  });

  it('the sidebar words of each attribute are its about.ts words, or those every widget shares', () => {
    for (const { widget, about } of catalog) {
      const own = widgetData(widget.tag);
      for (const attribute of Object.keys(own.attributes)) {
        const words = own.words[attribute] ?? data.inputs[attribute];
        const expected = about.inputs[attribute] ?? ABOUT_INPUTS[attribute]!;
        assert.deepEqual(
          words,
          { label: expected.label, help: { fr: expected.fr, en: expected.en } },
          `${widget.tag} ${attribute}`,
        );
      }
    }
  });

  it("the blocks' titles and descriptions are the widgets' about.ts: English in block.json, French in the .po", () => {
    const po = parsePo(readFileSync(join(PLUGIN_DIR, 'languages/khountous-widgets-fr_FR.po'), 'utf8'));
    const french = (context: string, id: string) =>
      po.find((entry) => entry.context === context && entry.id === id)?.strings[0];
    for (const { widget, about } of catalog) {
      const file = JSON.parse(
        readFileSync(join(PLUGIN_DIR, 'blocks', short(widget.tag), 'block.json'), 'utf8'),
      );
      assert.deepEqual(blocks[short(widget.tag)], file, `${widget.tag}: block.json is the one generated`);
      assert.equal(file.title, about.title.en);
      assert.equal(file.description, about.summary.en);
      assert.equal(french('block title', about.title.en), about.title.fr);
      assert.equal(french('block description', about.summary.en), about.summary.fr);
    }
  });

  it("no code of the plugin restates a widget's title", () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? ['blocks', 'languages', 'kit'].includes(entry.name)
            ? []
            : files(join(dir, entry.name))
          : /\.(php|js)$/.test(entry.name)
            ? [join(dir, entry.name)]
            : [],
      );
    // What scripts/generate/wordpress.ts generates from the descriptors and the kit's words (definitions.php:
    // the fallback's caption may equal a title) is not restating; the test above compares it with its source.
    const texts = files(PLUGIN_DIR)
      .map((file) => [file, readFileSync(file, 'utf8')] as const)
      .filter(([, text]) => !/Generated by scripts\/generate\/wordpress\.ts/.test(text));
    assert.ok(texts.length >= 8, 'the PHP and JavaScript files are read');
    for (const { about } of catalog)
      for (const title of [about.title.en, about.title.fr])
        for (const [file, text] of texts)
          assert.ok(!text.includes(`'${title}'`) && !text.includes(`"${title}"`), `${file} names ${title}`);
  });

  it('no code of the plugin names a widget: its fallback interprets each summary as data', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? ['blocks', 'languages', 'kit'].includes(entry.name)
            ? []
            : files(join(dir, entry.name))
          : /\.(php|js)$/.test(entry.name)
            ? [join(dir, entry.name)]
            : [],
      );
    const code = files(PLUGIN_DIR)
      .map((file) => [file, readFileSync(file, 'utf8')] as const)
      .filter(([, text]) => !/Generated by scripts\/generate\/wordpress\.ts/.test(text));
    assert.ok(
      code.some(([file]) => file.endsWith('fallback.php')),
      'the fallback is read',
    );
    for (const { widget } of catalog)
      for (const name of [widget.tag, short(widget.tag)])
        for (const [file, text] of code)
          assert.ok(
            !text.includes(`'${name}'`) && !text.includes(`"${name}"`),
            `${file} names ${name} in its code`,
          );
    // Each widget's summary, with its words resolved in both languages.
    for (const { widget } of catalog) {
      const summary = (data.widgets[short(widget.tag)] as { summary: Record<string, object> }).summary;
      assert.deepEqual(Object.keys(summary).sort(), ['en', 'fr'], widget.tag);
      assert.doesNotMatch(
        JSON.stringify(summary),
        /"label":"[a-zA-Z]+\.[a-zA-Z.]+"/,
        `${widget.tag}: a label left a path`,
      );
    }
  });
});
