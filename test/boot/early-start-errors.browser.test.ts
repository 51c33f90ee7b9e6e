// Engines: all three (custom elements, message channels and layout reads differ between engines).
/**
 * The early start's second task (src/boot/early-start.ts `beginLoadsSoon`) runs in a
 * message's handler: an error there would end in the handler, the promise never settled,
 * and the autoloader, which imports the elements once it has settled, would wait for ever.
 * Its own file: the page's loader is not made here, so the early flights are this page's.
 */
import { expect } from '@open-wc/testing';
import { beginLoadsSoon } from '../../src/boot/early-start.js';

describe('the early start, when sending fails', () => {
  it('rejects its promise with the error, never leaves it pending', async () => {
    const element = document.createElement('khountous-ranking');
    element.setAttribute('limit', '3');
    // A page that breaks the element's layout reads after the first (its box, reserved in the
    // first task): the near-viewport test, in the second task, throws.
    let reads = 0;
    const read = element.getBoundingClientRect.bind(element);
    element.getBoundingClientRect = () => {
      reads += 1;
      if (reads > 1) throw new Error('no layout here');
      return read();
    };
    document.body.append(element);
    try {
      const outcome = await Promise.race([
        beginLoadsSoon([element]).then(
          () => 'resolved',
          (error: Error) => error.message,
        ),
        new Promise((resolve) => setTimeout(() => resolve('pending'), 2000)),
      ]);
      expect(outcome).to.equal('no layout here');
      expect(reads, 'the box, then the near-viewport test').to.equal(2);
    } finally {
      element.remove();
    }
  });
});
