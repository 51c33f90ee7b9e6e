/**
 * The kit as an npm user's app holds it: the packed tarball installed in a fresh app
 * (test/package/harness.ts) and bundled by Vite with the README's "every element"
 * import, `import 'khountous-widgets/khountous.js'`. The bundle is written to a
 * folder of fixed names (`kit.js` and its chunks), which the test runner serves
 * under /installed/vite/ (web-test-runner.config.mjs) for the tests that look at
 * what users install (test/installed/*.browser.test.ts).
 *
 *   npx tsx test/installed/vite-app.ts <folder>   (scripts/test/test.mjs runs it once before the browser tests;
 *   the test server otherwise, at the first request: test/server/look.ts)
 */
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { installApps } from '../package/harness.js';

/** Builds the app's bundle into `out`; returns why it could not (outside CI), or undefined. */
export function buildViteApp(out: string): string | undefined {
  const { apps, skip } = installApps(['vite']);
  if (!apps) return skip;
  try {
    const folder = apps.app('vite-look', {
      'index.html': '<!doctype html><script type="module" src="./main.js"></script>\n',
      'main.js': "import 'khountous-widgets/khountous.js';\n",
      'vite.config.js': [
        'export default {',
        "  base: './',",
        '  logLevel: "warn",',
        '  build: {',
        "    outDir: 'out',",
        '    rollupOptions: {',
        "      output: { entryFileNames: 'kit.js', chunkFileNames: 'chunks/[name]-[hash].js' },",
        '    },',
        '  },',
        '};',
        '',
      ].join('\n'),
    });
    apps.run(folder, 'vite', ['build']);
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    cpSync(join(folder, 'out'), out, { recursive: true });
    if (!existsSync(join(out, 'kit.js'))) throw new Error(`the Vite app wrote no kit.js in ${out}`);
    return undefined;
  } finally {
    apps.remove();
  }
}

if (process.argv[1]?.endsWith('vite-app.ts')) {
  const out = process.argv[2];
  if (!out) throw new Error('usage: tsx test/installed/vite-app.ts <folder>');
  const started = Date.now();
  const skip = buildViteApp(out);
  if (skip) {
    process.stderr.write(`installed app: ${skip}\n`);
    process.exit(1);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  process.stdout.write(`installed app: Vite bundle of the packed tarball in ${out} (${seconds} s)\n`);
}
