import type { ReactiveControllerHost } from 'lit';
import { KhountousError } from '../core/errors.js';
import { explain, loadMessages, problemIn, warnConfiguration } from '../attributes/owner.js';
import type { ProblemDraft } from '../attributes/rules.js';
import { pageBaseUrl } from '../widget/base-url.js';
import { baseUrlSource } from '../widget/load.js';
import { problemFor } from './diagnosis.js';

/** What the element knows that a problem depends on. */
export interface ProblemContext {
  /** Its `base-url` attribute, as written. */
  baseUrl: string | undefined;
  /** The selection its load was planned with, or the plan's error. */
  selection: { baseUrl: string } | KhountousError;
  /** The input that names the resource shown, and its value (a not-found names it). */
  identity: [attribute: string, value: string] | undefined;
  /** Rendering on a server, or the update that hydrates a server's markup: no page to read. */
  server: boolean;
}

/**
 * The problems an editor can fix behind an element's errors (an attribute's
 * value, a slug the API does not know, a base URL without /v1), with their
 * sentences, which come with attributes/messages.ts (imported with the first
 * problem); and the console's warning of a load's error, which names the
 * attribute the author wrote.
 */
export class ProblemController {
  /** The sentences of the problem shown, on their way. */
  private explaining?: Promise<void>;
  /** The server's markup showed an error: kept (its sentence following) rather than a skeleton. */
  shownByServer = false;

  constructor(
    private readonly host: ReactiveControllerHost & Element,
    private readonly context: () => ProblemContext,
  ) {}

  /**
   * The problem behind `error`, with its sentences; `null` while they are on their
   * way: the element shows its skeleton a moment longer, then the error with its
   * sentence (in one update: `state="error"` comes with the sentence).
   */
  behind(error: KhountousError): ProblemDraft | undefined | null {
    const { baseUrl, selection, identity, server } = this.context();
    const seen = server ? error : selection;
    const found = problemFor(error, {
      baseUrl: seen instanceof KhountousError ? undefined : seen.baseUrl,
      written: baseUrl?.trim() || (server ? undefined : pageBaseUrl()) || '',
      identity,
    });
    if (!found) return undefined;
    const problem = explain(found);
    if (problem) return problem;
    this.explaining ??= loadMessages().then(() => {
      this.explaining = undefined;
      this.host.requestUpdate();
    });
    // Where a server's markup shows the error (or on a server without the sentences yet), the
    // error is shown without its sentence, which follows.
    return server || this.shownByServer ? found : null;
  }

  /** Resolves once the sentences on their way, if any, are shown too (after `update`, the host's). */
  async settled(update: () => Promise<boolean>): Promise<boolean> {
    let done = await update();
    while (this.explaining) {
      await this.explaining;
      done = await update();
    }
    return done;
  }

  /** Warns in the console of a load's error; the client's `baseUrl` option named as the author wrote it. */
  warn(error: KhountousError): void {
    const { baseUrl } = this.context();
    const base = error.param === 'baseUrl' || (error.param === 'base-url' && !baseUrl?.trim());
    const warn = () =>
      warnConfiguration(this.host, (base ? `${baseUrlSource(baseUrl ?? '')}: ` : '') + error.message);
    // An attribute problem's message is its sentence, once the sentences are here.
    if (problemIn(error)) void loadMessages().then(warn);
    else warn();
  }
}
