/**
 * The tier's hop to the API (nginx's inner hop, the Varnish tier's origin hop)
 * talks to an https API only after the API's certificate proved its name
 * (KHOUNTOUS_API_HOST) through an authority the tier trusts (KHOUNTOUS_API_CA:
 * the system's by default, or a private CA): otherwise it sends nothing (no
 * request, so no key), caches nothing, answers 503 and logs why. With a real
 * nginx and a real Varnish; certificates made by openssl for each run.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { makeCertificates, opensslSkipReason, type Certificates, type KeyPair } from './certificates.js';
import { get } from './client.js';
import { engines, startEngineTier, type EngineTier } from './harness.js';
import { startRecorder } from './upstream.js';

const KEY = 'site-key-tls-93d2';
const NAME = 'api.khountous.test';
const VERIFY_ERROR = /upstream SSL certificate verify error: \(\d+:[^)]+\)/;
const NAME_ERROR = /upstream SSL certificate does not match "api\.khountous\.test"/;

for (const [engine, engineSkip] of engines()) {
  describe(
    `${engine}: shared cache tier: the API over https`,
    { skip: engineSkip || opensslSkipReason() },
    () => {
      let dir: string;
      let certificates: Certificates;
      before(() => {
        dir = mkdtempSync(join(tmpdir(), 'khountous-tls-'));
        certificates = makeCertificates(dir);
      });
      after(() => rmSync(dir, { recursive: true, force: true }));

      /** An https upstream with `pair`, and the tier in front of it trusting `ca` (undefined: the system's). */
      const run = async (pair: KeyPair, ca: string | undefined, check: (context: Run) => Promise<void>) => {
        const upstream = await startRecorder({ tls: pair });
        const tier = await startEngineTier(engine, upstream.url, `${NAME}:${upstream.port}`, {
          key: KEY,
          settings: ca ? { KHOUNTOUS_API_CA: ca } : {},
        });
        try {
          await check({ upstream, tier });
        } finally {
          await tier.stop();
          await upstream.stop();
        }
      };
      type Run = {
        upstream: Awaited<ReturnType<typeof startRecorder>>;
        tier: EngineTier;
      };

      const refusals: { what: string; pair: () => KeyPair; ca: () => string | undefined; log: RegExp }[] = [
        {
          what: 'a self-signed certificate for another name',
          pair: () => certificates.selfSigned('other.example'),
          ca: () => undefined,
          log: VERIFY_ERROR,
        },
        {
          what: 'a self-signed certificate for the API’s name',
          pair: () => certificates.selfSigned(NAME),
          ca: () => undefined,
          log: VERIFY_ERROR,
        },
        {
          what: 'a certificate for the API’s name from a private CA the tier was not told of',
          pair: () => certificates.signed(NAME),
          ca: () => undefined,
          log: VERIFY_ERROR,
        },
        {
          what: 'a certificate of the configured private CA for another name',
          pair: () => certificates.signed('other.example'),
          ca: () => certificates.rootFile,
          log: NAME_ERROR,
        },
        {
          what: 'a self-signed certificate for the API’s name, a private CA configured',
          pair: () => certificates.selfSigned(NAME),
          ca: () => certificates.rootFile,
          log: VERIFY_ERROR,
        },
      ];

      for (const refusal of refusals) {
        it(`sends nothing to a server with ${refusal.what}, caches nothing, says why`, async () => {
          await run(refusal.pair(), refusal.ca(), async ({ upstream, tier }) => {
            for (let i = 0; i < 2; i += 1) {
              const answer = await get(`${tier.base}/regions?lang=fr`);
              assert.equal(answer.status, 503, answer.body);
              assert.equal(JSON.parse(answer.body).error.code, 'internal');
              assert.equal(answer.headers['x-cache-status'], 'MISS');
            }
            assert.ok(upstream.connections >= 1, 'the tier connected (the refusal is the certificate’s)');
            assert.deepEqual(upstream.received, [], 'no request, no key');
            assert.equal(await tier.cached(), 0);
            assert.match(tier.logs(), refusal.log);
            assert.ok(!tier.logs().includes(KEY));
          });
        });
      }

      it('talks to the API whose certificate chains to the configured private CA and names it', async () => {
        await run(certificates.signed(NAME), certificates.rootFile, async ({ upstream, tier }) => {
          const first = await get(`${tier.base}/regions?lang=fr`);
          assert.equal(first.status, 200, first.body);
          assert.deepEqual(JSON.parse(first.body), { data: { url: '/v1/regions?lang=fr' } });
          const second = await get(`${tier.base}/regions?lang=fr`);
          assert.equal(second.headers['x-cache-status'], 'HIT');
          assert.equal(upstream.received.length, 1);
          assert.deepEqual(
            upstream.received[0]?.headers.filter(([name]) => name === 'authorization' || name === 'host'),
            [
              ['host', `${NAME}:${upstream.port}`],
              ['authorization', `Bearer ${KEY}`],
            ],
          );
          assert.deepEqual(upstream.serverNames, [NAME], 'SNI: the API’s name');
          assert.doesNotMatch(tier.logs(), /SSL/);
        });
      });
    },
  );
}
