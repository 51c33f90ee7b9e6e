import { cacheLife } from 'next/cache';
import { FrontPage } from './front-page';
import { render } from './khountous';

async function widget(tag: string, attributes: Record<string, string | number>) {
  'use cache';
  // Rendered at the build, then again in the background at most every ten minutes.
  cacheLife({ revalidate: 600 });
  return render(tag, attributes);
}

export default function Page() {
  return <FrontPage widget={widget} />;
}
