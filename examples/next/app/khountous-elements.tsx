'use client';
import { useEffect } from 'react';

export function KhountousElements() {
  useEffect(() => {
    // In the browser only, after React has hydrated the page: the hydrate support, then the
    // elements. They take their data from the page: no request while it is fresh.
    import('@lit-labs/ssr-client/lit-element-hydrate-support.js').then(() =>
      Promise.all([
        import('khountous-widgets/elements/khountous-ranking.js'),
        import('khountous-widgets/elements/khountous-admin-card.js'),
        import('khountous-widgets/elements/khountous-region-stats.js'),
      ]),
    );
  }, []);
  return null;
}
