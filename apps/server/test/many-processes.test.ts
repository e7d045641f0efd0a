// Many Foldline processes in front of one event store and one metadata store (issue 13): two real server processes,
// each with its own data directory but the same JWT_SECRET, CLICKHOUSE_URL and metadata store, take beacons for the
// same brand-new pages at the same moment. Each page is registered once and every event of it carries that page's id;
// every acknowledged event is stored exactly once, rollups included; one reader is one visitor on both; a token signed by one process is good on the
// other; and a website deleted through one process stops collecting on the other within the website cache's lifetime.
//
// The event store is the test-only shim (chDB behind ClickHouse's HTTP interface) in this process: no ClickHouse
// server can run here. Metadata is PostgreSQL when TEST_DATABASE_URL is set, and SQLite always: its file lives in
// DATA_DIR, so there the two processes share one data directory (SQLite in WAL mode with a busy timeout serves
// several processes on one host; with CLICKHOUSE_URL set nothing else in DATA_DIR is held by one process).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openClickHouseStore } from '@foldline/event-store/clickhouse-store';
import { openMetadataStore } from '@foldline/metadata';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClickHouseShim, type ClickHouseShim } from '../../../packages/event-store/test/support/clickhouse-shim.ts';
import { BROWSER_UA } from './collect-factory.ts';
import { loadBeacon, postBeacon, senderAddress, startServerProcess, type ServerProcess } from './collect-load.ts';
import type { Dialect } from './test-app.ts';

const JWT_SECRET = 'many-processes-test-secret-0123456789abcdef';
const PAGES = 20;
const BEACONS = 300;
const EVENTS_PER_BEACON = 5;
/** The collector's website cache keeps an entry this long (packages/ingest/src/website-cache.ts). */
const WEBSITE_CACHE_MS = 5_000;

let shimDir: string;
let shim: ClickHouseShim;
beforeAll(async () => {
  shimDir = mkdtempSync(path.join(tmpdir(), 'foldline-processes-shim-'));
  shim = await startClickHouseShim({ dataDir: shimDir });
});
afterAll(async () => {
  await shim?.close();
  rmSync(shimDir, { recursive: true, force: true });
});

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function api<T = unknown>(port: number, method: string, url: string, body?: unknown, token?: string): Promise<{ status: number; json: T }> {
  const response = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as T };
}

/** A beacon's answer: stored (`ok`), dropped, or failed. */
async function collect(port: number, body: string): Promise<{ status: number; ok: boolean }> {
  const response = await fetch(`http://127.0.0.1:${port}/api/collect`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER_UA, 'x-forwarded-for': senderAddress(7) },
    body,
  });
  const json = (await response.json()) as { ok?: boolean };
  return { status: response.status, ok: json.ok === true };
}

/** PostgreSQL where the suites have one (CI), as a scale-out runs; else SQLite. One of them keeps the test short. */
const dialect: Dialect = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

describe(`two processes sharing the stores [${dialect}]`, () => {
  const dirs: string[] = [];
  const processes: ServerProcess[] = [];
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  const eventsDatabase = `foldline_processes_${dialect}`;
  const loggedErrors: string[] = [];

  beforeAll(async () => {
    let dataDirs: [string, string];
    if (dialect === 'postgres') {
      const base = process.env.TEST_DATABASE_URL!;
      const name = `foldline_test_${randomUUID().replace(/-/g, '')}`;
      await adminQuery(base, `CREATE DATABASE ${name}`);
      const url = new URL(base);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      dropDatabase = () => adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      dataDirs = [mkdtempSync(path.join(tmpdir(), 'foldline-process-a-')), mkdtempSync(path.join(tmpdir(), 'foldline-process-b-'))];
    } else {
      const shared = mkdtempSync(path.join(tmpdir(), 'foldline-processes-'));
      // Kysely's SQLite migrator takes no lock between processes: the schema is made before both start.
      await (await openMetadataStore({ dataDir: shared })).close();
      dataDirs = [shared, shared];
    }
    dirs.push(...new Set(dataDirs));
    const env = {
      JWT_SECRET,
      CLICKHOUSE_URL: `${shim.url}/${eventsDatabase}`,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };
    // Both at once: the event store's migrations run once under their claim, PostgreSQL's under Kysely's lock.
    processes.push(...(await Promise.all(dataDirs.map((dataDir) => startServerProcess(dataDir, [], env)))));
    // Errors either process logs (pino's level 50 and up), to show with a failure and to find none at the end.
    for (const server of processes) {
      let pending = '';
      server.child.stdout!.on('data', (chunk: Buffer) => {
        const lines = (pending + chunk.toString()).split('\n');
        pending = lines.pop()!;
        for (const line of lines) if (/"level":(5|6)\d/.test(line)) loggedErrors.push(`${server.port}: ${line.slice(0, 2000)}`);
      });
    }
  }, 60_000);

  afterAll(async () => {
    for (const server of processes) server.child.kill('SIGTERM');
    const codes = await Promise.all(processes.map((server) => server.exited));
    await dropDatabase();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    expect(codes).toEqual(processes.map(() => 0));
  });

  it('register each new page once, store every acknowledged event once, and follow a website cleared or deleted elsewhere within seconds', async () => {
    const [a, b] = processes as [ServerProcess, ServerProcess];
    const registered = await api<{ tokens: { accessToken: string } }>(a.port, 'POST', '/api/auth/register', { name: 'Publisher', email: `p-${randomUUID()}@example.com`, password: 'correct horse 1' });
    expect(registered.status).toBe(201);
    const token = registered.json.tokens.accessToken;
    // The other process takes the token: one JWT_SECRET.
    expect((await api(b.port, 'GET', '/api/websites', undefined, token)).status).toBe(200);
    const created = await api<{ data: { website: { website_id: string; tracking_code: string } } }>(b.port, 'POST', '/api/websites', { name: 'Gazette', domain: 'demo.example.com' }, token);
    expect(created.status).toBe(201);
    const { website_id: websiteId, tracking_code: trackingCode } = created.json.data.website;
    // Another website, known to both processes, to be deleted at the end.
    const other = (await api<{ data: { website: { website_id: string; tracking_code: string } } }>(a.port, 'POST', '/api/websites', { name: 'Other', domain: 'other.example.com' }, token)).json.data.website;
    const otherBeacon = (n: number) => {
      const beacon = loadBeacon(other.tracking_code, 1, n);
      return { ...beacon, body: beacon.body.replace('https://demo.example.com/', 'https://other.example.com/') };
    };
    for (const server of [a, b]) expect(await collect(server.port, otherBeacon(0).body)).toEqual({ status: 200, ok: true });

    // Every page's first beacons reach both processes at the same moment, then the rest alternate, 16 at a time.
    const acknowledged: string[] = [];
    const failed: number[] = [];
    const send = async (port: number, n: number) => {
      const { pv, body } = loadBeacon(trackingCode, EVENTS_PER_BEACON, n);
      // Beacons n and n + 1 go to different processes from one address: each of the 64 readers reaches both.
      const { status } = await postBeacon(port, body, senderAddress((n >> 1) % 64));
      if (status === 200) acknowledged.push(pv);
      else failed.push(status);
    };
    await Promise.all(Array.from({ length: PAGES }, (_, n) => [send(a.port, n), send(b.port, n)]).flat());
    let next = 2 * PAGES;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < BEACONS) {
          const n = next++;
          await send(n % 2 ? a.port : b.port, n);
        }
      }),
    );
    expect({ failed, loggedErrors }).toEqual({ failed: [], loggedErrors: [] });
    expect(acknowledged).toHaveLength(BEACONS);

    const metadata = await openMetadataStore({ databaseUrl, dataDir: dirs[0]! });
    const events = openClickHouseStore(`${shim.url}/${eventsDatabase}`);
    try {
      const pages = await metadata.db.selectFrom('pages').select(['id', 'url_path']).where('website_id', '=', websiteId).orderBy('url_path').execute();
      expect(pages.map((page) => page.url_path)).toEqual(Array.from({ length: PAGES }, (_, n) => `/articles/${n}`).sort());
      const pageIds = new Map(pages.map((page) => [page.url_path, page.id]));

      const stored = await events.query<{ pv: string; n: number }>(
        'SELECT toString(pageview_id) AS pv, count() AS n FROM foldline.pageviews WHERE website_id = {websiteId:UUID} GROUP BY pv',
        { websiteId },
      );
      expect(stored.filter((row) => Number(row.n) !== 1)).toEqual([]);
      expect(stored.map((row) => row.pv).sort()).toEqual([...acknowledged].sort());
      // Both processes resolved each page to the one id in the store.
      const pageOfPath = await events.query<{ url_path: string; ids: string[] }>(
        'SELECT url_path, arraySort(groupUniqArray(toString(page_id))) AS ids FROM foldline.pageviews WHERE website_id = {websiteId:UUID} GROUP BY url_path',
        { websiteId },
      );
      expect(pageOfPath).toHaveLength(PAGES);
      for (const row of pageOfPath) expect(row.ids, row.url_path).toEqual([pageIds.get(row.url_path)]);
      // One reader is one visitor whichever process took their beacons: the daily salt is shared. The 64 addresses
      // (one browser) each reached both processes; with a salt per process they were 128 visitors.
      const [visitors] = await events.query<{ n: string }>('SELECT uniqExact(visitor_id) AS n FROM foldline.pageviews WHERE website_id = {websiteId:UUID}', { websiteId });
      expect(Number(visitors!.n)).toBe(64);
      // Each beacon: a pageview, two spans, an engagement update and a click; the page counts and a rollup add up.
      const [counts] = await events.query<Record<string, number>>(
        `SELECT
          (SELECT count() FROM foldline.viewport_spans WHERE website_id = {websiteId:UUID}) AS spans,
          (SELECT count() FROM foldline.engagement WHERE website_id = {websiteId:UUID}) AS engagement,
          (SELECT count() FROM foldline.clicks WHERE website_id = {websiteId:UUID}) AS clicks,
          (SELECT sum(events) FROM foldline.page_events_log WHERE website_id = {websiteId:UUID}) AS logged,
          (SELECT sum(pageviews) FROM foldline.site_stats_hourly WHERE website_id = {websiteId:UUID}) AS rolled_up`,
        { websiteId },
      );
      expect(Object.fromEntries(Object.entries(counts!).map(([name, value]) => [name, Number(value)]))).toEqual({
        spans: 2 * BEACONS,
        engagement: BEACONS,
        clicks: BEACONS,
        logged: EVENTS_PER_BEACON * BEACONS,
        rolled_up: BEACONS,
      });

      // "Clear Website Data" of this website and the deletion of another, both through one process. That process
      // forgets them at once, the other once its website cache entry expires: it registers the cleared website's
      // pages afresh and drops the deleted website's beacons. Until then it stores beacons under what it remembered,
      // for pages and a website that are gone (see docs/DEPLOYMENT.md).
      const [cleared, deleted] = await Promise.all([
        api(a.port, 'DELETE', `/api/websites/${websiteId}/data`, undefined, token),
        api(a.port, 'DELETE', `/api/websites/${other.website_id}`, undefined, token),
      ]);
      expect([cleared.status, deleted.status]).toEqual([200, 200]);
      const changedAt = Date.now();
      expect(await collect(a.port, otherBeacon(0).body)).toEqual({ status: 200, ok: false });
      const within = async (done: () => Promise<boolean>) => {
        while (Date.now() - changedAt < WEBSITE_CACHE_MS + 5_000) {
          if (await done()) return Date.now() - changedAt;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return Infinity;
      };
      let storedAfterDelete = 0;
      const [registeredAfter, stoppedAfter] = await Promise.all([
        within(async () => {
          const beacon = loadBeacon(trackingCode, 1, 0);
          expect(await collect(b.port, beacon.body)).toEqual({ status: 200, ok: true });
          const page = await metadata.db.selectFrom('pages').select('id').where('website_id', '=', websiteId).where('url_path', '=', '/articles/0').executeTakeFirst();
          if (!page) return false;
          const [row] = await events.query<{ page_id: string }>('SELECT toString(page_id) AS page_id FROM foldline.pageviews WHERE pageview_id = {pv:UUID}', { pv: beacon.pv });
          return row?.page_id === page.id;
        }),
        within(async () => {
          const answer = await collect(b.port, otherBeacon(1).body);
          expect(answer.status).toBe(200);
          if (answer.ok) storedAfterDelete += 1;
          return !answer.ok;
        }),
      ]);
      expect(registeredAfter, 'the cleared website\'s page registered afresh by the other process').toBeLessThanOrEqual(WEBSITE_CACHE_MS + 1_000);
      expect(stoppedAfter, 'the deleted website\'s beacons dropped by the other process').toBeLessThanOrEqual(WEBSITE_CACHE_MS + 1_000);
      const [left] = await events.query<{ n: number }>('SELECT count() AS n FROM foldline.pageviews WHERE website_id = {websiteId:UUID}', { websiteId: other.website_id });
      expect(Number(left!.n)).toBeLessThanOrEqual(storedAfterDelete);
      expect(loggedErrors).toEqual([]);
    } finally {
      await events.close();
      await metadata.close();
    }
  }, 60_000);
});
