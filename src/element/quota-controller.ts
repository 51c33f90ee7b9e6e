import { isServer, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { getLoader, QUOTA_EVENT, type LoaderStats } from '../core/loader/loader.js';

/**
 * The element's view of the shared request budget, one per element: what is
 * left (`stats`, `canDownload`, `recordDownload`); re-renders its host when
 * the budget changes (the loader's `khountous-quota` event) while `active` (a
 * list shows its budget only with its pager, a dataset with its download
 * links), and once more at a time the host asks for (`wakeAt`: when a spent
 * budget grows again, nothing else would announce it; the retry button's
 * clock).
 */
export class QuotaController implements ReactiveController {
  private timer?: ReturnType<typeof setTimeout>;
  private wakeTime = 0;
  private readonly onQuota = () => this.host.requestUpdate();
  private connected = false;
  /** The loader listened to, if any (a page may replace its loader). */
  private target?: EventTarget;

  /** `active`: whether to listen from the start (a list starts without its pager). */
  constructor(
    private readonly host: ReactiveControllerHost,
    private wanted = true,
  ) {
    host.addController(this);
  }

  /** Whether the host shows the budget: the controller listens only then. */
  set active(value: boolean) {
    this.wanted = value;
    this.listen();
    if (!value) this.cancelWake();
  }

  hostConnected(): void {
    this.connected = true;
    this.listen();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.listen();
    this.cancelWake();
  }

  private listen(): void {
    // A server render (one that calls connectedCallback) has no budget to follow.
    const listen = this.connected && this.wanted && !isServer;
    if (listen === Boolean(this.target)) return;
    if (listen) {
      this.target = getLoader();
      this.target.addEventListener(QUOTA_EVENT, this.onQuota);
    } else {
      this.target?.removeEventListener(QUOTA_EVENT, this.onQuota);
      this.target = undefined;
    }
  }

  private cancelWake(): void {
    clearTimeout(this.timer);
    this.wakeTime = 0;
  }

  /** Renders the host again just after `time` (epoch ms); asking again for the same time keeps one timer. */
  wakeAt(time: number): void {
    if (time === this.wakeTime) return;
    clearTimeout(this.timer);
    this.wakeTime = time;
    const delay = Math.min(Math.max(0, time - Date.now()) + 500, 2 ** 31 - 1);
    this.timer = setTimeout(() => {
      this.wakeTime = 0;
      this.host.requestUpdate();
    }, delay);
  }

  /** The budget of the API at `baseUrl`: what is left, and when it grows again. */
  stats(baseUrl: string): LoaderStats {
    return getLoader().stats(baseUrl);
  }

  /** Whether a download link may be followed now (it costs one request of the budget). */
  canDownload(baseUrl: string): boolean {
    return getLoader().canDownload(baseUrl);
  }

  /** Counts a followed download link in the budget. */
  recordDownload(baseUrl: string): void {
    getLoader().recordDownload(baseUrl);
  }
}
