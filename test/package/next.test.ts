/**
 * examples/next: a Next.js 16 App Router site whose page renders the widgets with their
 * data (khountous-widgets/ssr) on the server, installed from the packed tarball and built
 * with `next build` both ways it shows: with Cache Components ('use cache' and cacheLife,
 * the app at the example's top) and without (the route's `revalidate`, revalidate/). Each
 * build prerenders the page at build time; `next start` serves it to Chromium (the checks:
 * test/package/examples.ts).
 */
import { describeExample, type Build } from './examples.js';

/** The page, as `next build` writes it into `<app>/.next`, and the client chunks the browser loads. */
const site = (app: string): Omit<Build, 'command' | 'start'> => ({
  out: `${app}.next`,
  pages: {
    '/': {
      file: 'server/app/index.html',
      tags: ['khountous-ranking', 'khountous-admin-card', 'khountous-region-stats'],
      image: 'khountous-ranking',
    },
  },
  scripts: 'static/chunks',
});

describeExample('next', [
  {
    name: 'with Cache Components',
    command: ['next', 'build'],
    start: ['next', 'start', '--hostname', '127.0.0.1'],
    ...site(''),
  },
  {
    name: 'without Cache Components (revalidate)',
    command: ['next', 'build', 'revalidate'],
    start: ['next', 'start', 'revalidate', '--hostname', '127.0.0.1'],
    ...site('revalidate/'),
  },
]);
