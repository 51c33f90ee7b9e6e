/**
 * Methods a web Request cannot carry (TRACE, TRACK, CONNECT) and methods no
 * endpoint knows: a clean 405, never a 500, nothing logged.
 */
import assert from 'node:assert/strict';
import { connect, type AddressInfo } from 'node:net';
import { after, before, describe, it, mock } from 'node:test';
import { createApi } from '../../demo/api/handler.js';
import { createKhountousServer } from '../../demo/api/server.js';

/** One request on a raw socket (node's clients refuse some of these methods); the whole answer. */
function rawRequest(port: number, method: string, target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('connect', () =>
      socket.write(`${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`),
    );
    socket.on('data', (data) => (answer += data.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
  });
}

describe('methods over node:http', () => {
  const server = createKhountousServer(createApi({ env: {} }));
  let port = 0;
  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  for (const method of ['TRACE']) {
    for (const path of ['/v1/regions', '/v1/khountous', '/v1/nowhere']) {
      it(`answers ${method} ${path} with 405, the API's error body and Allow, logging nothing`, async () => {
        const logged = mock.method(console, 'error', () => undefined);
        try {
          const answer = await rawRequest(port, method, path);
          assert.match(answer, /^HTTP\/1\.1 405 /);
          assert.match(answer, /\r\nallow: GET, HEAD, POST, OPTIONS\r\n/i);
          assert.match(answer, /\r\ncache-control: no-store\r\n/i);
          const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as {
            error: { code: string };
          };
          assert.equal(body.error.code, 'method_not_allowed');
          assert.equal(logged.mock.callCount(), 0, 'nothing logged');
        } finally {
          logged.mock.restore();
        }
      });
    }
  }

  it('answers CONNECT with 405 rather than dropping the connection', async () => {
    const answer = await rawRequest(port, 'CONNECT', '127.0.0.1:443');
    assert.match(answer, /^HTTP\/1\.1 405 /);
    assert.match(answer, /\r\nallow: GET, HEAD, POST, OPTIONS\r\n/i);
  });

  for (const method of ['PROPFIND', 'M-SEARCH', 'PURGE', 'LINK', 'MKCOL', 'NOTIFY']) {
    it(`answers ${method} /v1/regions with 405 and its Allow, logging nothing`, async () => {
      const logged = mock.method(console, 'error', () => undefined);
      try {
        const answer = await rawRequest(port, method, '/v1/regions');
        assert.match(answer, /^HTTP\/1\.1 405 /);
        assert.match(answer, /\r\nallow: GET, HEAD, OPTIONS\r\n/i);
        assert.equal(logged.mock.callCount(), 0);
      } finally {
        logged.mock.restore();
      }
    });
  }

  it('answers a method node:http does not know (TRACK, BREW) with a 400 and no log', async () => {
    const logged = mock.method(console, 'error', () => undefined);
    try {
      assert.match(await rawRequest(port, 'TRACK', '/v1/regions'), /^HTTP\/1\.1 400 /);
      assert.match(await rawRequest(port, 'BREW', '/v1/regions'), /^HTTP\/1\.1 400 /);
      assert.equal(logged.mock.callCount(), 0);
    } finally {
      logged.mock.restore();
    }
  });
});
