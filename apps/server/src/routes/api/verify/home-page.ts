// Fetches a website's home page for the installation check: https then http, 5 s each, at most 1 MB, a few
// redirects, each hop through the shared address guard and connected to the very addresses it checked (so a second
// DNS answer cannot point the server at its own network).
import http from 'node:http';
import https from 'node:https';
import { checkHost, FetchRefused, pinnedLookup, type FetchPolicy } from '@foldline/screenshots/address-guard';

const TIMEOUT_MS = 5_000;
const MAX_BYTES = 1024 * 1024;
const MAX_REDIRECTS = 3;

export interface FetchedPage {
  url: string;
  status: number;
  body: string;
}

/** Why a fetch failed, in words for the publisher: never the socket's or resolver's own text (addresses, codes). */
export class FetchFailed extends Error {}

const SOCKET_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  ETIMEDOUT: 'the connection timed out',
};

function publicReason(error: unknown): FetchFailed {
  if (error instanceof FetchFailed || error instanceof FetchRefused) return error;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && SOCKET_ERRORS[code]) return new FetchFailed(SOCKET_ERRORS[code]);
  if (typeof code === 'string' && /CERT|SELF_SIGNED/.test(code)) return new FetchFailed('its TLS certificate was not accepted');
  if (typeof code === 'string' && /SSL|TLS|EPROTO/.test(code)) return new FetchFailed('the TLS handshake failed');
  return new FetchFailed('the request failed');
}

export async function fetchPage(url: string, policy: FetchPolicy, redirects = 0): Promise<FetchedPage> {
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  const addresses = await checkHost(target.hostname, policy, Number(target.port) || (secure ? 443 : 80));
  const next = await new Promise<FetchedPage | URL>((resolve, reject) => {
    const request = (secure ? https : http).get(
      target,
      {
        lookup: pinnedLookup(addresses),
        timeout: TIMEOUT_MS,
        headers: { 'user-agent': 'FoldlineInstallationCheck/1.0', accept: 'text/html' },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (status >= 300 && status < 400 && location) {
          response.resume();
          return resolve(new URL(location, target));
        }
        let size = 0;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BYTES) return response.destroy();
          chunks.push(chunk);
        });
        response.on('close', () => resolve({ url: target.href, status, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', (error) => reject(publicReason(error)));
      },
    );
    request.on('timeout', () => request.destroy(new FetchFailed(`no answer within ${TIMEOUT_MS / 1000} s`)));
    request.on('error', (error) => reject(publicReason(error)));
  });
  if (!(next instanceof URL)) return next;
  if (redirects >= MAX_REDIRECTS) throw new FetchFailed('too many redirects');
  if (next.protocol !== 'http:' && next.protocol !== 'https:') throw new FetchFailed('redirected away from the web');
  // The next hop goes through the guard again: a public page may redirect to a private address.
  return fetchPage(next.href, policy, redirects + 1);
}
