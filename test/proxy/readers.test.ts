/**
 * The tier's per-reader limit on what passes the cache, on each engine (a real
 * nginx, a real Varnish): each reader counted on its own (readers on loopback
 * aliases 127.0.0.2, 127.0.0.3...: Linux answers on all of 127.0.0.0/8), a
 * limited reader still served what the cache holds, and the reader as the
 * limit counts it (an IPv4 address or an IPv6 /64) for any spelling of an
 * address.
 *
 * Loopback IPv6 is ::1 alone, so the IPv6 tests give the tier the reader's
 * address the way a load balancer would. nginx: realip.conf (the optional file
 * the template includes) trusts a header from 127.0.0.1 only, and nginx parses
 * and reprints that address exactly as it does a connection's; the same file
 * adds a header with the key the limit counts, for the test to read. Varnish:
 * a second port takes the PROXY protocol (the address in its first line is
 * parsed and reprinted as a connection's), and VCL placed before the tier's
 * adds the same header.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { quotaAddress } from '../../demo/api/address.js';
import { get, raw, type Answer } from './client.js';
import { engines, startTier, type Tier } from './harness.js';

const KEY = 'site-key-readers-41c7';
const ADDRESS_HEADER = 'X-Test-Reader-Address';
const REALIP_FOR_TESTS = `set_real_ip_from 127.0.0.1; # the test's client only
real_ip_header ${ADDRESS_HEADER}; # the reader's address, as a load balancer would send it
add_header X-Test-Reader-Key $khountous_reader always; # what the limit counts (tests only)
`;
const VCL_FOR_TESTS = `sub vcl_synth { # tests only: what the limit counts, on the tier's own answers
    call khountous_reader;
    set resp.http.X-Test-Reader-Key = req.http.X-Khountous-Reader;
}`;

/**
 * A request from a reader at `address` as a load balancer passes it on: nginx
 * reads the address from ADDRESS_HEADER (realip.conf), Varnish from the first
 * line of the PROXY protocol on its proxy port.
 */
function fromAddress(tier: Tier, address: string, target: string, method = 'GET'): Promise<Answer> {
  if (tier.engine === 'nginx') return get(`${tier.base}${target}`, { [ADDRESS_HEADER]: address }, method);
  const family = address.includes(':') ? 'TCP6' : 'TCP4';
  const destination = family === 'TCP6' ? '::1' : '127.0.0.1';
  return raw(
    tier.proxyPort as number,
    `PROXY ${family} ${address} ${destination} 40000 80\r\n${method} /v1${target} HTTP/1.1\r\nHost: localhost`,
  );
}

/** A distinct resource per call: every request is a miss. */
let page = 0;
const miss = () => `/verifications?lang=fr&limit=1&page=${(page += 1)}`;

for (const [engine, skip] of engines()) {
  describe(`${engine}: shared cache tier: each reader address is limited on its own`, { skip }, () => {
    const BURST = 4;
    const READERS = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'];
    const OVER = 3;
    let tier: Tier;
    const ask = (reader: string, path: string, headers: Record<string, string> = {}) =>
      get(`${tier.base}${path}`, headers, 'GET', { localAddress: reader });

    before(async () => {
      // 1 request per minute: the burst is all a reader gets during the test.
      tier = await startTier(engine, {
        key: KEY,
        api: { keys: { [KEY]: 'free' } },
        limit: { burst: BURST, perMinute: 1 },
      });
    });
    after(() => tier?.stop());

    const fetched = new Map<string, string>();

    it('gives every reader its own burst, whatever the readers before it spent', async () => {
      for (const reader of READERS) {
        const statuses: number[] = [];
        for (let i = 0; i < BURST + 1 + OVER; i += 1) {
          const path = miss();
          const answer = await ask(reader, path);
          statuses.push(answer.status);
          if (answer.status === 200) fetched.set(path, answer.body);
        }
        assert.deepEqual(
          statuses,
          [...Array<number>(BURST + 1).fill(200), ...Array<number>(OVER).fill(429)],
          `${reader}: ${statuses.join(' ')}`,
        );
      }
    });

    it('serves a reader over its limit what the cache holds, and nothing more', async () => {
      const [limited] = READERS as [string];
      for (const [path, body] of fetched) {
        const answer = await ask(limited, path);
        assert.equal(answer.status, 200, path);
        assert.equal(answer.headers['x-cache-status'], 'HIT', path);
        assert.equal(answer.body, body, path);
      }
      assert.equal((await ask(limited, miss())).status, 429, 'still over its limit for a miss');
    });

    it('lets no header of the reader choose or reset its count', async () => {
      const [limited, other] = READERS as [string, string];
      const spoofs: Record<string, string>[] = [
        { 'X-Khountous-Reader': '127.0.0.99' },
        { 'X-Khountous-Reader': '' },
        { 'X-Forwarded-For': '127.0.0.98' },
        { 'X-Real-IP': '127.0.0.97' },
        { Forwarded: 'for=127.0.0.96' },
        { [ADDRESS_HEADER]: '127.0.0.95' },
      ];
      for (const headers of spoofs) {
        const answer = await ask(limited, miss(), headers);
        assert.equal(answer.status, 429, JSON.stringify(headers));
      }
      // A fresh reader naming a limited one is still counted as itself.
      const fresh = '127.0.0.6';
      assert.equal((await ask(fresh, miss(), { 'X-Khountous-Reader': other })).status, 200);
    });

    it(
      'has the inner hop refuse a request that names no reader (an empty key would never be counted)',
      { skip: engine !== 'nginx' && 'nginx only: the Varnish tier counts readers in Varnish itself' },
      async () => {
        const before = [...tier.upstream.values()].flat().length;
        const target = `/v1${miss()}`;
        const refused = await raw(tier.socket, `GET ${target} HTTP/1.1\r\nHost: localhost`);
        assert.equal(refused.status, 403, refused.body);
        assert.equal(JSON.parse(refused.body).error.code, 'forbidden');
        assert.equal([...tier.upstream.values()].flat().length, before, 'nothing reached the API');
        // The same request naming a reader passes: the refusal is the missing reader's.
        const named = await raw(
          tier.socket,
          `GET ${target} HTTP/1.1\r\nHost: localhost\r\nX-Khountous-Reader: 127.0.0.7`,
        );
        assert.equal(named.status, 200, named.body);
      },
    );

    it(
      'has the origin hop refuse anything but the plain GET requests Varnish sends',
      { skip: engine !== 'varnish' && 'Varnish only: the nginx tier has no origin hop' },
      async () => {
        const before = [...tier.upstream.values()].flat().length;
        const target = `/v1${miss()}`;
        for (const head of [
          `POST ${target} HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0`,
          `DELETE ${target} HTTP/1.1\r\nHost: localhost`,
          `HEAD ${target} HTTP/1.1\r\nHost: localhost`,
          `GET ${target} HTTP/1.0`,
          'GET /v1/../admin/keys HTTP/1.1\r\nHost: localhost',
          'GET /v1/regions/..%2fadmin HTTP/1.1\r\nHost: localhost',
          'GET /admin/keys HTTP/1.1\r\nHost: localhost',
          'GET /v1/regions?lang=FR HTTP/1.1\r\nHost: localhost',
          'GET http://127.0.0.1/v1/regions HTTP/1.1\r\nHost: localhost',
        ]) {
          const refused = await raw(tier.socket, head);
          assert.equal(refused.status, 400, `${head.split('\r\n')[0]}: ${refused.status} ${refused.body}`);
        }
        assert.equal([...tier.upstream.values()].flat().length, before, 'nothing reached the API');
        // Without the reader Varnish names, the key's total lets no new resource through.
        const anonymous = await raw(tier.socket, `GET ${target} HTTP/1.1\r\nHost: localhost`);
        assert.equal(anonymous.status, 429, anonymous.body);
        assert.equal([...tier.upstream.values()].flat().length, before, 'nothing reached the API');
        // A plain GET with its reader passes, with the key: the socket is Varnish's only (the directory's permissions).
        const plain = await raw(
          tier.socket,
          `GET ${target} HTTP/1.1\r\nHost: localhost\r\nX-Khountous-Reader: 127.0.0.9`,
        );
        assert.equal(plain.status, 200, plain.body);
        assert.deepEqual([...tier.authorizations], [`Bearer ${KEY}`]);
      },
    );
  });
}

/** Eight groups of an IPv6 address, as numbers. */
type Groups = number[];

/** Spellings of one IPv6 address: full, without leading zeros, with "::" at each run of zeros, upper case. */
function spellings(groups: Groups): string[] {
  const hex = groups.map((group) => group.toString(16));
  const out = new Set<string>([
    groups.map((group) => group.toString(16).padStart(4, '0')).join(':'),
    hex.join(':'),
    hex.join(':').toUpperCase(),
  ]);
  // "::" may stand for any run of one or more zero groups. Not after seven
  // groups ("1:2:3:4:5:6:7::"): nginx's text parser, which realip uses, refuses
  // it (a connection's address is never text: this concerns the test's device only).
  for (let start = 0; start < 7; start += 1) {
    for (let end = start + 1; end <= 8 && groups[end - 1] === 0; end += 1) {
      const left = hex.slice(0, start).join(':');
      const right = hex.slice(end).join(':');
      out.add(`${left}::${right}`);
    }
  }
  return [...out];
}

/** A deterministic generator (tests must not depend on Math.random's draw). */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

for (const [engine, skip] of engines()) {
  describe(
    `${engine}: shared cache tier: the reader as the limit counts it (IPv4, IPv6 /64)`,
    { skip },
    () => {
      let tier: Tier;
      before(async () => {
        tier = await startTier(engine, {
          key: KEY,
          api: { keys: { [KEY]: 'free' } },
          ...(engine === 'nginx'
            ? { realIp: REALIP_FOR_TESTS }
            : { vclBefore: VCL_FOR_TESTS, proxyProtocol: true }),
          limit: { burst: 1, perMinute: 1 },
        });
      });
      after(() => tier?.stop());

      const keyOf = async (address: string): Promise<string> => {
        // A preflight: answered by the tier itself, nothing upstream, no limit.
        const answer = await fromAddress(tier, address, '/regions?lang=fr', 'OPTIONS');
        assert.equal(answer.status, 204, address);
        return String(answer.headers['x-test-reader-key']);
      };

      it('reduces every spelling of an address to the /64 the API counts (demo/api/address.ts)', async () => {
        const random = generator(64);
        const addresses: Groups[] = [
          [0x2001, 0xdb8, 5, 0, 1, 2, 3, 4],
          [0x2001, 0xdb8, 5, 0, 0, 2, 3, 4],
          [0x2001, 0, 0, 5, 0xa, 0xb, 0xc, 0xd],
          [0x2001, 0, 0, 6, 0xa, 0xb, 0xc, 0xd],
          [0, 0, 0, 0, 0, 0, 0, 1],
          [0, 0, 0, 0, 0, 0, 0, 0],
          [0, 0, 1, 2, 3, 4, 5, 6],
          [0, 0, 0, 2, 3, 4, 5, 6],
          [0xfe80, 0, 0, 0, 0xabcd, 0, 0, 1],
          [0x2a01, 0xe0a, 0, 0, 0, 0, 0, 0],
          [0x2a01, 0, 0, 0, 0, 0, 0, 0xffff],
          [0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff],
          [0x2001, 0xdb8, 0, 0, 1, 0, 0, 1],
          [0x64, 0xff9b, 0, 0, 0, 0, 0xc000, 0x207],
        ];
        // Random addresses with random runs of zero groups: every place "::" can stand.
        for (let i = 0; i < 120; i += 1) {
          addresses.push(
            Array.from({ length: 8 }, () => (random() < 0.5 ? 0 : 1 + Math.floor(random() * 0xffff))),
          );
        }
        const checked: string[] = [];
        for (const groups of addresses) {
          const expected = quotaAddress(groups.map((group) => group.toString(16)).join(':'));
          for (const spelling of spellings(groups)) {
            assert.equal(await keyOf(spelling), expected, spelling);
            checked.push(spelling);
          }
        }
        assert.ok(checked.length > 500, `${checked.length} spellings`);
      });

      it('counts an IPv4-mapped address, in any spelling, as its IPv4 address', async () => {
        for (const spelling of [
          '::ffff:192.0.2.7',
          '::FFFF:192.0.2.7',
          '0:0:0:0:0:ffff:192.0.2.7',
          '0000:0000:0000:0000:0000:ffff:c000:0207',
          '::ffff:c000:207',
          '192.0.2.7',
        ]) {
          assert.equal(await keyOf(spelling), '192.0.2.7', spelling);
        }
      });

      it('limits one /64 as one reader, and two /64s as two', async () => {
        // Burst 1: two misses pass, the third is refused.
        const spend = async (address: string) => {
          const statuses: number[] = [];
          for (let i = 0; i < 3; i += 1) statuses.push((await fromAddress(tier, address, miss())).status);
          assert.deepEqual(statuses, [200, 200, 429], address);
        };
        const next = (address: string): Promise<Answer> => fromAddress(tier, address, miss());
        const same = [
          ['2001:db8:5:0:1:2:3:4', '2001:db8:5::2:3:4'],
          ['2001:db8:7::1', '2001:db8:7:0:ffff:ffff:ffff:ffff'],
          ['::ffff:192.0.2.9', '192.0.2.9'],
        ];
        const different = [
          ['2001::5:a:b:c:d', '2001::6:a:b:c:d'],
          ['2001:db8:9::', '2001:db8:9:1::'],
          ['2001:db8:a::1', '2001:db8:b::1'],
        ];
        for (const [first, second] of same) {
          await spend(first as string);
          assert.equal((await next(second as string)).status, 429, `${second} shares the /64 of ${first}`);
        }
        for (const [first, second] of different) {
          await spend(first as string);
          assert.equal((await next(second as string)).status, 200, `${second} is not in the /64 of ${first}`);
        }
      });
    },
  );
}
