import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
// @ts-expect-error: a plain .mjs script without declarations
import * as docs from '../../scripts/generate/docs.mjs';

interface Docs {
  renderAttributes(manifest: unknown, samples?: Record<string, Record<string, string>>): string;
  renderCssProperties(manifest: unknown): string;
  replaceBlock(text: string, name: string, content: string): string;
  withBlocks(file: string, text: string, blocks: Record<string, string>): Promise<string>;
  generatedBlocks(inputs: unknown): Record<string, Record<string, string>>;
  currentInputs(): Promise<unknown>;
}
const { renderAttributes, renderCssProperties, replaceBlock, withBlocks, generatedBlocks, currentInputs } =
  docs as Docs;

const inherited = { name: 'KhountousElement', module: 'src/element/khountous-element.ts' };
const manifest = {
  modules: [
    {
      path: 'src/components/demo/demo.ts',
      declarations: [
        {
          customElement: true,
          tagName: 'khountous-demo',
          summary: 'A demo element.',
          attributes: [
            {
              name: 'lang',
              type: { text: 'string' },
              default: "''",
              description: 'Language.',
              inheritedFrom: inherited,
            },
            {
              name: 'limit',
              type: { text: 'string | number' },
              default: '10',
              description: 'Rows, 1 to 100.',
            },
            { name: 'mode', type: { text: "'a' | 'b'" }, default: "'a'", description: 'A\nmode.' },
          ],
          cssParts: [{ name: 'base' }],
          cssProperties: [
            { name: '--khountous-color-text', default: '#1d2327', description: 'Text colour.' },
          ],
          events: [{ name: 'khountous-load' }],
        },
      ],
    },
  ],
};

describe('the generated parts of the docs (scripts/generate/docs.mjs)', () => {
  it('renders shared and own attributes with types, defaults and descriptions', () => {
    const text = renderAttributes(manifest, { 'khountous-demo': { mode: 'b', note: 'a "b" & c' } });
    assert.match(text, /### Every element[\s\S]*\| `lang` \| `string` \| {2}\| Language\. \|/);
    assert.match(text, /### `<khountous-demo>`\n\nA demo element\./);
    assert.match(
      text,
      /```html\n<khountous-demo mode="b" note="a &quot;b&quot; &amp; c"><\/khountous-demo>\n```/,
    );
    assert.match(text, /\| `limit` \| `string \\\| number` \| `10` \| Rows, 1 to 100\. \|/);
    assert.match(text, /\| `mode` \| `'a' \\\| 'b'` \| `a` \| A mode\. \|/);
    assert.match(text, /Parts: `base`\./);
    assert.match(text, /Events: `khountous-load`\./);
  });

  it('renders the custom properties', () => {
    assert.match(
      renderCssProperties(manifest),
      /\| `--khountous-color-text` \| `#1d2327` \| Text colour\. \|/,
    );
  });

  it('replaces only what lies between the markers', () => {
    const text = 'before\n<!-- attributes:start -->\nold\n<!-- attributes:end -->\nafter\n';
    assert.equal(
      replaceBlock(text, 'attributes', 'new'),
      'before\n<!-- attributes:start -->\n\nnew\n\n<!-- attributes:end -->\nafter\n',
    );
    assert.throws(() => replaceBlock('no markers', 'attributes', 'x'), /no <!-- attributes:start -->/);
  });

  it('finds each generated file in step with what `npm run docs` writes', async () => {
    const blocks = generatedBlocks(await currentInputs());
    assert.ok(Object.keys(blocks).includes('docs/reference.md'));
    for (const [file, fileBlocks] of Object.entries(blocks)) {
      const text = readFileSync(file, 'utf8');
      assert.equal(await withBlocks(file, text, fileBlocks), text, `${file}: run \`npm run docs\``);
    }
  });
});
