/**
 * Parameter checks: each turns a value into the one the API is sent, or
 * throws KhountousError('invalid-parameter') naming the parameter. The
 * endpoint table (endpoints.ts) says which check each parameter gets.
 */
import { invalid } from './errors.js';
import { LANGS, MAX_ID_LENGTH, MAX_LIMIT } from './types.js';

export type Check = (value: unknown, param: string) => string | number;

/** Validates and normalizes a base URL: http(s) URL or absolute path, no query, no trailing slash. */
export function checkBaseUrl(baseUrl: unknown): string {
  if (typeof baseUrl !== 'string' || baseUrl.trim() === '') {
    throw invalid('baseUrl', 'The base URL is missing.');
  }
  const trimmed = baseUrl.trim().replace(/\/+$/, '');
  const absolute = /^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/i.test(trimmed);
  if (!absolute && !/^\/(?!\/)[^?#\s]*$/.test(trimmed)) {
    throw invalid('baseUrl', `The base URL must be an http(s) URL or an absolute path, not "${baseUrl}".`);
  }
  if (absolute) {
    try {
      const url = new URL(trimmed);
      if (url.username || url.password) throw 0;
    } catch {
      throw invalid('baseUrl', `The base URL "${baseUrl}" is not a valid URL.`);
    }
  }
  return trimmed;
}

const integerIn =
  (min: number, max: number): Check =>
  (value, param) => {
    const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
      throw invalid(param, `${param} must be an integer from ${min} to ${max}.`);
    }
    return n;
  };

export const oneOf =
  (values: readonly string[]): Check =>
  (value, param) => {
    if (typeof value !== 'string' || !values.includes(value)) {
      throw invalid(param, `${param} must be one of ${values.join(', ')}.`);
    }
    return value;
  };

export const matching =
  (pattern: RegExp, what: string, maxLength = MAX_ID_LENGTH): Check =>
  (value, param) => {
    if (typeof value !== 'string' || value.length > maxLength || !pattern.test(value)) {
      throw invalid(param, `${param} must be ${what}.`);
    }
    return value;
  };

export const checkPage = integerIn(1, Number.MAX_SAFE_INTEGER);
export const checkLimit = integerIn(1, MAX_LIMIT);
export const checkLang = oneOf(LANGS);

export type Params = Record<string, string | number>;

/** The parameters of `spec` that `source` sets, checked; other keys are ignored. */
export function checkParams(spec: Record<string, Check>, source: unknown): Params {
  if (source !== undefined && source !== null && typeof source !== 'object') {
    throw invalid('query', 'The query must be an object.');
  }
  const given = (source ?? {}) as Record<string, unknown>;
  const checked: Params = {};
  for (const param in spec) {
    const value = given[param];
    if (value !== undefined && value !== null) checked[param] = spec[param]!(value, param);
  }
  return checked;
}
