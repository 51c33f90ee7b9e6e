import { render as widget } from '../../app/khountous';

// Rendered at the build, then again in the background at most every ten minutes.
export const revalidate = 600;

export default async function Page() {
  const ranking = await widget('khountous-ranking', { limit: 5, lang: 'en' });
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
