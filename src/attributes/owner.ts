import { KhountousError } from '../core/errors.js';
import type * as MessagesModule from './messages.js';
import type { AttributeProblem } from './rules.js';
import { quoted, checkAttribute, type AttributeRule, type IntegerRule, type ProblemDraft } from './rules.js';

export { quoted } from './rules.js';

/**
 * Attribute checks of the elements, from the rules of attribute-rules.ts.
 * What people type is read when it can be (`Saint Louis` is `saint-louis`,
 * with a console note); numeric attributes are clamped into range (with one
 * console warning); anything else throws an AttributeError, which the element
 * shows on itself: the attribute, the value given, and what would be right.
 * The sentences (messages.ts, with the closest value's edit distance) are not
 * on a first paint's path: they are imported with the first problem, and the
 * warnings and the element's message follow once they are here.
 */
type Messages = typeof MessagesModule;
let messages: Messages | undefined;
let loading: Promise<Messages> | undefined;

/** The module of the sentences, imported once, on first need. */
export const loadMessages = (): Promise<Messages> =>
  (loading ??= import('./messages.js').then((module) => (messages = module)));

/**
 * For a server, which renders in one pass: the sentences of attribute problems are
 * there before it renders, read at once where Node can (require of an ES module,
 * Node 20.19 and later), else imported now, well before a server's first request.
 * The base element calls it when it is loaded on a server.
 */
export function loadMessagesNow(): void {
  try {
    const node = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
    const { createRequire } = node!.getBuiltinModule!('module') as {
      createRequire: (url: string) => (id: string) => unknown;
    };
    messages = createRequire(import.meta.url)('./messages.js') as Messages;
  } catch {
    void loadMessages();
  }
}

/**
 * The problem with its sentences, when they are here; else undefined, and
 * they are on their way (`loadMessages()` says when).
 */
export function explain(problem: ProblemDraft): AttributeProblem | undefined {
  if (problem.message) return problem as AttributeProblem;
  if (messages) return Object.assign(problem, messages.explainProblem(problem));
  void loadMessages();
  return undefined;
}

/** `then` with the problem's sentences, now or once they are here. */
const explained = (problem: ProblemDraft, then: (problem: AttributeProblem) => void) => {
  const done = explain(problem);
  if (done) then(done);
  else void loadMessages().then(() => then(explain(problem)!));
};
const warned = new WeakMap<object, Set<string>>();

function warnOnce(owner: object, message: string, level: 'warn' | 'info' = 'warn'): void {
  let seen = warned.get(owner);
  if (!seen) warned.set(owner, (seen = new Set()));
  if (seen.has(message)) return;
  seen.add(message);
  // A note that what was typed was read as another spelling: information, not a warning.
  // eslint-disable-next-line no-console
  console[level](message);
}

const prefixed = (owner: Element, message: string): string => {
  const prefix = `<${owner.localName}>: `;
  return message.startsWith(prefix) ? message : prefix + message;
};

/**
 * The console warning of a configuration error (an attribute the widget
 * cannot use), once per element and message, named after the element.
 */
export function warnConfiguration(owner: Element, message: string): void {
  warnOnce(owner, prefixed(owner, message));
}

/**
 * A configuration error with what the editor needs to fix it: shown on the widget.
 * Its message names the attribute and the value at once, and becomes the editor's
 * sentence (in English) once the sentences are here.
 */
export class AttributeError extends KhountousError {
  readonly problem: ProblemDraft;

  constructor(owner: Element | string, problem: ProblemDraft) {
    const tag = typeof owner === 'string' ? owner : owner.localName;
    super('invalid-parameter', `<${tag}>: ${quoted(problem.attribute, problem.given)} (${problem.reason})`, {
      param: problem.attribute,
    });
    this.problem = problem;
    explained(problem, (full) => (this.message = `<${tag}>: ${full.message.en}`));
  }
}

/** The problem of an error, when it is an AttributeError (of this copy of the kit or another). */
export function problemIn(error: unknown): ProblemDraft | undefined {
  const problem = (error as { problem?: ProblemDraft } | null)?.problem;
  return problem && typeof problem.attribute === 'string' && typeof problem.reason === 'string'
    ? problem
    : undefined;
}

/**
 * One input checked against its rule: what people type is read when it can be
 * (a console note), an integer out of range is clamped (one warning), anything
 * else throws an AttributeError (and warns once).
 */
export function inputValue(owner: Element, attribute: string, value: unknown, rule: AttributeRule): unknown {
  const result = checkAttribute(attribute, rule, value as string | number | null | undefined);
  if (result.problem)
    explained(result.problem, (problem) => warnOnce(owner, prefixed(owner, problem.message.en)));
  if (!result.ok) throw new AttributeError(owner, result.problem);
  if (result.note) warnOnce(owner, prefixed(owner, result.note), 'info');
  return result.value;
}

/**
 * An integer attribute within the rule's range. Not a number -> its fallback;
 * out of range -> the nearest bound, with a warning.
 */
export function clampInteger(owner: Element, attribute: string, value: unknown, rule: IntegerRule): number {
  return inputValue(owner, attribute, value, rule) as number;
}
