import type { ReactiveController, ReactiveElement } from 'lit';
import { initialState, Task, TaskStatus } from '@lit/task';
import { KhountousError, isKhountousError } from '../core/errors.js';
import { getLoader, type LoadOptions, type Loaded, type Resource } from '../core/loader/loader.js';
import type { Selection } from './plan.js';

export type { Selection };

/**
 * What an element may add to its loads and its subscription. `partial`: a
 * summary the loader seeds from a cached list will do (a compact card).
 */
export type ResourceOptions = Pick<LoadOptions, 'partial'>;

/** Data shown, with the key of the selection it belongs to. */
export interface Shown<T> extends Loaded<T> {
  key: string;
}

/** What the controller asks of its element. */
export interface ResourceHooks<S extends Selection, T> {
  /** The checked selection, or the configuration error that stands for it. */
  selection(): S | KhountousError;
  /** What to ask the loader for. */
  resource(selection: S): Resource;
  /** Loads the selection; by default `load()` of this controller. */
  fetch?(selection: S, signal: AbortSignal): Promise<Loaded<T>>;
  /** Options added to the loads and the subscription of a selection. */
  options?(selection: S): ResourceOptions;
  /** A configuration error: the selection's, or one the loader found in what was asked. */
  invalid?(error: KhountousError): void;
}

/** The key of a selection: equal keys select the same data. */
const keyOf = (value: Selection | KhountousError): string =>
  value instanceof KhountousError
    ? `!${value.kind}:${value.param ?? ''}:${value.message}`
    : JSON.stringify(value);

/**
 * A signal aborted when either of two is: `AbortSignal.any` where the browser
 * has it, else a small combination; `dispose` drops the listeners it added.
 */
function eitherSignal(a: AbortSignal, b: AbortSignal): { signal: AbortSignal; dispose: () => void } {
  const any = (AbortSignal as { any?: (signals: AbortSignal[]) => AbortSignal }).any;
  if (typeof any === 'function') return { signal: any.call(AbortSignal, [a, b]), dispose: () => {} };
  const controller = new AbortController();
  const dispose = () => {
    a.removeEventListener('abort', onA);
    b.removeEventListener('abort', onB);
  };
  const onA = () => {
    dispose();
    controller.abort(a.reason);
  };
  const onB = () => {
    dispose();
    controller.abort(b.reason);
  };
  if (a.aborted) controller.abort(a.reason);
  else if (b.aborted) controller.abort(b.reason);
  else {
    a.addEventListener('abort', onA, { once: true });
    b.addEventListener('abort', onB, { once: true });
  }
  return { signal: controller.signal, dispose };
}

/**
 * Selection → subscription → Task, for one element.
 *
 * - The selection is checked once per update and memoized by key: the same
 *   object for as long as its value does not change, since it is the Task's
 *   argument and a new object would run the Task again.
 * - The Task loads the selection when it changes (and on `run()`: the retry
 *   button, or the element put back on the page), with a signal aborted when
 *   a newer run starts or the element leaves the page.
 * - The subscription follows the selection, not the loads: while connected,
 *   the element is subscribed to the current selection's resource and to no
 *   other, whatever its loads did; off the page, to nothing.
 * - What the loader then brings (a background revalidation, a recovery after
 *   an error) is stored and shown with one host update: the Task is not run
 *   again. A notification for a selection no longer current is ignored.
 */
export class ResourceController<S extends Selection, T> implements ReactiveController {
  private memo?: { key: string; value: S | KhountousError };
  /** The key subscribed to, and how to leave. */
  private subscription?: { key: string; unsubscribe: () => void };
  /** Data the loader brought since the Task last settled, for the selection of `key`. */
  private notified?: Shown<T>;
  /** Fresh data the loader's cache held for the selection of `key` when it was checked: shown without a load. */
  private cached?: Shown<T>;
  /** The selection the Task last ran for, or that the cache answered. */
  private ranFor?: S | KhountousError;
  /** Aborted when the element leaves the page: its in-flight load stops. */
  private connection = new AbortController();

  /** The Task whose argument is the checked selection. */
  readonly task: Task<[S | KhountousError], Shown<T>>;

  constructor(
    private readonly host: ReactiveElement & { lazy: boolean },
    private readonly hooks: ResourceHooks<S, T>,
  ) {
    // Added before the Task: the subscription follows a new selection before the Task loads it.
    host.addController(this);
    // Run by hostUpdate(), not on its own: a selection the cache answers needs no run.
    this.task = new Task<[S | KhountousError], Shown<T>>(host, {
      autoRun: false,
      args: () => [this.selection],
      task: ([selection], { signal }) => this.perform(selection, signal),
      // What the Task settles on is newer than what was notified or read from the cache before.
      onComplete: () => (this.notified = this.cached = undefined),
      onError: () => (this.notified = this.cached = undefined),
    });
  }

  /** The checked selection, memoized by key. */
  get selection(): S | KhountousError {
    const value = this.hooks.selection();
    const key = keyOf(value);
    if (this.memo?.key !== key) this.memo = { key, value };
    return this.memo.value;
  }

  /** The data for the current selection, if any: data of a previous selection is not shown. */
  get value(): Shown<T> | undefined {
    const key = keyOf(this.selection);
    if (this.notified?.key === key) return this.notified;
    if (this.cached?.key === key) return this.cached;
    const value = this.task.value;
    return value && value.key === key ? value : undefined;
  }

  /** The error of the last run, unless the loader brought data since. */
  get error(): unknown {
    if (this.task.status !== TaskStatus.ERROR) return undefined;
    const key = keyOf(this.selection);
    return this.notified?.key === key || this.cached?.key === key ? undefined : this.task.error;
  }

  /** True while a load runs, or before the first (unless the cache answered). */
  get busy(): boolean {
    if (this.task.status === TaskStatus.PENDING) return true;
    return this.task.status === TaskStatus.INITIAL && this.cached?.key !== keyOf(this.selection);
  }

  /** Loads again (the retry button; the element put back on the page). */
  run(): Promise<void> {
    return this.task.run();
  }

  /** Asks the shared loader for `selection` with the element's options. */
  load(selection: S, signal: AbortSignal): Promise<Loaded<T>> {
    const options: LoadOptions = {
      baseUrl: selection.baseUrl,
      signal,
      element: this.host,
      lazy: this.host.lazy,
      ...this.extra(selection),
    };
    return getLoader().load<T>(this.hooks.resource(selection), options);
  }

  hostConnected(): void {
    this.connection = new AbortController();
    // Put back on the page: load again (served from cache when fresh); the update subscribes.
    if (this.host.hasUpdated) void this.task.run();
  }

  /**
   * Before each render: follows the selection and, when it changed, shows the
   * fresh data the loader's cache holds for it in this very render (one
   * update, no load), else runs the Task.
   */
  hostUpdate(): void {
    this.follow();
    const selection = this.selection;
    if (selection === this.ranFor) return;
    this.ranFor = selection;
    const cached = this.host.isConnected ? this.fromCache(selection) : undefined;
    if (cached) this.cached = cached;
    else void this.task.run([selection]);
  }

  hostDisconnected(): void {
    this.connection.abort();
    this.follow();
  }

  private async perform(
    selection: S | KhountousError,
    signal: AbortSignal,
  ): Promise<Shown<T> | typeof initialState> {
    if (selection instanceof KhountousError) {
      this.hooks.invalid?.(selection);
      throw selection;
    }
    // Off the page: nothing is asked for; hostConnected runs the Task again.
    const connection = this.connection.signal;
    if (connection.aborted) return initialState;
    const either = eitherSignal(signal, connection);
    try {
      const fetch = this.hooks.fetch ?? ((s: S, abort: AbortSignal) => this.load(s, abort));
      return { ...(await fetch(selection, either.signal)), key: keyOf(selection) };
    } catch (error) {
      // Aborted because the element left the page: not an error to show.
      if (connection.aborted) return initialState;
      if (isKhountousError(error, 'invalid-parameter')) this.hooks.invalid?.(error);
      throw error;
    } finally {
      either.dispose();
    }
  }

  /**
   * Subscribes to the current selection's resource while connected, and to
   * nothing else: a new selection leaves the previous one's subscription.
   */
  private follow(): void {
    const selection = this.host.isConnected ? this.selection : undefined;
    const key = selection && !(selection instanceof KhountousError) ? keyOf(selection) : undefined;
    if (this.subscription?.key === key) return;
    this.subscription?.unsubscribe();
    this.subscription = undefined;
    if (this.notified && this.notified.key !== key) this.notified = undefined;
    if (!key || !selection || selection instanceof KhountousError) return;
    const subscription = { key, unsubscribe: () => {} };
    subscription.unsubscribe = getLoader().subscribe(
      this.hooks.resource(selection),
      selection.baseUrl,
      (loaded) => this.onNotified(subscription, loaded as Loaded<T>),
      this.extra(selection),
    );
    this.subscription = subscription;
  }

  /** Fresh data of `selection` in the loader's cache, read synchronously. */
  private fromCache(selection: S | KhountousError): Shown<T> | undefined {
    if (selection instanceof KhountousError) return undefined;
    const found = getLoader().peek(this.hooks.resource(selection), selection.baseUrl, this.extra(selection));
    return found && !found.stale ? { ...(found as Loaded<T>), key: keyOf(selection) } : undefined;
  }

  /** The element's options for `selection`, only those it sets. */
  private extra(selection: S): ResourceOptions | undefined {
    return this.hooks.options?.(selection).partial ? { partial: true } : undefined;
  }

  /** New data from the loader: shown with one update, without running the Task. */
  private onNotified(from: { key: string }, loaded: Loaded<T>): void {
    if (this.subscription !== from || keyOf(this.selection) !== from.key) return;
    this.notified = { ...loaded, key: from.key };
    this.host.requestUpdate();
  }
}
