// The embed page's script: the same source serves `npm start` (demo/embed.html) and dist/embed.html.
import '../src/embed/main.js';
