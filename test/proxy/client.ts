/** Readers as plain HTTP clients: no cache, no cookies, no validators; a bounded pool of sockets. */
import { Agent, request } from 'node:http';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

export function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${url}`)));
    req.on('error', reject);
    req.end();
  });
}

/** Runs `task(i)` for i in [0, count) with at most `width` at once. */
export async function pool(count: number, width: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next;
      next += 1;
      await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, count) }, worker));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The news demo page's API resources, as the kit asks for them (test/proxy/news.test.ts checks it). */
export const NEWS_RESOURCES = [
  '/administrations?lang=fr&limit=8&page=1',
  '/administrations/hopital-regional-de-tambacounda?lang=fr',
  '/administrations/mairie-de-velingara?lang=fr',
  '/administrations/mairie-de-bakel?lang=fr',
  '/administrations/commissariat-central-de-kolda?lang=fr',
  '/regions?lang=fr',
];
