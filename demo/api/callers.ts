/**
 * Who is calling: anonymous (counted by client address, ./address.ts) or an
 * API key and its access level, read from the Authorization header.
 */
import type { AccessLevel } from '../../src/core/headers.js';
import { ApiError } from './reply.js';

export type KeyLevel = Exclude<AccessLevel, 'anonymous'>;

/** The keys the reference API accepts. */
export const DEMO_KEYS: Readonly<Record<string, KeyLevel>> = {
  'demo-free-key': 'free',
  'demo-partner-key': 'partner',
};

export interface Caller {
  level: AccessLevel;
  /** The client address (anonymous) or the key. */
  id: string;
  /** Set when an Authorization header was sent but is malformed or unknown. */
  authError?: ApiError;
}

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;
const REALM = 'Bearer realm="khountous"';

export const unauthorized = (message: string, invalidToken: boolean): ApiError =>
  new ApiError(401, 'unauthorized', message, undefined, {
    'WWW-Authenticate': invalidToken ? `${REALM}, error="invalid_token"` : REALM,
  });

/** Who is calling; a bad key is counted against the client address, as anonymous. */
export function identifyCaller(
  header: string | null,
  clientAddress: string,
  keys: ReadonlyMap<string, KeyLevel>,
): Caller {
  const anonymous = { level: 'anonymous' as const, id: clientAddress };
  if (header === null) return anonymous;
  const key = BEARER.exec(header.trim())?.[1];
  if (key === undefined) {
    return {
      ...anonymous,
      authError: unauthorized('The Authorization header must read "Bearer <API key>".', true),
    };
  }
  const level = keys.get(key);
  if (level === undefined)
    return { ...anonymous, authError: unauthorized('The API key is not valid.', true) };
  return { level, id: key };
}
