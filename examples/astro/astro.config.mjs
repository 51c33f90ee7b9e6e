// A static site: the pages, and the widgets in them with their data, are rendered by `astro build`.
// With an adapter (`output: 'server'`), the same pages render at each request instead.
import { defineConfig } from 'astro/config';

export default defineConfig({
  // The site's address: the pictures' addresses in the pages' `og:image` are written on it.
  site: process.env.SITE_URL || 'https://example.org',
});
