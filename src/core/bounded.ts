/**
 * Reading an answer's body within the kit's bound (MAX_ANSWER_BYTES): the
 * announced length is checked first, then the body is read as a stream and no
 * further than the bound: how the client (http.ts) reads every answer.
 */
import { MAX_ANSWER_BYTES } from './types.js';

/**
 * The body as text. Beyond the bound the body is cancelled and the error
 * `tooLarge` makes is thrown, with what was seen: `N bytes announced`, or
 * `more than N bytes` when the stream grew past it. The cancel is not awaited:
 * on a body of a cloned answer it settles only once the other branch is read
 * or cancelled too.
 */
export async function boundedText(response: Response, tooLarge: (size: string) => Error): Promise<string> {
  const declared = Number(response.headers.get('Content-Length') ?? NaN);
  if (declared > MAX_ANSWER_BYTES) {
    void response.body?.cancel().catch(() => {});
    throw tooLarge(`${declared} bytes announced`);
  }
  if (!response.body) return response.text();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    read += value.byteLength;
    if (read > MAX_ANSWER_BYTES) {
      void reader.cancel().catch(() => {});
      throw tooLarge(`more than ${MAX_ANSWER_BYTES} bytes`);
    }
    text += decoder.decode(value, { stream: true });
  }
}
