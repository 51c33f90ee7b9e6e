// The page's og:image: its ranking as a picture (../../app/ranking-image.ts), revalidated as the page is.
import { imageResponse, rankingPng } from '../../app/ranking-image';

export { alt, contentType } from '../../app/ranking-image';
export const revalidate = 600;

export default async function Image(): Promise<Response> {
  return imageResponse(await rankingPng());
}
