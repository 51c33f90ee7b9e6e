// The same site without Cache Components (as in Next 15): revalidate/app/page.tsx sets the
// route's revalidation. Built with `next build revalidate`; the layout and the helper are ../app's.
import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  serverExternalPackages: ['khountous-widgets'],
};

export default nextConfig;
