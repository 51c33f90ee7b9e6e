#!/usr/bin/env node
// The mutation score of each area of `npm run mutate` (stryker.config.mjs), from Stryker's
// JSON report: src/core, the attribute rules, the embed parameters. `--survivors` lists the
// mutants left alive (file:line, mutator, replacement), the ones docs/reliability.md must
// either see killed or explain.
//
//   node scripts/test/mutation-scores.mjs [--survivors] [--by-file] [reports/mutation/mutation.json[#file,file] ...]
//
// Several reports (runs over parts of the code) are read as one, a later one's files over an
// earlier one's; `report.json#file,file` takes only the files named (an incremental run's
// report also holds the results it kept of the files it did not mutate). Score as Stryker counts
// it: (killed + timed out) / (killed + timed out + survived + no coverage); mutants that
// do not compile, and those ignored, are not counted.
import { readFileSync } from 'node:fs';
import process from 'node:process';

const args = process.argv.slice(2);
const survivors = args.includes('--survivors');
const byFile = args.includes('--by-file');
const reports = args.filter((arg) => !arg.startsWith('--'));
if (reports.length === 0) reports.push('reports/mutation/mutation.json');

const AREAS = [
  ['src/core', (file) => file.startsWith('src/core/')],
  [
    'attribute rules',
    (file) =>
      ['src/attributes/rules.ts', 'src/attributes/messages.ts', 'src/attributes/owner.ts'].includes(file),
  ],
  ['embed params', (file) => file === 'src/embed/params.ts'],
];

const files = {};
for (const arg of reports) {
  const [path, only] = arg.split('#');
  for (const [file, result] of Object.entries(JSON.parse(readFileSync(path, 'utf8')).files))
    if (!only || only.split(',').includes(file)) files[file] = result;
}

const rows = [];
for (const [area, inArea] of AREAS) {
  const count = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, CompileError: 0, Ignored: 0 };
  const alive = [];
  for (const [file, { mutants }] of Object.entries(files)) {
    if (!inArea(file)) continue;
    for (const mutant of mutants) {
      count[mutant.status] = (count[mutant.status] ?? 0) + 1;
      if (mutant.status === 'Survived' || mutant.status === 'NoCoverage')
        alive.push(
          `  ${file}:${mutant.location.start.line}:${mutant.location.start.column} ${mutant.status} ${mutant.mutatorName}: ${JSON.stringify(mutant.replacement ?? '')}`,
        );
    }
  }
  const detected = count.Killed + count.Timeout;
  const valid = detected + count.Survived + count.NoCoverage;
  if (valid === 0) continue;
  rows.push({
    area,
    score: `${((100 * detected) / valid).toFixed(2)} %`,
    killed: count.Killed,
    'timed out': count.Timeout,
    survived: count.Survived,
    'no coverage': count.NoCoverage,
    'not compiling': count.CompileError,
    ignored: count.Ignored,
  });
  if (survivors && alive.length > 0) console.log(`${area}:\n${alive.join('\n')}\n`);
}
console.table(rows);

if (byFile) {
  const table = [];
  for (const [file, { mutants }] of Object.entries(files)) {
    const count = (...statuses) => mutants.filter((mutant) => statuses.includes(mutant.status)).length;
    const detected = count('Killed', 'Timeout');
    const valid = detected + count('Survived', 'NoCoverage');
    if (valid === 0) continue;
    table.push({
      file,
      valid,
      detected,
      survived: count('Survived'),
      'no coverage': count('NoCoverage'),
      score: `${((100 * detected) / valid).toFixed(1)} %`,
    });
  }
  console.table(table.sort((a, b) => b.valid - b.detected - (a.valid - a.detected)));
}
