/**
 * The kit on a server under @lit-labs/ssr's global DOM shim, installed first
 * as frameworks' Lit integrations install it: a `document` and a `window`
 * exist, stand-ins without a page, which the kit must not take for one. See
 * server-render.ts.
 */
import '@lit-labs/ssr/lib/install-global-dom-shim.js';
import { serverRenderSuite } from './server-render.js';

serverRenderSuite({ shim: true });
