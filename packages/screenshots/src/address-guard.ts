// The one guard for outbound fetches (screenshots, installation check): which addresses are private, which hosts
// the operator lets resolve to them, and a resolution check whose answer the caller connects to (no second lookup).
import { lookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';

/** What the operator allows: private addresses everywhere, or only for these hosts ('host' any port, 'host:port' one). */
export interface FetchPolicy {
  allowPrivate: boolean;
  allowedHosts: string[];
}

export const STRICT_POLICY: FetchPolicy = { allowPrivate: false, allowedHosts: [] };

/** A fetch the guard refuses; its message is safe to show (it never carries resolver or socket error text). */
export class FetchRefused extends Error {}

type Range = readonly [network: string, prefix: number, name: string];

// IANA's special-purpose registries: everything here is not a public web server's address. Built on our own bit
// matching, not net.BlockList: on Node 20 a BlockList checks IPv4 addresses against IPv4-mapped IPv6 rules too, so a
// '::ffff:0:0/96' rule there refuses every IPv4 address.
const IPV4_RANGES: Range[] = [
  ['0.0.0.0', 8, 'this network'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, '6to4 relay'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

const IPV6_RANGES: Range[] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  // IPv4-compatible addresses (::a.b.c.d, e.g. ::7f00:1) are deprecated and never a web server's.
  ['::', 96, 'IPv4-compatible'],
  ['64:ff9b:1::', 48, 'local NAT64'],
  ['100::', 64, 'discard'],
  // Teredo hides its client address (inverted bits) behind a relay: no web site is served from it.
  ['2001::', 32, 'Teredo'],
  ['2001:db8::', 32, 'documentation'],
  ['fc00::', 7, 'unique-local'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
];

/** IPv6 ranges that carry an IPv4 address: [network, prefix, index of the first of the two 16-bit groups holding it]. */
const EMBEDDING_RANGES: ReadonlyArray<readonly [string, number, number]> = [
  ['::ffff:0:0', 96, 6], // IPv4-mapped
  ['::ffff:0:0:0', 96, 6], // IPv4-translated (SIIT)
  ['64:ff9b::', 96, 6], // NAT64 well-known prefix
  ['2002::', 16, 1], // 6to4
];

function ipv4Bits(address: string): number {
  return address.split('.').reduce((bits, part) => ((bits << 8) | Number(part)) >>> 0, 0);
}

/** The eight 16-bit groups of an IPv6 address (zone id dropped, a trailing dotted quad folded into two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0]!.toLowerCase();
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad) {
    const bits = ipv4Bits(quad[1]!);
    text = `${text.slice(0, quad.index)}${(bits >>> 16).toString(16)}:${(bits & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const front = parse(head);
  const back = parse(tail);
  const fill = tail === undefined ? [] : new Array<number>(8 - front.length - back.length).fill(0);
  return [...front, ...fill, ...back];
}

function inIpv6Range(groups: number[], network: string, prefix: number): boolean {
  const net = ipv6Groups(network);
  for (let i = 0, left = prefix; left > 0; i++, left -= 16) {
    const mask = left >= 16 ? 0xffff : (0xffff << (16 - left)) & 0xffff;
    if ((groups[i]! & mask) !== (net[i]! & mask)) return false;
  }
  return true;
}

function ipv4Range(address: string): string | undefined {
  const bits = ipv4Bits(address);
  for (const [network, prefix, name] of IPV4_RANGES) {
    const mask = prefix === 0 ? 0 : (~0 << (32 - prefix)) >>> 0;
    if (((bits & mask) >>> 0) === ((ipv4Bits(network) & mask) >>> 0)) return name;
  }
  return undefined;
}

/** The name of the non-public range an address lies in ('loopback', 'private', …), or undefined for a public one. */
export function addressRange(address: string): string | undefined {
  const family = isIP(address.split('%')[0]!);
  if (family === 4) return ipv4Range(address);
  if (family !== 6) return 'not an IP address';
  const groups = ipv6Groups(address);
  // The embedded IPv4 address is where the packets end up (mapping, NAT64, 6to4): judge that one.
  for (const [network, prefix, at] of EMBEDDING_RANGES) {
    if (!inIpv6Range(groups, network, prefix)) continue;
    const v4 = [groups[at]! >> 8, groups[at]! & 0xff, groups[at + 1]! >> 8, groups[at + 1]! & 0xff].join('.');
    const inner = ipv4Range(v4);
    return inner ? `${inner} IPv4 inside IPv6` : undefined;
  }
  return IPV6_RANGES.find(([network, prefix]) => inIpv6Range(groups, network, prefix))?.[2];
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
  for (const { address } of addresses) {
    const range = addressRange(address);
    if (range === undefined) continue;
    const what = isIP(host) ? `${host} is` : `${host} resolves to ${address},`;
    throw new FetchRefused(`${what} a private or reserved address (${range}), which is not fetched`);
  }
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
