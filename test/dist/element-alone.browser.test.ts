// Engines: all three (the built kit as a page loads it: modules, preloads, integrity and CSP differ between engines).
/**
 * An element's file of dist/ imported alone, without the script tag that publishes the
 * exports it reads (scripts/build/core-link.mjs): the import fails with a TypeError and
 * nothing is defined, as docs/embedding.md says; imported after the script, it defines its
 * element. Needs `npm run build`.
 */
import { expect } from '@open-wc/testing';
import { uniqueId } from '../helpers/frames.js';

describe('an element’s file of dist/ imported alone', function () {
  this.timeout(20000);

  it('fails with a TypeError and defines nothing; after the script it defines its element', async () => {
    // A version of the kit no other file of this page loaded: its key in the page is not set.
    const alone = `/other/${uniqueId('9.9.1')}/dist`;
    // The file is served (a failed fetch of a module is a TypeError too).
    expect((await fetch(`${alone}/elements/khountous-dataset.js`)).status).to.equal(200);
    let failure: unknown;
    try {
      await import(/* @vite-ignore */ `${alone}/elements/khountous-dataset.js`);
    } catch (error) {
      failure = error;
    }
    expect(failure, 'the import failed').to.be.instanceOf(TypeError);
    expect(customElements.get('khountous-dataset')).to.equal(undefined);
    // Another version, its script first (the files that failed stay failed in the module map).
    const version = uniqueId('9.9.2');
    const dist = `/other/${version}/dist`;
    await import(/* @vite-ignore */ `${dist}/khountous.js`);
    const published = () =>
      Object.getOwnPropertySymbols(globalThis).some((key) => key.description === `khountous@${version}`);
    for (let tries = 0; !published() && tries < 100; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await import(/* @vite-ignore */ `${dist}/elements/khountous-dataset.js`);
    expect(customElements.get('khountous-dataset')).to.not.equal(undefined);
  });
});
