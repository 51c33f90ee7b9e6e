// /images/ranking.png, /images/card.png, /images/kolda.png: each widget of the site as a
// picture, written by `astro build` beside the pages (an `og:image`, a newsletter's image).
import { picture, shown } from '../../khountous.js';

export const getStaticPaths = () => Object.keys(shown).map((name) => ({ params: { name } }));

export async function GET({ params }) {
  return new Response(await picture(params.name), { headers: { 'Content-Type': 'image/png' } });
}
