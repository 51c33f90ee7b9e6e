/** Where the WordPress plugin's generator reads and writes: the repository, and the plugin in it. */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const PLUGIN_DIR = join(root, 'wordpress', 'khountous-widgets');
