// The embed page's script under `npm start` (demo/embed.html): the built page's own
// (src/embed/main.ts, built into dist/embed.js), from source.
import '../src/embed/main.js';
