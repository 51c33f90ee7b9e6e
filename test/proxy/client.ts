/** Readers as plain HTTP clients: no cache, no cookies, no validators; a bounded pool of sockets. */
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * Idle sockets are dropped after 2 s, before the server drops them (Varnish's
 * timeout_idle is 5 s): a request written on a socket the server is closing at
 * that moment fails with "socket hang up", which a loaded machine made happen.
 * The 2 s are an idle socket's only: the Agent's own `timeout` option would
 * also run while a new socket connects, before the request's 30 s replace it,
 * and on a loaded machine a connect that waited for the server's accept queue
 * ended a request as a "timeout" after 2 s.
 */
class IdleAgent extends Agent {
  // Node returns whether the socket is kept (its docs; @types/node says void).
  override keepSocketAlive(socket: Socket): void {
    const kept: unknown = super.keepSocketAlive(socket);
    // A free socket that times out is destroyed by the Agent; a request given it sets its own.
    if (kept) socket.setTimeout(2000);
    return kept as void;
  }
}
const agent = new IdleAgent({ keepAlive: true, maxSockets: 64 });

/**
 * One request. `localAddress` is the reader's address (a loopback alias such as
 * 127.0.0.2: Linux answers on all of 127.0.0.0/8); `body` is sent as is.
 */
export function get(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
  { localAddress, body }: { localAddress?: string; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent, localAddress }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${url}`)));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Sends `head` (a request line and headers, CRLF-separated, without the blank
 * line), then `body`, as bytes on a new connection to 127.0.0.1:`port`, so
 * that nothing on the way rewrites the request line (`port` a string: the
 * path of a unix socket); reads the answer until the server closes
 * (Connection: close is added).
 */
export function raw(port: number | string, head: string, body = ''): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(typeof port === 'string' ? { path: port } : { host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    socket.setTimeout(30_000, () => socket.destroy(new Error(`timeout: ${head}`)));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = text.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      let rest = text.slice(split + 4);
      if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
        let decoded = '';
        for (;;) {
          const end = rest.indexOf('\r\n');
          const size = parseInt(rest.slice(0, end), 16);
          if (!size) break;
          decoded += rest.slice(end + 2, end + 2 + size);
          rest = rest.slice(end + 2 + size + 2);
        }
        rest = decoded;
      }
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers,
        body: Buffer.from(rest, 'latin1').toString('utf8'),
      });
    });
    socket.write(Buffer.from(`${head}\r\nConnection: close\r\n\r\n${body}`, 'latin1'));
  });
}

/** Runs `task(i)` for i in [0, count) with at most `width` at once. */
export async function pool(count: number, width: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next;
      next += 1;
      await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, count) }, worker));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The news demo page's API resources, as the kit asks for them (test/proxy/news.test.ts checks it). */
export const NEWS_RESOURCES = [
  '/administrations?lang=fr&limit=8&page=1',
  '/administrations/hopital-regional-de-tambacounda?lang=fr',
  '/administrations/mairie-de-velingara?lang=fr',
  '/administrations/mairie-de-bakel?lang=fr',
  '/administrations/commissariat-central-de-kolda?lang=fr',
  '/regions?lang=fr',
];
