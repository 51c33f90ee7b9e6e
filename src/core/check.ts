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
 */

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

const at = (path: string, key: string | number) => (path ? `${path}.${key}` : `${key}`);

export const string = when<string>('a string', (input) => typeof input == 'string');
/** A string of at most `max` characters. */
export const text = (max: number) =>
  when<string>(
    `a string of at most ${max} characters`,
    (input) => typeof input == 'string' && input.length <= max,
  );
export const boolean = when<boolean>('a boolean', (input) => typeof input == 'boolean');
/** A number, not NaN (JSON never has one; data from elsewhere might). */
export const number = when<number>('a number', (input) => typeof input == 'number' && !Number.isNaN(input));
/** An integer of at least `min`. */
export const integer = (min = -Infinity) =>
  when<number>(`an integer >= ${min}`, (input) => Number.isInteger(input) && (input as number) >= min);
/** A string that `pattern` matches. */
export const matching = (pattern: RegExp) =>
  when<string>(`${pattern}`, (input) => typeof input == 'string' && pattern.test(input));
/** One of `values`. */
export const picklist = <const T extends readonly (string | number)[]>(values: T) =>
  when<T[number]>(`one of ${values.join(', ')}`, (input) => values.includes(input as T[number]));

/** An object or an array: not null, not a primitive. */
export const isObject = (input: unknown): input is Record<string, unknown> =>
  !!input && typeof input == 'object';
const object_ = when<Record<string, unknown>>('an object', isObject);

declare const OPTIONAL: unique symbol;
type Optional<T> = Schema<T | undefined> & { [OPTIONAL]: true };

/** `undefined` too; as an object's entry, a key that may be missing. */
export const optional = <T>(schema: Schema<T>) =>
  ((input, path) => (input === undefined ? input : schema(input, path))) as Optional<T>;
export const nullable =
  <T>(schema: Schema<T>): Schema<T | null> =>
  (input, path) =>
    input === null ? input : schema(input, path);
/** The first of `a` and `b` that passes. */
export const union =
  <A, B>(a: Schema<A>, b: Schema<B>): Schema<A | B> =>
  (input, path) => {
    try {
      return a(input, path);
    } catch {
      return b(input, path);
    }
  };

const list = when<unknown[]>('an array', Array.isArray);
export const array =
  <T>(item: Schema<T>, max = Infinity): Schema<T[]> =>
  (input, path = '') => {
    const items = list(input, path);
    if (items.length > max)
      throw new SchemaIssue(path, `expected at most ${max} items, received ${items.length}`);
    return items.map((value, index) => item(value, at(path, index)));
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
export const object =
  <E extends Entries>(entries: E): Schema<ObjectOut<E>> =>
  (input, path = '') => {
    const value = object_(input, path);
    const output: Record<string, unknown> = {};
    for (const key in entries) {
      const checked = entries[key]!(value[key], at(path, key));
      if (key in value) output[key] = checked;
    }
    return output as ObjectOut<E>;
  };

/** An object of any string keys, each value checked by `schema`. */
export const record =
  <T>(schema: Schema<T>): Schema<Record<string, T>> =>
  (input, path = '') => {
    const value = object_(input, path);
    const output: Record<string, T> = {};
    // Keys that would reach the prototype are left out, as valibot did.
    for (const key in value)
      if (!/^(__proto__|prototype|constructor)$/.test(key)) output[key] = schema(value[key], at(path, key));
    return output;
  };

/** Whether `input` passes `schema`. */
export const is = (schema: Schema, input: unknown): boolean => {
  try {
    schema(input);
    return true;
  } catch {
    return false;
  }
};

/** The checked output, or the issue. */
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

/** The checked output; throws the `SchemaIssue` otherwise. */
export const parse = <T>(schema: Schema<T>, input: unknown): T => schema(input);
