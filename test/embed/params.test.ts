import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { acceptedAttributes, parseEmbedParams } from '../../src/embed/params.js';

const TAGS = ['khountous-ranking', 'khountous-admin-card'];

describe('parseEmbedParams', () => {
  it('reads the widget, its attributes and the frame id', () => {
    const parsed = parseEmbedParams('?widget=ranking&limit=5&lang=en&id=front&region=kolda', TAGS);
    assert.ok(parsed.ok);
    assert.equal(parsed.request.tag, 'khountous-ranking');
    assert.equal(parsed.request.id, 'front');
    assert.deepEqual(Object.fromEntries(parsed.request.attributes), {
      limit: '5',
      lang: 'en',
      region: 'kolda',
    });
  });

  it('refuses a widget that is not one of the kit, naming those that are', () => {
    for (const search of ['', '?widget=', '?widget=script', '?widget=../ranking', '?widget=Ranking%20x']) {
      const parsed = parseEmbedParams(search, TAGS);
      assert.equal(parsed.ok, false, search);
      if (!parsed.ok) assert.match(parsed.reason, /ranking, admin-card/);
    }
  });

  it('lets through plain attribute names only, never event handlers', () => {
    const parsed = parseEmbedParams(
      '?widget=ranking&onclick=alert(1)&onload=x&style=color:red&data%20x=1&x"y=1&-a=1&ok-name=1',
      TAGS,
    );
    assert.ok(parsed.ok);
    assert.deepEqual([...parsed.request.attributes.keys()], ['style', 'ok-name']);
  });

  it('keeps values as text and drops overlong ones', () => {
    const markup = '<img src=x onerror=alert(1)>';
    const parsed = parseEmbedParams(
      `?widget=admin-card&slug=${encodeURIComponent(markup)}&region=${'a'.repeat(501)}`,
      TAGS,
    );
    assert.ok(parsed.ok);
    assert.equal(parsed.request.attributes.get('slug'), markup);
    assert.equal(parsed.request.attributes.has('region'), false);
  });
});

describe('acceptedAttributes', () => {
  const page = 'https://cdn.example.org/khountous/embed.html?widget=ranking';
  const origins = ['https://cdn.example.org', 'https://api.khountous.sn'];
  const observed = ['lang', 'base-url', 'theme', 'limit', 'region'];

  it('keeps the attributes the element observes', () => {
    const accepted = acceptedAttributes(
      new Map([
        ['limit', '5'],
        ['style', 'color:red'],
        ['slug', 'x'],
        ['lang', 'en'],
      ]),
      observed,
      origins,
      page,
    );
    assert.deepEqual(Object.fromEntries(accepted), { limit: '5', lang: 'en' });
  });

  it('keeps base-url only for the page origin or the default API', () => {
    const check = (value: string) =>
      acceptedAttributes(new Map([['base-url', value]]), observed, origins, page).has('base-url');
    assert.equal(check('/v1'), true);
    assert.equal(check('https://api.khountous.sn/v1'), true);
    assert.equal(check('https://evil.example/v1'), false);
    assert.equal(check('http://cdn.example.org/v1'), false, 'another scheme is another origin');
    assert.equal(check('http://['), false);
  });
});
