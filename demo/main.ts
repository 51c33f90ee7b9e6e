// The demo's request budget, before any widget asks for data (demo/quota-panel.ts).
import './quota-panel.js';
// The demo pages load the kit from source; a built site would use dist/khountous.js.
import '../src/khountous.js';
import { renderWidgetDocs } from './widget-docs.js';
import { tagOfName } from '../src/widget/descriptor.js';

// A widget's page (ranking.html…): its attributes and its code for each integration, below its examples.
const page =
  location.pathname
    .split('/')
    .pop()
    ?.replace(/\.html$/, '') ?? '';
const main = document.querySelector('main');
if (main && page) renderWidgetDocs(main, tagOfName(page));

// admin-card.html?slug=... and report.html?slug=... show that record in the page's
// first card (the ranking and reports demos link there).
const slug = new URLSearchParams(location.search).get('slug');
const target = document.querySelector('khountous-admin-card, khountous-report');
if (slug && target) target.setAttribute('slug', slug);
