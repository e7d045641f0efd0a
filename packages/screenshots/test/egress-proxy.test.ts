// The egress proxy: connects to the addresses the check answered (never resolving again), refuses what it refuses
// with a marker, says why a site could not be reached, and tunnels only to checked hosts.
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchRefused } from '../src/address-guard.ts';
import { REFUSED_HEADER, startEgressProxy, UNREACHABLE_HEADER, type EgressProxy } from '../src/egress-proxy.ts';
import { startFixtureSite, type FixtureSite } from './fixture-site.ts';

let site: FixtureSite;
let proxy: EgressProxy;
const checked: string[] = [];

beforeAll(async () => {
  site = await startFixtureSite();
  site.page('/hello', '<p>hello</p>');
  // 'pinned.invalid' cannot be resolved by DNS: only the check's answer can take the proxy to it.
  proxy = await startEgressProxy(async (hostname, port) => {
    checked.push(`${hostname}:${port}`);
    if (hostname === 'pinned.invalid') return [{ address: '127.0.0.1', family: 4 }];
    // Both loopback addresses, as the guard answers for '*.localhost'; the proxy's event loop then busy for 400 ms
    // just after it starts connecting, as a capture under load leaves it.
    if (hostname === 'busy.localhost') {
      setImmediate(() => {
        const until = Date.now() + 400;
        while (Date.now() < until);
      });
      return [{ address: '127.0.0.1', family: 4 }, { address: '::1', family: 6 }];
    }
    throw new FetchRefused(`${hostname} is refused`);
  });
});
afterAll(async () => {
  await proxy?.close();
  await site?.close();
});

function viaProxy(url: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const { port } = new URL(proxy.server);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port: Number(port), path: url, headers: { host: new URL(url).host } }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

function tunnel(authority: string): Promise<string> {
  const { port } = new URL(proxy.server);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(`CONNECT ${authority} HTTP/1.1\r\nhost: ${authority}\r\n\r\n`));
    socket.once('data', (data) => {
      resolve(data.toString('latin1').split('\r\n')[0]!);
      socket.destroy();
    });
    socket.on('error', reject);
  });
}

describe('egress proxy', () => {
  it('forwards to the checked address of a host', async () => {
    const answer = await viaProxy(`http://pinned.invalid:${site.port}/hello`);
    expect(answer).toMatchObject({ status: 200, body: '<p>hello</p>' });
    expect(site.hits.at(-1)).toMatchObject({ host: `pinned.invalid:${site.port}`, path: '/hello' });
    expect(checked).toContain(`pinned.invalid:${site.port}`);
  });

  it('refuses a host the check refuses, marked as the proxy\'s refusal', async () => {
    const hits = site.hits.length;
    const answer = await viaProxy(`http://127.0.0.1:${site.port}/hello`);
    expect(answer.status).toBe(403);
    expect(answer.headers[REFUSED_HEADER]).toBe('1');
    expect(proxy.refusals.get('127.0.0.1')).toBe('127.0.0.1 is refused');
    expect(site.hits.length).toBe(hits);
  });

  it('says why a checked site could not be reached', async () => {
    const closed = await startFixtureSite();
    await closed.close();
    const answer = await viaProxy(`http://pinned.invalid:${closed.port}/`);
    expect(answer.status).toBe(502);
    expect(answer.headers[UNREACHABLE_HEADER]).toBe('the connection was refused');
  });

  it('reaches a site whose connection was accepted while its event loop was busy', async () => {
    // Node's 250 ms per address, timed on the event loop, failed this with ETIMEDOUT (nodejs/node#54359).
    const answer = await viaProxy(`http://busy.localhost:${site.port}/hello`);
    expect(answer).toMatchObject({ status: 200, body: '<p>hello</p>' });
  });

  it('tunnels only to checked hosts', async () => {
    expect(await tunnel(`pinned.invalid:${site.port}`)).toBe('HTTP/1.1 200 Connection Established');
    expect(await tunnel(`169.254.169.254:443`)).toBe('HTTP/1.1 403 Forbidden');
    expect(await tunnel('no-port.example')).toBe('HTTP/1.1 403 Forbidden');
  });
});
