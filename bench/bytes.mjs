// Bytes: gzip and brotli of every dist/ entry with everything it imports (the
// same figures as `npm run build`, from scripts/size-entries.mjs), and of a
// minimal Lit element bundled in the same run as the floor.
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { entrySizes } from '../scripts/size-entries.mjs';

const compressed = (bytes) => ({
  raw: bytes.length,
  gzip: gzipSync(bytes, { level: 9 }).length,
  brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
});

/** bench/floor/floor.js bundled with Vite (rolldown): production Lit, minified, one file. */
async function floorBundle(root) {
  const output = await build({
    configFile: false,
    root,
    mode: 'production',
    logLevel: 'silent',
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      lib: { entry: fileURLToPath(new URL('./floor/floor.js', import.meta.url)), formats: ['es'] },
      rolldownOptions: { output: { codeSplitting: false, minify: true } },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) => result.output);
  const code = chunks
    .filter((chunk) => chunk.type === 'chunk')
    .map((chunk) => chunk.code)
    .join('\n');
  if (!code.includes('bench-floor')) throw new Error('the Lit floor bundle is missing its element');
  return Buffer.from(code);
}

export async function measureBytes({ root, dist }) {
  const entries = entrySizes(dist).map(({ name, files, raw, gzip, brotli }) => ({
    name,
    files: files.length,
    raw,
    gzip,
    brotli,
  }));
  const floor = { name: 'minimal Lit element (floor)', files: 1, ...compressed(await floorBundle(root)) };
  return { entries, floor };
}
