/**
 * How every request of the kit goes out, whoever sends it (the client,
 * core/http.ts; the script tag's first requests, boot/first-paint.ts):
 * anonymous and cookie-free, in CORS mode, and with at most the page's origin
 * as its referrer, whatever the host page's referrer policy.
 */
export const ANONYMOUS = {
  credentials: 'omit',
  mode: 'cors',
  referrerPolicy: 'strict-origin',
} as const satisfies RequestInit;
