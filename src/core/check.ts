/**
 * A small checker of JSON values, for the response schemas (schemas.ts).
 *
 * A schema is a function that returns its checked output or throws a
 * `SchemaIssue` saying where (`path`, dotted: `data.0.region`) and what was
 * wrong. Objects keep only the keys their schema names (a newer API may add
 * fields), an optional key stays absent when missing, and every other
 * difference (a wrong type, a missing key, a value outside its list) is an
 * issue. It replaces valibot, whose error machinery weighed more than the
 * checks the kit makes.
 *
 * Each schema a combinator makes keeps what made it (`made`: the combinator and the
 * arguments it was given), so that the schemas are data too: the WordPress plugin's checker
 * of the same answers is written from them (scripts/generate/wordpress/answers.ts), and a
 * check no combinator here describes (a `refine` of its own) cannot reach it.
 */

import { isObject } from './is-object.js';

/** A schema: the checked output of `input`, or a thrown `SchemaIssue`. */
export type Schema<T = unknown> = (input: unknown, path?: string) => T;

/** The output type of a schema. */
export type Out<S> = S extends Schema<infer T> ? T : never;

/** What was wrong with a value, and where. */
export class SchemaIssue extends Error {
  constructor(
    /** Dotted path of the value (`data.0.region`), empty for the root. */
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

const received = (input: unknown) =>
  !isObject(input)
    ? (JSON.stringify(input) ?? String(input)).slice(0, 40)
    : Array.isArray(input)
      ? 'an array'
      : 'an object';

/** A schema that passes `input` when `test` says so. */
const when =
  <T>(expected: string, test: (input: unknown) => boolean): Schema<T> =>
  (input, path = '') => {
    if (!test(input)) throw new SchemaIssue(path, `expected ${expected}, received ${received(input)}`);
    return input as T;
  };

/** What made a schema: the combinator of this file, then the arguments it was given. */
export interface Made {
  readonly made: readonly [combinator: unknown, ...args: unknown[]];
}

/** `schema`, keeping what made it. */
const madeBy = <S extends Schema>(schema: S, ...made: Made['made']): S => Object.assign(schema, { made });

/**
 * The path of `key` below `path`: `data.0` then `data.0.region`.
 *
 * @internal a test writes its own rule's issue path with it
 */
export const at = (path: string, key: string | number) => (path ? `${path}.${key}` : `${key}`);

export const string = when<string>('a string', (input) => typeof input == 'string');
/** A string of at most `max` characters. */
export const text = (max: number): Schema<string> =>
  madeBy(
    when<string>(
      `a string of at most ${max} characters`,
      (input) => typeof input == 'string' && input.length <= max,
    ),
    text,
    max,
  );
export const boolean = when<boolean>('a boolean', (input) => typeof input == 'boolean');
/**
 * A finite number: not NaN, not ±Infinity. JSON writes neither, but `1e309` parses to
 * Infinity, and data from elsewhere (storage, another tab) may hold NaN.
 */
export const number = when<number>('a finite number', Number.isFinite);
/** A number from `min` to `max`, both included (finite when they are). */
export const between = (min: number, max: number): Schema<number> =>
  madeBy(
    when<number>(
      `a number from ${min} to ${max}`,
      (input) => typeof input == 'number' && input >= min && input <= max,
    ),
    between,
    min,
    max,
  );
/** 0, or a number whose magnitude is from `min` to `max` (either sign). */
export const magnitude = (min: number, max: number): Schema<number> =>
  madeBy(
    when<number>(`0 or a number of magnitude ${min} to ${max}`, (input) => {
      const size = typeof input == 'number' ? Math.abs(input) : NaN;
      return size === 0 || (size >= min && size <= max);
    }),
    magnitude,
    min,
    max,
  );
/** An integer of at least `min`, and at most `max` when given. */
export const integer = (min = -Infinity, max = Infinity): Schema<number> =>
  madeBy(
    when<number>(
      max === Infinity ? `an integer >= ${min}` : `an integer from ${min} to ${max}`,
      (input) => Number.isInteger(input) && (input as number) >= min && (input as number) <= max,
    ),
    integer,
    min,
    max,
  );
/** A string that `pattern` matches. */
export const matching = (pattern: RegExp): Schema<string> =>
  madeBy(
    when<string>(`${pattern}`, (input) => typeof input == 'string' && pattern.test(input)),
    matching,
    pattern,
  );
/** One of `values`. */
export const picklist = <const T extends readonly (string | number)[]>(values: T): Schema<T[number]> =>
  madeBy(
    when<T[number]>(`one of ${values.join(', ')}`, (input) => values.includes(input as T[number])),
    picklist,
    values,
  );

const object_ = when<Record<string, unknown>>('an object', isObject);

declare const OPTIONAL: unique symbol;
type Optional<T> = Schema<T | undefined> & { [OPTIONAL]: true };

/** `undefined` too; as an object's entry, a key that may be missing. */
export const optional = <T>(schema: Schema<T>) =>
  madeBy<Schema<T | undefined>>(
    (input, path) => (input === undefined ? input : schema(input, path)),
    optional,
    schema,
  ) as Optional<T>;
export const nullable = <T>(schema: Schema<T>): Schema<T | null> =>
  madeBy((input, path) => (input === null ? input : schema(input, path)), nullable, schema);
/** The first of `a` and `b` that passes. */
export const union = <A, B>(a: Schema<A>, b: Schema<B>): Schema<A | B> =>
  madeBy(
    (input, path) => {
      try {
        return a(input, path);
      } catch {
        return b(input, path);
      }
    },
    union,
    a,
    b,
  );

/**
 * `schema`, then `also` on its output, which throws a `SchemaIssue` (through a schema it
 * calls, or its own) when the output is wrong as a whole: a rule between fields. Its rule is
 * a function, which no other checker can be written from: the answers' schemas use the rules
 * below, which say what they check.
 *
 * @internal used here by the rules between fields; tested on its own with a rule of the test's
 */
export const refine =
  <T>(schema: Schema<T>, also: (output: T, path: string) => void): Schema<T> =>
  (input, path = '') => {
    const output = schema(input, path);
    also(output, path);
    return output;
  };

/**
 * `schema`, then its `field` checked again by the schema `table` gives for the value of its
 * `key` (whose schema allows only the table's keys): an indicator's value by its unit.
 */
export const checkedBy = <T extends Record<F | K, unknown>, F extends string, K extends string>(
  schema: Schema<T>,
  field: F,
  key: K,
  table: Readonly<Record<string, Schema>>,
): Schema<T> =>
  madeBy(
    refine(schema, (output, path) => void table[output[key] as string]!(output[field], at(path, field))),
    checkedBy,
    schema,
    field,
    key,
    table,
  );

/** `schema`, then its number `field` at most its number `limit` when that is given: a rank within its ranking. */
export const atMost = <
  T extends { [P in F]: number } & { [P in L]?: number },
  F extends string,
  L extends string,
>(
  schema: Schema<T>,
  field: F,
  limit: L,
): Schema<T> =>
  madeBy(
    refine(schema, (output, path) => {
      const most = output[limit];
      if (most !== undefined && output[field] > most)
        throw new SchemaIssue(
          at(path, field),
          `expected a ${field} <= ${limit} ${most}, received ${output[field]}`,
        );
    }),
    atMost,
    schema,
    field,
    limit,
  );

const list = when<unknown[]>('an array', Array.isArray);
export const array = <T>(item: Schema<T>, max = Infinity): Schema<T[]> =>
  madeBy(
    (input, path = '') => {
      const items = list(input, path);
      if (items.length > max)
        throw new SchemaIssue(path, `expected at most ${max} items, received ${items.length}`);
      return items.map((value, index) => item(value, at(path, index)));
    },
    array,
    item,
    max,
  );

/**
 * An array of `item` in which `key` names each item once (`code`: a region's code): a second
 * item with a key already seen is an issue at that item's key.
 */
export const unique = <T extends Record<K, unknown>, K extends string>(
  item: Schema<T>,
  key: K,
  max = Infinity,
): Schema<T[]> => {
  const all = array(item, max);
  return madeBy(
    (input, path = '') => {
      const items = all(input, path);
      const seen = new Set<unknown>();
      items.forEach((value, index) => {
        if (seen.has(value[key]))
          throw new SchemaIssue(
            at(at(path, index), key),
            `expected each ${key} once, received ${received(value[key])} again`,
          );
        seen.add(value[key]);
      });
      return items;
    },
    unique,
    item,
    key,
    max,
  );
};

type Entries = Record<string, Schema>;
type OptionalKeys<E> = { [K in keyof E]: E[K] extends { [OPTIONAL]: true } ? K : never }[keyof E];
type Flat<T> = { [K in keyof T]: T[K] };
type ObjectOut<E extends Entries> = Flat<
  { -readonly [K in Exclude<keyof E, OptionalKeys<E>>]: Out<E[K]> } & {
    -readonly [K in OptionalKeys<E>]?: Exclude<Out<E[K]>, undefined>;
  }
>;

/**
 * An object with these entries; other keys are left out of the output. A missing
 * key is checked as `undefined`, which only an optional entry accepts (and then
 * stays absent).
 */
export const object = <E extends Entries>(entries: E): Schema<ObjectOut<E>> =>
  madeBy(
    (input, path = '') => {
      const value = object_(input, path);
      const output: Record<string, unknown> = {};
      for (const key in entries) {
        const checked = entries[key]!(value[key], at(path, key));
        if (key in value) output[key] = checked;
      }
      return output as ObjectOut<E>;
    },
    object,
    entries,
  );

/** Keys a record leaves out, unchecked: they would reach the prototype (as valibot did). */
export const PROTOTYPE_KEYS = /^(__proto__|prototype|constructor)$/;

/** An object of any string keys, each value checked by `schema`. */
export const record = <T>(schema: Schema<T>): Schema<Record<string, T>> =>
  madeBy(
    (input, path = '') => {
      const value = object_(input, path);
      const output: Record<string, T> = {};
      for (const key in value) if (!PROTOTYPE_KEYS.test(key)) output[key] = schema(value[key], at(path, key));
      return output;
    },
    record,
    schema,
  );

/** Whether `input` passes `schema`. */
export const is = (schema: Schema, input: unknown): boolean => {
  try {
    schema(input);
    return true;
  } catch {
    return false;
  }
};

/**
 * The checked output, or the issue.
 *
 * @internal the tests read a schema's issue with it
 */
export const safeParse = <T>(
  schema: Schema<T>,
  input: unknown,
): { success: true; output: T } | { success: false; issue: SchemaIssue } => {
  try {
    return { success: true, output: schema(input) };
  } catch (issue) {
    if (issue instanceof SchemaIssue) return { success: false, issue };
    throw issue;
  }
};

/**
 * The checked output; throws the `SchemaIssue` otherwise.
 *
 * @internal the tests run a schema with it
 */
export const parse = <T>(schema: Schema<T>, input: unknown): T => schema(input);
