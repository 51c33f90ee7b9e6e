#!/usr/bin/env node
// `npm run pictures`: the docs' pictures of the built kit, in docs/images/, picked from what
// `npm run screenshots` took of dist/ (screenshots/): for each widget of src/registry.ts `catalog`, its
// sample in English at 360 px, light and dark (<name>-light.png, <name>-dark.png), cropped to
// the widget and, when taller than MAX_HEIGHT, cut there with a fade to the page; and
// hero.png, the widgets whose about.ts names a `hero` theme, side by side. A new widget gets its pictures from
//   node scripts/build/build.mjs --quiet && npm run screenshots && npm run pictures
// and the README's gallery shows them (`npm run docs`).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import sharp from 'sharp';
import { tsImport } from 'tsx/esm/api';

const [{ catalog }, { shortName }] = await Promise.all([
  tsImport('../../src/registry.ts', import.meta.url),
  tsImport('../../src/widget/descriptor.ts', import.meta.url),
]);

const root = join(import.meta.dirname, '..', '..');
const SHOTS = join(root, 'screenshots');
const IMAGES = 'docs/images';
/** The pictures' width: the screenshots' narrow one, shown at its size in a README. */
const WIDTH = 360;
/** Taller widgets (long lists) are cut here. */
const MAX_HEIGHT = 560;
/** The fade at a cut, in pixels. */
const FADE = 64;
/** Around the widget, of the page's colour. */
const MARGIN = 12;
const THEMES = ['light', 'dark'];

/** Each catalog widget's name (its tag without `khountous-`). */
const widgetNames = (entries) => entries.map(({ widget }) => shortName(widget.tag));

/** The screenshot of `name`'s sample in `theme`. */
const shotOf = (name, theme) => join(SHOTS, `${name}-en-${theme}-${WIDTH}.png`);

/** A screenshot cropped to its widget with a margin, cut at `maxHeight` with a fade: raw pixels. */
async function widgetPicture(file, maxHeight = MAX_HEIGHT) {
  const corner = await sharp(file).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
  const background = { r: corner[0], g: corner[1], b: corner[2], alpha: 1 };
  const trimmed = await sharp(file).trim({ threshold: 4 }).toBuffer({ resolveWithObject: true });
  // Each step on the last one's pixels: sharp would otherwise extract before it extends.
  const framed = await sharp(trimmed.data)
    .extend({ top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN, background })
    .png()
    .toBuffer();
  let picture = sharp(framed);
  const width = trimmed.info.width + 2 * MARGIN;
  let height = trimmed.info.height + 2 * MARGIN;
  if (height > maxHeight) {
    const hex = `#${[background.r, background.g, background.b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
    const fade = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${FADE}">` +
        `<defs><linearGradient id="f" x1="0" y1="0" x2="0" y2="1">` +
        `<stop offset="0" stop-color="${hex}" stop-opacity="0"/><stop offset="1" stop-color="${hex}"/>` +
        `</linearGradient></defs><rect width="${width}" height="${FADE}" fill="url(#f)"/></svg>`,
    );
    const cut = await picture.extract({ left: 0, top: 0, width, height: maxHeight }).png().toBuffer();
    picture = sharp(cut).composite([{ input: fade, top: maxHeight - FADE, left: 0 }]);
    height = maxHeight;
  }
  return { buffer: await picture.png().toBuffer(), width, height, background };
}

/** A small PNG: a palette of 256 colours at most. */
const small = (input) =>
  sharp(input).png({ palette: true, quality: 90, effort: 10, compressionLevel: 9 }).toBuffer();

async function main() {
  const names = widgetNames(catalog);
  const missing = names
    .flatMap((name) => THEMES.map((theme) => shotOf(name, theme)))
    .filter((file) => !existsSync(file));
  if (missing.length > 0) {
    console.error(
      `Missing screenshots: ${missing.map((file) => file.slice(root.length + 1)).join(', ')}.\n` +
        'Take them first: node scripts/build/build.mjs --quiet && npm run screenshots',
    );
    process.exit(1);
  }
  mkdirSync(join(root, IMAGES), { recursive: true });
  for (const name of names) {
    for (const theme of THEMES) {
      const { buffer } = await widgetPicture(shotOf(name, theme));
      writeFileSync(join(root, IMAGES, `${name}-${theme}.png`), await small(buffer));
    }
  }
  // The hero: its widgets side by side on a light page, each as tall as the shortest.
  const hero = catalog.flatMap(({ about }, index) => (about.hero ? [[names[index], about.hero]] : []));
  const pictures = await Promise.all(hero.map(([name, theme]) => widgetPicture(shotOf(name, theme))));
  const height = Math.min(...pictures.map((picture) => picture.height));
  const cropped = await Promise.all(
    pictures.map(async (picture) =>
      picture.height > height
        ? (await widgetPicture(shotOf(...hero[pictures.indexOf(picture)]), height)).buffer
        : picture.buffer,
    ),
  );
  const gap = 16;
  const width = pictures.reduce((sum, picture) => sum + picture.width, 0) + gap * (pictures.length - 1);
  let left = 0;
  const layers = cropped.map((input, index) => {
    const layer = { input, top: 0, left };
    left += pictures[index].width + gap;
    return layer;
  });
  const canvas = sharp({
    create: { width, height, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 0 } },
  })
    .composite(layers)
    .png();
  writeFileSync(join(root, IMAGES, 'hero.png'), await small(await canvas.toBuffer()));
  console.log(`${names.length * THEMES.length + 1} pictures in ${IMAGES}/`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
