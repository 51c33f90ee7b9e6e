/** Places in a ranking with ties (src/graphics/places.ts): standard competition ranking. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { placesOf } from '../../src/graphics/places.js';
import { formatPlace, formatPlaceMark } from '../../src/i18n/format.js';

describe('placesOf', () => {
  it('gives equal values the place of the first of them, the next value its own position (1, 2, 2, 4)', () => {
    assert.deepEqual(
      placesOf([97, 94, 94, 93, 92, 92, 92, 91]).map(({ place, shared }) => `${shared ? '=' : ''}${place}`),
      ['1', '=2', '=2', '4', '=5', '=5', '=5', '8'],
    );
  });

  it('counts from a page’s first position', () => {
    assert.deepEqual(placesOf([90, 90, 88], 11), [
      { place: 11, shared: true },
      { place: 11, shared: true },
      { place: 13, shared: false },
    ]);
  });

  it('for any ranked list: a place is one more than the values above it on the list, shared exactly when another equals it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 40 }),
        fc.nat(500),
        (raw, offset) => {
          const values = [...raw].sort((a, b) => b - a);
          const places = placesOf(values, offset + 1);
          values.forEach((value, index) => {
            assert.equal(places[index]!.place, offset + 1 + values.filter((other) => other > value).length);
            assert.equal(places[index]!.shared, values.filter((other) => other === value).length > 1);
          });
        },
      ),
    );
  });

  it('is written in words and as a column’s mark, in French and English', () => {
    assert.equal(formatPlace('fr', { place: 2, shared: true }), '2e ex aequo');
    assert.equal(formatPlace('en', { place: 2, shared: true }), 'tied 2nd');
    assert.equal(formatPlace('fr', { place: 1, shared: false }), '1er');
    assert.equal(formatPlace('en', { place: 3, shared: false }), '3rd');
    assert.equal(formatPlaceMark('en', { place: 1002, shared: true }), '=1,002');
    assert.equal(formatPlaceMark('fr', { place: 4, shared: false }), '4');
  });
});
