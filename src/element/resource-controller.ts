import type { ReactiveController, ReactiveElement } from 'lit';
import { initialState, Task, TaskStatus } from '@lit/task';
import { problemIn } from '../attributes/owner.js';
import { either } from '../core/abort.js';
import { KhountousError, isKhountousError, PASSING } from '../core/errors.js';
import { readInline } from '../core/inline.js';
import { getLoader, type Loaded, type Resource } from '../core/loader/loader.js';
import type { Selection } from '../widget/descriptor.js';
import type { Planned } from '../widget/load.js';

/** Data shown, with the key of the plan it belongs to. */
export interface Shown<T> extends Loaded<T> {
  key: string;
}

/** A plan, or the configuration error that stands for it. */
type Plan<S extends Selection> = Planned<S> | KhountousError;

/** The key of a plan: equal keys load the same data the same way. */
/** An attribute problem's key is what was given and why (its message gets its sentence later: owner.ts). */
const keyOf = (plan: Plan<Selection>): string => {
  if (!(plan instanceof KhountousError)) return JSON.stringify([plan.selection, plan.options.lazy]);
  const problem = problemIn(plan);
  return `!${plan.kind}:${plan.param ?? ''}:${problem ? `${problem.reason}:${problem.given}` : plan.message}`;
};

/**
 * Plan → subscription → Task, for one element.
 *
 * - The plan (widget/load.ts `planLoad`, the very function the early start
 *   calls) is made once per update and memoized by key: the same object for as
 *   long as its value does not change, since it is the Task's argument and a
 *   new object would run the Task again.
 * - The Task loads the plan when it changes (and on `run()`: the retry
 *   button, or the element put back on the page), with a signal aborted when a
 *   newer run starts, the plan changes or the element leaves the page.
 * - The subscription follows the plan, not the loads: while connected, the
 *   element is subscribed to the current plan's resource and to no other,
 *   whatever its loads did; off the page, to nothing.
 * - The Task holds this element's load: what is shown, the error, whether a
 *   load runs (the loader holds the rest: docs/architecture.md, the owners of a
 *   load's state); but a run that fails for a cause that may
 *   pass leaves the data shown before it on screen, marked stale (`held`).
 *   What the loader hands over at once (fresh
 *   data its cache holds when the plan changes, what it brings later: a
 *   background revalidation, a recovery after an error) settles a new Task
 *   made with it as its initial value, shown with one host update and no
 *   load; what must be fetched runs the Task. A notification for a plan no
 *   longer current is ignored.
 *
 * The element reads the loader only through this controller (`peek`) and the
 * quota controller (the budget).
 */
export class ResourceController<S extends Selection, T> implements ReactiveController {
  private memo?: { key: string; value: Plan<S> };
  /** Whether `memo` was made in this turn, with no change of the host's properties since. */
  private fresh = false;
  /** The key subscribed to, and how to leave. */
  private subscription?: { key: string; unsubscribe: () => void };
  /** The plan the Task last ran for, or that the cache answered. */
  private ranFor?: Plan<S>;
  /** Aborted when the element leaves the page: its in-flight load stops. */
  private connection = new AbortController();
  /**
   * Aborted when the plan changes: a load of a plan no longer shown stops, also one run by a
   * Task that `settle` replaced (the Task itself only stops its own run when it runs again).
   */
  private current = new AbortController();
  /** The load: the Task whose argument is the plan (replaced when the loader hands data over: `settle`). */
  private task: Task<[Plan<S>], Shown<T>>;
  /**
   * The last data shown, kept through a run that failed for a cause that may pass (the API
   * down, a spent quota): what the element held is shown still, marked stale, rather than
   * the error (the loader's cache may no longer hold it: evicted, or older than its `maxAge`).
   */
  private held?: Shown<T>;

  constructor(
    private readonly host: ReactiveElement,
    /** The element's plan, made afresh (planLoad with its inputs). */
    private readonly planned: () => Plan<S>,
    /** A configuration error: the plan's, or one the loader found in what was asked. */
    private readonly invalid: (error: KhountousError) => void,
    /** The inline data the page gave the element (src/core/inline.ts), the first time asked only. */
    private readonly inline: () => unknown = () => undefined,
  ) {
    // Added before the Task: the subscription follows a new plan before the Task loads it.
    host.addController(this);
    this.task = this.newTask();
  }

  /**
   * A Task for the plan, run by hostUpdate(), not on its own (a plan the cache answers
   * needs no run); settled on `initial` when given.
   */
  private newTask(initial?: Shown<T>): Task<[Plan<S>], Shown<T>> {
    return new Task<[Plan<S>], Shown<T>>(this.host, {
      autoRun: false,
      args: () => [this.plan],
      task: ([plan], { signal }) => this.perform(plan, signal),
      onComplete: (shown) => (this.held = shown),
      ...(initial && { initialValue: initial }),
    });
  }

  /**
   * Shows data the loader handed over at once, in the coming update: a Task settled on it
   * takes the place of the current one. A run of the one it replaces goes on until the plan
   * changes (`current`): the loader tells its subscribers of an answer before the request's
   * callers have it, so stopping that run here could cancel the very request that brought the
   * data. Its result is not read.
   */
  private settle(shown: Shown<T>): void {
    this.held = shown;
    this.host.removeController(this.task);
    this.task = this.newTask(shown);
    this.host.requestUpdate();
  }

  /**
   * The current plan, memoized by key. Made once per turn: an update reads it
   * a dozen times (the subscription, the Task's argument, the render, the
   * state), and making it reads the page (the base URL's meta, the ancestors'
   * language) and checks every input. A new turn (a microtask later) or a
   * change of the host's properties (`invalidate()`, from its requestUpdate)
   * makes it again.
   */
  get plan(): Plan<S> {
    if (this.memo && this.fresh) return this.memo.value;
    const value = this.planned();
    const key = keyOf(value);
    if (this.memo?.key !== key) this.memo = { key, value };
    this.fresh = true;
    queueMicrotask(() => (this.fresh = false));
    return this.memo.value;
  }

  /** The key of the current plan. */
  private get planKey(): string {
    const plan = this.plan;
    return this.memo?.value === plan ? this.memo.key : keyOf(plan);
  }

  /** The host's inputs changed: the next read makes the plan again. */
  invalidate(): void {
    this.fresh = false;
  }

  /** The checked selection, or the configuration error that stands for it. */
  get selection(): S | KhountousError {
    const plan = this.plan;
    return plan instanceof KhountousError ? plan : plan.selection;
  }

  /**
   * The data for the current plan, if any: data of a previous plan is not shown. After a
   * run that failed for a cause that may pass, the data held before it, stale.
   */
  get value(): Shown<T> | undefined {
    const value = this.task.value ?? this.heldThroughFailure();
    return value && value.key === this.planKey ? value : undefined;
  }

  /** The error of the last run, unless the data held before it is shown instead. */
  get error(): unknown {
    if (this.task.status !== TaskStatus.ERROR) return undefined;
    return this.held?.key === this.planKey && this.heldThroughFailure() ? undefined : this.task.error;
  }

  /** The data held before the last run, stale, when that run failed for a cause that may pass. */
  private heldThroughFailure(): Shown<T> | undefined {
    if (this.task.status !== TaskStatus.ERROR || !this.held) return undefined;
    return isKhountousError(this.task.error, ...PASSING) ? { ...this.held, stale: true } : undefined;
  }

  /** True while a load runs, or before the first. */
  get busy(): boolean {
    return this.task.status === TaskStatus.PENDING || this.task.status === TaskStatus.INITIAL;
  }

  /** Loads again (the retry button; the element put back on the page). */
  run(): Promise<void> {
    return this.task.run();
  }

  /**
   * What the loader's cache holds for `resource` of the current plan's API,
   * fresh or stale, without a request (`partial`: a summary a cached list
   * holds will do).
   */
  peek<D>(resource: Resource, partial = false): Loaded<D> | undefined {
    const plan = this.plan;
    if (plan instanceof KhountousError) return undefined;
    return getLoader().peek(resource, plan.options.baseUrl, partial ? { partial } : undefined) as
      Loaded<D> | undefined;
  }

  hostConnected(): void {
    // Put somewhere else on the page, maybe under another language: the plan is made again.
    this.invalidate();
    this.connection = new AbortController();
    // Put back on the page: load again (served from cache when fresh); the update subscribes.
    if (this.host.hasUpdated) void this.task.run();
  }

  /**
   * Before each render: follows the plan and, when it changed, shows the
   * fresh data the loader's cache holds for it in this very render (one
   * update, no load), else runs the Task.
   */
  hostUpdate(): void {
    this.follow();
    const plan = this.plan;
    if (plan === this.ranFor) return;
    this.ranFor = plan;
    this.current.abort();
    this.current = new AbortController();
    if (this.host.isConnected && !(plan instanceof KhountousError)) this.seed(plan);
    const cached = this.host.isConnected ? this.fromCache(plan) : undefined;
    if (cached) this.settle(cached);
    else void this.task.run([plan]);
  }

  /**
   * Hands the inline data the page gave the element to the loader, which keeps it as an
   * answer of its age: the cache then serves this very update. Data it cannot use is
   * ignored with a warning that says why, and the element loads as if there were none.
   */
  private seed(plan: Planned<S>): void {
    const source = this.inline();
    if (source === undefined) return;
    const loader = getLoader();
    // The loader of an older copy of the kit, first on the page, takes no inline data.
    if (typeof loader.seed !== 'function') return;
    const inline = readInline(source, Date.now());
    const reason =
      typeof inline === 'string' ? inline : loader.seed(plan.resource, plan.options.baseUrl, inline);
    if (reason)
      console.warn(`<${this.host.localName}>: its inline data is ignored (${reason}); it loads its data.`);
  }

  hostDisconnected(): void {
    this.connection.abort();
    this.follow();
  }

  private async perform(plan: Plan<S>, signal: AbortSignal): Promise<Shown<T> | typeof initialState> {
    if (plan instanceof KhountousError) {
      this.invalid(plan);
      throw plan;
    }
    // Off the page: nothing is asked for; hostConnected runs the Task again.
    const connection = this.connection.signal;
    const current = this.current.signal;
    if (connection.aborted) return initialState;
    const both = either(signal, connection);
    const all = either(both.signal, current);
    try {
      const loaded = await getLoader().load<T>(plan.resource, { ...plan.options, signal: all.signal });
      return { ...loaded, key: keyOf(plan) };
    } catch (error) {
      // Aborted because the element left the page, or shows another plan: not an error to show.
      if (connection.aborted || current.aborted) return initialState;
      if (isKhountousError(error, 'invalid-parameter')) this.invalid(error);
      throw error;
    } finally {
      all.dispose();
      both.dispose();
    }
  }

  /**
   * Subscribes to the current plan's resource while connected, and to
   * nothing else: a new plan leaves the previous one's subscription.
   */
  private follow(): void {
    const plan = this.host.isConnected ? this.plan : undefined;
    const key = plan && !(plan instanceof KhountousError) ? keyOf(plan) : undefined;
    if (this.subscription?.key === key) return;
    this.subscription?.unsubscribe();
    this.subscription = undefined;
    if (!key || !plan || plan instanceof KhountousError) return;
    const subscription = { key, unsubscribe: () => {} };
    const { baseUrl, partial } = plan.options;
    subscription.unsubscribe = getLoader().subscribe(
      plan.resource,
      baseUrl,
      (loaded) => this.onNotified(subscription, loaded as Loaded<T>),
      partial ? { partial } : undefined,
    );
    this.subscription = subscription;
  }

  /** Fresh data of `plan` in the loader's cache, read synchronously. */
  private fromCache(plan: Plan<S>): Shown<T> | undefined {
    if (plan instanceof KhountousError) return undefined;
    const { baseUrl, partial } = plan.options;
    const found = getLoader().peek(plan.resource, baseUrl, partial ? { partial } : undefined);
    return found && !found.stale ? { ...(found as Loaded<T>), key: keyOf(plan) } : undefined;
  }

  /** New data from the loader: shown with one update, without running the Task. */
  private onNotified(from: { key: string }, loaded: Loaded<T>): void {
    if (this.subscription !== from || this.planKey !== from.key) return;
    this.settle({ ...loaded, key: from.key });
  }
}
