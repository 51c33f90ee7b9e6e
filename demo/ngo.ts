// The NGO page loads the kit (script-tag widgets) and the host's resize snippet
// for its embed.html iframe (dist/embed-resize.js once built).
import './main.js';
import '../src/embed/resize-host.js';
