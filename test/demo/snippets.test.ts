import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { snippet } from '../../demo/snippets.js';

const input = {
  tag: 'khountous-ranking',
  attributes: [
    ['region', 'kolda'],
    ['paginate', ''],
    ['href-template', '/a?x="1"&y=<b>'],
  ] as [string, string][],
  host: 'https://example.org/khountous',
};

describe('embed builder snippets', () => {
  it('script tag: the bundle once, then the element with escaped attributes', () => {
    assert.equal(
      snippet('script', input),
      [
        '<!-- Once per page: -->',
        '<script type="module" src="https://example.org/khountous/khountous.js"></script>',
        '<!-- Where the widget goes: -->',
        '<khountous-ranking region="kolda" paginate href-template="/a?x=&quot;1&quot;&amp;y=&lt;b&gt;"></khountous-ranking>',
      ].join('\n'),
    );
  });

  it('iframe: the embed page with the attributes as URL parameters, and the resize snippet', () => {
    const text = snippet('iframe', input);
    const src = /src="([^"]+)"/.exec(text)![1]!.replace(/&amp;/g, '&');
    const url = new URL(src);
    assert.equal(url.origin + url.pathname, 'https://example.org/khountous/embed.html');
    assert.equal(url.searchParams.get('widget'), 'ranking');
    assert.equal(url.searchParams.get('region'), 'kolda');
    assert.equal(url.searchParams.get('paginate'), 'true');
    assert.equal(url.searchParams.get('href-template'), '/a?x="1"&y=<b>');
    assert.match(text, /title="Khountous"/);
    assert.match(text, /<script src="https:\/\/example.org\/khountous\/embed-resize.js" async><\/script>/);
  });

  it('React: imports the element module and renders the tag', () => {
    const text = snippet('react', { ...input, tag: 'khountous-admin-card', attributes: [['slug', 'x']] });
    assert.match(text, /import 'khountous-widgets\/elements\/khountous-admin-card.js';/);
    assert.match(
      text,
      /export function KhountousAdminCard\(\) \{\n {2}return <khountous-admin-card slug="x" \/>;/,
    );
  });
});
