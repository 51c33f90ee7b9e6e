// The WordPress plugin's zip (build/khountous-widgets-wordpress.zip).
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { zipSync } from 'fflate';
import { dist, listFiles, root } from './context.mjs';

/**
 * The plugin's zip: khountous-widgets/ (the plugin's files) and
 * khountous-widgets/kit/ (what a browser loads from dist/, with integrity.json),
 * with fixed dates, so that one tree gives one zip.
 */
export function pluginZip() {
  const plugin = join(root, 'wordpress', 'khountous-widgets');
  const files = {};
  const mtime = new Date('2000-01-01T00:00:00Z');
  for (const file of listFiles(plugin)) {
    files[`khountous-widgets/${relative(plugin, file).split('\\').join('/')}`] = [
      readFileSync(file),
      { mtime },
    ];
  }
  for (const file of listFiles(dist)) {
    const path = relative(dist, file).split('\\').join('/');
    files[`khountous-widgets/kit/${path}`] = [readFileSync(file), { mtime }];
  }
  return zipSync(files, { level: 9 });
}
