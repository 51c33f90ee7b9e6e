/**
 * Request bodies: only POST /khountous takes one, at most MAX_BODY_BYTES, read
 * after the quota, the key and the route, and refused while it is read.
 */
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { MAX_BODY_BYTES } from '../../demo/api/body.js';
import { createApi } from '../../demo/api/handler.js';
import { createKhountousServer } from '../../demo/api/server.js';
import type { ApiErrorBody } from '../../src/core/types.js';
import { CLIENT, FREE_KEY, ORIGIN, PARTNER_KEY, bearer, submission, testApi } from './helpers.js';

const FIFTY_MB = 50 * 1024 * 1024;
const CHUNK = 64 * 1024;

/** A body of `size` bytes made as it is read; `pulled()` tells how many bytes were read. */
function countedBody(size = FIFTY_MB) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= size) {
          controller.close();
          return;
        }
        const chunk = new Uint8Array(Math.min(CHUNK, size - pulled)).fill(0x20);
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled };
}

async function errorOf(response: Response): Promise<ApiErrorBody['error']> {
  return ((await response.json()) as ApiErrorBody).error;
}

describe('request bodies through the handler (web Requests)', () => {
  const send = (
    test: ReturnType<typeof testApi>,
    path: string,
    method: string,
    headers: Record<string, string>,
  ) => {
    const body = countedBody();
    const request = new Request(`${ORIGIN}/v1${path}`, {
      method,
      headers,
      body: body.stream,
      duplex: 'half',
    } as RequestInit);
    return { response: test.api.handle(request, CLIENT), pulled: body.pulled };
  };
  const json = { 'Content-Type': 'application/json' };

  it('refuses a body over the limit while reading it: 413, at most one chunk past the limit read', async () => {
    const test = testApi();
    const { response, pulled } = send(test, '/khountous', 'POST', { ...json, ...bearer(PARTNER_KEY) });
    const refused = await response;
    assert.equal(refused.status, 413);
    assert.equal(refused.headers.get('Cache-Control'), 'no-store');
    const error = await errorOf(refused);
    assert.equal(error.param, 'body');
    assert.match(error.message, new RegExp(`${MAX_BODY_BYTES} bytes`));
    assert.ok(pulled() <= MAX_BODY_BYTES + CHUNK, `read ${pulled()} bytes`);
  });

  it('refuses a declared Content-Length over the limit without reading a byte', async () => {
    const test = testApi();
    const headers = { ...json, ...bearer(PARTNER_KEY), 'Content-Length': String(FIFTY_MB) };
    const { response, pulled } = send(test, '/khountous', 'POST', headers);
    assert.equal((await response).status, 413);
    assert.equal(pulled(), 0);
  });

  it('accepts a body of exactly the limit (and reads it)', async () => {
    const test = testApi();
    const text = JSON.stringify(submission());
    const padded = text + ' '.repeat(MAX_BODY_BYTES - Buffer.byteLength(text));
    const response = await test.call('/khountous', {
      method: 'POST',
      headers: { ...json, ...bearer(PARTNER_KEY) },
      body: padded,
    });
    assert.equal(response.status, 201);
    const over = await test.call('/khountous', {
      method: 'POST',
      headers: { ...json, ...bearer(PARTNER_KEY) },
      body: `${padded} `,
    });
    assert.equal(over.status, 413);
  });

  const unread: [
    name: string,
    path: string,
    method: string,
    headers: Record<string, string>,
    status: number,
  ][] = [
    ['an anonymous POST', '/khountous', 'POST', json, 401],
    ['a POST with a free key', '/khountous', 'POST', { ...json, ...bearer(FREE_KEY) }, 403],
    ['a POST with a bad key', '/khountous', 'POST', { ...json, ...bearer('nope') }, 401],
    ['a POST that is not JSON', '/khountous', 'POST', { ...bearer(PARTNER_KEY) }, 415],
    ['a POST with a query parameter', '/khountous?lang=fr', 'POST', { ...json, ...bearer(PARTNER_KEY) }, 400],
    ['a POST to a route that takes none', '/regions', 'POST', json, 405],
    ['a POST to an unknown path', '/nowhere', 'POST', json, 404],
    ['a PUT', '/khountous', 'PUT', json, 405],
    ['a DELETE', '/regions', 'DELETE', {}, 405],
    ['a PATCH', '/regions', 'PATCH', {}, 405],
    ['an unknown method', '/regions', 'BREW', {}, 405],
    ['an OPTIONS with a body (not a preflight)', '/khountous', 'OPTIONS', {}, 413],
  ];
  for (const [name, path, method, headers, status] of unread) {
    it(`answers ${status} to ${name} with a 50 MB body without reading it`, async () => {
      const test = testApi();
      const { response, pulled } = send(test, path, method, headers);
      assert.equal((await response).status, status);
      assert.equal(pulled(), 0);
    });
  }

  it('counts a request before its body: a caller at its quota gets 429, its body unread', async () => {
    const test = testApi({ quotas: { anonymous: 1, partner: 1 } });
    assert.equal((await test.call('/regions')).status, 200);
    for (const [method, headers] of [
      ['OPTIONS', {}],
      ['POST', json],
      ['PUT', json],
    ] as const) {
      const { response, pulled } = send(test, '/khountous', method, headers);
      assert.equal((await response).status, 429, method);
      assert.equal(pulled(), 0, method);
    }
    assert.equal((await test.call('/regions', {}, '198.51.100.9')).status, 200, 'others are not affected');
    await test.call('/regions', { headers: bearer(PARTNER_KEY) });
    const { response, pulled } = send(test, '/khountous', 'POST', { ...json, ...bearer(PARTNER_KEY) });
    assert.equal((await response).status, 429);
    assert.equal(pulled(), 0);
  });

  it('still answers a preflight without a body with 204, uncounted', async () => {
    const test = testApi({ quotas: { anonymous: 1 } });
    await test.call('/regions');
    const preflight = await test.call('/khountous', { method: 'OPTIONS' });
    assert.equal(preflight.status, 204);
  });
});

/** Sends `method` with a body of `size` bytes on a raw socket; resolves with what the server answered. */
function sendRaw(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  size = FIFTY_MB,
): Promise<{ status: number; sent: number; port: number }> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1');
    let sent = 0;
    let answer = '';
    let stopped = false;
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    const chunk = Buffer.alloc(CHUNK, 0x20);
    const pump = () => {
      while (!stopped && sent < size) {
        sent += chunk.length;
        if (!socket.write(chunk)) {
          socket.once('drain', pump);
          return;
        }
      }
    };
    const finish = () => {
      if (stopped) return;
      stopped = true;
      const port = socket.localPort ?? 0;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      socket.destroy();
      if (status === 0) reject(new Error(`no answer to ${method} (${sent} bytes sent)`));
      else resolve({ status, sent, port });
    };
    socket.on('connect', () => {
      socket.write(`${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${head}\r\n`);
      // Chunked: the whole body as one chunk, its size line first.
      if (headers['Transfer-Encoding'] === 'chunked') socket.write(`${size.toString(16)}\r\n`);
      pump();
    });
    socket.on('data', (data) => {
      answer += data.toString('latin1');
      if (answer.includes('\r\n\r\n')) finish();
    });
    socket.on('error', () => finish());
    socket.on('close', () => finish());
  });
}

describe('request bodies through node:http (the Node adapter)', () => {
  const server = createKhountousServer(createApi({ env: {}, quotas: { anonymous: 1_000 } }));
  let port = 0;
  /** Bytes the server read on each closed connection, by the client's port. */
  const bytesRead = new Map<number, number>();

  before(async () => {
    server.on('connection', (socket: Socket) => {
      const clientPort = socket.remotePort ?? 0;
      socket.on('close', () => bytesRead.set(clientPort, socket.bytesRead));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const readOn = async (clientPort: number): Promise<number> => {
    for (let i = 0; i < 200 && !bytesRead.has(clientPort); i += 1)
      await new Promise((r) => setTimeout(r, 10));
    const read = bytesRead.get(clientPort);
    assert.ok(read !== undefined, 'the server closed the connection');
    return read;
  };

  const cases: [method: string, path: string, headers: Record<string, string>, status: number][] = [
    ['GET', '/v1/regions', {}, 200],
    ['HEAD', '/v1/regions', {}, 200],
    ['OPTIONS', '/v1/khountous', {}, 413],
    ['POST', '/v1/khountous', { 'Content-Type': 'application/json' }, 401],
    ['POST', '/v1/khountous', { ...bearer(PARTNER_KEY), 'Content-Type': 'application/json' }, 413],
    ['PUT', '/v1/khountous', {}, 405],
    ['DELETE', '/v1/regions', {}, 405],
    ['PATCH', '/v1/regions', {}, 405],
    ['POST', '/', {}, 200],
  ];
  for (const [method, path, headers, status] of cases) {
    for (const framing of ['Content-Length', 'chunked'] as const) {
      const label = `${method} ${path}${headers.Authorization ? ' (partner)' : ''}, ${framing}`;
      it(`refuses a 50 MB body early: ${label}`, async () => {
        const started = performance.now();
        const length: Record<string, string> =
          framing === 'chunked' ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': String(FIFTY_MB) };
        const result = await sendRaw(port, method, path, { ...headers, ...length }, FIFTY_MB);
        assert.equal(result.status, status);
        const read = await readOn(result.port);
        const ms = Math.round(performance.now() - started);
        assert.ok(read < 256 * 1024, `${label}: the server read ${read} bytes (${ms} ms)`);
      });
    }
  }
});
