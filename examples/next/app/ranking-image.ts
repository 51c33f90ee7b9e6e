// The front page's picture when it is shared: its ranking, drawn by the kit from the page's data
// (opengraph-image.ts here and in revalidate/, from which Next writes the page's og:image).
import { picture, RANKING } from './khountous';

export const alt = 'The administrations with the best scores on the Khountous platform';
export const contentType = 'image/png';

/** The ranking's PNG. */
export const rankingPng = (): Promise<Uint8Array> => picture(RANKING.tag, RANKING.attributes);

/** A PNG as the image route's response (its bytes in an ArrayBuffer of their own, as a body takes them). */
export const imageResponse = (png: Uint8Array): Response =>
  new Response(new Uint8Array(png), { headers: { 'Content-Type': contentType } });
