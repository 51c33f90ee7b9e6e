/**
 * For the test runner's server: gives each test file's page a kit namespace of
 * its own (src/core/names.ts), so that test files running at the same time in
 * one browser share no storage, Web Lock, BroadcastChannel or loader.
 *
 * Every HTML page the server sends gets `<meta name="khountous:namespace">`:
 * the test page (`/?wtr-session-id=…`) a name made from its session id, and a
 * page framed by it (fixtures, the embed page) the name of the page that framed
 * it, found through the Referer, so that a test's frames are the same "site" as
 * the test (a second tab, an embed) and nothing of another test file's.
 */
import { createHash } from 'node:crypto';

interface Context {
  url: string;
  path: string;
  URL: URL;
  body: unknown;
  get(header: string): string;
  response: { is(type: string): string | false | null };
}

/** The namespace of the test page of session `id`. */
const namespaceOf = (id: string): string => `t${createHash('sha1').update(id).digest('hex').slice(0, 16)}`;

export function namespacePlugin() {
  /** The namespace given to each page served (by path and query), for the pages it frames. */
  const given = new Map<string, string>();

  const decide = (context: Context): string | undefined => {
    const session = context.path === '/' ? context.URL.searchParams.get('wtr-session-id') : null;
    if (session) return namespaceOf(session);
    const referer = context.get('referer');
    if (!referer) return undefined;
    let from: URL;
    try {
      from = new URL(referer);
    } catch {
      return undefined;
    }
    if (from.host !== context.URL.host) return undefined;
    const framer = from.pathname === '/' ? from.searchParams.get('wtr-session-id') : null;
    return framer ? namespaceOf(framer) : given.get(from.pathname + from.search);
  };

  return {
    name: 'khountous-namespace',
    transform(context: Context) {
      if (!context.response.is('html') || typeof context.body !== 'string') return undefined;
      const namespace = decide(context);
      if (!namespace) return undefined;
      given.set(context.url, namespace);
      const meta = `<meta name="khountous:namespace" content="${namespace}">`;
      const body = context.body;
      const head = /<head[^>]*>/i.exec(body);
      const at = head ? head.index + head[0].length : 0;
      return { body: `${body.slice(0, at)}${meta}${body.slice(at)}` };
    },
  };
}
