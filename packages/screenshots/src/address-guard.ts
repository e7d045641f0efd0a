// The one guard for outbound fetches (screenshots, installation check): which addresses are private, which hosts
// the operator lets resolve to them, and a resolution check whose answer the caller connects to (no second lookup).
import { lookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr, { type IPv4, type IPv6 } from 'ipaddr.js';

/** What the operator allows: private addresses everywhere, or only for these hosts ('host' any port, 'host:port' one). */
export interface FetchPolicy {
  allowPrivate: boolean;
  allowedHosts: string[];
}

export const STRICT_POLICY: FetchPolicy = { allowPrivate: false, allowedHosts: [] };

/** A fetch the guard refuses. Its message is safe to show: it never carries resolver or socket error text, nor what
 * a host resolves to or the range that is in (issue 22 item 7: 'x resolves to 127.0.0.1' let anyone who can add a
 * website map the network behind the server). */
export class FetchRefused extends Error {}

// Which addresses are special is ipaddr.js's table (IANA's special-purpose registries): every range it names but
// 'unicast' is no public web server's. Two judgements are added to it.

/** IPv6 ranges that carry an IPv4 address, by ipaddr.js's name, with the first of the two 16-bit parts holding it:
 * the packets end up at that IPv4 address, so it is the one judged. */
const IPV4_INSIDE: Partial<Record<string, number>> = {
  ipv4Mapped: 6, // ::ffff:0:0/96
  rfc6145: 6, // IPv4-translated (SIIT), ::ffff:0:0:0/96
  '6to4': 1, // 2002::/16
};
/** NAT64's well-known prefix carries one too; ipaddr.js names it with the local-use 64:ff9b:1::/48 ('rfc6052'),
 * which stays refused whole. */
const NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
/** IPv4-compatible addresses (::a.b.c.d) are deprecated and never a web server's; ipaddr.js counts them unicast. */
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');

function ipv4Inside(address: IPv6, range: string): IPv4 | undefined {
  const at = range === 'rfc6052' && address.match(NAT64) ? 6 : IPV4_INSIDE[range];
  if (at === undefined) return undefined;
  const [high, low] = [address.parts[at]!, address.parts[at + 1]!];
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/** An IPv6 address in hex groups only, as WHATWG URL writes it: ipaddr.js 2 reads '::a.b.c.d' as IPv4-mapped, where
 * it is IPv4-compatible (::127.0.0.1 is ::7f00:1). */
const hexGroups = (address: string) => (address.includes('.') ? new URL(`http://[${address}]`).hostname.slice(1, -1) : address);

const nonPublic = (range: string) => (range === 'unicast' ? undefined : range);

/** ipaddr.js's name of the non-public range an address lies in ('loopback', 'private', 'linkLocal', …, with
 * ' IPv4 inside IPv6' for an IPv4 address carried by an IPv6 one), or undefined for a public address. */
export function addressRange(address: string): string | undefined {
  // A zone id ('fe80::1%eth0') names an interface, not part of the address.
  const text = address.split('%')[0]!;
  const family = isIP(text);
  if (family === 4) return nonPublic(ipaddr.IPv4.parse(text).range());
  if (family !== 6) return 'not an IP address';
  const v6 = ipaddr.IPv6.parse(hexGroups(text));
  const range = v6.range();
  const inner = ipv4Inside(v6, range);
  if (inner) {
    const innerRange = nonPublic(inner.range());
    return innerRange && `${innerRange} IPv4 inside IPv6`;
  }
  if (range === 'unicast' && v6.match(IPV4_COMPATIBLE)) return 'ipv4Compatible';
  return nonPublic(range);
}

/** True for every address a public web server cannot have: loopback, private, link-local, multicast, … */
export function isPrivateAddress(address: string): boolean {
  return addressRange(address) !== undefined;
}

function normaliseHost(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
}

/** Whether the operator lets this host (at this port) resolve to private addresses. */
export function isAllowedHost(hostname: string, port: number | undefined, policy: FetchPolicy): boolean {
  const host = normaliseHost(hostname);
  return policy.allowedHosts.some((entry) => {
    const allowed = entry.toLowerCase();
    return allowed === host || (port !== undefined && allowed === `${host}:${port}`);
  });
}

// Chromium (and RFC 6761) answer 'localhost' and every '*.localhost' name with loopback without asking DNS, so the
// guard must see the same addresses the browser will use.
const LOOPBACK: LookupAddress[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];

function resolveAll(host: string): Promise<LookupAddress[]> {
  if (host === 'localhost' || host.endsWith('.localhost')) return Promise.resolve(LOOPBACK);
  const family = isIP(host);
  if (family) return Promise.resolve([{ address: host, family }]);
  return new Promise((resolve, reject) => {
    lookup(host, { all: true, verbatim: true }, (error, addresses) => {
      // The resolver's text names servers and codes that mean nothing to a publisher: say what failed instead.
      if (error || addresses.length === 0) reject(new FetchRefused(`${host} could not be resolved`));
      else resolve(addresses);
    });
  });
}

/**
 * Resolves a host (every address) and refuses it when any address is private, unless the policy allows that.
 * Connect to the addresses returned (see pinnedLookup): resolving again would let a DNS answer change in between.
 */
export async function checkHost(hostname: string, policy: FetchPolicy, port?: number): Promise<LookupAddress[]> {
  const host = normaliseHost(hostname);
  const addresses = await resolveAll(host);
  if (policy.allowPrivate || isAllowedHost(host, port, policy)) return addresses;
  // One answer for every refusal: which address, or which kind, would tell what the host resolves to.
  if (addresses.some(({ address }) => isPrivateAddress(address))) throw new FetchRefused(`${host} is not an allowed address`);
  return addresses;
}

/** A lookup for node:net/http that answers only with addresses already checked, so the connection goes there. */
export function pinnedLookup(addresses: LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const usable = options.family ? addresses.filter((a) => a.family === options.family) : addresses;
    if (usable.length === 0) return callback(new FetchRefused('no checked address of that family'), '', 0);
    if (options.all) return (callback as unknown as (error: null, all: LookupAddress[]) => void)(null, usable);
    callback(null, usable[0]!.address, usable[0]!.family);
  };
}
