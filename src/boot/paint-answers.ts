/**
 * Hands each answer of the early start (boot/start-loads.ts: the loader's own
 * loads, checked) to the text paint (boot/paint.ts, a module of its own:
 * dist/paint.js), which shows it in the widgets whose element has not arrived
 * yet. Used by the script tag's delivery (boot/served.ts).
 */
import { camel } from '../widget/descriptor.js';
import type { Started } from './start-loads.js';
import type { Values, paint } from './paint.js';

/** The text paint's module, as the delivery imports it. */
export type Painter = { paint: typeof paint };

/**
 * A widget's checked inputs by attribute name (what its summary's paths and formats name): the
 * paint's, and the picture's (ssr/image.ts).
 */
export function valuesOf({ widget, planned }: Pick<Started, 'widget' | 'planned'>): Values {
  const selection = planned.selection as unknown as Record<string, unknown>;
  return Object.fromEntries(Object.keys(widget.inputs).map((name) => [name, selection[camel(name)]]));
}

/**
 * Paints the answer of each of `loads` in its element, if its element is not
 * defined by then; `load` brings the text paint, asked for with the first load.
 */
export function paintAnswers(loads: readonly Started[], load: () => Promise<Painter>): void {
  if (loads.length === 0) return;
  const painter = load().catch(() => undefined);
  for (const started of loads) {
    const { lang } = started.planned.selection;
    void started.loaded.then(
      (answer) =>
        painter.then((module) =>
          module?.paint(started.element, answer.data, lang, valuesOf(started), answer.fetchedAt),
        ),
      () => undefined,
    );
  }
}
