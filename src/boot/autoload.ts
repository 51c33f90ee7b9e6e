/**
 * The autoloader's engine: finds the kit's tags in a root (the document, or a
 * shadow root a host page hands over), loads each element's module the first
 * time its tag is seen, and keeps watching the root for tags added later.
 * Knows nothing of how modules are built: the entry passes one loader per tag.
 */
import { tagOfName } from '../widget/descriptor.js';

/** Loads the module that registers one element. */
export type ElementLoader = () => Promise<unknown>;

/**
 * How the kit's files reach the page, which is all the builds' boots differ
 * in: boot/bundled.ts for lib/ (an app's bundler lays the elements out),
 * boot/served.ts for dist/ (files beside the script tag, with integrity).
 * src/khountous.ts runs the one boot sequence on either.
 */
export interface Delivery {
  /** The module that registers each tag's element. */
  loaders: Readonly<Record<string, ElementLoader>>;
  /** Runs once per tag, just before its module is imported (announces its files). */
  before?: (tag: string) => void;
  /** Runs for each discovery with the elements not defined yet (their first requests); their modules are imported once it resolves. */
  prepare?: (elements: Element[]) => Promise<unknown>;
}

export interface Autoloader {
  /** Loads the elements used in `root` (and its open shadow roots) that are not loaded yet. */
  discover(root: ParentNode): Promise<void>;
  /** Watches `root` (and what is added to it) for tags added later; returns a function that stops watching. */
  observe(root: Node): () => void;
  /** Stops watching every root. */
  disconnect(): void;
}

/**
 * `before(tag)` runs once per tag, just before its module is imported (the
 * entry announces the module graph there). `prepare(elements)` runs first, for
 * each discovery, with the elements found whose tag is not defined yet, and
 * the modules are imported once it has resolved (the script tag sends their
 * API requests there).
 */
export function createAutoloader(
  loaders: Readonly<Record<string, ElementLoader>>,
  before?: (tag: string) => void,
  prepare?: (elements: Element[]) => Promise<unknown>,
): Autoloader {
  const started = new Map<string, Promise<unknown>>();
  const observers = new Set<MutationObserver>();
  const known = new Set(Object.keys(loaders));

  const load = (tag: string): Promise<unknown> => {
    let pending = started.get(tag);
    if (!pending) {
      const loader = loaders[tag];
      if (!loader) return Promise.resolve();
      before?.(tag);
      pending = loader().catch((error: unknown) => {
        // A later sighting may try again (a network blip on a chunk).
        started.delete(tag);
        console.error(`khountous: could not load <${tag}>`, error);
      });
      started.set(tag, pending);
    }
    return pending;
  };

  /** Shadow roots watched already: each is watched once. */
  let watched = new WeakSet<Node>();

  /**
   * Tags of the kit used under `root`. Crosses the open shadow roots of the
   * host page's elements found there, and watches them too (the kit's own
   * shadow roots hold no tag of the kit and are left alone).
   */
  const collect = (root: ParentNode, into: Element[]): void => {
    if (root instanceof Element && known.has(root.localName)) into.push(root);
    for (const element of root.querySelectorAll('*')) {
      if (known.has(element.localName)) {
        into.push(element);
      } else if (element.shadowRoot) {
        observe(element.shadowRoot);
        collect(element.shadowRoot, into);
      }
    }
  };

  const discover = async (root: ParentNode): Promise<void> => {
    const found: Element[] = [];
    collect(root, found);
    const waiting = found.filter((element) => !customElements.get(element.localName));
    if (waiting.length === 0) return;
    // The loads wait for `prepare`, whatever it says: failing, thrown or rejected, it leaves
    // the elements to load their data themselves, and the console says why.
    if (prepare) {
      try {
        await prepare(waiting);
      } catch (error) {
        console.error('khountous: the early start failed', error);
      }
    }
    const tags = new Set(waiting.map((element) => element.localName));
    await Promise.all([...tags].map((tag) => load(tag)));
  };

  const observe = (root: Node): (() => void) => {
    if (watched.has(root)) return () => undefined;
    watched.add(root);
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof Element || node instanceof DocumentFragment) void discover(node);
        }
      }
    });
    observer.observe(root, { childList: true, subtree: true });
    observers.add(observer);
    return () => {
      observer.disconnect();
      observers.delete(observer);
      watched.delete(root);
    };
  };

  return {
    discover,
    observe,
    disconnect: () => {
      for (const observer of observers) observer.disconnect();
      observers.clear();
      watched = new WeakSet();
    },
  };
}

/** One loader per tag from the modules a glob found (`../components/<name>/define.ts` -> its import). */
export function elementLoaders(modules: Record<string, ElementLoader>): Record<string, ElementLoader> {
  return Object.fromEntries(
    Object.entries(modules).flatMap(([path, load]) => {
      const tag = tagFromModulePath(path);
      return tag ? [[tag, load]] : [];
    }),
  );
}

/**
 * `./components/<name>/define.ts` -> `khountous-<name>`.
 *
 * @internal tested on its own against the paths Vite and the build give
 */
export function tagFromModulePath(path: string): string | undefined {
  const name = /\/components\/([a-z][a-z0-9-]*)\/define\.[jt]s$/.exec(path)?.[1];
  return name ? tagOfName(name) : undefined;
}
