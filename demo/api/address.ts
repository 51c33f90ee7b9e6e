/**
 * Who an anonymous caller is, for the quota: the client address, read from
 * the connection (never from a header, unless the API is configured to run
 * behind known proxies), then reduced to what one subscriber holds: an IPv4
 * address, or an IPv6 /64 (a subscriber gets a whole /64 and can use any
 * address in it).
 */
import { isIP } from 'node:net';

/** Environment variable: the addresses of the proxies the API runs behind (comma-separated). */
export const TRUSTED_PROXIES_ENV = 'KHOUNTOUS_TRUSTED_PROXIES';

/** The proxies named by KHOUNTOUS_TRUSTED_PROXIES (comma-separated). */
export function trustedProxiesFromEnv(env: Readonly<Record<string, string | undefined>>): Set<string> {
  return trustedProxies((env[TRUSTED_PROXIES_ENV] ?? '').split(','));
}

/** A set of trusted proxy addresses, one spelling each; an entry that is not an IP address throws. */
export function trustedProxies(list: readonly string[]): Set<string> {
  const entries = list.map((entry) => entry.trim()).filter(Boolean);
  for (const entry of entries) {
    if (isIP(entry) === 0) throw new Error(`${TRUSTED_PROXIES_ENV} must list IP addresses, got "${entry}".`);
  }
  return new Set(entries.map(canonicalAddress));
}

/** The eight groups of an IPv6 address, as numbers; undefined when it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.split('%')[0] ?? '';
  if (isIP(text) !== 6) return undefined;
  // An embedded IPv4 tail (::ffff:1.2.3.4) becomes two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const zeros = new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}

/** One spelling per address: IPv4 (an IPv4-mapped IPv6 address too) dotted, IPv6 as eight groups. */
function canonicalAddress(address: string): string {
  const groups = ipv6Groups(address);
  if (!groups) return address;
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  }
  return groups.map((group) => group.toString(16)).join(':');
}

/**
 * The quota key of an address: an IPv4 address as it is (an IPv4-mapped IPv6
 * address too), an IPv6 address as its /64 (`2001:db8:0:1::/64`); anything
 * else unchanged.
 */
export function quotaAddress(address: string): string {
  const canonical = canonicalAddress(address);
  if (!canonical.includes(':')) return canonical;
  return `${canonical.split(':').slice(0, 4).join(':')}::/64`;
}

/**
 * The client address of a request that arrived from `peer`. Only when `peer`
 * is a trusted proxy (`trusted` holds exact addresses, as
 * trustedProxiesFromEnv gives them) is X-Forwarded-For read: its rightmost
 * entry that is not itself a trusted proxy (entries left of it could be
 * written by anyone; a malformed one ends the search).
 * Returns the quota key (see quotaAddress).
 */
export function clientAddress(
  peer: string,
  forwardedFor: string | null,
  trusted: ReadonlySet<string>,
): string {
  let client = canonicalAddress(peer);
  if (trusted.has(client) && forwardedFor !== null) {
    const hops = forwardedFor.split(',').map((hop) => hop.trim());
    for (let i = hops.length - 1; i >= 0; i -= 1) {
      const hop = hops[i] as string;
      if (isIP(hop.split('%')[0] ?? '') === 0) break;
      client = canonicalAddress(hop);
      if (!trusted.has(client)) break;
    }
  }
  return quotaAddress(client);
}
