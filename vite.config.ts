import { defineConfig, type Plugin } from 'vite';
import { createApi } from './demo/api/handler.js';
import { toNodeMiddleware } from './demo/api/node.js';

/** Serves the reference API at /v1, in the dev server and in `vite preview`. */
function referenceApi(): Plugin {
  const middleware = toNodeMiddleware(createApi());
  return {
    name: 'khountous-reference-api',
    configureServer(server) {
      server.middlewares.use(middleware);
    },
    configurePreviewServer(server) {
      server.middlewares.use(middleware);
    },
  };
}

export default defineConfig({
  root: 'demo',
  plugins: [referenceApi()],
  server: {
    port: Number(process.env.PORT) || 5173,
    strictPort: Boolean(process.env.PORT),
    host: process.env.HOST || 'localhost',
  },
  preview: { port: Number(process.env.PORT) || 4173 },
});
