/**
 * The WordPress plugin refuses the answers the kit refuses: includes/answers.php, with the
 * rules the build writes from src/core/schemas.ts into includes/definitions.php, gives for
 * every answer the verdict of the endpoint's schema (PHP's CLI over thousands of answers of
 * each kind: valid ones, ones with a number, a text, a list or a field made wrong, region lists
 * with a region repeated, any JSON), and refuses at the same place. The one difference: an
 * answer PHP cannot decode (a lone surrogate, a key that starts with U+0000) is refused
 * though the kit would take it.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { safeParse } from '../../src/core/check.js';
import { ANSWERS } from '../../src/core/answers.js';
import type { ResourceKind } from '../../src/core/endpoints.js';
import { MAX_LIMIT, MAX_TEXT_LENGTH } from '../../src/core/types.js';
import { anyJson, nearlyValid, SHAPES } from '../hardening/arbitraries.js';
import { skipReason } from './harness.js';

const skip = skipReason();

const PLUGIN = 'wordpress/khountous-widgets/includes';

/** PHP's verdict on each answer (its JSON text): null when it passes, the path of the value refused, or false when PHP cannot decode it. */
function phpIssues(cases: readonly (readonly [ResourceKind, string])[]): (string | null | false)[] {
  const script = `define( 'ABSPATH', '/' );
function khountous_widgets_definitions() { static $d; return $d ??= require '${PLUGIN}/definitions.php'; }
require '${PLUGIN}/answers.php';
$out = array();
foreach ( json_decode( stream_get_contents( STDIN ), true ) as $case ) {
	$data  = json_decode( $case[1] );
	$out[] = JSON_ERROR_NONE !== json_last_error() ? false : khountous_widgets_answer_issue( $case[0], $data );
}
echo json_encode( $out );`;
  const result = spawnSync('php', ['-r', script], {
    input: JSON.stringify(cases),
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  assert.equal(result.status, 0, result.stderr);
  return JSON.parse(result.stdout) as (string | null | false)[];
}

/** The kit's verdict: null when the endpoint's schema takes the answer, else the path of its issue. */
function kitIssue(kind: ResourceKind, json: string): string | null {
  const result = safeParse(ANSWERS[kind], JSON.parse(json));
  return result.success ? null : result.issue.path;
}

/** Whether PHP's JSON cannot hold the value: a text that is not well-formed UTF-16, or a key starting with U+0000. */
function undecodable(value: unknown): boolean {
  if (typeof value === 'string')
    return /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value);
  if (Array.isArray(value)) return value.some(undecodable);
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).some(
      ([key, item]) => key.startsWith('\0') || undecodable(key) || undecodable(item),
    );
  return false;
}

/** Numbers as a JSON text may write them: in and out of every range, infinite once parsed, exact or not. */
const RAW_NUMBERS = [
  '1e309',
  '-1e309',
  '-250',
  '-1',
  '-0',
  '0',
  '0.0',
  '0.5',
  '1E2',
  '100',
  '100.000001',
  '101',
  '1e15',
  '1000000000000001',
  '1e16',
  '9007199254740993',
  '12345678901234567890',
  '1e-15',
  '-1e-15',
  '9e-16',
  '2e-323',
  '5e-324',
] as const;

const MARK = '\u0001raw\u0001';

/** The leaves of a JSON value, each as the object or array that holds it and its key. */
function leaves(value: unknown, out: [Record<string, unknown>, string][] = []) {
  if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value)) {
      if (typeof item === 'object' && item !== null) leaves(item, out);
      else out.push([value as Record<string, unknown>, key]);
    }
  return out;
}

/** A text of exactly `length` UTF-16 units, characters beyond U+FFFF among them (more bytes than units). */
const textOf = (length: number, wide: number) =>
  '😀'.repeat(Math.min(wide, Math.floor(length / 2))) +
  'é'.repeat(length - 2 * Math.min(wide, Math.floor(length / 2)));

const KINDS = Object.keys(SHAPES) as ResourceKind[];

/**
 * A JSON text PHP can decode: each lone surrogate (JSON.stringify writes it `\udXXX`) as
 * U+FFFD, each U+0000 as U+0001 (a key that starts with it is no PHP property).
 */
const decodable = (json: string) =>
  json.replace(/(?<!\\)((?:\\\\)*)\\u(d[89a-f][0-9a-f]{2}|0000)/g, (_, before: string, unit: string) =>
    unit === '0000' ? `${before}\\u0001` : `${before}\\ufffd`,
  );

/** An answer of `kind` as a JSON text, valid or made wrong in one of the ways the kit checks. */
const anyAnswer = (kind: ResourceKind): fc.Arbitrary<string> =>
  fc.oneof(
    // As the API documents it.
    SHAPES[kind].map((value) => JSON.stringify(value)),
    // A field missing, of another type, or one more.
    nearlyValid(kind).map((value) => JSON.stringify(value)),
    // Any JSON.
    anyJson.map((value) => JSON.stringify(value)),
    // A leaf (a number most often) written as another number.
    fc
      .tuple(SHAPES[kind], fc.nat(), fc.constantFrom(...RAW_NUMBERS), fc.boolean())
      .map(([value, pick, raw, numbersOnly]) => {
        const all = leaves(value);
        const numbers = all.filter(([holder, key]) => typeof holder[key] === 'number');
        const chosen = numbersOnly && numbers.length > 0 ? numbers : all;
        if (chosen.length === 0) return JSON.stringify(value);
        const [holder, key] = chosen[pick % chosen.length]!;
        holder[key] = MARK;
        return JSON.stringify(value).replace(JSON.stringify(MARK), raw);
      }),
    // A text at the kit's bound, or one unit over, wide characters making it longer in bytes.
    fc
      .tuple(SHAPES[kind], fc.nat(), fc.boolean(), fc.nat({ max: MAX_TEXT_LENGTH }))
      .map(([value, pick, over, wide]) => {
        const texts = leaves(value).filter(([holder, key]) => typeof holder[key] === 'string');
        if (texts.length > 0) {
          const [holder, key] = texts[pick % texts.length]!;
          holder[key] = textOf(MAX_TEXT_LENGTH + (over ? 1 : 0), wide);
        }
        return JSON.stringify(value);
      }),
    // A list's items repeated: up to a page and past it, a region repeated (86 more rows of one).
    fc.tuple(SHAPES[kind], fc.integer({ min: 1, max: MAX_LIMIT + 1 })).map(([value, times]) => {
      const list =
        (value as { data?: unknown[]; rows?: unknown[] }).data ?? (value as { rows?: unknown[] }).rows;
      if (list && list.length > 0) list.push(...Array.from({ length: times }, () => list[0]));
      return JSON.stringify(value);
    }),
    // A rank and the size of its ranking, in any order.
    fc
      .tuple(SHAPES[kind], fc.integer({ min: 1, max: 400 }), fc.integer({ min: -1, max: 1 }))
      .map(([value, count, step]) => {
        const item = value as { rank?: number; rankedCount?: number };
        if (item.rank !== undefined) {
          item.rankedCount = count;
          item.rank = Math.max(1, count + step);
        }
        return JSON.stringify(value);
      }),
  );

/** An answer of `kind` as a JSON text, valid or made wrong in one of the ways the kit checks; one in ten left as PHP cannot decode it. */
const answer = (kind: ResourceKind): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 9, arbitrary: anyAnswer(kind).map(decodable) },
    { weight: 1, arbitrary: anyAnswer(kind) },
  );

describe('WordPress plugin: the checks of an answer', { skip }, () => {
  it("gives every answer the kit's verdict, at the same place", (t) => {
    const cases = KINDS.flatMap((kind) =>
      fc.sample(answer(kind), { numRuns: 700, seed: 61 }).map((json) => [kind, json] as const),
    );
    const php = phpIssues(cases);
    let refused = 0;
    let undecoded = 0;
    cases.forEach(([kind, json], index) => {
      const kit = kitIssue(kind, json);
      const verdict = php[index];
      const what = `${kind}: ${json.slice(0, 300)}`;
      if (verdict === false) {
        assert.ok(undecodable(JSON.parse(json)), `PHP could not decode ${what}`);
        undecoded++;
        return;
      }
      assert.equal(verdict === null, kit === null, `${what}: PHP ${String(verdict)}, the kit ${String(kit)}`);
      // A record's keys (a dataset's row) come in another order in JavaScript (integer-like first): the first issue may differ.
      if (kit !== null && !(kind === 'dataset' && kit.startsWith('rows.'))) assert.equal(verdict, kit, what);
      if (kit !== null) refused++;
    });
    t.diagnostic(`${cases.length} answers: ${refused} refused by both, ${undecoded} PHP cannot decode`);
    // Both kinds of answer are there in numbers: valid ones and refused ones.
    assert.ok(refused > cases.length / 3 && refused < cases.length - cases.length / 5, `${refused} refused`);
    assert.ok(undecoded < cases.length / 20, `${undecoded} undecodable`);
  });

  it('refuses the answers the kit refuses for their numbers and their regions', () => {
    const regions = fc.sample(SHAPES.regions, { numRuns: 1, seed: 7 })[0]!;
    const row = { ...regions.data[0]!, code: 'dakar' as const };
    const ranking = fc
      .sample(SHAPES.administrations, { numRuns: 20, seed: 7 })
      .find((list) => list.data.length)!;
    const cases: [ResourceKind, string, string][] = [
      ['administrations', JSON.stringify(ranking).replace(/"score":[^,}]+/, '"score":1e309'), 'data.0.score'],
      [
        'administrations',
        JSON.stringify(ranking).replace(/"responseRate":[^,}]+/, '"responseRate":-250'),
        'data.0.responseRate',
      ],
      [
        'regions',
        JSON.stringify({ ...regions, data: [row, ...Array.from({ length: 86 }, () => row)] }),
        'data.1.code',
      ],
    ];
    const php = phpIssues(cases.map(([kind, json]) => [kind, json]));
    cases.forEach(([kind, json, path], index) => {
      assert.equal(kitIssue(kind, json), path);
      assert.equal(php[index], path);
    });
  });
});
