/**
 * For the test runner's server: renders markup with @lit-labs/ssr, in this
 * Node process, as an app's server would (docs/ssr.md), for the hydration
 * tests (test/ssr/*.browser.test.ts).
 *
 *   POST /__ssr  {"markup": "<khountous-ranking limit=\"3\"></khountous-ranking>"}
 *     -> {"html": "<!--lit-part …--><khountous-ranking …><template shadowrootmode=\"open\">…"}
 *   POST /__ssr  {"widget": {"tag": "khountous-ranking", "attributes": {…}, "baseUrl": "http://…/v1"}}
 *     -> {"html": …} the widget rendered with its data by renderWidget (src/ssr/render.ts), which
 *        fetches from `baseUrl` (this server's reference API), or {"error": …};
 *        with "build": "lib", by the npm package's (lib/ssr/render.js, `npm run build`)
 *
 * The kit's elements are imported from src/ (this file runs under tsx) the
 * first time; the markup is the page author's, in a static template.
 */
import { execFile } from 'node:child_process';
import { readdirSync, existsSync } from 'node:fs';
import { register } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { IncomingMessage } from 'node:http';

interface Context {
  path: string;
  method: string;
  req: IncomingMessage;
}

const root = join(import.meta.dirname, '../..');

/** The kit's elements and Lit's server renderer, loaded once. */
let loaded: Promise<(markup: string) => Promise<string>> | undefined;

async function load(): Promise<(markup: string) => Promise<string>> {
  const components = join(root, 'src/components');
  for (const name of readdirSync(components).sort()) {
    const define = join(components, name, 'define.ts');
    if (existsSync(define)) await import(define);
  }
  const [{ render }, { collectResult }, { html, unsafeStatic }] = await Promise.all([
    import('@lit-labs/ssr'),
    import('@lit-labs/ssr/lib/render-result.js'),
    import('lit/static-html.js'),
  ]);
  return (markup) => collectResult(render(html`${unsafeStatic(markup)}`));
}

/**
 * renderWidget as the npm package runs it (lib/ssr/render.js, with lib/'s elements), in a Node
 * process of its own: this one defines src/'s elements, and one registry holds one class per tag.
 */
type LibWidget = { tag: string; attributes: Record<string, string>; baseUrl: string };

/**
 * Renders `widgets` with the npm package's renderWidget (lib/) in one Node process of
 * its own: `{ html }` for one widget, `{ htmls }` (in order) for a list, or `{ error }`.
 */
function renderWithLib(widgets: LibWidget | LibWidget[]) {
  const script = `
    const { renderWidget } = await import(${JSON.stringify(pathToFileURL(join(root, 'lib/ssr/render.js')).href)});
    const given = JSON.parse(process.argv[1]);
    const render = ({ tag, attributes, baseUrl }) => renderWidget(tag, attributes, { baseUrl });
    try {
      process.stdout.write(JSON.stringify(Array.isArray(given)
        ? { htmls: await Promise.all(given.map(render)) }
        : { html: await render(given) }));
    } catch (error) {
      process.stdout.write(JSON.stringify({ error: String(error) }));
    }`;
  return new Promise<string>((resolve) => {
    execFile(
      process.execPath,
      ['--input-type=module', '-e', script, JSON.stringify(widgets)],
      { cwd: root, timeout: 30_000 },
      (error, stdout) => resolve(stdout || JSON.stringify({ error: String(error) })),
    );
  });
}

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return body;
}

export function ssrPlugin() {
  return {
    name: 'khountous-ssr',
    async serve(context: Context) {
      if (context.path !== '/__ssr' || context.method !== 'POST') return undefined;
      const { markup, widget, widgets } = JSON.parse(await readBody(context.req)) as {
        markup?: unknown;
        widget?: LibWidget & { build?: 'lib' };
        widgets?: LibWidget[];
      };
      if (widgets) return { body: await renderWithLib(widgets), type: 'json' };
      if (widget?.build === 'lib') return { body: await renderWithLib(widget), type: 'json' };
      if (widget) {
        // src/boot/bundled.ts lists the elements with Vite's import.meta.glob, which Node needs a hook for.
        register('../helpers/vite-glob-hook.mjs', import.meta.url);
        const { renderWidget } = await import('../../src/ssr/render.js');
        try {
          const html = await renderWidget(widget.tag, widget.attributes, { baseUrl: widget.baseUrl });
          return { body: JSON.stringify({ html }), type: 'json' };
        } catch (error) {
          return { body: JSON.stringify({ error: String(error) }), type: 'json' };
        }
      }
      if (typeof markup !== 'string') return { body: JSON.stringify({ error: 'markup' }), type: 'json' };
      loaded ??= load();
      const html = await (await loaded)(markup);
      // JSON, not HTML: the server's HTML transforms (the namespace meta) leave it as rendered.
      return { body: JSON.stringify({ html }), type: 'json' };
    },
  };
}
