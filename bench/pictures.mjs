// The widgets' pictures (khountous-widgets/ssr renderImage): the SVG drawn from the reference API,
// then its PNG drawn by the kit's library, @resvg/resvg-js (given the font's files, no system
// font), and by sharp's SVG input (libvips and librsvg, the system's fonts through fontconfig),
// the alternative it was chosen over (docs/ssr.md, "Why resvg"). Each run draws every widget's
// 1200 px picture with both, in alternating order; the medians are per picture, in ms of wall
// time, with the PNG's bytes. What the kit installs for it is measured too: each package's files
// in node_modules, and whether it has an install script.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { register } from 'node:module';
import { join } from 'node:path';
import { createApi } from '../demo/api/handler.ts';
import { DATA_EPOCH } from '../demo/api/data.ts';
import { median } from './stats.mjs';

/** Pictures drawn per library in a full run and in a quick one. */
export const PICTURE_RUNS = { full: 15, quick: 2 };

const BASE_URL = 'https://api.khountous.sn/v1';

/** Bytes of the files under `dir` (0 when it is missing). */
function bytesUnder(dir) {
  let total = 0;
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    const path = join(dir, name);
    const stat = statSync(path);
    total += stat.isDirectory() ? bytesUnder(path) : stat.size;
  }
  return total;
}

/** The packages a library installs (itself and its scoped platform packages), their bytes, and install scripts. */
function installed(root, names) {
  const packages = names.flatMap((name) => {
    if (!name.endsWith('/*')) return [name];
    const scope = name.slice(0, -2);
    try {
      return readdirSync(join(root, 'node_modules', scope)).map((entry) => `${scope}/${entry}`);
    } catch {
      return [];
    }
  });
  let bytes = 0;
  const scripts = [];
  for (const name of packages) {
    const dir = join(root, 'node_modules', name);
    bytes += bytesUnder(dir);
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      for (const hook of ['preinstall', 'install', 'postinstall'])
        if (manifest.scripts?.[hook]) scripts.push(`${name}: ${hook}`);
    } catch {
      // not installed
    }
  }
  return { packages, bytes, scripts };
}

export async function measurePictures({ root, runs }) {
  register('../test/helpers/vite-glob-hook.mjs', import.meta.url);
  const { renderImage } = await import('../src/ssr/render.ts');
  const { catalog } = await import('../src/registry.ts');
  const { Resvg } = await import('@resvg/resvg-js');
  const { default: sharp } = await import('sharp');
  const api = createApi({ now: () => DATA_EPOCH + 86_400_000, env: {}, quotas: { anonymous: 100_000 } });
  const fetch = (input, init) => api.handle(new Request(input, init), '198.51.100.30');
  const fonts = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((file) =>
    join(root, 'node_modules/dejavu-fonts-ttf/ttf', file),
  );
  const draw = {
    resvg: async (svg) =>
      new Resvg(svg, {
        fitTo: { mode: 'width', value: 1200 },
        font: { loadSystemFonts: false, fontFiles: fonts, defaultFontFamily: 'DejaVu Sans' },
      })
        .render()
        .asPng(),
    sharp: (svg) => sharp(Buffer.from(svg)).png().toBuffer(),
  };
  const pictures = [];
  for (const { widget, about } of catalog) {
    const svgMs = [];
    let svg = '';
    for (let run = 0; run < runs; run++) {
      const t0 = performance.now();
      svg = await renderImage(widget.tag, about.sample, { baseUrl: BASE_URL, fetch, width: 1200 });
      svgMs.push(performance.now() - t0);
    }
    const samples = { resvg: [], sharp: [] };
    const bytes = {};
    for (let run = 0; run < runs; run++) {
      const order = run % 2 ? ['sharp', 'resvg'] : ['resvg', 'sharp'];
      for (const library of order) {
        const t0 = performance.now();
        const png = await draw[library](svg);
        samples[library].push(performance.now() - t0);
        bytes[library] = png.length;
      }
    }
    pictures.push({
      tag: widget.tag,
      svgBytes: Buffer.byteLength(svg),
      svgMs: median(svgMs),
      resvgMs: median(samples.resvg),
      sharpMs: median(samples.sharp),
      resvgBytes: bytes.resvg,
      sharpBytes: bytes.sharp,
      samples,
    });
  }
  return {
    runs,
    pictures,
    resvgMs: median(pictures.map((picture) => picture.resvgMs)),
    sharpMs: median(pictures.map((picture) => picture.sharpMs)),
    installed: {
      resvg: installed(root, ['@resvg/*']),
      fonts: installed(root, ['dejavu-fonts-ttf']),
      sharp: installed(root, ['sharp', '@img/*']),
    },
  };
}
