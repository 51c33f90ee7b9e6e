// Bytes: gzip and brotli of every dist/ entry with everything it imports (the
// same figures as `npm run build`, from scripts/size-entries.mjs), and of the
// floors bundled in the same run: a minimal Lit element, the data layer alone,
// and both with @lit/task (what any element of the kit ships before its own code).
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { entrySizes } from '../scripts/size-entries.mjs';

const compressed = (bytes) => ({
  raw: bytes.length,
  gzip: gzipSync(bytes, { level: 9 }).length,
  brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
});

/** A bench/floor/ module bundled with Vite (rolldown): production Lit, minified, one file. */
async function floorBundle(root, file, marker) {
  const output = await build({
    configFile: false,
    root,
    mode: 'production',
    logLevel: 'silent',
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      lib: { entry: fileURLToPath(new URL(`./floor/${file}`, import.meta.url)), formats: ['es'] },
      rolldownOptions: { output: { codeSplitting: false, minify: true } },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) => result.output);
  const code = chunks
    .filter((chunk) => chunk.type === 'chunk')
    .map((chunk) => chunk.code)
    .join('\n');
  if (!code.includes(marker)) throw new Error(`the bundle of ${file} is missing "${marker}"`);
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
  const floors = [
    { name: 'minimal Lit element (floor)', file: 'floor.js', marker: 'bench-floor' },
    { name: 'data layer alone (src/core)', file: 'data-layer.js', marker: 'khountous-quota' },
    { name: 'Lit + @lit/task + data layer', file: 'element-floor.js', marker: 'khountous-quota' },
  ];
  const floor = [];
  for (const { name, file, marker } of floors)
    floor.push({ name, files: 1, ...compressed(await floorBundle(root, file, marker)) });
  return { entries, floor };
}
