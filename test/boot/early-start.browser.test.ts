/**
 * The early start (src/boot/early-start.ts) while the answers travel: it has
 * the language's number and date formatters made, one per idle moment, so
 * that neither the text paint nor the element pays for the locale's data in
 * the task that shows the answer.
 */
import { expect } from '@open-wc/testing';
import { startLoads } from '../../src/boot/early-start.js';
import type { KhountousLoader } from '../../src/core/loader/loader.js';
import { widgets } from '../../src/registry.js';
import { until } from '../helpers/frames.js';

describe('the early start', () => {
  it('has the formatters of its widgets’ language made while their answers travel, not in its own task', async () => {
    const made: string[] = [];
    const watched = <C extends typeof Intl.NumberFormat | typeof Intl.DateTimeFormat>(constructor: C): C =>
      new Proxy(constructor, {
        construct(target, args: [string?, object?]) {
          made.push(String(args[0]));
          return new (target as new (...args: unknown[]) => object)(...args);
        },
      });
    const { NumberFormat, DateTimeFormat } = Intl;
    Intl.NumberFormat = watched(NumberFormat);
    Intl.DateTimeFormat = watched(DateTimeFormat);
    // A loader whose answers never arrive: what happens meanwhile is the early start's doing.
    const loads: unknown[] = [];
    const loader = {
      load: (...args: unknown[]) => (loads.push(args), new Promise(() => {})),
    } as unknown as KhountousLoader;
    const element = document.createElement('khountous-ranking');
    element.setAttribute('lang', 'en');
    element.setAttribute('limit', '3');
    document.body.append(element);
    try {
      expect(startLoads([element], widgets, loader), 'its load').to.have.length(1);
      expect(loads).to.have.length(1);
      expect(made, 'none in the task that starts the loads').to.deep.equal([]);
      await until(() => made.filter((locale) => locale === 'en-GB').length >= 6, 'the six formatters of en');
      expect(
        made.every((locale) => locale === 'en-GB'),
        `only en's: ${made.join(', ')}`,
      ).to.equal(true);
    } finally {
      Intl.NumberFormat = NumberFormat;
      Intl.DateTimeFormat = DateTimeFormat;
      element.remove();
    }
  });
});
