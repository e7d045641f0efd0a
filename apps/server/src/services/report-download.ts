// Downloads an ad server's report from the address a publisher gave (issue 23 §2, the daily fetch): https only (http
// too where the operator allows private addresses, as for a local set-up or the tests), every hop through the shared
// outbound address guard and connected to the very addresses it checked (packages/screenshots/src/address-guard.ts,
// as the installation check does), within a deadline and the upload's size limit.
import http from 'node:http';
import https from 'node:https';
import { checkHost, FetchRefused, pinnedLookup, type FetchPolicy } from '@foldline/screenshots/address-guard';

/** The whole download, redirects included. */
export const DOWNLOAD_TIMEOUT_MS = 60_000;
const MAX_REDIRECTS = 3;

/** Why a download failed, in words for the publisher: never the socket's or resolver's own text. */
export class DownloadFailed extends Error {}

export interface DownloadOptions {
  policy: FetchPolicy;
  maxBytes: number;
  timeoutMs?: number;
}

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

const SOCKET_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  ETIMEDOUT: 'the connection timed out',
};

const failed = (reason: string) => new DownloadFailed(`The report could not be fetched: ${reason}.`);

function publicReason(error: unknown): DownloadFailed {
  if (error instanceof DownloadFailed) return error;
  if (error instanceof FetchRefused) return failed(error.message);
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && SOCKET_ERRORS[code]) return failed(SOCKET_ERRORS[code]);
  if (typeof code === 'string' && /CERT|SELF_SIGNED/.test(code)) return failed('its TLS certificate was not accepted');
  if (typeof code === 'string' && /SSL|TLS|EPROTO/.test(code)) return failed('the TLS handshake failed');
  return failed('the request failed');
}

/** Refuses an address the fetch never takes: not https (http only where private addresses are allowed). */
export function checkReportAddress(address: string, policy: FetchPolicy): URL {
  const url = new URL(address);
  if (url.protocol === 'https:' || (url.protocol === 'http:' && policy.allowPrivate)) return url;
  throw new DownloadFailed("The report's address must start with https://: reports are only fetched over an encrypted connection.");
}

/** Resolves the address's host through the guard: a private or unresolvable one is refused (DownloadFailed). */
export async function checkReportHost(url: URL, policy: FetchPolicy): Promise<void> {
  await checkHost(url.hostname, policy, Number(url.port) || (url.protocol === 'https:' ? 443 : 80)).catch((error: unknown) => {
    throw publicReason(error);
  });
}

/** The file at the address, as bytes. */
export async function downloadReport(address: string, options: DownloadOptions): Promise<Buffer> {
  const deadline = Date.now() + (options.timeoutMs ?? DOWNLOAD_TIMEOUT_MS);
  let url = checkReportAddress(address, options.policy);
  for (let redirects = 0; ; redirects += 1) {
    const next = await fetchOnce(url, options, deadline);
    if (Buffer.isBuffer(next)) return next;
    if (redirects >= MAX_REDIRECTS) throw failed('too many redirects');
    // The next hop goes through the same checks: a public address may redirect to a private one, or to http.
    url = checkReportAddress(next.href, options.policy);
  }
}

async function fetchOnce(url: URL, options: DownloadOptions, deadline: number): Promise<Buffer | URL> {
  const secure = url.protocol === 'https:';
  const addresses = await checkHost(url.hostname, options.policy, Number(url.port) || (secure ? 443 : 80)).catch((error: unknown) => {
    throw publicReason(error);
  });
  const left = deadline - Date.now();
  if (left <= 0) throw failed(`no complete answer within ${Math.ceil((options.timeoutMs ?? DOWNLOAD_TIMEOUT_MS) / 1000)} s`);
  return new Promise<Buffer | URL>((resolve, reject) => {
    const request = (secure ? https : http).get(url, {
      lookup: pinnedLookup(addresses),
      headers: { 'user-agent': 'FoldlineRevenueFetch/1.0', accept: 'text/csv, text/plain, */*' },
    });
    // Why this side ended the download, whatever error the request or response then reports.
    let reason: DownloadFailed | undefined;
    const fail = (error: unknown) => {
      clearTimeout(timer);
      reject(publicReason(reason ?? error));
    };
    const stop = (why: DownloadFailed) => {
      reason ??= why;
      fail(why);
      // Without an error: the reason is given above, and nothing else need listen for it.
      request.destroy();
    };
    const timer = setTimeout(() => stop(failed(`no complete answer within ${Math.ceil((options.timeoutMs ?? DOWNLOAD_TIMEOUT_MS) / 1000)} s`)), left);
    request.on('error', fail);
    request.on('response', (response) => {
      response.on('error', fail);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) {
        clearTimeout(timer);
        response.resume();
        return resolve(new URL(location, url));
      }
      if (status < 200 || status >= 300) {
        response.resume();
        return fail(failed(`the address answered HTTP ${status}`));
      }
      const tooLarge = () => failed(`the file is over ${megabytes(options.maxBytes)}, the most a report may be. Export fewer days at once`);
      if (Number(response.headers['content-length']) > options.maxBytes) return stop(tooLarge());
      let size = 0;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (reason) return;
        if (size > options.maxBytes) return stop(tooLarge());
        chunks.push(chunk);
      });
      response.on('end', () => {
        clearTimeout(timer);
        if (reason) reject(reason);
        else resolve(Buffer.concat(chunks));
      });
    });
  });
}
