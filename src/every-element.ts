/**
 * Every element of the kit, registered: what the script-tag entry imports after
 * its early start. Each src/components/<name>/define.ts, found by the bundler.
 */
import.meta.glob('./components/*/define.ts', { eager: true });
