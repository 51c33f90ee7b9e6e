/**
 * The edges of the embed page's query string: the lengths where a value or an
 * id is cut or dropped, names in other cases, repeated names, the widget name
 * itself, the origins a meta may allow and the link templates that fix one, and
 * what each refusal says.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  API_ORIGINS_META,
  acceptedAttributes,
  parseApiOrigins,
  parseEmbedParams,
  templateOrigin,
  type Refusal,
} from '../../src/embed/params.js';

const TAGS = ['khountous-ranking', 'khountous-admin-card'];

const request = (search: string, tags: readonly string[] = TAGS) => {
  const parsed = parseEmbedParams(search, tags);
  assert.ok(parsed.ok, search);
  return parsed.request;
};

describe('parseEmbedParams at its edges', () => {
  it('reads the widget name in any case and with spaces around', () => {
    assert.equal(request('?widget=%20Ranking%20').tag, 'khountous-ranking');
    assert.equal(request('?widget=ADMIN-CARD').tag, 'khountous-admin-card');
  });

  it('takes only plain widget names, even among the tags it is given', () => {
    const odd = ['khountous-a_b', 'khountous-a', 'khountous-2x', 'khountous-a--b', 'khountous-a-'];
    for (const widget of ['a_b', '2x', 'a--b', 'a-']) {
      const parsed = parseEmbedParams(`?widget=${widget}`, odd);
      assert.equal(parsed.ok, false, widget);
    }
    assert.equal(request('?widget=a', odd).tag, 'khountous-a');
    assert.equal(parseEmbedParams('?widget=a%0A', ['khountous-a\n']).ok, false, 'no line end in a name');
    assert.equal(parseEmbedParams('?widget=xa', ['khountous-xa-y']).ok, false);
  });

  it('without a widget, says none was given; lists the tags without their khountous- prefix', () => {
    const parsed = parseEmbedParams('?limit=5', ['khountous-ranking', 'other-khountous-map']);
    assert.deepEqual(parsed, {
      ok: false,
      reason: 'Unknown widget "". Choose one of: ranking, other-khountous-map.',
    });
  });

  it('quotes at most 40 characters of an unknown widget name', () => {
    const parsed = parseEmbedParams(`?widget=${'w'.repeat(41)}`, TAGS);
    assert.equal(parsed.ok, false);
    if (parsed.ok) return;
    assert.equal(parsed.reason, `Unknown widget "${'w'.repeat(40)}". Choose one of: ranking, admin-card.`);
  });

  it('keeps a value of 500 characters, drops one of 501', () => {
    const attributes = request(
      `?widget=ranking&region=${'a'.repeat(500)}&sector=${'b'.repeat(501)}`,
    ).attributes;
    assert.equal(attributes.get('region'), 'a'.repeat(500));
    assert.equal(attributes.has('sector'), false);
  });

  it('cuts the frame id at 100 characters; no id is an empty one', () => {
    assert.equal(request(`?widget=ranking&id=${'i'.repeat(101)}`).id, 'i'.repeat(100));
    assert.equal(request(`?widget=ranking&id=${'i'.repeat(100)}`).id, 'i'.repeat(100));
    assert.equal(request('?widget=ranking').id, '');
  });

  it('reads attribute names in lower case; the last of repeated names wins; widget and id are never attributes', () => {
    const attributes = request('?widget=ranking&LIMIT=5&Limit=6&WIDGET=x&Id=y&lang=en&lang=fr').attributes;
    assert.deepEqual(Object.fromEntries(attributes), { limit: '6', lang: 'fr' });
  });

  it('refuses names that end or begin with a hyphen, hold other characters, or begin with "on" in any case', () => {
    const attributes = request(
      '?widget=ranking&a-=1&a--b=1&a_b=1&2a=1&OnClick=1&one=1&heading-level=2&h1=1',
    ).attributes;
    assert.deepEqual([...attributes.keys()], ['heading-level', 'h1']);
  });

  it('refuses names with anything before or after the plain name', () => {
    const attributes = request('?widget=ranking&x%20a=1&a%20=1&a%0A=1&%0Aa=1').attributes;
    assert.deepEqual([...attributes.keys()], []);
  });
});

describe('parseApiOrigins at its edges', () => {
  it('is read from the meta that site owners write, by its documented name', () => {
    // The name in the README and docs/security.md: renaming it would drop the origins of every page using it.
    assert.equal(API_ORIGINS_META, 'khountous:api-origins');
  });

  it('allows each origin once, whatever its spelling', () => {
    assert.deepEqual(parseApiOrigins('https://a.example,https://A.example/ https://a.example:443'), {
      origins: ['https://a.example'],
      invalid: [],
    });
  });

  it('refuses what only looks like an origin: no host, a bad port, text before or after, a backslash', () => {
    const tokens = [
      'http://[',
      'https://a.example:99999',
      'xhttps://a.example',
      'https://a.example/x',
      'https://a.example//',
      'https://x.example/https://a.example',
      'data:https://a.example',
      'https://a\\b.example',
      'https://',
    ];
    assert.deepEqual(parseApiOrigins(tokens.join(' ')), { origins: [], invalid: tokens });
    assert.deepEqual(parseApiOrigins(''), { origins: [], invalid: [] });
    assert.deepEqual(parseApiOrigins(' ,, '), { origins: [], invalid: [] });
  });
});

describe('acceptedAttributes: what each refusal says', () => {
  const policy = {
    apiOrigins: ['https://cdn.example.org', 'https://api.khountous.sn'],
    pageUrl: 'https://cdn.example.org/embed.html',
    linkOrigin: 'https://news.example',
  };
  const observed = ['base-url', 'href-template', 'lang'];

  it('names the attribute, the value, and why', () => {
    const refused: Refusal[] = [];
    const accepted = acceptedAttributes(
      new Map([
        ['base-url', 'javascript:alert(1)'],
        ['href-template', 'https://evil.example/{slug}'],
        ['lang', 'en'],
      ]),
      observed,
      policy,
      refused,
    );
    assert.deepEqual(Object.fromEntries(accepted), { lang: 'en' });
    assert.deepEqual(refused, [
      { name: 'base-url', value: 'javascript:alert(1)', reason: 'is not an http(s) URL' },
      {
        name: 'href-template',
        value: 'https://evil.example/{slug}',
        reason: 'does not begin with https://news.example/',
      },
    ]);
    const foreign: Refusal[] = [];
    acceptedAttributes(new Map([['base-url', 'https://evil.example/v1']]), observed, policy, foreign);
    assert.deepEqual(foreign, [
      {
        name: 'base-url',
        value: 'https://evil.example/v1',
        origin: 'https://evil.example',
        reason: 'leads to none of https://cdn.example.org, https://api.khountous.sn',
      },
    ]);
    const unframed: Refusal[] = [];
    acceptedAttributes(
      new Map([['href-template', 'https://news.example/{slug}']]),
      observed,
      { ...policy, linkOrigin: undefined },
      unframed,
    );
    assert.deepEqual(unframed, [
      {
        name: 'href-template',
        value: 'https://news.example/{slug}',
        reason: 'the page that framed the embed is unknown',
      },
    ]);
  });

  it('refuses nothing it keeps, and nothing it was not asked', () => {
    const refused: Refusal[] = [];
    acceptedAttributes(
      new Map([
        ['base-url', 'https://api.khountous.sn/v1'],
        ['href-template', 'https://news.example/{slug}'],
        ['style', 'x'],
      ]),
      observed,
      policy,
      refused,
    );
    assert.deepEqual(refused, []);
  });
});

describe('templateOrigin at its edges', () => {
  it('the origin a template fixes, with its port; none for a port no URL has, or no slash after the host', () => {
    assert.equal(templateOrigin('http://news.example:8080/{slug}'), 'http://news.example:8080');
    assert.equal(templateOrigin('https://news.example:443/{slug}'), 'https://news.example');
    assert.equal(templateOrigin('https://news.example:99999/{slug}'), undefined);
    assert.equal(templateOrigin('https://news.example:123456/{slug}'), undefined);
    assert.equal(templateOrigin('https://news.example:/{slug}'), undefined);
    assert.equal(templateOrigin('https://news.example'), undefined);
    assert.equal(templateOrigin('x https://news.example/'), undefined);
    assert.equal(templateOrigin('https://news_example/'), undefined);
  });
});
