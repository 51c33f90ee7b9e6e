import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import process from 'node:process';
import { describe, it } from 'node:test';
// @ts-expect-error: a plain .mjs script without declarations
import * as docs from '../../scripts/generate/docs.mjs';

interface Docs {
  renderAttributes(manifest: unknown, samples?: Record<string, Record<string, string>>): string;
  renderCssProperties(manifest: unknown): string;
  replaceBlock(text: string, name: string, content: string): string;
  withBlocks(file: string, text: string, blocks: Record<string, string>): Promise<string>;
  renderScriptTag(
    pkg: { name: string; version: string },
    integrity: string | undefined,
    catalog: unknown,
  ): string;
  renderGallery(catalog: unknown, pictures: Set<string>): string;
  generatedBlocks(inputs: unknown): Record<string, Record<string, string>>;
  currentInputs(): Promise<{ catalog: { widget: { tag: string } }[]; pictures: Set<string> }>;
}
const {
  renderAttributes,
  renderCssProperties,
  replaceBlock,
  withBlocks,
  renderScriptTag,
  renderGallery,
  generatedBlocks,
  currentInputs,
} = docs as Docs;

/** Two widgets as src/registry.ts `catalog` has them, the second the README's first (`front`). */
const catalog = [
  {
    widget: { tag: 'khountous-demo' },
    about: { title: { en: 'Demo' }, summary: { en: 'A demo.' }, sample: { slug: 'a' } },
  },
  {
    widget: { tag: 'khountous-ranking' },
    about: { title: { en: 'Ranking' }, summary: { en: 'A ranking.' }, sample: { limit: '5' }, front: true },
  },
];

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

  it("writes the README's script tag from the npm CDN at the package's version, with its integrity", () => {
    const text = renderScriptTag({ name: 'khountous-widgets', version: '1.2.3' }, 'sha384-abc', catalog);
    assert.match(
      text,
      /<script type="module" src="https:\/\/cdn\.jsdelivr\.net\/npm\/khountous-widgets@1\.2\.3\/dist\/khountous\.js"\n {2}integrity="sha384-abc" crossorigin="anonymous"><\/script>/,
    );
    assert.match(text, /<khountous-ranking limit="5"><\/khountous-ranking>\n```$/);
    // Without a `front` widget, the catalog's first.
    const plain = catalog.map(({ widget, about }) => ({ widget, about: { ...about, front: undefined } }));
    assert.match(
      renderScriptTag({ name: 'k', version: '1' }, 'sha384-abc', plain),
      /<khountous-demo slug="a">/,
    );
    assert.throws(() => renderScriptTag({ name: 'k', version: '1' }, undefined, catalog), /npm run build/);
  });

  it('lists every widget of the catalog in the gallery, with its pictures where there are', () => {
    const text = renderGallery(catalog, new Set(['docs/images/demo-light.png', 'docs/images/demo-dark.png']));
    assert.match(
      text,
      /\*\*Demo\*\*, \[`<khountous-demo>`\]\(docs\/reference\.md#khountous-demo\): A demo\.\n\n!\[Demo, light\]\(docs\/images\/demo-light\.png\) !\[Demo, dark\]\(docs\/images\/demo-dark\.png\)/,
    );
    assert.match(
      text,
      /\*\*Ranking\*\*, [^\n]*\n\n_No picture yet: `npm run screenshots`, then `npm run pictures`\._/,
    );
  });

  it('has the pictures of every widget of the catalog in docs/images/ (`npm run pictures`)', async () => {
    const { catalog: current, pictures } = await currentInputs();
    const missing = current
      .flatMap(({ widget }) =>
        ['light', 'dark'].map((theme) => `docs/images/${widget.tag.replace(/^khountous-/, '')}-${theme}.png`),
      )
      .filter((file) => !pictures.has(file));
    assert.deepEqual(
      missing,
      [],
      'run `npm run screenshots`, then `npm run pictures`, and commit the pictures',
    );
  });

  it('finds each generated file in step with what `npm run docs` writes', async (t) => {
    // The README's script tag holds the integrity of dist/khountous.js: `npm test` builds it first.
    if (!existsSync('dist/integrity.json')) {
      if (process.env.CI) assert.fail('dist/ is not built');
      return t.skip('dist/ is not built: run `npm run build`');
    }
    const blocks = generatedBlocks(await currentInputs());
    assert.deepEqual(Object.keys(blocks).sort(), ['README.md', 'docs/reference.md']);
    for (const [file, fileBlocks] of Object.entries(blocks)) {
      const text = readFileSync(file, 'utf8');
      assert.equal(await withBlocks(file, text, fileBlocks), text, `${file}: run \`npm run docs\``);
    }
  });
});
