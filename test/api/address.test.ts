import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  clientAddress,
  quotaAddress,
  trustedProxies,
  trustedProxiesFromEnv,
} from '../../demo/api/address.js';
import { testApi } from './helpers.js';

const REMAINING = 'X-RateLimit-Remaining';
const none = new Set<string>();

describe('quota caller: one key per subscriber', () => {
  it('counts IPv6 callers per /64, whatever the spelling', () => {
    const net = '2001:db8:0:1::/64';
    for (const address of [
      '2001:db8:0:1::1',
      '2001:db8:0:1:ffff:ffff:ffff:ffff',
      '2001:0DB8:0000:0001:0:0:0:9',
      '2001:db8:0:1::7%eth0',
    ])
      assert.equal(quotaAddress(address), net, address);
    assert.equal(quotaAddress('2001:db8:0:2::1'), '2001:db8:0:2::/64');
    assert.equal(quotaAddress('2001:db8::1'), '2001:db8:0:0::/64');
  });

  it('keeps IPv4 addresses apart, reads IPv4-mapped IPv6 as IPv4, and ::1 apart from 127.0.0.1', () => {
    assert.equal(quotaAddress('203.0.113.7'), '203.0.113.7');
    assert.equal(quotaAddress('::ffff:203.0.113.7'), '203.0.113.7');
    assert.equal(quotaAddress('::1'), '0:0:0:0::/64');
    assert.notEqual(quotaAddress('::1'), quotaAddress('127.0.0.1'));
  });

  it('gives one /64 one quota, through the API', async () => {
    const test = testApi({ quotas: { anonymous: 3 } });
    const statuses = [];
    for (let i = 1; i <= 5; i += 1)
      statuses.push((await test.call('/regions', {}, `2001:db8:0:1::${i}`)).status);
    assert.deepEqual(statuses, [200, 200, 200, 429, 429]);
    assert.equal(
      (await test.call('/regions', {}, '2001:db8:0:2::1')).status,
      200,
      'the next /64 has its own',
    );
    assert.equal((await test.call('/regions', {}, '::1')).headers.get(REMAINING), '2');
    assert.equal(
      (await test.call('/regions', {}, '127.0.0.1')).headers.get(REMAINING),
      '2',
      'apart from ::1',
    );
  });
});

describe('quota caller: headers are believed only from a trusted proxy', () => {
  it('ignores X-Forwarded-For by default', async () => {
    const test = testApi({ quotas: { anonymous: 2 } });
    const spoofed = (i: number) => ({ headers: { 'X-Forwarded-For': `198.51.100.${i}` } });
    const statuses = [];
    for (let i = 1; i <= 3; i += 1)
      statuses.push((await test.call('/regions', spoofed(i), '203.0.113.7')).status);
    assert.deepEqual(statuses, [200, 200, 429]);
    assert.equal(clientAddress('203.0.113.7', '198.51.100.1', none), '203.0.113.7');
  });

  it('reads the rightmost untrusted hop when the peer is a trusted proxy', () => {
    const trusted = trustedProxies(['127.0.0.1', '::1', '10.0.0.2']);
    assert.equal(clientAddress('127.0.0.1', '198.51.100.1', trusted), '198.51.100.1');
    assert.equal(
      clientAddress('::1', '6.6.6.6, 198.51.100.1, 10.0.0.2', trusted),
      '198.51.100.1',
      'not the forgeable left',
    );
    assert.equal(clientAddress('::ffff:127.0.0.1', '2001:db8:0:1::5', trusted), '2001:db8:0:1::/64');
    assert.equal(clientAddress('127.0.0.1', 'garbage', trusted), '127.0.0.1');
    assert.equal(clientAddress('127.0.0.1', null, trusted), '127.0.0.1');
    assert.equal(clientAddress('203.0.113.9', '198.51.100.1', trusted), '203.0.113.9', 'untrusted peer');
    assert.equal(
      clientAddress('0:0:0:0:0:0:0:1', '198.51.100.1', trusted),
      '198.51.100.1',
      'exact address, any spelling',
    );
    assert.equal(clientAddress('::2', '198.51.100.1', trusted), '0:0:0:0::/64', 'not its whole /64');
  });

  it('takes the proxies from KHOUNTOUS_TRUSTED_PROXIES, and refuses what is not an address', async () => {
    assert.deepEqual(
      [...trustedProxiesFromEnv({ KHOUNTOUS_TRUSTED_PROXIES: ' 127.0.0.1 , ::1' })],
      ['127.0.0.1', '0:0:0:0:0:0:0:1'],
    );
    assert.equal(trustedProxiesFromEnv({}).size, 0);
    assert.throws(
      () => trustedProxiesFromEnv({ KHOUNTOUS_TRUSTED_PROXIES: '10.0.0.0/8' }),
      /KHOUNTOUS_TRUSTED_PROXIES/,
    );
    const test = testApi({ quotas: { anonymous: 1 }, env: { KHOUNTOUS_TRUSTED_PROXIES: '127.0.0.1' } });
    const from = (reader: string) => ({ headers: { 'X-Forwarded-For': reader } });
    assert.equal((await test.call('/regions', from('198.51.100.1'), '127.0.0.1')).status, 200);
    assert.equal(
      (await test.call('/regions', from('198.51.100.2'), '127.0.0.1')).status,
      200,
      'another reader',
    );
    assert.equal((await test.call('/regions', from('198.51.100.1'), '127.0.0.1')).status, 429);
  });
});
