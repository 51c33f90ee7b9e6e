// One run of web-test-runner (web-test-runner.config.mjs) in one engine over some browser test
// files, on a free port of its own; WebKit through its WebDriver, started for the run.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { runAsync } from './processes.mjs';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/status`);
      if (response.ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

/** Starts WebKitWebDriver (under Xvfb when there is no display); returns a stop function. */
async function startWebKitDriver(engine) {
  const port = await freePort();
  const command = engine.xvfbRun && !process.env.DISPLAY ? engine.xvfbRun : engine.path;
  const commandArgs = command === engine.path ? [`--port=${port}`] : ['-a', engine.path, `--port=${port}`];
  const child = spawn(command, commandArgs, { stdio: 'ignore', detached: true });
  const up = await waitForPort(port, 20000);
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  if (!up) {
    stop();
    return { error: `WebKitWebDriver did not answer on port ${port}` };
  }
  return { port, stop };
}

/**
 * One run of the test runner in `engine` over `files`: its counts, `ok`, or an `error`.
 * `installedDir`: the folder of the installed kit's app, for test/installed/, when built.
 */
export async function runEngine(engine, files, { concurrency, out, installedDir }) {
  const env = {
    ...process.env,
    KHOUNTOUS_ENGINE: engine.name,
    KHOUNTOUS_TEST_FILES: files.join(','),
    KHOUNTOUS_CONCURRENCY: String(concurrency),
    // A free port of its own (the system's choice), for the runner's server.
    KHOUNTOUS_PORT: String(await freePort()),
    ...(installedDir ? { KHOUNTOUS_INSTALLED_DIR: installedDir } : {}),
  };
  if (engine.name === 'chromium') env.CHROME_PATH = engine.path;
  if (engine.name === 'firefox') env.FIREFOX_PATH = engine.path;
  let driver;
  if (engine.name === 'webkit') {
    driver = await startWebKitDriver(engine);
    if (driver.error) return { error: driver.error };
    env.WEBKIT_DRIVER_PORT = String(driver.port);
    env.WEBKIT_BROWSER_PATH = engine.miniBrowser;
  }
  const dir = mkdtempSync(join(tmpdir(), 'khountous-wtr-'));
  env.KHOUNTOUS_COUNTS_FILE = join(dir, 'counts.json');
  const ok = await runAsync('node', ['--import', 'tsx', 'node_modules/@web/test-runner/dist/bin.js'], {
    env,
    out,
  });
  driver?.stop();
  try {
    return { ok, ...JSON.parse(readFileSync(env.KHOUNTOUS_COUNTS_FILE, 'utf8')) };
  } catch {
    return { error: `${engine.name}: the test runner wrote no result` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
