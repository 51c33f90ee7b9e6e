// The page's og:image: its ranking as a picture (ranking-image.ts), cached as the page's widgets
// are (app/page.tsx): made at the build, then again at most every ten minutes.
import { cacheLife } from 'next/cache';
import { imageResponse, rankingPng } from './ranking-image';

export { alt, contentType } from './ranking-image';

async function png(): Promise<Uint8Array> {
  'use cache';
  cacheLife({ revalidate: 600 });
  return rankingPng();
}

export default async function Image(): Promise<Response> {
  return imageResponse(await png());
}
