// Runs the real server as a child process and drives POST /api/collect with many concurrent beacons:
// shared by the crash test and the collector benchmark.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openMetadataStore } from '@foldline/metadata';
import { BROWSER_UA } from './collect-factory.ts';

const SERVER_ENTRY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/server.ts');

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** Resolves with the exit code or signal once the process ended. */
  exited: Promise<number | string>;
}

/** Starts apps/server/src/server.ts on a free loopback port with its own data directory (nodeArgs: e.g. --cpu-prof;
 * env: more variables). */
export async function startServerProcess(dataDir: string, nodeArgs: string[] = [], env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', SERVER_ENTRY], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DEMO: '0', LOG_LEVEL: 'info', PUBLIC_URL: 'http://localhost:3000', TRUST_PROXY: 'loopback', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code ?? 0)));
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/listening at http:\/\/127\.0\.0\.1:(\d+)/);
      if (match) {
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        resolve(Number(match[1]));
      }
    };
    child.stdout!.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited (${code}) before listening: ${errors}${output.slice(-2000)}`)));
  });
  return { child, port, exited };
}

/** A user and an active website on demo.example.com, written straight into the server's metadata store. */
export async function seedWebsite(dataDir: string): Promise<{ trackingCode: string; websiteId: string }> {
  const store = await openMetadataStore({ dataDir });
  const now = new Date().toISOString();
  const userId = randomUUID();
  const websiteId = randomUUID();
  const trackingCode = `FL-${randomUUID().slice(0, 8).toUpperCase()}`;
  await store.db.insertInto('users').values({ id: userId, name: 'Load', email: `load-${userId}@example.com`, password_hash: 'x', created_at: now, updated_at: now }).execute();
  await store.db
    .insertInto('websites')
    .values({ id: websiteId, user_id: userId, name: 'Load', domain: 'demo.example.com', tracking_code: trackingCode, status: 'active', timezone: 'UTC', settings: '{}', created_at: now, updated_at: now })
    .execute();
  await store.close();
  return { trackingCode, websiteId };
}

/** One beacon of `events` events: a pageview plus spans, clicks and engagement, on one of 20 pages. */
export function loadBeacon(trackingCode: string, events: number, n: number): { pv: string; body: string } {
  const pv = randomUUID();
  const e: unknown[] = [{ k: 'pv', a: 900, t: `Article ${n % 20}`, r: '', vw: [390, 800, 1440][n % 3], vh: 800, dh: 5000 }];
  for (let i = 1; i < events; i += 1) {
    if (i % 3 === 0) e.push({ k: 'click', a: 500, x: 100 + i, y: 900 + i, vw: 1440, dh: 5000, s: 'main>p:nth-of-type(2)', ox: 0.5, oy: 0.5 });
    else if (i % 3 === 1) e.push({ k: 'span', a: 700, y: i * 100, vh: 800, dh: 5000, d: 1500 });
    // Updates of one pageview, each naming the depth the one before it reported, as the tracker sends them.
    else e.push({ k: 'eng', a: 100, ms: 2000, sd: 40, pd: i === 2 ? -1 : 40, dh: 5000 });
  }
  return { pv, body: JSON.stringify({ site: trackingCode, u: `https://demo.example.com/articles/${n % 20}`, pv, sid: randomUUID(), vw: 1440, e }) };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** Posts a beacon; resolves with the status and the latency in ms (status 0 when the connection failed). */
export function postBeacon(port: number, body: string, ip: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.request(
      { host: '127.0.0.1', port, path: '/api/collect', method: 'POST', agent, headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER_UA, 'x-forwarded-for': ip } },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
        response.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
      },
    );
    request.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    request.end(body);
  });
}

/** A client address per sender, so the per-address rate limit does not cap a load test made on one machine. */
export const senderAddress = (n: number) => `198.51.${(n >> 8) & 255}.${n & 255}`;
