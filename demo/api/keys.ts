/**
 * The API keys of `npm run api` (demo/api/server.ts).
 *
 * The demo keys (DEMO_KEYS) are published in docs/contributing.md: they serve the demo
 * server (`npm start`) and the tests, which call createApi() without keys.
 * `npm run api` never accepts them. It takes the operator's keys from a file
 * (KHOUNTOUS_KEYS_FILE: one `<level> <key>` a line) and from
 * KHOUNTOUS_KEY_FREE and KHOUNTOUS_KEY_PARTNER; when none is configured it
 * makes a random key per level, valid until it stops, and prints them.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DEMO_KEYS, type KeyLevel } from './callers.js';

export const KEYS_FILE_ENV = 'KHOUNTOUS_KEYS_FILE';

/** One key per level from the environment. */
export const KEY_ENV_VARS: Readonly<Record<KeyLevel, string>> = {
  free: 'KHOUNTOUS_KEY_FREE',
  partner: 'KHOUNTOUS_KEY_PARTNER',
};

const LEVELS: readonly KeyLevel[] = ['free', 'partner'];

/** The shortest key accepted: 16 characters of a random key's alphabet hold 96 bits or more. */
export const MIN_KEY_LENGTH = 16;

/** What `Authorization: Bearer <key>` can carry (RFC 6750's token68). */
const KEY_SYNTAX = /^[A-Za-z0-9\-._~+/]+=*$/;

export interface ServerKeys {
  /** The keys the API accepts, and their levels. */
  keys: Readonly<Record<string, KeyLevel>>;
  /** True when none was configured and these were made at random. */
  generated: boolean;
  /** What the server says about them at start-up, one line each. */
  notice: string[];
}

interface ServerKeysOptions {
  /** Reads the keys file; node:fs by default. */
  readFile?: (path: string) => string;
  /** A new random key's characters; 32 of base64url (192 bits) by default. */
  random?: () => string;
}

const published = Object.keys(DEMO_KEYS);

/** The demo-keys line of `npm run api`. */
export const DEMO_KEYS_REFUSED = `The demo keys of docs/contributing.md (${published.join(', ')}) are not accepted here: they serve \`npm start\` and the tests only.`;

const demoKeyList = Object.entries(DEMO_KEYS)
  .map(([key, level]) => `${key} (${level})`)
  .join(', ');

/** The line the demo server (`npm start`) writes about its keys. */
export const DEMO_KEYS_NOTICE =
  `Reference API keys: ${demoKeyList}, published in docs/contributing.md: for this demo and the tests ` +
  'only, usable by anyone who reaches this server. `npm run api` takes keys of your own ' +
  '(docs/api-assumptions.md §7).';

/** Throws unless `key` may be configured; `where` says where it was found. */
function checkKey(key: string, where: string): void {
  if (!KEY_SYNTAX.test(key))
    throw new Error(
      `${where}: a key is letters, digits and - . _ ~ + / (then = signs), as a Bearer token; got ${JSON.stringify(key)}.`,
    );
  if (published.includes(key))
    throw new Error(
      `${where}: ${key} is a demo key, published in docs/contributing.md; choose a key of your own.`,
    );
  if (key.length < MIN_KEY_LENGTH)
    throw new Error(`${where}: a key has at least ${MIN_KEY_LENGTH} characters; this one has ${key.length}.`);
}

/** The `<level> <key>` lines of a keys file; `#` starts a comment line, blank lines are skipped. */
function parseKeysFile(text: string, path: string): [key: string, level: KeyLevel][] {
  const entries: [string, KeyLevel][] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const where = `${path}:${index + 1}`;
    const fields = line.split(/\s+/);
    const [level, key] = fields;
    if (fields.length !== 2 || !LEVELS.includes(level as KeyLevel) || key === undefined)
      throw new Error(`${where}: a line reads "free <key>" or "partner <key>".`);
    checkKey(key, where);
    entries.push([key, level as KeyLevel]);
  });
  return entries;
}

/**
 * The keys of `npm run api` from `env`: the keys file's and the variables'
 * together, exactly those (a level none names has no key: without a partner
 * key nobody can submit a report); or, when none is configured, one random
 * key per level. Throws on a key that is malformed, shorter than
 * MIN_KEY_LENGTH, a demo key or given twice, and on a file it cannot read.
 */
export function serverKeys(
  env: Readonly<Record<string, string | undefined>>,
  options: ServerKeysOptions = {},
): ServerKeys {
  const readFile = options.readFile ?? ((path: string) => readFileSync(path, 'utf8'));
  const random = options.random ?? (() => randomBytes(24).toString('base64url'));
  const keys = new Map<string, KeyLevel>();
  const sources: string[] = [];
  const add = (entries: readonly [string, KeyLevel][], where: string): void => {
    for (const [key, level] of entries) {
      if (keys.has(key)) throw new Error(`${where}: a key is given twice.`);
      keys.set(key, level);
    }
  };
  const file = env[KEYS_FILE_ENV];
  if (file !== undefined && file !== '') {
    let text: string;
    try {
      text = readFile(file);
    } catch (error) {
      throw new Error(`${KEYS_FILE_ENV}: cannot read ${file} (${(error as Error).message}).`);
    }
    const entries = parseKeysFile(text, file);
    if (entries.length === 0) throw new Error(`${KEYS_FILE_ENV}: ${file} holds no key.`);
    add(entries, file);
    sources.push(`${KEYS_FILE_ENV} (${file})`);
  }
  for (const level of LEVELS) {
    const name = KEY_ENV_VARS[level];
    const key = env[name];
    if (key === undefined || key === '') continue;
    checkKey(key, name);
    add([[key, level]], name);
    sources.push(name);
  }
  if (keys.size > 0) {
    const count = (level: KeyLevel) => [...keys.values()].filter((l) => l === level).length;
    const partner = count('partner');
    return {
      keys: Object.fromEntries(keys),
      generated: false,
      notice: [
        `API keys from ${sources.join(' and ')}: ${count('free')} free, ${partner} partner.${
          partner === 0 ? ' No partner key: POST /khountous answers 401 or 403 to everyone.' : ''
        }`,
        DEMO_KEYS_REFUSED,
      ],
    };
  }
  const made = LEVELS.map((level) => [`${level}-${random()}`, level] as const);
  return {
    keys: Object.fromEntries(made),
    generated: true,
    notice: [
      `API keys: none configured (${KEYS_FILE_ENV}, ${KEY_ENV_VARS.free}, ${KEY_ENV_VARS.partner}), so this run made its own, valid until it stops:`,
      ...made.map(([key, level]) => `  ${level.padEnd(8)}${key}`),
      DEMO_KEYS_REFUSED,
    ],
  };
}
