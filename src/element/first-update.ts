/**
 * When an element makes its first update: in a task of its own. The elements
 * of a page are defined together (one file, or the early start's data already
 * there): each would otherwise render in the same task as every other, one
 * long task that holds the page's main thread (a tap, a scroll) for the sum of
 * their renders. Later updates (data, a changed attribute) come one element at
 * a time. The first element of a language makes its number and date
 * formatters in a task before it renders: the locale's data they load costs
 * about as much as a render.
 */
import type { Lang } from '../core/types.js';
import { prepareFormats } from '../i18n/format.js';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/** Resolves when an element may make its first update; `language` is read once a task has passed. */
export const firstUpdateTurn = (language: () => Lang): Promise<void> =>
  nextTask().then(() => (prepareFormats(language()) ? nextTask() : undefined));
