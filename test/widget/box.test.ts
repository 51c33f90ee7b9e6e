/**
 * A widget's box (src/widget/box.ts): heights by width, linear between the widths
 * measured and flat beyond; every widget has one, taller for more items and on a
 * narrower column; the style rule of the tags not defined yet.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { widgets } from '../../src/registry.js';
import { BOX_WIDTHS, boxHeight, boxRule } from '../../src/widget/box.js';

describe('boxHeight', () => {
  const heights = [40, 30, 20, 10];
  it('gives the height measured at each width', () => {
    BOX_WIDTHS.forEach((width, index) => assert.equal(boxHeight(heights, width), heights[index]));
  });
  it('is linear between two widths', () => {
    assert.equal(boxHeight(heights, 23), 35);
    assert.equal(boxHeight(heights, (37.5 + 60) / 2), 15);
  });
  it('is flat beyond the narrowest and the widest', () => {
    assert.equal(boxHeight(heights, 10), 40);
    assert.equal(boxHeight(heights, 120), 10);
  });
});

describe('every widget’s box', () => {
  const read = (values: Record<string, unknown>) => (attribute: string) => values[attribute];
  for (const descriptor of widgets)
    it(`${descriptor.tag}: a height at every width, not shorter on a narrower column`, () => {
      assert.ok(descriptor.box, 'it has a box');
      const [narrow, wide] = [descriptor.box(read({}), 20), descriptor.box(read({}), 60)];
      assert.ok(wide > 3, `${wide} rem at 60 rem`);
      assert.ok(narrow >= wide * 0.8, `${narrow} rem at 20 rem against ${wide} at 60`);
    });

  for (const tag of ['khountous-ranking', 'khountous-reports', 'khountous-fact-checks'])
    it(`${tag}: taller for more items`, () => {
      const box = widgets.find((descriptor) => descriptor.tag === tag)!.box!;
      for (const width of [20, 40, 60])
        assert.ok(box(read({ limit: 10 }), width) > box(read({ limit: 5 }), width) + 5);
      assert.equal(box(read({}), 30), box(read({ limit: 10 }), 30), 'ten items when no limit is given');
    });
});

describe('boxRule', () => {
  it('gives the tags not defined yet a block of their box, the inline variant aside', () => {
    const rule = boxRule(['khountous-a', 'khountous-b']);
    assert.match(rule, /^:is\(khountous-a,khountous-b\):not\(:defined\):not\(\[variant=inline\]\)\{/);
    assert.match(rule, /display:block/);
    assert.match(rule, /min-height:calc\(var\(--khountous-box,0\)\*var\(--khountous-font-size,1rem\)\)/);
  });
});
