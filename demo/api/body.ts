/**
 * The request body: its media type and its size. POST /khountous is the only
 * request that takes one.
 */
import { ApiError, badRequest } from './reply.js';

/**
 * Largest accepted body, in bytes; POST /khountous is the only request with
 * one. The largest valid submission, 5,200 characters of 4 bytes in UTF-8,
 * takes about 21 KB.
 */
export const MAX_BODY_BYTES = 32 * 1024;

/** `application/json`, with no parameter but a UTF-8 charset (RFC 8259: JSON is UTF-8). */
const JSON_MEDIA_TYPE = /^application\/json[ \t]*(?:;[ \t]*charset[ \t]*=[ \t]*(?:utf-8|"utf-8")[ \t]*)?$/i;

export const isJsonType = (header: string | null): boolean =>
  header !== null && JSON_MEDIA_TYPE.test(header.trim());

export const unsupportedMediaType = (): ApiError =>
  new ApiError(
    415,
    'bad_request',
    'The request body must be JSON, sent with Content-Type: application/json.',
    'Content-Type',
    { 'Accept-Post': 'application/json' },
  );

const bodyTooLarge = (): ApiError =>
  new ApiError(413, 'bad_request', `The request body must not exceed ${MAX_BODY_BYTES} bytes.`, 'body');

/**
 * The body as text, read with a counter: a declared Content-Length over
 * MAX_BODY_BYTES is refused before a byte is read, and a body that grows past
 * it while it is read (chunked, or lying about its length) is refused there,
 * the rest left unread. Both answer 413.
 */
export async function readBody(request: Request): Promise<string> {
  const declared = request.headers.get('Content-Length');
  if (declared !== null && !(Number(declared) <= MAX_BODY_BYTES)) throw bodyTooLarge();
  if (request.body === null) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      throw badRequest('body', 'The request body could not be read.');
    }
    if (chunk.done) break;
    size += chunk.value.byteLength;
    if (size > MAX_BODY_BYTES) {
      reader.cancel().catch(() => undefined);
      throw bodyTooLarge();
    }
    chunks.push(chunk.value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
