/**
 * KHOUNTOUS_EMBED_API_ORIGINS: the one setting by which a build of the embed
 * page accepts a site's own API or proxy origin, written into the page's
 * khountous:api-origins meta and its Content-Security-Policy.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { EMBED_ORIGINS_ENV, embedApiOrigins, withApiOrigins } from '../../scripts/build/embed-origins.mjs';

const source = readFileSync(new URL('../../demo/embed.html', import.meta.url), 'utf8');

describe('KHOUNTOUS_EMBED_API_ORIGINS', () => {
  it('reads exact http(s) origins, separated by spaces or commas', () => {
    assert.deepEqual(embedApiOrigins({}), []);
    assert.deepEqual(
      embedApiOrigins({
        [EMBED_ORIGINS_ENV]: 'https://proxy.example.org/, http://localhost:6123 http://[::1]:8788',
      }),
      ['https://proxy.example.org', 'http://localhost:6123', 'http://[::1]:8788'],
    );
  });

  it('refuses, with the setting named, anything a policy could read as more than one origin', () => {
    for (const value of [
      '*',
      'https://*.example.org',
      'https:',
      "'unsafe-inline'",
      'https://x.example/v1',
      'x.example',
      'https://x.example;script-src *',
    ]) {
      assert.throws(
        () => embedApiOrigins({ [EMBED_ORIGINS_ENV]: value }),
        /KHOUNTOUS_EMBED_API_ORIGINS: .* is not an http\(s\) origin/,
        value,
      );
    }
  });

  it("writes them into the embed page's meta (empty by default)", () => {
    assert.match(source, /<meta name="khountous:api-origins" content="" \/>/);
    const page = withApiOrigins(source, ['https://proxy.example.org', 'http://localhost:6123']);
    assert.match(
      page,
      /<meta name="khountous:api-origins" content="https:\/\/proxy.example.org http:\/\/localhost:6123" \/>/,
    );
    assert.throws(() => withApiOrigins('<html></html>', []), /no <meta name="khountous:api-origins"/);
  });
});
