/**
 * `khountous-widgets/ssr` renderEmbedImage (src/ssr/embed-image.ts): the embed page's image twin
 * draws what the embed page's address shows, by the embed page's rule of its query and
 * renderImage's of the picture: the same picture as renderImage given the same attributes;
 * `width` and `theme` steer it; what the embed page refuses, it refuses with a clear error.
 */
import assert from 'node:assert/strict';
import { register } from 'node:module';
import { beforeEach, describe, it } from 'node:test';
import { createApi } from '../../demo/api/handler.js';
import { DATA_EPOCH } from '../../demo/api/data.js';

register('../helpers/vite-glob-hook.mjs', import.meta.url);
const { renderEmbedImage, renderImage, resetRenderCache, RenderError } =
  await import('../../src/ssr/render.js');

const BASE_URL = 'https://api.khountous.sn/v1';

function upstream() {
  const api = createApi({ now: () => DATA_EPOCH + 86_400_000, env: {}, quotas: { anonymous: 100_000 } });
  const requests: string[] = [];
  const fetch = async (input: string, init?: RequestInit) => {
    requests.push(new URL(input).pathname + new URL(input).search);
    return api.handle(new Request(input, init), '198.51.100.21');
  };
  return { fetch, requests };
}

describe('renderEmbedImage: the embed page’s address as a picture', () => {
  beforeEach(() => resetRenderCache());

  it('draws the picture renderImage draws of the same widget and attributes, as SVG or PNG', async () => {
    const { fetch, requests } = upstream();
    const options = { baseUrl: BASE_URL, fetch };
    const svg = await renderEmbedImage('?widget=ranking&limit=3&lang=en&id=front', options);
    assert.equal(svg.type, 'image/svg+xml');
    assert.equal(svg.body, await renderImage('khountous-ranking', { limit: '3', lang: 'en' }, options));
    // A full address, the embed page's own or its twin's, is read the same way.
    const png = await renderEmbedImage(
      new URL('https://example.org/khountous/embed.png?widget=ranking&limit=3&lang=en&width=360&theme=dark'),
      { ...options, format: 'png' },
    );
    assert.equal(png.type, 'image/png');
    assert.deepEqual(
      png.body,
      await renderImage(
        'khountous-ranking',
        { limit: '3', lang: 'en', theme: 'dark' },
        {
          ...options,
          format: 'png',
          width: 360,
          theme: 'dark',
        },
      ),
    );
    assert.deepEqual(requests, ['/v1/administrations?lang=en&limit=3&page=1'], 'one request for all of them');
  });

  it('width and theme steer the picture and are no attributes; the theme dark draws dark', async () => {
    const { fetch } = upstream();
    const options = { baseUrl: BASE_URL, fetch };
    const light = await renderEmbedImage('widget=region-stats&region=kolda&width=360', options);
    const dark = await renderEmbedImage('widget=region-stats&region=kolda&width=360&theme=dark', options);
    assert.match(light.body as string, /^<svg [^>]*width="360"/);
    assert.notEqual(light.body, dark.body);
    assert.equal(
      dark.body,
      await renderImage(
        'khountous-region-stats',
        { region: 'kolda', theme: 'dark' },
        {
          ...options,
          width: 360,
          theme: 'dark',
        },
      ),
    );
  });

  it('refuses what the embed page refuses, and what the picture cannot be, with an error that says why', async () => {
    const { fetch, requests } = upstream();
    const options = { baseUrl: BASE_URL, fetch };
    const refused = async (query: string, reason: RegExp) =>
      assert.rejects(renderEmbedImage(query, options), (error: unknown) => {
        assert.ok(error instanceof RenderError, String(error));
        assert.match(error.message, reason, query);
        return true;
      });
    await refused('widget=nothing', /Unknown widget "nothing"\. Choose one of: .*ranking/);
    await refused('limit=5', /Unknown widget ""/);
    await refused('widget=ranking&width=wide', /width="wide" is not a whole number of pixels/);
    await refused(
      'widget=ranking&width=90000',
      /width 90000 is not a whole number of pixels from 200 to 2400/,
    );
    await refused('widget=admin-card&slug=not%20a%20slug!', /slug="not a slug!" is not valid/);
    // Another API than the server's own: never asked.
    await refused('widget=ranking&base-url=https://evil.example/v1', /base-url/);
    assert.deepEqual(requests, [], 'nothing asked of the API for a refused address');
  });
});
