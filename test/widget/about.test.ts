/**
 * What the tools read of a widget beside its words: the widget of the README's first snippet
 * and of the build's page of one widget (about.ts `frontOf`), and a widget's short name
 * (descriptor.ts `shortName`, `tagOfName`), as the embed page, the plugin and the pictures
 * name it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { catalog } from '../../src/registry.js';
import { frontOf, type About } from '../../src/widget/about.js';
import { shortName, tagOfName } from '../../src/widget/descriptor.js';

const about = (extra: Partial<About> = {}): About => ({
  title: { en: 'A', fr: 'A' },
  summary: { en: 'A.', fr: 'A.' },
  inputs: {},
  sample: {},
  ...extra,
});

describe('frontOf', () => {
  it('is the widget whose about.ts says `front`, else the first', () => {
    const entries = [
      { about: about(), name: 'a' },
      { about: about({ front: true }), name: 'b' },
    ];
    assert.equal(frontOf(entries).name, 'b');
    assert.equal(frontOf([entries[0]!]).name, 'a');
  });

  it("is the ranking in the kit's catalog", () => {
    assert.equal(frontOf(catalog).widget.tag, 'khountous-ranking');
  });
});

describe('a widget’s short name', () => {
  it('is its tag without the kit’s prefix, and back', () => {
    assert.equal(shortName('khountous-region-map'), 'region-map');
    for (const { widget } of catalog) assert.equal(tagOfName(shortName(widget.tag)), widget.tag);
  });
});
