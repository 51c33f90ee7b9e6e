/**
 * The keys of `npm run api` (demo/api/keys.ts, demo/api/server.ts): the
 * operator's, or random ones made at start-up; never the demo keys of
 * docs/contributing.md, which only the demo server and the tests accept.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { DEMO_KEYS } from '../../demo/api/callers.js';
import {
  DEMO_KEYS_NOTICE,
  DEMO_KEYS_REFUSED,
  KEYS_FILE_ENV,
  KEY_ENV_VARS,
  MIN_KEY_LENGTH,
  serverKeys,
} from '../../demo/api/keys.js';
import { FREE_KEY, PARTNER_KEY, bearer, postReport, submission, testApi } from './helpers.js';

const FREE = 'free-0123456789abcdefXYZ';
const PARTNER = 'partner-0123456789abcdef~._+/==';
const OTHER_PARTNER = 'Zm9vYmFyYmF6cXV4cXV1eA';

const noFile = (path: string): string => {
  throw new Error(`unexpected read of ${path}`);
};
const files =
  (contents: Record<string, string>) =>
  (path: string): string => {
    const text = contents[path];
    if (text === undefined) throw new Error(`ENOENT: no such file, open '${path}'`);
    return text;
  };

describe('serverKeys: none configured', () => {
  it('makes one random key per level, prints them, and says the demo keys are refused', () => {
    const first = serverKeys({}, { readFile: noFile });
    const second = serverKeys({}, { readFile: noFile });
    assert.equal(first.generated, true);
    assert.deepEqual(Object.values(first.keys).sort(), ['free', 'partner']);
    for (const key of Object.keys(first.keys)) {
      assert.ok(key.length >= MIN_KEY_LENGTH + 8, key);
      assert.match(key, /^(free|partner)-[A-Za-z0-9_-]{32}$/);
      assert.ok(!(key in DEMO_KEYS));
      assert.ok(!(key in second.keys), 'another start makes other keys');
      assert.ok(
        first.notice.some((line) => line.includes(key)),
        'each key is printed',
      );
    }
    assert.match(first.notice[0]!, new RegExp(`none configured \\(${KEYS_FILE_ENV}`));
    assert.ok(first.notice.includes(DEMO_KEYS_REFUSED));
    for (const key of Object.keys(DEMO_KEYS)) assert.ok(DEMO_KEYS_REFUSED.includes(key));
  });

  it('takes empty variables as unset', () => {
    const { generated } = serverKeys(
      { [KEYS_FILE_ENV]: '', [KEY_ENV_VARS.free]: '', [KEY_ENV_VARS.partner]: '' },
      { readFile: noFile },
    );
    assert.equal(generated, true);
  });
});

describe('serverKeys: configured', () => {
  it('takes the keys file and the variables together, exactly those, and prints none of them', () => {
    const file = `# the site's keys\r\n\r\nfree ${FREE}\r\n  partner   ${PARTNER}  \n`;
    const result = serverKeys(
      { [KEYS_FILE_ENV]: '/etc/khountous/keys', [KEY_ENV_VARS.partner]: OTHER_PARTNER },
      { readFile: files({ '/etc/khountous/keys': file }) },
    );
    assert.equal(result.generated, false);
    assert.deepEqual(result.keys, { [FREE]: 'free', [PARTNER]: 'partner', [OTHER_PARTNER]: 'partner' });
    assert.match(
      result.notice[0]!,
      /KHOUNTOUS_KEYS_FILE \(\/etc\/khountous\/keys\) and KHOUNTOUS_KEY_PARTNER: 1 free, 2 partner\./,
    );
    assert.ok(result.notice.includes(DEMO_KEYS_REFUSED));
    for (const key of [FREE, PARTNER, OTHER_PARTNER]) {
      assert.ok(!result.notice.join('\n').includes(key), 'a configured key is never printed');
    }
  });

  it('makes no key for a level left out: with no partner key nobody submits, and says so', async () => {
    const { keys, notice } = serverKeys({ [KEY_ENV_VARS.free]: FREE }, { readFile: noFile });
    assert.deepEqual(keys, { [FREE]: 'free' });
    assert.match(notice[0]!, /No partner key: POST \/khountous answers 401 or 403 to everyone/);
    const test = testApi({ keys });
    assert.equal((await postReport(test, submission(), bearer(FREE))).status, 403);
    assert.equal((await postReport(test, submission(), {})).status, 401);
  });

  it('gives the API the configured keys, and the demo keys get 401', async () => {
    const { keys } = serverKeys(
      { [KEY_ENV_VARS.free]: FREE, [KEY_ENV_VARS.partner]: PARTNER },
      { readFile: noFile },
    );
    const test = testApi({ keys });
    assert.equal((await postReport(test, submission(), bearer(PARTNER))).status, 201);
    assert.equal((await test.call('/regions', { headers: bearer(FREE) })).status, 200);
    for (const key of [FREE_KEY, PARTNER_KEY]) {
      assert.equal((await test.call('/regions', { headers: bearer(key) })).status, 401, key);
      assert.equal((await postReport(test, submission(), bearer(key))).status, 401, key);
    }
  });
});

describe('serverKeys: what it refuses, saying where', () => {
  const badKeys: [name: string, key: string, message: RegExp][] = [
    ['the demo free key', FREE_KEY, /is a demo key, published in docs\/contributing\.md/],
    ['the demo partner key', PARTNER_KEY, /is a demo key, published in docs\/contributing\.md/],
    ['a key of 15 characters', 'a'.repeat(MIN_KEY_LENGTH - 1), /at least 16 characters; this one has 15/],
    ['a key with a space inside', 'abcdefgh ijklmnopq', /as a Bearer token/],
    ['a key with a quote', 'abcdefghijklmnop"', /as a Bearer token/],
    ['a key with a non-ASCII letter', 'clé-abcdefghijklmnop', /as a Bearer token/],
    ['a key with = inside', 'abcdefgh=ijklmnopq', /as a Bearer token/],
  ];
  for (const [name, key, message] of badKeys) {
    it(`refuses ${name}, from a variable and from the file`, () => {
      for (const level of ['free', 'partner'] as const) {
        assert.throws(() => serverKeys({ [KEY_ENV_VARS[level]]: key }, { readFile: noFile }), {
          message: new RegExp(`^${KEY_ENV_VARS[level]}: .*${message.source}`),
        });
      }
      if (/\s/.test(key)) return; // in the file, a space makes a third field (below)
      assert.throws(
        () =>
          serverKeys(
            { [KEYS_FILE_ENV]: 'keys.txt' },
            { readFile: files({ 'keys.txt': `free ${FREE}\npartner ${key}\n` }) },
          ),
        { message: new RegExp(`^keys\\.txt:2: .*${message.source}`) },
      );
    });
  }

  const badFiles: [name: string, text: string, message: string][] = [
    ['an unknown level', `admin ${PARTNER}\n`, 'keys.txt:1: a line reads "free <key>" or "partner <key>".'],
    [
      'a level without a key',
      `free ${FREE}\n\npartner\n`,
      'keys.txt:3: a line reads "free <key>" or "partner <key>".',
    ],
    [
      'a line of three fields',
      `partner ${PARTNER} extra\n`,
      'keys.txt:1: a line reads "free <key>" or "partner <key>".',
    ],
    ['a key alone', `${PARTNER}\n`, 'keys.txt:1: a line reads "free <key>" or "partner <key>".'],
    ['the same key twice', `free ${FREE}\npartner ${FREE}\n`, 'keys.txt: a key is given twice.'],
    ['only comments', '# nothing yet\n\n', `${KEYS_FILE_ENV}: keys.txt holds no key.`],
  ];
  for (const [name, text, message] of badFiles) {
    it(`refuses a keys file with ${name}`, () => {
      assert.throws(
        () => serverKeys({ [KEYS_FILE_ENV]: 'keys.txt' }, { readFile: files({ 'keys.txt': text }) }),
        { message },
      );
    });
  }

  it('refuses a key given in the file and in a variable, and a file it cannot read', () => {
    assert.throws(
      () =>
        serverKeys(
          { [KEYS_FILE_ENV]: 'keys.txt', [KEY_ENV_VARS.partner]: PARTNER },
          { readFile: files({ 'keys.txt': `partner ${PARTNER}\n` }) },
        ),
      { message: `${KEY_ENV_VARS.partner}: a key is given twice.` },
    );
    assert.throws(() => serverKeys({ [KEYS_FILE_ENV]: '/nowhere/keys' }, { readFile: files({}) }), {
      message: /^KHOUNTOUS_KEYS_FILE: cannot read \/nowhere\/keys \(ENOENT/,
    });
  });
});

const children = new Set<ReturnType<typeof spawn>>();
after(() => children.forEach((child) => child.exitCode === null && child.kill('SIGTERM')));

/** `npm run api` as a child process: its output, and its exit when it stops. */
function startApi(env: Record<string, string>) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('KHOUNTOUS_')),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', 'demo/api/server.ts'], {
    env: { ...clean, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  /** The base URL, once the server printed it (its last line: what it says of its keys comes before). */
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const port = /Khountous reference API: http:\/\/\S+:(\d+)\/v1\n/.exec(stdout)?.[1];
      if (port !== undefined) resolve(`http://127.0.0.1:${port}`);
    });
    void exited.then((code) => reject(new Error(`exited ${code}: ${stderr}`)));
  });
  return {
    ready,
    exited,
    output: () => ({ stdout, stderr }),
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

describe('npm run api (demo/api/server.ts)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'khountous-keys-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  const post = (base: string, key: string) =>
    fetch(`${base}/v1/khountous`, {
      method: 'POST',
      headers: { ...bearer(key), 'Content-Type': 'application/json' },
      body: JSON.stringify(submission()),
    });

  it('without configured keys: refuses the demo keys, prints its own random ones, which work', async () => {
    const api = startApi({});
    try {
      const base = await api.ready;
      assert.equal((await post(base, PARTNER_KEY)).status, 401);
      assert.equal((await fetch(`${base}/v1/regions`, { headers: bearer(FREE_KEY) })).status, 401);
      const { stdout } = api.output();
      assert.ok(stdout.includes(DEMO_KEYS_REFUSED), stdout);
      const partner = /^ {2}partner +(partner-\S+)$/m.exec(stdout)?.[1];
      const free = /^ {2}free +(free-\S+)$/m.exec(stdout)?.[1];
      assert.ok(partner && free, stdout);
      assert.equal((await post(base, partner)).status, 201);
      const withFree = await fetch(`${base}/v1/regions`, { headers: bearer(free) });
      assert.equal(withFree.status, 200);
      assert.equal(withFree.headers.get('x-ratelimit-limit'), '1000');
      const landing = await (await fetch(`${base}/`)).text();
      for (const key of [partner, free, FREE_KEY, PARTNER_KEY]) assert.ok(!landing.includes(key), key);
    } finally {
      await api.stop();
    }
  });

  it('with KHOUNTOUS_KEYS_FILE and KHOUNTOUS_KEY_PARTNER: those keys, printed nowhere', async () => {
    const file = join(dir, 'keys');
    writeFileSync(file, `free ${FREE}\n`);
    const api = startApi({ [KEYS_FILE_ENV]: file, [KEY_ENV_VARS.partner]: PARTNER });
    try {
      const base = await api.ready;
      const { stdout } = api.output();
      assert.match(
        stdout,
        /API keys from KHOUNTOUS_KEYS_FILE .* and KHOUNTOUS_KEY_PARTNER: 1 free, 1 partner\./,
      );
      assert.ok(!stdout.includes(FREE) && !stdout.includes(PARTNER), stdout);
      assert.equal((await post(base, PARTNER)).status, 201);
      assert.equal((await fetch(`${base}/v1/regions`, { headers: bearer(FREE) })).status, 200);
      assert.equal((await post(base, PARTNER_KEY)).status, 401);
    } finally {
      await api.stop();
    }
  });

  it('stops at once, saying why, when a configured key is a demo key', async () => {
    const api = startApi({ [KEY_ENV_VARS.partner]: PARTNER_KEY });
    await assert.rejects(api.ready);
    assert.equal(await api.exited, 1);
    assert.match(api.output().stderr, /KHOUNTOUS_KEY_PARTNER: demo-partner-key is a demo key/);
  });
});

describe('npm start (vite.config.ts)', () => {
  it('says in the terminal that its reference API takes the demo keys, for the demo only', async () => {
    const { default: config } = await import('../../vite.config.js');
    const resolved =
      typeof config === 'function' ? config({ mode: 'development', command: 'serve' }) : config;
    const plugins = (await resolved).plugins!.flat() as { name: string; configureServer?: unknown }[];
    const plugin = plugins.find((candidate) => candidate?.name === 'khountous-reference-api');
    assert.ok(plugin && typeof plugin.configureServer === 'function');
    const lines: string[] = [];
    const httpServer = new EventEmitter();
    const server = {
      middlewares: { use: () => undefined },
      httpServer,
      config: { logger: { info: (line: string) => lines.push(line) } },
    };
    (plugin.configureServer as (server: unknown) => void)(server);
    assert.deepEqual(lines, [], 'not before it listens');
    httpServer.emit('listening');
    assert.deepEqual(lines, [`  ${DEMO_KEYS_NOTICE}`]);
    for (const key of Object.keys(DEMO_KEYS)) assert.ok(DEMO_KEYS_NOTICE.includes(key));
    assert.match(DEMO_KEYS_NOTICE, /for this demo and the tests only/);
    assert.match(DEMO_KEYS_NOTICE, /`npm run api` takes keys of your own/);
  });
});
