/**
 * An upstream that records what reaches it, for the tier's tests of what it
 * lets through: every request's method, target, headers and body, and every
 * connection (so a test can tell "nginx connected but sent nothing" from "nginx
 * never connected"). It answers any GET 200 with a JSON body naming the target,
 * cacheable for `maxAge` seconds, with an ETag (304 to a matching If-None-Match)
 * and a Vary naming reader headers, after `delay` ms (a slow API), counting
 * the requests it holds at once. Over https when given a certificate (`tls`).
 */
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';

export interface Received {
  method: string;
  url: string;
  /** Header names in lower case, with their values, in the order received. */
  headers: [string, string][];
  body: string;
}

export interface Recorder {
  /** host:port */
  host: string;
  port: number;
  /** http(s)://127.0.0.1:port */
  url: string;
  received: Received[];
  /** TCP connections accepted (a TLS handshake refused by the client still counts one). */
  connections: number;
  /** The server name (SNI) of each completed TLS handshake. */
  serverNames: (string | false | null)[];
  /** The requests it holds now (received, not yet answered), and the most it held at once. */
  atOnce: number;
  mostAtOnce: number;
  stop(): Promise<void>;
}

export interface RecorderOptions {
  /** A certificate and its key (PEM; `cert` may hold the chain after the leaf): https. */
  tls?: { key: string; cert: string };
  /** The answers' max-age (s). */
  maxAge?: number;
  /** How long each answer takes (ms): a slow API. */
  delay?: number;
}

export async function startRecorder(options: RecorderOptions = {}): Promise<Recorder> {
  const received: Received[] = [];
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers: [string, string][] = [];
      for (let i = 0; i < request.rawHeaders.length; i += 2)
        headers.push([(request.rawHeaders[i] as string).toLowerCase(), request.rawHeaders[i + 1] as string]);
      const url = request.url ?? '';
      received.push({ method: request.method ?? '', url, headers, body: Buffer.concat(chunks).toString() });
      recorder.atOnce += 1;
      recorder.mostAtOnce = Math.max(recorder.mostAtOnce, recorder.atOnce);
      response.once('close', () => (recorder.atOnce -= 1));
      setTimeout(() => answer(request, response, url), options.delay ?? 0);
    });
  };
  const answer = (request: IncomingMessage, response: ServerResponse, url: string) => {
    if (response.destroyed) return;
    const etag = `"${Buffer.from(url).toString('base64url')}"`;
    // Vary names headers of the reader's: the tier must not make variants of them (none reaches the API).
    const common = {
      ETag: etag,
      'Cache-Control': `public, max-age=${options.maxAge ?? 60}`,
      Vary: 'Origin, Accept-Encoding, User-Agent',
    };
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, common).end();
      return;
    }
    response.writeHead(200, { ...common, 'Content-Type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify({ data: { url } }));
  };
  const server = options.tls ? createHttpsServer(options.tls, handle) : createHttpServer(handle);
  const recorder = {
    received,
    connections: 0,
    serverNames: [] as (string | false | null)[],
    atOnce: 0,
    mostAtOnce: 0,
  };
  server.on('connection', () => (recorder.connections += 1));
  server.on('secureConnection', (socket: TLSSocket) => recorder.serverNames.push(socket.servername));
  // A refused handshake is the expected outcome of some tests: not an error here.
  server.on('tlsClientError', () => {});
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return Object.assign(recorder, {
    host: `127.0.0.1:${port}`,
    port,
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}
