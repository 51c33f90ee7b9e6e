/**
 * The builder's iframe snippet on the demo's own host (`npm start`): the dev server
 * answers the addresses it writes, embed-resize.js with the built script whose hash
 * is the snippet's integrity (not the demo's index page, which Vite sends for an
 * address it does not know), and embed.html with the embed page.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { createServer, type ViteDevServer } from 'vite';
import { ownViteCache } from '../helpers/vite-cache.js';
import { snippet } from '../../demo/snippets.js';

const built = new URL('../../dist/embed-resize.js', import.meta.url);
const integrityFile = new URL('../../dist/integrity.json', import.meta.url);

describe(
  'npm start serves the iframe snippet’s files',
  { skip: !existsSync(integrityFile) && 'dist/ is not built (npm run build)' },
  () => {
    let server: ViteDevServer;
    let origin: string;
    let code: string;
    before(async () => {
      server = await createServer({
        configFile: new URL('../../vite.config.ts', import.meta.url).pathname,
        cacheDir: ownViteCache('demo-resize'),
        logLevel: 'silent',
        server: { host: '127.0.0.1', port: 0, hmr: false, ws: false },
      });
      await server.listen();
      origin = server.resolvedUrls!.local[0]!;
      const integrity = JSON.parse(readFileSync(integrityFile, 'utf8')) as Record<string, string>;
      code = snippet('iframe', {
        tag: 'khountous-report',
        attributes: [['slug', 'x']],
        host: origin,
        integrity,
      });
    });
    after(() => server?.close());

    it('embed-resize.js at the address the snippet writes: JavaScript, the built file its integrity vouches for', async () => {
      const tag = /<script src="([^"]+)" integrity="([^"]+)" crossorigin="anonymous" async><\/script>/.exec(
        code,
      );
      assert.ok(tag, code);
      const [, src, integrity] = tag;
      assert.equal(src, `${origin}embed-resize.js`);
      const response = await fetch(src!, { headers: { Origin: 'https://ngo.example' } });
      assert.equal(response.status, 200);
      assert.match(response.headers.get('content-type') ?? '', /^text\/javascript\b/);
      // The snippet loads it with crossorigin="anonymous", from a page of any origin.
      assert.equal(response.headers.get('access-control-allow-origin'), '*');
      const body = Buffer.from(await response.arrayBuffer());
      assert.doesNotMatch(body.toString('utf8'), /<!doctype html|<html/i);
      assert.ok(body.equals(readFileSync(built)), 'the body is dist/embed-resize.js');
      assert.equal(`sha384-${createHash('sha384').update(body).digest('base64')}`, integrity);
    });

    it('the same with a query string, and the index page still for an unknown address', async () => {
      const resize = await fetch(`${origin}embed-resize.js?v=1`);
      assert.match(resize.headers.get('content-type') ?? '', /^text\/javascript\b/);
      const other = await fetch(`${origin}embed-resize-nothing.js`, { headers: { Accept: 'text/html' } });
      assert.match(await other.text(), /<!doctype html>/i);
    });

    it('embed.html at the address the snippet writes: the embed page', async () => {
      const src = /<iframe src="([^"]+)"/.exec(code)![1]!.replace(/&amp;/g, '&');
      assert.ok(src.startsWith(`${origin}embed.html?`), src);
      const page = await (await fetch(src)).text();
      assert.match(page, /<main id="widget"><\/main>/);
    });
  },
);
