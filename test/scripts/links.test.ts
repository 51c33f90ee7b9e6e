/**
 * Every link of the README, the changelog and docs/ resolves: a relative link names a file
 * or folder of the repository, its `#anchor` a heading of that page (GitHub's slugs, as its
 * pages link them) or an `id` written in it, a bare `#anchor` a heading of the page itself;
 * a link to the web is a well-formed http(s) URL (not fetched). Links in code are not
 * links.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, it } from 'node:test';

const root = join(import.meta.dirname, '../..');

/** The pages checked: the README, the changelog, and every page under docs/. */
function pages(): string[] {
  const docs = (dir: string): string[] =>
    readdirSync(join(root, dir)).flatMap((name) => {
      const path = `${dir}/${name}`;
      if (statSync(join(root, path)).isDirectory()) return docs(path);
      return name.endsWith('.md') ? [path] : [];
    });
  return ['README.md', 'CHANGELOG.md', ...docs('docs')];
}

/** The text of `markdown` outside fenced code blocks and code spans, line by line. */
function prose(markdown: string): string[] {
  let fence: string | undefined;
  return markdown.split('\n').map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === undefined || marker.startsWith(fence))) {
      fence = fence === undefined ? marker : undefined;
      return '';
    }
    if (fence !== undefined) return '';
    return line.replace(/(`+)[^`]*?\1/g, '');
  });
}

/** GitHub's anchor of a heading: its text, lower-cased, without punctuation, spaces as hyphens. */
export function slug(heading: string): string {
  return (
    heading
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      // Code is shown as written (its brackets then go with the punctuation); other tags are HTML.
      .replace(/`+([^`]*)`+|<[^>]*>/g, (tag, code?: string) => (code ?? '').replace(/[<>]/g, ''))
      .replace(/(\*\*|__|\*|\b_|_\b)/g, '')
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-')
  );
}

/** The anchors of a page: its headings' slugs (repeats get -1, -2…) and the ids written in it. */
export function anchors(markdown: string): Set<string> {
  const found = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === undefined || marker.startsWith(fence))) {
      fence = fence === undefined ? marker : undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading !== undefined) {
      const base = slug(heading);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      found.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const [, id] of line.matchAll(/\b(?:id|name)="([^"]+)"/g)) found.add(id!);
  }
  return found;
}

/** The links of a page: [text](target), ![alt](target), <a href>, <img src>, with their line. */
export function links(markdown: string): { target: string; line: number }[] {
  const found: { target: string; line: number }[] = [];
  prose(markdown).forEach((text, index) => {
    for (const [, target] of text.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g))
      found.push({ target: target!, line: index + 1 });
    for (const [, target] of text.matchAll(/<(?:a|img)\s[^>]*?\b(?:href|src)="([^"]*)"/g))
      found.push({ target: target!, line: index + 1 });
  });
  return found;
}

/** What is wrong with each link of `file` (a path from the repository's root), or nothing. */
export function brokenLinks(file: string, markdown: string, read = readPage): string[] {
  const problems: string[] = [];
  for (const { target, line } of links(markdown)) {
    const where = `${file}:${line}: ${target}`;
    if (/^[a-z][a-z+.-]*:/i.test(target)) {
      if (target.startsWith('mailto:')) continue;
      let url: URL | undefined;
      try {
        url = new URL(target);
      } catch {
        problems.push(`${where}: not a URL`);
        continue;
      }
      if (!['http:', 'https:'].includes(url.protocol) || !url.hostname.includes('.'))
        problems.push(`${where}: not an http(s) URL with a host name`);
      continue;
    }
    if (target === '') {
      problems.push(`${where}: empty link`);
      continue;
    }
    const [path = '', anchor] = target.split('#', 2) as [string, string | undefined];
    const resolved = path === '' ? file : relative(root, join(root, dirname(file), decodeURI(path)));
    if (resolved.startsWith('..') || !existsSync(join(root, resolved))) {
      problems.push(`${where}: no such file in the repository`);
      continue;
    }
    if (anchor === undefined) continue;
    if (!resolved.endsWith('.md')) {
      problems.push(`${where}: an anchor in a file that is not a Markdown page`);
      continue;
    }
    const text = read(resolved);
    if (!anchors(text).has(decodeURIComponent(anchor)))
      problems.push(`${where}: ${resolved} has no heading or id "${anchor}"`);
  }
  return problems;
}

function readPage(path: string): string {
  return readFileSync(join(root, path), 'utf8');
}

describe('links of the README, the changelog and docs/', () => {
  it('finds the pages, and links in them', () => {
    const found = pages();
    assert.ok(found.includes('docs/reference.md'), 'docs/reference.md');
    assert.ok(
      found.every((file) => existsSync(join(root, file))),
      `pages: ${found.join(', ')}`,
    );
    assert.ok(links(readPage('README.md')).length >= 10, 'fewer than 10 links in README.md');
  });

  for (const file of pages()) {
    it(`${file}: every link resolves`, () => {
      assert.deepEqual(brokenLinks(file, readPage(file)), []);
    });
  }

  it('slugs headings as GitHub does', () => {
    assert.equal(slug('Server rendering: the widgets’ data'), 'server-rendering-the-widgets-data');
    assert.equal(slug('`<khountous-ranking>`'), 'khountous-ranking');
    assert.equal(slug('16. On a public address'), '16-on-a-public-address');
    assert.equal(slug('With its data: `khountous-widgets/ssr`'), 'with-its-data-khountous-widgetsssr');
    assert.equal(slug('Next.js: `@lit-labs/nextjs`'), 'nextjs-lit-labsnextjs');
    assert.equal(
      slug('Static sites: `npx khountous-widgets render <files…>`'),
      'static-sites-npx-khountous-widgets-render-files',
    );
    assert.deepEqual(
      [...anchors('# A\n\n## A\n\n```\n# not a heading\n```\n<a id="here"></a>\n')],
      ['a', 'a-1', 'here'],
    );
  });

  it('fails on a missing file, a missing heading, a broken URL, and not on code', () => {
    const page = [
      '[ok](docs/reference.md) [ok too](#top) [here](README.md#quick-start)',
      '[gone](docs/nowhere.md) [no heading](docs/reference.md#nowhere) [no anchor](#nowhere)',
      '![gone picture](docs/images/nowhere.png) [bad](https://) [ftp](ftp://example.org/x)',
      '`[in code](nowhere.md)`',
      '```',
      '[in a block](nowhere.md)',
      '```',
      '# Top',
    ].join('\n');
    assert.deepEqual(
      brokenLinks('README.md', page, (path) =>
        path === 'README.md' ? page + '\n## Quick start' : readPage(path),
      ).map((problem) => problem.replace(/: [^:]*$/, '')),
      [
        'README.md:2: docs/nowhere.md',
        'README.md:2: docs/reference.md#nowhere',
        'README.md:2: #nowhere',
        'README.md:3: docs/images/nowhere.png',
        'README.md:3: https://',
        'README.md:3: ftp://example.org/x',
      ],
    );
  });
});
