// The baseline news front page: `?slug=` sets the first card as on the kit's page.
const slug = new URLSearchParams(location.search).get('slug');
const card = document.querySelector('naive-admin-card');
if (slug && card) card.setAttribute('slug', slug);
await import('./widgets.js');
