/**
 * The formatters made ahead of the data (warmFormats): once each has run, the
 * widgets' numbers, percents, days, dates and times make no new Intl formatter.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import {
  formatDate,
  formatDays,
  formatNumber,
  formatOrdinal,
  formatPercent,
  formatTime,
  prepareFormats,
  warmFormats,
} from '../../src/i18n/format.js';

/** Counts the Intl formatters made while it is installed. */
function countFormatters(): { made: () => number; restore: () => void } {
  const { NumberFormat, DateTimeFormat } = Intl;
  let made = 0;
  const counting = <C extends new (...args: never[]) => object>(original: C): C =>
    new Proxy(original, {
      construct(target, args: never[]) {
        made++;
        return new target(...args);
      },
    });
  Intl.NumberFormat = counting(NumberFormat);
  Intl.DateTimeFormat = counting(DateTimeFormat);
  return {
    made: () => made,
    restore: () => {
      Intl.NumberFormat = NumberFormat;
      Intl.DateTimeFormat = DateTimeFormat;
    },
  };
}

describe('warmFormats', () => {
  const count = countFormatters();
  after(count.restore);

  it('makes every formatter of the language ahead, one at a time, and once', async () => {
    warmFormats('en');
    assert.equal(count.made(), 0, 'nothing made at once: each in an idle moment');
    // One per idle moment: on a loaded machine the moments come later; wait for them (up to 5 s).
    for (let waited = 0; waited < 5_000 && count.made() < 6; waited += 10)
      await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const made = count.made();
    assert.equal(made, 6);
    formatNumber('en', 1234);
    formatNumber('en', 3.25, 1);
    formatPercent('en', 87);
    formatDays('en', 3.5);
    formatDate('en', '2026-03-03');
    formatTime('en', '2026-03-03T14:05:00Z');
    assert.equal(count.made(), made, 'the widgets find them made');
    warmFormats('en');
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(count.made(), made, 'a language is warmed once');
  });

  it('makes the first number and date formatters of a language at once, and says whether it did', () => {
    const before = count.made();
    assert.equal(prepareFormats('fr'), true);
    assert.equal(count.made(), before + 2);
    formatNumber('fr', 1234);
    formatDate('fr', '2026-03-03');
    assert.equal(count.made(), before + 2, 'the widgets find them made');
    assert.equal(prepareFormats('fr'), false);
    assert.equal(count.made(), before + 2);
  });
});

describe('formatOrdinal', () => {
  it('writes a place in each language: 1er, 2e / 1st, 2nd, 3rd, 11th, 21st', () => {
    const en = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112].map((n) => formatOrdinal('en', n));
    assert.deepEqual(en, [
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
      '112th',
    ]);
    assert.deepEqual(
      [1, 2, 21].map((n) => formatOrdinal('fr', n)),
      ['1er', '2e', '21e'],
    );
    // Thousands as the page's numbers are written.
    assert.equal(formatOrdinal('en', 1001), '1,001st');
    assert.equal(formatOrdinal('fr', 1000), `${formatNumber('fr', 1000)}e`);
  });
});
