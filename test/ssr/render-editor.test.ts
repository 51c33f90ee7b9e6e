/**
 * The editor's words in a server render (src/ssr/render.ts): the headline in place of the
 * widget's title, the subtitle, the note before the source line, escaped text; the source
 * line a link to `source-href` when http(s), else to the platform's site.
 */
import assert from 'node:assert/strict';
import { register } from 'node:module';
import { beforeEach, describe, it } from 'node:test';
import { createApi } from '../../demo/api/handler.js';
import { DATA_EPOCH } from '../../demo/api/data.js';

register('../helpers/vite-glob-hook.mjs', import.meta.url);
const { renderWidget, resetRenderCache } = await import('../../src/ssr/render.js');

const BASE_URL = 'https://api.khountous.sn/v1';

function upstream() {
  const api = createApi({ now: () => DATA_EPOCH + 86_400_000, env: {} });
  return {
    fetch: async (input: string, init?: RequestInit) => api.handle(new Request(input, init), '198.51.100.20'),
  };
}

describe("renderWidget: the editor's words", () => {
  beforeEach(() => resetRenderCache());

  it("the editor's words: the headline in place of the title, the subtitle, the note, as text; a javascript: link refused", async () => {
    const api = upstream();
    const hostile = 'Mon <img src=x onerror=alert(1)> "titre"';
    const html = await renderWidget(
      'khountous-region-stats',
      {
        headline: hostile,
        subtitle: 'Sous-titre',
        note: `  La   note\n${'n'.repeat(420)}`,
        'source-href': 'javascript:alert(1)',
        'heading-level': 2,
      },
      { baseUrl: BASE_URL, fetch: api.fetch },
    );
    const shadow = /<template[^>]*>([\s\S]*)<\/template>/.exec(html)![1]!;
    const text = (part: string) =>
      new RegExp(`part="${part}"[^>]*>(?:<!--[^>]*-->)*([^<]*)`).exec(shadow)?.[1];
    assert.equal(text('title'), 'Mon &lt;img src=x onerror=alert(1)&gt; &quot;titre&quot;');
    assert.match(shadow, /<p class="title" part="title" role="heading" aria-level="2">/);
    assert.doesNotMatch(shadow, /<img/);
    assert.doesNotMatch(
      shadow,
      /role="heading"[^>]*>(?:<!--[^>]*-->)*[^<]*par région/,
      'the own title is replaced',
    );
    assert.equal(text('subtitle'), 'Sous-titre');
    const note = text('note')!;
    assert.equal(note.length, 400);
    assert.ok(note.startsWith('La note nnn') && note.endsWith('n…'), note);
    assert.ok(shadow.indexOf('part="note"') < shadow.indexOf('part="source"'), 'the note before the source');
    assert.match(shadow, /<a href="https:\/\/khountous\.sn" rel="noopener noreferrer"/);
    assert.doesNotMatch(shadow, /href="javascript:/);
    const linked = await renderWidget(
      'khountous-region-stats',
      { 'source-href': 'https://www.example.sn/methodologie' },
      { baseUrl: BASE_URL, fetch: api.fetch },
    );
    assert.match(linked, /<a href="https:\/\/www\.example\.sn\/methodologie" rel="noopener noreferrer"/);
  });
});
