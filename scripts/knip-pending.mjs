// A knip preprocessor (knip.config.ts, `preprocessor`): drops from the report the
// unused exports that knip.config.ts lists by file and name in
// `preprocessorOptions.pending` (issue type -> file -> names), and only those, so
// that any other unused export still fails the run. A listed name that knip no
// longer reports fails the run too, until it is taken off the list.
export default function knipPending(options) {
  const { pending = {} } = options.preprocessorOptions ? JSON.parse(options.preprocessorOptions) : {};
  const stale = [];
  for (const [type, files] of Object.entries(pending)) {
    // A run that leaves out this issue type (`knip --include files`) reports none of it.
    if (!options.report[type]) continue;
    for (const [file, names] of Object.entries(files)) {
      for (const name of names) {
        const issues = options.issues[type][file];
        if (issues?.[name]) {
          delete issues[name];
          if (Object.keys(issues).length === 0) delete options.issues[type][file];
          options.counters[type] -= 1;
          options.counters.total -= 1;
        } else {
          stale.push(`${type}: ${file} ${name}`);
          options.counters[type] += 1;
          options.counters.total += 1;
        }
      }
    }
  }
  if (stale.length > 0)
    console.error(
      `knip.config.ts lists as pending what knip no longer reports (take it off the list):\n  ${stale.join('\n  ')}`,
    );
  return options;
}
