/**
 * What an endpoint answers before it becomes a Response (./response.ts adds
 * the headers every response carries), and the API's errors: an ApiError
 * thrown anywhere while a request is answered becomes its error reply.
 */
import type { ApiErrorBody, ApiErrorCode } from '../../src/core/types.js';

export type Bytes = Uint8Array<ArrayBuffer>;

export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string | Bytes | null;
}

export const JSON_TYPE = 'application/json; charset=utf-8';

export const NO_STORE = 'no-store';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly param?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (param: string, message: string): ApiError =>
  new ApiError(400, 'bad_request', message, param);

export const notFound = (message: string): ApiError => new ApiError(404, 'not_found', message);

export function errorReply(error: ApiError): Reply {
  const body: ApiErrorBody = {
    error: {
      code: error.code,
      message: error.message,
      ...(error.param === undefined ? {} : { param: error.param }),
    },
  };
  return {
    status: error.status,
    headers: { 'Content-Type': JSON_TYPE, 'Cache-Control': NO_STORE, ...error.headers },
    body: JSON.stringify(body),
  };
}
