// The capture's only way out: a forward proxy on loopback through which Chromium sends every connection (pages,
// redirect hops, subresources, workers), which connects only to addresses the address guard passed. Playwright's
// request routing does not see redirect hops and lets Chromium resolve names itself, so the route check alone could
// be walked around by a redirect or a DNS answer that changes between check and connect.
import type { LookupAddress } from 'node:dns';
import http, { type IncomingHttpHeaders } from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import { pinnedLookup } from './address-guard.ts';

/** Resolves and checks a host (rejecting with a FetchRefused) and answers the addresses to connect to. */
export type HostCheck = (hostname: string, port: number) => Promise<LookupAddress[]>;

export interface EgressProxy {
  /** http://127.0.0.1:port, for Playwright's `proxy.server`. */
  server: string;
  /** Hosts refused so far, with the guard's message. */
  refusals: Map<string, string>;
  close(): Promise<void>;
}

/** Marks a refusal from the proxy, so a refused redirect of the page itself is told from the site's own 403. */
export const REFUSED_HEADER = 'x-foldline-refused';

/** Marks the proxy's own 502 (the site could not be reached), whose value says why in words from UNREACHABLE. */
export const UNREACHABLE_HEADER = 'x-foldline-unreachable';

const UNREACHABLE: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
};
const unreachable = (error: unknown) => UNREACHABLE[String((error as { code?: unknown }).code)] ?? 'the site could not be reached';

/** How long a connection to one of a host's checked addresses may take before the next is tried (Node's happy
 * eyeballs, `autoSelectFamily`). Node's 250 ms is timed on the event loop: when the loop was busy for longer (a capture
 * under load), the timer fired before the accepted connection was seen and the request failed with ETIMEDOUT
 * (nodejs/node#54359), a capture answered 502 "could not be captured: the connection timed out" on CI. Two seconds
 * still moves past a dead address soon enough for a capture, which takes seconds anyway. */
const ADDRESS_ATTEMPT_MS = 2_000;
const CONNECT_OPTIONS = { autoSelectFamily: true, autoSelectFamilyAttemptTimeout: ADDRESS_ATTEMPT_MS } as const;

const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'proxy-authenticate', 'te', 'trailer', 'upgrade'];

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const copy = { ...headers };
  for (const name of HOP_BY_HOP) delete copy[name];
  return copy;
}

/** host:port of a CONNECT request ('example.com:443', '[2001:db8::1]:443'). */
function splitAuthority(authority: string): { host: string; port: number } | undefined {
  const match = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(authority);
  if (!match) return undefined;
  return { host: (match[1] ?? match[2])!, port: Number(match[3]) };
}

export async function startEgressProxy(check: HostCheck): Promise<EgressProxy> {
  const refusals = new Map<string, string>();
  const sockets = new Set<Socket>();

  async function admit(host: string, port: number): Promise<LookupAddress[] | undefined> {
    try {
      return await check(host, port);
    } catch (error) {
      refusals.set(host, error instanceof Error ? error.message : String(error));
      return undefined;
    }
  }

  const server = http.createServer(async (request, response) => {
    let target: URL;
    try {
      target = new URL(request.url ?? '');
    } catch {
      return response.writeHead(400).end();
    }
    if (target.protocol !== 'http:') return response.writeHead(400).end();
    const host = target.hostname.replace(/^\[|\]$/g, '');
    const port = Number(target.port) || 80;
    const addresses = await admit(host, port);
    if (!addresses) return response.writeHead(403, { [REFUSED_HEADER]: '1', 'content-type': 'text/plain' }).end('Refused');
    const upstream = http.request(
      { host, port, method: request.method, path: `${target.pathname}${target.search}`, headers: withoutHopByHop(request.headers), lookup: pinnedLookup(addresses), ...CONNECT_OPTIONS },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
        answer.pipe(response);
        answer.on('error', () => response.destroy());
      },
    );
    upstream.on('error', (error) => {
      if (response.headersSent) return response.destroy();
      response.writeHead(502, { [UNREACHABLE_HEADER]: unreachable(error), 'content-type': 'text/plain' }).end('Unreachable');
    });
    request.pipe(upstream);
  });

  // https (and anything else tunnelled): the host is checked before a byte reaches it; TLS stays end to end.
  server.on('connect', async (request: http.IncomingMessage, client: Socket, head: Buffer) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    const authority = splitAuthority(request.url ?? '');
    const addresses = authority && (await admit(authority.host, authority.port));
    if (!authority || !addresses) return client.end(`HTTP/1.1 403 Forbidden\r\n${REFUSED_HEADER}: 1\r\n\r\n`);
    let established = false;
    const upstream = net.connect({ host: authority.host, port: authority.port, lookup: pinnedLookup(addresses), ...CONNECT_OPTIONS }, () => {
      established = true;
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => {
      sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => (established ? client.destroy() : client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n')));
    client.on('close', () => upstream.destroy());
  });

  // WebSockets over plain http arrive as upgrades: the capture blocks them, and so does the proxy.
  server.on('upgrade', (_request, socket: Socket) => socket.destroy());

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    refusals,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
