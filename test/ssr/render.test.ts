/**
 * The kit on a server in plain Node: no document, no window (Lit's Node build
 * brings its own HTMLElement and customElements). See server-render.ts.
 */
import { serverRenderSuite } from './server-render.js';

serverRenderSuite({ shim: false });
