// Fetches a website's home page for the installation check: https then http, 5 s each, at most 1 MB, a few
// redirects, and never a private or loopback address unless the operator allows it (checked at connect time,
// so a DNS answer cannot point the server at its own network).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

const TIMEOUT_MS = 5_000;
const MAX_BYTES = 1024 * 1024;
const MAX_REDIRECTS = 3;

const privateRanges = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) privateRanges.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['::ffff:0:0', 96]] as const) {
  privateRanges.addSubnet(net, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return privateRanges.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class FetchRefused extends Error {}

export interface FetchedPage {
  url: string;
  status: number;
  body: string;
}

function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const usable = allowPrivate ? addresses : addresses.filter((a) => !isPrivateAddress(a.address));
      if (usable.length === 0) {
        return callback(new FetchRefused(`${hostname} resolves to a private or loopback address, which is not fetched`), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

export function fetchPage(url: string, allowPrivate: boolean, redirects = 0): Promise<FetchedPage> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    if (!allowPrivate && isIP(target.hostname.replace(/^\[|\]$/g, '')) && isPrivateAddress(target.hostname.replace(/^\[|\]$/g, ''))) {
      return reject(new FetchRefused(`${target.hostname} is a private or loopback address, which is not fetched`));
    }
    const client = target.protocol === 'https:' ? https : http;
    const request = client.get(
      target,
      { lookup: guardedLookup(allowPrivate), timeout: TIMEOUT_MS, headers: { 'user-agent': 'FoldlineInstallationCheck/1.0', accept: 'text/html' } },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (status >= 300 && status < 400 && location) {
          response.resume();
          if (redirects >= MAX_REDIRECTS) return reject(new Error('too many redirects'));
          const next = new URL(location, target);
          if (next.protocol !== 'http:' && next.protocol !== 'https:') return reject(new Error('redirected away from the web'));
          return resolve(fetchPage(next.href, allowPrivate, redirects + 1));
        }
        let size = 0;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BYTES) return response.destroy();
          chunks.push(chunk);
        });
        response.on('close', () => resolve({ url: target.href, status, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    request.on('error', reject);
  });
}
