/**
 * Hands each answer of the first-paint start to the text paint (boot/paint.ts,
 * a module of its own beside the entry: dist/paint.js), which shows it in the
 * widgets whose element has not arrived yet. Used by the script tag
 * (boot/served.ts) and the embed page's script (src/embed/main.ts).
 */
import { handoffOf } from '../core/handoff.js';
import { pageNames } from '../core/names.js';
import { languageOf, resolveLang } from '../widget/lang.js';
import { firstRequestOf } from './first-paint.js';
import type { paintAnswer } from './paint.js';
import { announceGraph, type PreloadGraph } from './preload.js';

/**
 * Returns what to run once the first-paint start has sent the requests of
 * `elements`: each element whose request is under way (handed to the loader,
 * core/handoff.ts) gets its answer painted when it arrives. The text paint is
 * loaded with the first such element (announced from `graph`, beside `base`,
 * the entry's URL); without a built graph (the sources), nothing is painted.
 */
export function paintAnswers(
  graph: PreloadGraph | undefined,
  base: string,
): (elements: readonly Element[]) => void {
  let painter: Promise<{ paintAnswer: typeof paintAnswer } | undefined> | undefined;
  return (elements) => {
    if (!graph?.tags['paint']) return;
    const handoff = handoffOf(pageNames());
    for (const element of elements) {
      // The request that serves it: its own, or one of a larger window of its list.
      const request = firstRequestOf(element);
      const sent = request && handoff.get(request.url);
      if (!sent) continue;
      if (!painter) {
        announceGraph(graph, 'paint', base);
        painter = (
          import(/* @vite-ignore */ new URL('./paint.js', base).href) as Promise<{
            paintAnswer: typeof paintAnswer;
          }>
        ).catch(() => undefined);
      }
      const lang = languageOf(element.getAttribute('lang'), () => resolveLang(element));
      void painter.then((module) =>
        module?.paintAnswer(sent.response, [element], lang, request.items, request.values),
      );
    }
  };
}
