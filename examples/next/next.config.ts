// The site with Cache Components: app/page.tsx caches the widgets' HTML with 'use cache'.
// revalidate/ is the same site without them (`npm run build:revalidate`).
import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  cacheComponents: true,
  partialPrefetching: true,
  // Node loads the kit as it is on the server, rather than Next's bundler.
  serverExternalPackages: ['khountous-widgets'],
};

export default nextConfig;
