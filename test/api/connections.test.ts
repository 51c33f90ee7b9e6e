/**
 * The server's timeouts and connection cap (demo/api/server.ts): slow or idle
 * clients are cut, and connections beyond the cap are refused.
 */
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { describe, it } from 'node:test';
import { createApi } from '../../demo/api/handler.js';
import { SERVER_LIMITS, createKhountousServer, type ServerLimits } from '../../demo/api/server.js';
import { PARTNER_KEY } from './helpers.js';

async function withServer(
  limits: Partial<ServerLimits>,
  run: (port: number) => Promise<void>,
): Promise<void> {
  const server: Server = createKhountousServer(createApi({ env: {} }), limits);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await run((server.address() as AddressInfo).port);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

interface Client {
  socket: Socket;
  /** Everything received so far. */
  received: () => string;
  /** Resolves with the milliseconds from connection to close. */
  closed: Promise<number>;
}

function client(port: number): Promise<Client> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (data) => (received += data.toString('latin1')));
    socket.on('error', () => undefined);
    const closed = new Promise<number>((done) => socket.on('close', () => done(performance.now() - started)));
    socket.once('connect', () => resolve({ socket, received: () => received, closed }));
    socket.once('error', reject);
  });
}

/** Writes `text` one character every `ms` until the socket closes. */
function trickle(socket: Socket, text: string, ms: number): void {
  let i = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || i >= text.length) return clearInterval(timer);
    socket.write(text[i++]!);
  }, ms);
  socket.on('close', () => clearInterval(timer));
}

const FAST = { headersTimeout: 400, requestTimeout: 600, checkInterval: 100 } satisfies Partial<ServerLimits>;

describe('server timeouts and connection cap', () => {
  it('has limits fit for a public service by default', () => {
    const server = createKhountousServer(createApi({ env: {} }));
    assert.ok(
      server.requestTimeout > 0 && server.requestTimeout <= 30_000,
      `requestTimeout ${server.requestTimeout}`,
    );
    assert.ok(server.headersTimeout > 0 && server.headersTimeout <= server.requestTimeout);
    assert.ok(server.keepAliveTimeout > 0 && server.keepAliveTimeout <= 10_000);
    assert.ok(server.timeout > 0 && server.timeout <= 60_000, `idle timeout ${server.timeout}`);
    assert.ok(
      server.maxConnections > 0 && server.maxConnections <= 10_000,
      `maxConnections ${server.maxConnections}`,
    );
    assert.ok((server.maxHeadersCount ?? 0) > 0 && (server.maxHeadersCount ?? Infinity) <= 100);
    assert.deepEqual(
      {
        requestTimeout: server.requestTimeout,
        headersTimeout: server.headersTimeout,
        maxConnections: server.maxConnections,
      },
      {
        requestTimeout: SERVER_LIMITS.requestTimeout,
        headersTimeout: SERVER_LIMITS.headersTimeout,
        maxConnections: SERVER_LIMITS.maxConnections,
      },
    );
  });

  it('cuts a body sent slowly at the request timeout, with 408', async () => {
    await withServer(FAST, async (port) => {
      const { socket, received, closed } = await client(port);
      socket.write(
        `POST /v1/khountous HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${PARTNER_KEY}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
      );
      trickle(socket, '{'.padEnd(1000, ' '), 50);
      const ms = await closed;
      assert.match(received(), /^HTTP\/1\.1 408 /);
      assert.ok(ms >= 500 && ms < 1_500, `closed after ${Math.round(ms)} ms`);
    });
  });

  it('cuts headers sent slowly at the headers timeout', async () => {
    await withServer(FAST, async (port) => {
      const { socket, received, closed } = await client(port);
      trickle(socket, `GET /v1/regions HTTP/1.1\r\nHost: x\r\nX-Slow: ${'a'.repeat(200)}\r\n\r\n`, 50);
      const ms = await closed;
      assert.match(received(), /^HTTP\/1\.1 408 /);
      assert.ok(ms >= 300 && ms < 1_200, `closed after ${Math.round(ms)} ms`);
    });
  });

  it('closes a kept-alive connection left idle', async () => {
    await withServer({ ...FAST, keepAliveTimeout: 300 }, async (port) => {
      const { socket, received, closed } = await client(port);
      socket.write('GET /v1/regions HTTP/1.1\r\nHost: x\r\n\r\n');
      const ms = await closed;
      assert.match(received(), /^HTTP\/1\.1 200 /);
      assert.ok(ms < 2_000, `closed after ${Math.round(ms)} ms`);
    });
  });

  it('refuses connections beyond the cap, and serves those within it', async () => {
    await withServer({ maxConnections: 2 }, async (port) => {
      const first = await client(port);
      const second = await client(port);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const third = await client(port);
      const ms = await Promise.race([
        third.closed,
        new Promise<number>((r) => setTimeout(() => r(-1), 1_000)),
      ]);
      assert.ok(ms >= 0, 'the third connection was closed');
      assert.equal(third.received(), '');
      first.socket.write('GET /v1/regions HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      await first.closed;
      assert.match(first.received(), /^HTTP\/1\.1 200 /);
      second.socket.destroy();
      await second.closed;
      const fourth = await client(port);
      fourth.socket.write('GET /v1/regions HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      await fourth.closed;
      assert.match(fourth.received(), /^HTTP\/1\.1 200 /, 'a place freed is taken again');
    });
  });
});
