import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { baseUrl } from './khountous';
import { KhountousElements } from './khountous-elements';

export const metadata: Metadata = {
  title: 'Who answers citizens?',
  // The site's address: the picture's address in the page's og:image (opengraph-image.ts) is written on it.
  metadataBase: new URL(process.env.SITE_URL || 'https://example.org'),
  // <meta name="khountous:base-url">: where the widgets in the browser ask when their data is no longer fresh.
  other: { 'khountous:base-url': baseUrl },
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        {children}
        <KhountousElements />
      </body>
    </html>
  );
}
