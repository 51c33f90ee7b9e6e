/**
 * The test server's two loopback names (localhost and 127.0.0.1, one server, one port): two
 * origins, and two hosts, whose connections a browser counts apart. Shared by the pages'
 * helpers (kit.ts `otherOrigin`) and the server (web-test-runner.config.mjs).
 */

/** `origin` under the other loopback name: localhost <-> 127.0.0.1, the same port. */
export function otherLoopback(origin: string): string {
  const url = new URL(origin);
  url.hostname = url.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1';
  return url.origin;
}
