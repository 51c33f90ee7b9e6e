/**
 * For the browser tests of server rendering: renderWidget run by the test
 * server (test/server/ssr.ts), and what the test's own API received.
 */
import { expect } from '@open-wc/testing';

/** What renderWidget gives for `tag` with `attributes`, from the API at `base`. */
export async function renderWidget(
  tag: string,
  attributes: Record<string, string>,
  base: string,
): Promise<string> {
  const response = await fetch('/__ssr', {
    method: 'POST',
    body: JSON.stringify({ widget: { tag, attributes, baseUrl: base } }),
  });
  const body = (await response.json()) as { html?: string; error?: string };
  expect(body.error, 'renderWidget').to.equal(undefined);
  return body.html!;
}

/** The GET requests the isolated API at `base` received. */
export async function requestsTo(base: string): Promise<string[]> {
  const response = await fetch(base.replace(/\/v1$/, '/__faults'));
  const { requests } = (await response.json()) as { requests: { method: string; path: string }[] };
  return requests.filter((request) => request.method === 'GET').map((request) => request.path);
}
