import { RANKING } from './khountous';

/** How a page makes a widget's HTML: cached ('use cache', app/page.tsx) or not (revalidate/). */
export type Widget = (tag: string, attributes: Record<string, string | number>) => Promise<string>;

/** The page's widgets and words, whichever way their HTML is made. */
export async function FrontPage({ widget }: { widget: Widget }) {
  const ranking = await widget(RANKING.tag, RANKING.attributes);
  const card = await widget('khountous-admin-card', { slug: 'hopital-regional-de-tambacounda', lang: 'en' });
  const region = await widget('khountous-region-stats', {
    region: 'kolda',
    indicator: 'responseRate',
    lang: 'en',
  });
  return (
    <main>
      <h1>Who answers citizens?</h1>
      {/* suppressHydrationWarning: the browser has made each <template> its element's shadow root. */}
      <div dangerouslySetInnerHTML={{ __html: ranking }} suppressHydrationWarning />
      <h2>This week&apos;s administration</h2>
      <div dangerouslySetInnerHTML={{ __html: card }} suppressHydrationWarning />
      <h2>Kolda</h2>
      <div dangerouslySetInnerHTML={{ __html: region }} suppressHydrationWarning />
    </main>
  );
}
