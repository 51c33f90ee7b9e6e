// A reporter for Node's test runner (scripts/test/node-tests.mjs adds it): one JSON line per
// top-level test, its file and its time, from which `npm test` prints its slowest files; and
// the slowest of the browser runner's files (web-test-runner.config.mjs counts their time).
// (A file's time is the sum of its top-level tests': its imports and set-up outside them are
// not counted.)

/** @param {AsyncIterable<{ type: string, data: { file?: string, nesting: number, details?: { duration_ms?: number } } }>} source */
export default async function* fileTimes(source) {
  for await (const event of source) {
    if (
      (event.type === 'test:pass' || event.type === 'test:fail') &&
      event.data.nesting === 0 &&
      event.data.file
    )
      yield `${JSON.stringify({ file: event.data.file, ms: event.data.details?.duration_ms ?? 0 })}\n`;
  }
}

/**
 * The `count` slowest files of the reporter's `lines` (its output), each with its seconds,
 * slowest first; paths relative to `root`.
 */
export function slowestFiles(lines, root, count = 10) {
  const byFile = {};
  for (const line of lines.split('\n')) {
    if (!line.trim()) continue;
    const { file, ms } = JSON.parse(line);
    const name = file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file;
    byFile[name] = { seconds: (byFile[name]?.seconds ?? 0) + ms / 1000 };
  }
  return slowestOf(byFile, count);
}

/** The `count` files of `byFile` (the browser runner's counts by file, each with its tests' seconds) that took longest, slowest first. */
export const slowestOf = (byFile = {}, count = 10) =>
  Object.entries(byFile)
    .map(([file, { seconds = 0 }]) => ({ file, seconds }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count);
