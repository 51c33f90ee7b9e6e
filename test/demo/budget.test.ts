/**
 * The demo server's side of the demo budget (vite.config.ts): `npm start`
 * keeps the document's 60 anonymous requests per hour, `npm run
 * start:dev-quota` allows 1,000, every page says which server instance and
 * quota it runs on, and `POST /__demo/quota-reset` (from the demo's own pages
 * only) lets a spent demo go on.
 */
import assert from 'node:assert/strict';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { createServer, type ViteDevServer } from 'vite';
import { ownViteCache } from '../helpers/vite-cache.js';

const configFile = new URL('../../vite.config.ts', import.meta.url).pathname;

async function demoServer(mode?: string): Promise<{ vite: ViteDevServer; http: Server; origin: string }> {
  const vite = await createServer({
    configFile,
    cacheDir: ownViteCache('demo-budget'),
    mode,
    server: { middlewareMode: true, hmr: false, ws: false },
    logLevel: 'silent',
  });
  const http = createHttpServer(vite.middlewares);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return { vite, http, origin: `http://127.0.0.1:${port}` };
}

const stop = async ({ vite, http }: { vite: ViteDevServer; http: Server }) => {
  http.close();
  await vite.close();
};

describe('the demo budget on the demo server', () => {
  const saved = process.env.KHOUNTOUS_QUOTA_ANONYMOUS;
  before(() => delete process.env.KHOUNTOUS_QUOTA_ANONYMOUS);
  after(() => {
    if (saved !== undefined) process.env.KHOUNTOUS_QUOTA_ANONYMOUS = saved;
  });

  describe('npm start', () => {
    let server: Awaited<ReturnType<typeof demoServer>>;
    before(async () => (server = await demoServer()));
    after(() => stop(server));

    it('keeps the anonymous quota of the API document, 60 per hour', async () => {
      const response = await fetch(`${server.origin}/v1/regions`);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('X-RateLimit-Limit'), '60');
    });

    it('puts the budget panel and the server instance with its quota on every page', async () => {
      const source = readFileSync(new URL('../../demo/news.html', import.meta.url), 'utf8');
      const html = await server.vite.transformIndexHtml('/news.html', source);
      assert.match(html, /<meta name="khountous-demo:server" content="[a-z0-9]+;60">/);
      assert.match(html, /<div id="demo-quota" class="demo-quota" role="region" hidden><\/div>/);
    });

    it('a spent quota is reset by a POST from the demo pages, and by nothing else', async () => {
      const reset = (headers: Record<string, string> = { Origin: server.origin }, method = 'POST') =>
        fetch(`${server.origin}/__demo/quota-reset`, { method, headers });
      let last: Response | undefined;
      for (let i = 0; i < 60; i += 1) last = await fetch(`${server.origin}/v1/regions`);
      assert.equal(last!.headers.get('X-RateLimit-Remaining'), '0');
      assert.equal((await fetch(`${server.origin}/v1/regions`)).status, 429);

      assert.equal((await reset({})).status, 403, 'no Origin: not a demo page');
      assert.equal((await reset({ Origin: 'https://evil.example' })).status, 403, 'another site');
      assert.equal((await reset(undefined, 'GET')).status, 405);
      assert.equal((await fetch(`${server.origin}/v1/regions`)).status, 429, 'still spent');

      assert.equal((await reset()).status, 204);
      const after = await fetch(`${server.origin}/v1/regions`);
      assert.equal(after.status, 200);
      assert.equal(after.headers.get('X-RateLimit-Remaining'), '59');
    });
  });

  describe('npm run start:dev-quota', () => {
    let server: Awaited<ReturnType<typeof demoServer>>;
    before(async () => (server = await demoServer('dev-quota')));
    after(() => stop(server));

    it('allows 1,000 anonymous requests per hour, and says so on every page', async () => {
      const response = await fetch(`${server.origin}/v1/regions`);
      assert.equal(response.headers.get('X-RateLimit-Limit'), '1000');
      const html = await server.vite.transformIndexHtml(
        '/index.html',
        '<html><head></head><body></body></html>',
      );
      assert.match(html, /<meta name="khountous-demo:server" content="[a-z0-9]+;1000">/);
    });

    it('is what the npm script runs', () => {
      const { scripts } = JSON.parse(
        readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
      ) as {
        scripts: Record<string, string>;
      };
      assert.equal(scripts['start:dev-quota'], 'vite --mode dev-quota');
      assert.equal(scripts.start, 'vite');
    });
  });
});
