/**
 * Every element of the kit, registered at once from the sources: what a test
 * that creates its widgets itself imports (the kit's entry, src/khountous.ts,
 * registers each element when its tag appears in the page).
 */
import.meta.glob('../../src/components/*/define.ts', { eager: true });
