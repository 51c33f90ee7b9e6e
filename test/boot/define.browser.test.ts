// Engines: all three (custom elements, shadow roots, DOM observers and module loading differ between engines).
import { expect } from '@open-wc/testing';
import { defineElement } from '../../src/boot/define.js';
import { VERSION } from '../../src/version.js';
import { watchWarnings } from '../helpers/kit.js';

const REGISTRY_KEY = Symbol.for('khountous.registry.v1');
const registry = () => (globalThis as Record<symbol, { tags: Record<string, string> }>)[REGISTRY_KEY]!;
const uniqueTag = (label: string) => `x-define-${label}-${Math.random().toString(36).slice(2, 8)}`;

describe('defineElement', () => {
  it('defines the tag and records the version that did', () => {
    const tag = uniqueTag('new');
    class Element extends HTMLElement {}
    defineElement(tag, Element);
    expect(customElements.get(tag)).to.equal(Element);
    expect(registry().tags[tag]).to.equal(VERSION);
    expect(VERSION).to.match(/^\d+\.\d+\.\d+/);
    expect(VERSION, 'the test runner fills it from package.json').not.to.equal('0.0.0-source');
  });

  it('is silent when the same definition comes again (one copy, several entries)', () => {
    const tag = uniqueTag('same');
    class Element extends HTMLElement {}
    const warnings = watchWarnings();
    try {
      defineElement(tag, Element);
      defineElement(tag, Element);
      expect(warnings.all()).to.deep.equal([]);
    } finally {
      warnings.restore();
    }
  });

  it('keeps a host page’s own element and says which tag, without throwing', () => {
    const tag = uniqueTag('host');
    class HostElement extends HTMLElement {}
    customElements.define(tag, HostElement);
    const warnings = watchWarnings();
    try {
      defineElement(tag, class extends HTMLElement {});
      expect(customElements.get(tag)).to.equal(HostElement);
      expect(warnings.all()).to.have.length(1);
      expect(warnings.all()[0]).to.include(`<${tag}> is already defined on this page by another script`);
    } finally {
      warnings.restore();
    }
  });

  it('warns once per copy about another copy of the kit, naming both versions', () => {
    const first = uniqueTag('copy-a');
    const second = uniqueTag('copy-b');
    class Older extends HTMLElement {}
    class OlderToo extends HTMLElement {}
    customElements.define(first, Older);
    customElements.define(second, OlderToo);
    registry().tags[first] = '0.0.1';
    registry().tags[second] = '0.0.1';
    const warnings = watchWarnings();
    try {
      defineElement(first, class extends HTMLElement {});
      defineElement(second, class extends HTMLElement {});
      expect(customElements.get(first)).to.equal(Older);
      expect(warnings.all()).to.have.length(1);
      expect(warnings.all()[0]).to.include(`khountous widgets ${VERSION} was loaded`);
      expect(warnings.all()[0]).to.include('khountous widgets 0.0.1 is already registered');
    } finally {
      warnings.restore();
    }
  });
});
