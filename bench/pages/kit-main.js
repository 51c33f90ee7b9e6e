// The news front page with the built kit, as a site would load it. Like the
// demo's main.ts, `?slug=` puts another administration in the first card (the
// page a reader reaches from the ranking), set before the elements upgrade.
const slug = new URLSearchParams(location.search).get('slug');
const card = document.querySelector('khountous-admin-card');
if (slug && card) card.setAttribute('slug', slug);
await import('/dist/khountous.js');
