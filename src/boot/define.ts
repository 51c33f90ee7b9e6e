import { VERSION } from '../version.js';

/**
 * What every copy of the kit on a page shares, on `globalThis` under a
 * `Symbol.for` key: which version registered each tag. It lets a second copy
 * (the script loaded twice, or two versions of the kit) tell the tags it finds
 * taken by the kit from those a host page defined itself.
 */
interface KitRegistry {
  /** Tag name -> version of the kit that defined it. */
  readonly tags: Record<string, string>;
}

const REGISTRY_KEY = Symbol.for('khountous.registry.v1');

function registry(): KitRegistry {
  const scope = globalThis as typeof globalThis & { [REGISTRY_KEY]?: KitRegistry };
  const existing = scope[REGISTRY_KEY];
  if (existing && typeof existing === 'object' && typeof existing.tags === 'object') return existing;
  const created: KitRegistry = { tags: Object.create(null) as Record<string, string> };
  Object.defineProperty(scope, REGISTRY_KEY, { value: created, configurable: true });
  return created;
}

/** This copy of the kit warns at most once about meeting another copy. */
let warnedAboutOtherCopy = false;

/**
 * Defines a custom element, tolerating a tag that is taken already (the script
 * loaded twice, two versions of the kit, or a host page's own element): the
 * first definition stays, nothing throws. Meeting another copy of the kit gives
 * one warning per copy that names both versions; a tag taken by something else
 * gives one warning for that tag.
 */
export function defineElement(tag: string, constructor: CustomElementConstructor): void {
  if (typeof customElements === 'undefined') return;
  const existing = customElements.get(tag);
  if (existing === constructor) return;
  const tags = registry().tags;
  if (existing) {
    const owner = tags[tag];
    if (owner === undefined) {
      console.warn(
        `<${tag}> is already defined on this page by another script; khountous widgets ${VERSION} keeps that definition.`,
      );
    } else if (!warnedAboutOtherCopy) {
      warnedAboutOtherCopy = true;
      console.warn(
        `khountous widgets ${VERSION} was loaded on a page where khountous widgets ${owner} is already registered: ` +
          `the elements of ${owner} stay in use. Load the kit once per page.`,
      );
    }
    return;
  }
  customElements.define(tag, constructor);
  tags[tag] = VERSION;
}
