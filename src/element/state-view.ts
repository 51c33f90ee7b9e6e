/**
 * The state an element shows, what it shows it with, and whether it is busy,
 * decided once for both its `state` attribute and its render: from the markup
 * a server rendered while that is what the element shows (server-markup.ts),
 * else from its data (resource-controller.ts); an error with the problem
 * behind it (problems.ts).
 */
import type { ProblemDraft } from '../attributes/rules.js';
import { asKhountousError, KhountousError } from '../core/errors.js';
import type { Selection } from '../widget/descriptor.js';
import type { ViewState } from './events.js';
import type { ProblemController } from './problems.js';
import type { ServerView } from './server-markup.js';

/** A state with what it shows, and whether it is busy (`aria-busy`). */
export type StateView<S extends Selection, T> = { busy: boolean } & (
  | { state: 'error'; error: KhountousError; problem: ProblemDraft | undefined }
  /** Loading: `server`, the skeleton of a server's markup. */
  | { state: 'loading'; selection: S | KhountousError; server: boolean }
  /** Data, empty or not, fetched at `fetchedAt`; `staleAsOf`: when stale data was fetched. */
  | {
      state: Exclude<ViewState, 'error' | 'loading'>;
      data: T;
      selection: S;
      fetchedAt: number;
      staleAsOf?: number;
    }
);

/** Whether `data` has nothing to show for `selection` (the element's `isEmpty`). */
type IsEmpty<S, T> = (data: T, selection: S) => boolean;

/** The element's problems (problems.ts): the one behind an error, null while its sentences are on their way. */
type Problems = Pick<ProblemController, 'behind'>;

/** What the data of a selection shows: empty or ready. */
const withData = <S extends Selection, T>(data: T, fetchedAt: number, selection: S, isEmpty: IsEmpty<S, T>) =>
  ({ state: isEmpty(data, selection) ? 'empty' : 'ready', data, fetchedAt, selection }) as const;

/** What a server's markup shows, busy while loading: the error of an attribute, the data it was given, or the skeleton. */
export function serverStateView<S extends Selection, T>(
  view: ServerView<S>,
  problems: Problems,
  isEmpty: IsEmpty<S, T>,
): StateView<S, T> {
  if (view instanceof KhountousError)
    return { state: 'error', error: view, problem: problems.behind(view) ?? undefined, busy: false };
  if (!view.inline) return { state: 'loading', selection: view.selection, server: true, busy: true };
  return { ...withData(view.inline.data as T, view.inline.fetchedAt, view.selection, isEmpty), busy: false };
}

/** The element's data as its controller holds it. */
interface Data<S extends Selection, T> {
  readonly selection: S | KhountousError;
  readonly error: unknown;
  readonly value: { data: T; stale?: boolean | undefined; fetchedAt: number } | undefined;
  /** A load runs, or is to come. */
  readonly busy: boolean;
}

/**
 * What the element's data shows: its error, once the sentences of the problem
 * behind it, if any, are here (loading and busy a moment longer while they are
 * on their way); else the data, or loading while there is none.
 */
export function dataStateView<S extends Selection, T>(
  data: Data<S, T>,
  problems: Problems,
  isEmpty: IsEmpty<S, T>,
): StateView<S, T> {
  const { selection, busy } = data;
  if (data.error !== undefined) {
    const error = asKhountousError(data.error);
    const problem = problems.behind(error);
    if (problem === null) return { state: 'loading', selection, server: false, busy: true };
    return { state: 'error', error, problem, busy };
  }
  const loaded = data.value;
  if (!loaded || selection instanceof KhountousError)
    return { state: 'loading', selection, server: false, busy };
  const shown = { ...withData(loaded.data, loaded.fetchedAt, selection, isEmpty), busy };
  return loaded.stale ? { ...shown, staleAsOf: loaded.fetchedAt } : shown;
}
