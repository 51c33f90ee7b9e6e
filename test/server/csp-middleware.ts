/**
 * For the test runner's server: serves a page with a strict
 * Content-Security-Policy when its URL asks for it (`?csp=strict`), and
 * collects the violation reports browsers send for it.
 *
 *   default-src 'self'; script-src 'self'; style-src 'self';
 *   connect-src 'self' http://127.0.0.1:<port>   (the API on another origin)
 *   report-uri /csp-reports/<report id>           (`?csp-report=<id>`)
 *
 * `GET /csp-reports/<id>` answers the reports received for that id (JSON).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

interface KoaContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: string;
  method: string;
  status: number;
  body: unknown;
  set(name: string, value: string): void;
}

const REPORTS = /^\/csp-reports\/([A-Za-z0-9_-]{1,64})$/;

export function strictCsp(port: string, reportId?: string): string {
  const directives = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `connect-src 'self' http://127.0.0.1:${port}`,
  ];
  if (reportId) directives.push(`report-uri /csp-reports/${reportId}`);
  return directives.join('; ');
}

export function cspMiddleware() {
  const reports = new Map<string, unknown[]>();

  return async (ctx: KoaContext, next: () => Promise<void>): Promise<void> => {
    const url = new URL(ctx.url, 'http://localhost');
    const match = REPORTS.exec(url.pathname);
    if (match) {
      const id = match[1]!;
      if (ctx.method === 'POST') {
        const chunks: Buffer[] = [];
        for await (const chunk of ctx.req) chunks.push(chunk as Buffer);
        const text = Buffer.concat(chunks).toString('utf8');
        let report: unknown = text;
        try {
          report = JSON.parse(text);
        } catch {
          // keep the text
        }
        reports.set(id, [...(reports.get(id) ?? []), report]);
        ctx.status = 204;
        return;
      }
      ctx.set('Content-Type', 'application/json');
      ctx.body = JSON.stringify(reports.get(id) ?? []);
      return;
    }
    await next();
    if (url.searchParams.get('csp') === 'strict') {
      const port = (ctx.req.headers.host ?? '').split(':')[1] ?? '80';
      ctx.set('Content-Security-Policy', strictCsp(port, url.searchParams.get('csp-report') ?? undefined));
    }
  };
}
