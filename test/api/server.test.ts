import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import { createApi } from '../../demo/api/handler.js';
import { toNodeMiddleware } from '../../demo/api/node.js';
import { createKhountousServer } from '../../demo/api/server.js';
import { getData } from '../../demo/api/data.js';
import type { ListEnvelope, Report, ReportListItem } from '../../src/core/types.js';
import { FakeClock, PARTNER_KEY, bearer, submission } from './helpers.js';
import { createServer } from 'node:http';

const data = getData();

/** The real node:http server of `npm run api`, on an ephemeral port. */
describe('node:http server through the middleware', () => {
  const clock = new FakeClock();
  const server = createKhountousServer(createApi({ now: clock.now, env: {} }));
  let base = '';

  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers GET with the status, headers and JSON body of the handler', async () => {
    const response = await fetch(`${base}/v1/administrations?limit=3&sector=health`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    assert.equal(response.headers.get('x-ratelimit-limit'), '60');
    assert.equal(response.headers.get('x-ratelimit-remaining'), '59');
    const body = (await response.json()) as ListEnvelope<{ slug: string }>;
    assert.equal(body.meta.pageSize, 3);
    assert.equal(body.meta.total, data.administrations.filter((a) => a.sector === 'health').length);
  });

  it('passes the POST body through and answers 201, then serves the new report', async () => {
    const response = await fetch(`${base}/v1/khountous`, {
      method: 'POST',
      headers: { ...bearer(PARTNER_KEY), 'Content-Type': 'application/json' },
      body: JSON.stringify(submission({ title: 'Éclairage public en panne à Kolda' })),
    });
    assert.equal(response.status, 201);
    const created = (await response.json()) as Report;
    assert.equal(created.title, 'Éclairage public en panne à Kolda', 'UTF-8 survives the adapter');
    assert.equal(response.headers.get('location'), `/v1/khountous/${created.slug}`);
    const list = (await (await fetch(`${base}/v1/khountous?limit=1`)).json()) as ListEnvelope<ReportListItem>;
    assert.equal(list.data[0]?.slug, created.slug);
  });

  it('answers 304 with no body and the rate-limit headers', async () => {
    const first = await fetch(`${base}/v1/regions`);
    const etag = first.headers.get('etag')!;
    const second = await fetch(`${base}/v1/regions`, { headers: { 'If-None-Match': etag } });
    assert.equal(second.status, 304);
    assert.equal(await second.text(), '');
    assert.equal(second.headers.get('etag'), etag);
    assert.ok(second.headers.get('x-ratelimit-remaining'));
  });

  it('answers preflights, errors with their body, and binary workbooks intact', async () => {
    const preflight = await fetch(`${base}/v1/khountous`, { method: 'OPTIONS' });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-max-age'), '86400');
    const error = await fetch(`${base}/v1/administrations?limit=101`);
    assert.equal(error.status, 400);
    assert.equal(((await error.json()) as { error: { param: string } }).error.param, 'limit');
    const xlsx = await fetch(`${base}/v1/datasets/regional-indicators?format=xlsx`);
    assert.equal(Number(xlsx.headers.get('content-length')), (await xlsx.clone().arrayBuffer()).byteLength);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    assert.equal(workbook.worksheets[0]!.getRow(2).getCell(1).value, 'dakar');
  });

  it('serves a landing page at / and 404 outside /v1', async () => {
    const landing = await fetch(`${base}/`);
    assert.equal(landing.status, 200);
    assert.match(await landing.text(), /\/administrations/);
    assert.equal((await fetch(`${base}/elsewhere`)).status, 404);
  });
});

describe('toNodeMiddleware', () => {
  it('calls next() for URLs outside /v1 and handles /v1, /v1/... and /v1?...', async () => {
    const middleware = toNodeMiddleware(createApi({ env: {} }));
    const passed: string[] = [];
    const server = createServer((req, res) =>
      middleware(req, res, () => {
        passed.push(req.url ?? '');
        res.end('next');
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (const path of ['/', '/v1x', '/v10/regions', '/demo/index.html']) {
        assert.equal(await (await fetch(`${base}${path}`)).text(), 'next', path);
      }
      for (const path of ['/v1', '/v1?lang=fr', '/v1/regions']) {
        const response = await fetch(`${base}${path}`);
        assert.ok(response.headers.get('x-ratelimit-limit'), path);
      }
      assert.deepEqual(passed, ['/', '/v1x', '/v10/regions', '/demo/index.html']);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
