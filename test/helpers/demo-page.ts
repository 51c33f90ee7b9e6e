/**
 * Browser-test helpers for the demo's pages as `npm start` serves them
 * (test/server/demo-site.ts): a page opened in an iframe of the test page,
 * what its probe reported (console errors, uncaught errors, refused
 * resources, the widgets' states), the requests the demo server answered
 * for it, and questions about its DOM.
 */
import type { ProbeReport, ServedRequest, UnansweredRequest } from '../server/demo-site.js';

import { until } from './frames.js';

export type { ProbeReport, ServedRequest };

export interface DemoPage {
  frame: HTMLIFrameElement;
  /** Everything the probes of the page and of its frames reported. */
  reports(): Promise<ProbeReport[]>;
  /** Resolves once every frame of the page has loaded and every widget in it has settled. */
  settled(timeout?: number): Promise<void>;
  /** The requests the demo server answered since the page was opened. */
  served(): Promise<ServedRequest[]>;
  /** The probe's answer to `question` (test/server/demo-site.ts), waited for up to `timeout` ms. */
  ask<T>(question: Record<string, unknown>, timeout?: number): Promise<T>;
  close(): void;
}

let origin: Promise<string> | undefined;
export const demoOrigin = () =>
  (origin ??= fetch('/__demo-site/origin')
    .then((response) => response.json() as Promise<{ origin: string }>)
    .then((body) => body.origin));

const SETTLED = new Set(['ready', 'empty', 'error']);

/** What the probes reported from the `since`-th report on (test/server/demo-site.ts). */
async function probeReports(since: number): Promise<{ count: number; reports: ProbeReport[] }> {
  return (await (await fetch(`/__demo-site/reports?since=${since}`)).json()) as {
    count: number;
    reports: ProbeReport[];
  };
}
let questions = 0;

export async function openDemoPage(path: string): Promise<DemoPage> {
  const base = await demoOrigin();
  const { count } = (await (await fetch('/__demo-site/requests?since=0')).json()) as { count: number };
  const { count: from } = await probeReports(0);
  const reportsNow = async () => (await probeReports(from)).reports;
  const frame = document.createElement('iframe');
  // Over the test page, exactly its viewport: the widgets' lazy loading sees the whole frame.
  frame.style.cssText =
    'position: fixed; inset: 0; width: 100vw; height: 100vh; border: 0; background: white;';
  frame.src = `${base}${path}`;
  document.body.append(frame);

  /**
   * Each page's (and frame's) last states, as its newest document reported them: a page the
   * dev server or the page itself reloaded is another document, whose reports count from then on.
   */
  const lastStates = (reports: ProbeReport[]) => {
    // The document of each page whose first report came last, and how many each page had.
    const seen = new Set<string>();
    const newest = new Map<string, string>();
    const documents = new Map<string, number>();
    for (const report of reports) {
      if (seen.has(report.doc)) continue;
      seen.add(report.doc);
      newest.set(report.page, report.doc);
      documents.set(report.page, (documents.get(report.page) ?? 0) + 1);
    }
    const byPage = new Map<string, { seq: number; loaded: boolean; states: string[]; documents: number }>();
    for (const report of reports) {
      if (report.kind !== 'states' || report.doc !== newest.get(report.page)) continue;
      if ((byPage.get(report.page)?.seq ?? 0) > report.seq) continue;
      byPage.set(report.page, {
        seq: report.seq,
        ...(report.detail as { loaded: boolean; states: string[] }),
        documents: documents.get(report.page)!,
      });
    }
    return byPage;
  };
  /** Why the page has not settled: its states, what its probes reported, the requests still waiting. */
  const unsettled = async () => {
    const reports = await reportsNow();
    const problems = reports
      .filter((report) => !['states', 'answer'].includes(report.kind))
      .map((report) => `${report.kind}: ${String(report.detail).slice(0, 300)}`);
    const waiting = (await (await fetch('/__demo-site/pending')).json()) as UnansweredRequest[];
    return [
      `states ${JSON.stringify([...lastStates(reports)])}`,
      `reported ${JSON.stringify(problems.slice(0, 8))}`,
      `requests unanswered ${JSON.stringify(waiting.map((request) => `${request.method} ${request.url} for ${request.for} ms`))}`,
    ].join('; ');
  };
  return {
    frame,
    reports: reportsNow,
    async settled(timeout = 20000) {
      await until(
        async () => {
          const pages = lastStates(await reportsNow());
          if (pages.size === 0) return false;
          return [...pages.values()].every(
            (page) => page.loaded && page.states.every((state) => SETTLED.has(state.split(':')[1]!)),
          );
        },
        `every widget of ${path} to settle`,
        timeout,
      ).catch(async (error: Error) => {
        throw new Error(`${error.message}: ${await unsettled()}`);
      });
    },
    async served() {
      const body = (await (await fetch(`/__demo-site/requests?since=${count}`)).json()) as {
        requests: ServedRequest[];
      };
      return body.requests;
    },
    async ask<T>(question: Record<string, unknown>, timeout?: number) {
      const id = ++questions;
      const { count: before } = await probeReports(0);
      frame.contentWindow!.postMessage({ khountousProbeAsk: { ...question, id } }, base);
      const report = await until(
        async () =>
          (await probeReports(before)).reports.find(
            (entry) => entry.kind === 'answer' && (entry.detail as { id: number }).id === id,
          ),
        `an answer to ${JSON.stringify(question)}`,
        timeout,
      );
      return (report.detail as { answer: T }).answer;
    },
    close() {
      frame.remove();
    },
  };
}
