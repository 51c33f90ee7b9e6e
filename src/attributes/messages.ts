/**
 * The sentences of attribute problems (i18n/attributes.ts) and the closest
 * value of a choice (an edit distance): what an editor reads when a widget is
 * misconfigured. Not on a first paint's path: the elements import this module
 * with their first error (attributes/owner.ts `explain`), and show the message
 * once it is here; tools that check attributes before a page is published
 * (the WordPress plugin's generator) import it as any module.
 */
import type { Lang } from '../core/types.js';
import { attributeMessages, EXPECTED } from '../i18n/attributes.js';
import { PLATFORM_SITE } from '../widget/source.js';
import {
  quoted,
  fold,
  unknownProblem,
  versionProblem,
  type AttributeProblem,
  type ProblemDraft,
} from './rules.js';

/** Edit distance (insertions, deletions, substitutions, each 1) over code points. */
export function distance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) {
      row[j] = Math.min(
        previous[j]! + 1,
        row[j - 1]! + 1,
        previous[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1),
      );
    }
    previous = row;
  }
  return previous[y.length]!;
}

/**
 * The accepted value closest to `given`, compared by fold, or undefined:
 * 1. the only value whose fold is contained in the given fold (`Région de
 *    Kolda` -> kolda), or whose fold starts with the given fold of 3 or more
 *    characters (`tamba` -> tambacounda);
 * 2. else the value at the smallest edit distance, if that distance is at most
 *    max(2, a third of the value's fold length, rounded down); the first in
 *    `values` order on a tie.
 */
export function closest(given: string, values: readonly string[]): string | undefined {
  const typed = fold(given);
  if (!typed) return undefined;
  const near = values.filter((value) => {
    const key = fold(value);
    return typed.includes(key) || (typed.length >= 3 && key.startsWith(typed));
  });
  if (near.length === 1) return near[0];
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const value of values) {
    const key = fold(value);
    const d = distance(typed, key);
    if (d <= Math.max(2, Math.floor(key.length / 3)) && d < bestDistance) {
      best = value;
      bestDistance = d;
    }
  }
  return best;
}

/** The sentence of a problem in one language. */
function describe(problem: ProblemDraft, lang: Lang): string {
  const t = attributeMessages[lang];
  const code = quoted(problem.attribute, problem.given);
  switch (problem.reason) {
    case 'not-accepted':
      return (
        t.notAccepted(code) +
        (problem.closest ? t.didYouMean(problem.closest) : '') +
        t.acceptedValues((problem.accepted ?? []).join(', '))
      );
    case 'out-of-range':
      return t.outOfRange(code, problem.range!.min, problem.range!.max, problem.used!);
    case 'not-http':
      return t.notHttp(code, problem.example ?? '');
    case 'no-version':
      return t.noVersion(code, problem.closest!);
    case 'not-found':
      return t.notFound(code);
    case 'too-long':
      return t.tooLong(code, problem.range!.max);
    case 'not-link':
      return t.notLink(code, problem.example ?? '', PLATFORM_SITE);
    case 'missing':
      return t.missing(problem.attribute, problem.expected?.[lang] ?? '', problem.example ?? '');
    case 'malformed':
      return (
        t.malformed(code, problem.expected?.[lang] ?? '', problem.example ?? '') +
        (problem.closest ? t.didYouMean(problem.closest) : '')
      );
  }
}

/** A problem with its sentence in both languages, and what it `expects` in words. */
export function problemOf(draft: ProblemDraft): AttributeProblem {
  const full = draft.expects ? { ...draft, expected: EXPECTED[draft.expects] } : draft;
  return { ...full, message: { fr: describe(full, 'fr'), en: describe(full, 'en') } };
}

/**
 * A problem of rules.ts `checkAttribute` with its sentences and, for a choice, the
 * accepted value closest to what was given, when one is close.
 */
export function explainProblem(draft: ProblemDraft): AttributeProblem {
  const near = draft.reason === 'not-accepted' ? closest(draft.given, draft.accepted ?? []) : undefined;
  return problemOf(near ? { ...draft, closest: near } : draft);
}

/**
 * A base URL the API did not answer at as the API would (a 404, a page that is
 * not JSON): when its path does not end with /v1, the problem that says so,
 * with the address it probably meant.
 */
export function missingVersion(given: string, resolved: string): AttributeProblem | undefined {
  const draft = versionProblem(given, resolved);
  return draft && problemOf(draft);
}

/** The problem of an identifier the API does not know. */
export function notFound(attribute: string, given: string): AttributeProblem {
  return problemOf(unknownProblem(attribute, given));
}
