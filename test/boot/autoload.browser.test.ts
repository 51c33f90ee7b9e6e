// Engines: all three (custom elements, shadow roots, DOM observers and module loading differ between engines).
import { expect } from '@open-wc/testing';
import { createAutoloader, tagFromModulePath } from '../../src/boot/autoload.js';
import { until } from '../helpers/frames.js';

let sequence = 0;

/** A fresh tag and a loader that defines it, counting its calls. */
function fakeElement(options: { fail?: number } = {}) {
  sequence += 1;
  const tag = `x-auto-${sequence}-${Math.random().toString(36).slice(2, 7)}`;
  let calls = 0;
  let failures = options.fail ?? 0;
  const load = async () => {
    calls += 1;
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (failures > 0) {
      failures -= 1;
      throw new Error('chunk failed');
    }
    if (!customElements.get(tag)) customElements.define(tag, class extends HTMLElement {});
  };
  return { tag, load, calls: () => calls };
}

describe('createAutoloader', () => {
  const cleanup: (() => void)[] = [];
  afterEach(() => {
    cleanup.splice(0).forEach((fn) => fn());
    document.querySelectorAll('[data-autoload-test]').forEach((node) => node.remove());
  });

  const place = (markup: string) => {
    const wrapper = document.createElement('div');
    wrapper.dataset.autoloadTest = '';
    wrapper.innerHTML = markup;
    document.body.append(wrapper);
    return wrapper;
  };

  it('loads the elements present, once each, and no other', async () => {
    const a = fakeElement();
    const b = fakeElement();
    const autoloader = createAutoloader({ [a.tag]: a.load, [b.tag]: b.load });
    cleanup.push(() => autoloader.disconnect());
    place(`<${a.tag}></${a.tag}><${a.tag}></${a.tag}>`);
    await Promise.all([autoloader.discover(document), autoloader.discover(document)]);
    expect(customElements.get(a.tag)).to.exist;
    expect(a.calls()).to.equal(1);
    expect(b.calls()).to.equal(0);
  });

  it('hands the elements found to `prepare` first, and imports their modules once it has resolved', async () => {
    const a = fakeElement();
    const order: string[] = [];
    let release!: () => void;
    const prepared: Element[][] = [];
    const autoloader = createAutoloader(
      { [a.tag]: () => (order.push('load'), a.load()) },
      () => order.push('before'),
      (elements) => {
        prepared.push(elements);
        order.push('prepare');
        return new Promise<void>((resolve) => (release = resolve));
      },
    );
    cleanup.push(() => autoloader.disconnect());
    place(`<${a.tag} id="one"></${a.tag}><${a.tag} id="two"></${a.tag}>`);
    const discovered = autoloader.discover(document);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order, 'nothing imported while prepare runs').to.deep.equal(['prepare']);
    expect(prepared[0]!.map((element) => element.id)).to.deep.equal(['one', 'two']);
    release();
    await discovered;
    expect(order).to.deep.equal(['prepare', 'before', 'load']);
    // Defined: a discovery finds nothing left to prepare.
    await autoloader.discover(document);
    expect(prepared).to.have.length(1);
  });

  for (const [how, prepare] of [
    [
      'throws',
      () => {
        throw new Error('no early start');
      },
    ],
    ['rejects', () => Promise.reject(new Error('no early start'))],
  ] as const)
    it(`imports the modules all the same when \`prepare\` ${how}, and the console says why`, async () => {
      const a = fakeElement();
      const logged: unknown[][] = [];
      const { error } = console;
      console.error = (...args: unknown[]) => logged.push(args);
      try {
        const autoloader = createAutoloader({ [a.tag]: a.load }, undefined, prepare);
        cleanup.push(() => autoloader.disconnect());
        place(`<${a.tag}></${a.tag}>`);
        await autoloader.discover(document);
        expect(customElements.get(a.tag), 'defined').to.exist;
        expect(logged.map((args) => [args[0], (args[1] as Error).message])).to.deep.equal([
          ['khountous: the early start failed', 'no early start'],
        ]);
      } finally {
        console.error = error;
      }
    });

  it('loads an element added later, also deep inside an added subtree', async () => {
    const a = fakeElement();
    const autoloader = createAutoloader({ [a.tag]: a.load });
    cleanup.push(autoloader.observe(document));
    place(`<section><div><${a.tag}></${a.tag}></div></section>`);
    await until(() => customElements.get(a.tag), 'the added element');
    expect(a.calls()).to.equal(1);
  });

  it('crosses open shadow roots present when searching, and watches them', async () => {
    const a = fakeElement();
    const b = fakeElement();
    const autoloader = createAutoloader({ [a.tag]: a.load, [b.tag]: b.load });
    cleanup.push(() => autoloader.disconnect());
    const wrapper = place('<div></div>');
    const shadow = wrapper.firstElementChild!.attachShadow({ mode: 'open' });
    shadow.innerHTML = `<${a.tag}></${a.tag}>`;
    await autoloader.discover(document);
    expect(customElements.get(a.tag)).to.exist;
    shadow.append(document.createElement(b.tag));
    await until(() => customElements.get(b.tag), 'the element added to the shadow root');
  });

  it('stops watching once disconnected', async () => {
    const a = fakeElement();
    const autoloader = createAutoloader({ [a.tag]: a.load });
    autoloader.observe(document);
    autoloader.disconnect();
    place(`<${a.tag}></${a.tag}>`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(a.calls()).to.equal(0);
  });

  it('tries again on a later sighting when a module failed to load', async () => {
    const a = fakeElement({ fail: 1 });
    const autoloader = createAutoloader({ [a.tag]: a.load });
    cleanup.push(() => autoloader.disconnect());
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      place(`<${a.tag}></${a.tag}>`);
      await autoloader.discover(document);
      expect(customElements.get(a.tag)).to.equal(undefined);
      expect(errors).to.have.length(1);
      await autoloader.discover(document);
      expect(customElements.get(a.tag)).to.exist;
      expect(a.calls()).to.equal(2);
    } finally {
      console.error = original;
    }
  });
});

describe('tagFromModulePath', () => {
  it('names the tag after the component folder', () => {
    expect(tagFromModulePath('./components/admin-card/define.ts')).to.equal('khountous-admin-card');
    expect(tagFromModulePath('/src/components/ranking/define.js')).to.equal('khountous-ranking');
    expect(tagFromModulePath('./components/ranking/ranking.ts')).to.equal(undefined);
  });
});
