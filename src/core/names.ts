/**
 * The versioned names that copies of the kit share: on one page (the loader
 * on globalThis), across the tabs of an origin (storage, locks, channel).
 * A change of what they carry bumps the version here, once for all of them.
 *
 * A namespace gives a set of its own to the pages that declare it with
 * `<meta name="khountous:namespace" content="…">` (or to a loader created with
 * the `namespace` option): their loader, storage, locks and channel are then
 * apart from the default ones and from every other namespace's, on the same
 * origin. The budget goes with the storage: two namespaces talking to the same
 * API each count their own requests, so a namespace is for kits that must not
 * share a cache, not for one site's widgets (docs/architecture.md).
 */
export interface Names {
  /** globalThis key of the page-wide loader. */
  readonly global: symbol;
  /** globalThis key of the elements whose loads the early start began (boot/early-start.ts). */
  readonly earlyStart: symbol;
  /** globalThis key of the page loader's early flights (loader/early.ts). */
  readonly early: symbol;
  /** localStorage prefix; keys of older versions are removed. */
  readonly storage: string;
  /** Web Locks prefix: one lock per cache key, one for the budget. */
  readonly lock: string;
  /** BroadcastChannel name. */
  readonly channel: string;
}

/**
 * The names of `namespace`, '' for the default set (`khountous.loader.v1`,
 * `khountous:v1:`, `khountous-v1`). The storage and lock prefix keep the
 * `name:vN:` form, so that each namespace drops its own older versions.
 */
function namesFor(namespace: string): Names {
  const dot = namespace && `.${namespace}`;
  const dash = namespace && `-${namespace}`;
  return {
    global: Symbol.for(`khountous.loader.v1${dot}`),
    earlyStart: Symbol.for(`khountous.early-start.v1${dot}`),
    early: Symbol.for(`khountous.early.v1${dot}`),
    storage: `khountous${dash}:v1:`,
    lock: `khountous${dash}:v1:`,
    channel: `khountous-v1${dash}`,
  };
}

/** The default names, shared by every page of the origin that declares no namespace. */
export const NAMES = namesFor('');

/**
 * The page's namespace declaration.
 *
 * @internal the tests write the meta tag by this name rather than a copy of it
 */
export const NAMESPACE_META = 'khountous:namespace';

/** What a namespace may be: lower-case letters, digits and hyphens, 1 to 40 of them. */
const NAMESPACE = /^[a-z0-9][a-z0-9-]{0,39}$/;

/**
 * Whether `namespace` can name a set of names ('' is the default set).
 *
 * @internal the namespace rule, tested on its own at its edges
 */
export const isNamespace = (namespace: string): boolean => namespace === '' || NAMESPACE.test(namespace);

/** The names of `namespace` ('' or absent: NAMES). */
export function namesOf(namespace = ''): Names {
  if (!NAMESPACE.test(namespace) && namespace)
    throw new TypeError(
      `khountous namespace "${namespace}" is not valid: lower-case letters, digits and hyphens, at most 40.`,
    );
  return namespace ? namesFor(namespace) : NAMES;
}

/** What the page's `<meta name="khountous:namespace">` says, trimmed, if anything (nothing without a page). */
const declaredNamespace = (): string | undefined =>
  typeof document === 'undefined' || typeof document.querySelector !== 'function'
    ? undefined
    : document.querySelector<HTMLMetaElement>(`meta[name="${NAMESPACE_META}"]`)?.content.trim();

/**
 * The namespace the page declares (`<meta name="khountous:namespace">`), '' for
 * none. One that is not valid is reported on the console (unless `quiet`: the
 * page's loader says it) and the default used.
 */
export function pageNamespace(quiet = false): string {
  const content = declaredNamespace();
  if (!content) return '';
  if (NAMESPACE.test(content)) return content;
  if (!quiet)
    console.warn(
      `<meta name="${NAMESPACE_META}" content="${content}"> is not valid (lower-case letters, digits and hyphens, at most 40): the kit uses its default names.`,
    );
  return '';
}
