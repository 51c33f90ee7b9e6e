// The child processes of `npm test` (scripts/test/test.mjs): a command in the foreground, one
// writing to a file of its own, and a task whose output is printed whole when it ends.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';

export function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', ...options });
  return result.status === 0;
}

/** `command` in a child process writing to `out` (see `buffered`); resolves to its success. */
export function runAsync(command, commandArgs, { out, ...options }) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { stdio: ['ignore', out.fd, out.fd], ...options });
    child.on('error', (error) => {
      out.write(`${command}: ${error.message}\n`);
      resolve(false);
    });
    child.on('exit', (code, signal) => {
      // A runner that ends without a word (a signal, or an exit code of its own) says how here.
      if (code !== 0)
        out.write(`\n${command} ${commandArgs.slice(-1)[0]}: ended with ${signal ?? `exit code ${code}`}\n`);
      resolve(code === 0);
    });
  });
}

/**
 * Runs `task(out)` with its output in a file of its own, printed whole when the
 * task ends, so that tasks running side by side do not mix their lines.
 */
export async function buffered(name, task) {
  const dir = mkdtempSync(join(tmpdir(), 'khountous-out-'));
  const path = join(dir, 'out.log');
  const fd = openSync(path, 'w');
  const out = { fd, write: (text) => writeSync(fd, text) };
  try {
    await task(out);
  } finally {
    closeSync(fd);
    process.stdout.write(`\n===== ${name} =====\n`);
    process.stdout.write(readFileSync(path));
    rmSync(dir, { recursive: true, force: true });
  }
}
