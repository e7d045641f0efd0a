// The server adapter over ClickHouse's HTTP interface, against the shim (chDB behind that interface, answering with
// defaults a server may have and chDB has not): what the suites shared by every engine do not show. The URL's user,
// password and database; the same JSON as chDB for the same SQL, whatever the server's defaults; every parameter type
// the analytics bind; errors; tokened inserts sent at once; migrations started by several processes together.
// The adapter and a chDB store share the shim's data directory (one per process), so both read the same tables; the
// adapter keeps its events in another database than `foldline`, as its URL says.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChdbStore } from '../src/chdb-store.ts';
import { openClickHouseStore, parseClickHouseUrl } from '../src/clickhouse-store.ts';
import type { EventStore } from '../src/event-store.ts';
import { migrateEventStore } from '../src/migrate.ts';
import { eventMigrations } from '../src/migrations/index.ts';
import { openEventStore } from '../src/open.ts';
import { startClickHouseShim, type ClickHouseShim } from './support/clickhouse-shim.ts';

const USER = 'foldline';
const PASSWORD = 'p@ss:w/rd';
/** Where the adapter keeps the events. */
const DATABASE = 'events_elsewhere';
const WEBSITE = '00000000-0000-4000-8000-000000000001';
const PAGE = '00000000-0000-4000-8000-000000000002';

let dir: string;
let shim: ClickHouseShim;
let adapter: EventStore;
let chdb: EventStore;

/** The shim's address with credentials and a database. */
function serverUrl(database = '', password = PASSWORD): string {
  const url = new URL(shim.url);
  url.username = USER;
  url.password = encodeURIComponent(password);
  url.pathname = `/${database}`;
  return url.toString();
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'foldline-clickhouse-store-'));
  shim = await startClickHouseShim({ dataDir: dir, user: USER, password: PASSWORD });
  adapter = await openEventStore({ dataDir: dir, clickhouseUrl: serverUrl(DATABASE) });
  chdb = openChdbStore(dir);
});
afterAll(async () => {
  await adapter.close();
  await chdb.close();
  await shim.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the URL', () => {
  it('gives the user, the password and the database, `foldline` by default', () => {
    expect(parseClickHouseUrl('http://ch.internal:8123')).toMatchObject({ username: 'default', password: '', database: 'foldline' });
    const target = parseClickHouseUrl('https://fl:s%3Acret@ch.internal:8443/analytics?request_timeout=60000');
    expect(target).toMatchObject({ username: 'fl', password: 's:cret', database: 'analytics' });
    expect(target.url.toString()).toBe('https://ch.internal:8443/?request_timeout=60000');
    expect(() => parseClickHouseUrl('http://ch.internal/events-2026')).toThrow(/plain name/);
    expect(() => parseClickHouseUrl('tcp://ch.internal:9000')).toThrow(/http/);
  });

  it('is refused with a wrong password, with the server’s words', async () => {
    await expect(openEventStore({ dataDir: dir, clickhouseUrl: serverUrl('', 'wrong') })).rejects.toThrow(/Authentication failed/);
  });

  it('keeps the events in the database it names', async () => {
    await adapter.insert('foldline.page_events_log', [{ website_id: WEBSITE, ts: '2026-11-01 10:00:00.000', page_id: PAGE, device: 'mobile', events: 3 }]);
    const [row] = await chdb.query<{ there: number; foldline: number; tables: number }>(
      `SELECT (SELECT sum(events) FROM ${DATABASE}.page_stats_hourly WHERE page_id = {page:UUID}) AS there,
              (SELECT count() FROM system.databases WHERE name = 'foldline') AS foldline,
              (SELECT count() FROM system.tables WHERE database = {database:String}) AS tables`,
      { page: PAGE, database: DATABASE },
    );
    expect(row).toMatchObject({ there: 3, foldline: 0 });
    expect(row!.tables).toBeGreaterThan(20);
  });
});

describe('the same answers as chDB', () => {
  const SQL = `SELECT toUInt64(9007199254740991) AS u64, toInt64(-5) AS i64, sum(number) AS total, toFloat64(1.5) AS f64,
      toDecimal64(1.1, 2) AS dec, toDateTime64('2026-11-01 10:00:00.123', 3, 'UTC') AS ts, toDateTime('2026-11-01 10:00:00') AS local,
      toDate('2026-11-01') AS day, timezone() AS tz, [toUInt64(1), 2] AS list, tuple(1, 'a') AS pair, 0 / 0 AS nan
    FROM numbers(4)`;

  it('whatever the server’s defaults', async () => {
    // What the shim answers by default, as a server whose defaults are not chDB's would.
    const raw = await fetch(`${shim.url}/?query=${encodeURIComponent(`${SQL} FORMAT JSONEachRow`)}`, { headers: { 'X-ClickHouse-User': USER, 'X-ClickHouse-Key': PASSWORD } });
    expect(await raw.json()).toMatchObject({ u64: '9007199254740991', tz: 'Asia/Kolkata', ts: '2026-11-01T10:00:00.123Z' });

    const fromChdb = await chdb.query(SQL);
    expect(await adapter.query(SQL)).toEqual(fromChdb);
    expect(fromChdb).toEqual([
      {
        u64: 9007199254740991, i64: -5, total: 6, f64: 1.5, dec: 1.1, ts: '2026-11-01 10:00:00.123', local: '2026-11-01 10:00:00',
        day: '2026-11-01', tz: 'UTC', list: [1, 2], pair: [1, 'a'], nan: null,
      },
    ]);
  });

  it('with the query options', async () => {
    const sql = "SELECT getSetting('readonly') AS readonly, getSetting('max_execution_time') AS seconds";
    const options = { readonly: true, maxExecutionTime: 7 };
    expect(await adapter.query(sql, {}, options)).toEqual(await chdb.query(sql, {}, options));
    expect(await adapter.query(sql, {}, options)).toEqual([{ readonly: 2, seconds: 7 }]);
  });

  it('for every parameter type the analytics bind', async () => {
    const sql = `SELECT {website:UUID} AS website, {websites:Array(UUID)} AS websites, {from:DateTime64(3, 'UTC')} AS from_ts,
        {day:Date} AS day, {hour:DateTime('UTC')} AS hour, {text:String} AS text, {texts:Array(String)} AS texts,
        {limit:UInt32} AS lim, {big:UInt64} AS big, {widths:Array(UInt32)} AS widths, {rates:Array(Float64)} AS rates,
        mapFromArrays({texts:Array(String)}, {rates:Array(Float64)})[{text:String}] AS looked_up`;
    const text = "it's a \\ back\tslash\nand 'quotes', ü";
    const params = {
      website: WEBSITE,
      websites: [WEBSITE, PAGE],
      from: '2026-11-01 10:00:00.250',
      day: '2026-11-01',
      hour: '2026-11-01 10:00:00',
      text,
      texts: [text, "o'clock", ''],
      limit: 10,
      big: 2 ** 40,
      widths: [375, 768, 1920],
      rates: [0.25, 1e-7, 3],
    };
    const rows = await adapter.query(sql, params);
    expect(rows).toEqual(await chdb.query(sql, params));
    expect(rows).toEqual([
      {
        website: WEBSITE, websites: [WEBSITE, PAGE], from_ts: '2026-11-01 10:00:00.250', day: '2026-11-01', hour: '2026-11-01 10:00:00', text,
        texts: [text, "o'clock", ''], lim: 10, big: 2 ** 40, widths: [375, 768, 1920], rates: [0.25, 1e-7, 3], looked_up: 0.25,
      },
    ]);
  });

  it('failing with ClickHouse’s error', async () => {
    await expect(adapter.query('SELECT * FROM foldline.no_such_table')).rejects.toMatchObject({ code: '60', type: 'UNKNOWN_TABLE' });
    await expect(adapter.command('SELEC 1')).rejects.toMatchObject({ code: '62', type: 'SYNTAX_ERROR' });
  });
});

describe('inserts', () => {
  it('sent at once under one token are stored once, rollups included; without a token each one is', async () => {
    const page = crypto.randomUUID();
    const rows = [{ website_id: WEBSITE, ts: '2026-11-02T08:00:00Z', page_id: page, device: 'tablet', events: 1, pageviews: 1, unknown_field: 'skipped' }];
    await Promise.all([1, 2, 3, 4].map(() => adapter.insert('foldline.page_events_log', rows, { deduplicationToken: `retry:${page}` })));
    await Promise.all([1, 2].map(() => adapter.insert('foldline.page_events_log', rows)));
    const [row] = await chdb.query<{ log: number; daily: number }>(
      `SELECT (SELECT sum(pageviews) FROM ${DATABASE}.page_events_log WHERE page_id = {page:UUID}) AS log,
              (SELECT sum(pageviews) FROM ${DATABASE}.page_stats_daily WHERE page_id = {page:UUID} AND day = '2026-11-02') AS daily`,
      { page },
    );
    expect(row).toEqual({ log: 3, daily: 3 });
  });
});

describe('migrations', () => {
  const applied = async (database: string) =>
    chdb.query<{ name: string; times: number }>(`SELECT name, count() AS times FROM ${database}.schema_migrations GROUP BY name ORDER BY name`);
  const lock = async (database: string) =>
    chdb.query<{ token: string; kind: string; owner: string }>(`SELECT token, kind, owner FROM ${database}.schema_migrations_lock WHERE kind != 'heartbeat' ORDER BY at, kind`);
  const everyMigrationOnce = eventMigrations.map((migration) => ({ name: migration.name, times: 1 }));

  it('run once when several processes start together', async () => {
    const stores = [1, 2, 3].map(() => openClickHouseStore(serverUrl('together')));
    try {
      await Promise.all(stores.map((store) => migrateEventStore(store)));
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
    expect(await applied('together')).toEqual(everyMigrationOnce);
    // Three claims sent under one token, one stored: its owner ran them all and said so.
    const [claim, released, ...rest] = await lock('together');
    expect([claim?.kind, released?.kind, rest]).toEqual(['claim', 'released', []]);
    expect(released?.owner).toBe(claim?.owner);
  });

  // On the database the tests before migrated.
  it('are taken over from a runner that vanished', async () => {
    const store = openClickHouseStore(serverUrl('together'));
    try {
      // As if a process had claimed the next run and been killed: no heartbeat, never released.
      const last = eventMigrations.at(-1)!.name;
      await store.command('DELETE FROM foldline.schema_migrations WHERE name = {last:String}', { last });
      const started = Date.now();
      await store.insert('foldline.schema_migrations_lock', [{ token: 'run:2', kind: 'claim', owner: 'killed' }], { deduplicationToken: 'claim:run:2' });
      await migrateEventStore(store, { leaseMs: 400, pollMs: 20 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(400);
      expect(await applied('together')).toEqual(everyMigrationOnce);
      const runs = (await lock('together')).filter((row) => row.token !== 'run:1');
      expect(runs.map((row) => [row.token, row.kind, row.owner === 'killed'])).toEqual([
        ['run:2', 'claim', true],
        ['run:3', 'claim', false],
        ['run:3', 'released', false],
      ]);
    } finally {
      await store.close();
    }
  });

  // CI found this: a process that came while another was halfway found a later first migration pending, claimed it
  // under a token of its own, and ran it beside the runner ("Table … already exists"). And later: one that read the
  // pending migrations just before the run ended, and the run's release just after, claimed an empty run.
  it('wait for a run under way, however far it has got', async () => {
    const runner = openClickHouseStore(serverUrl('together'));
    const store = openClickHouseStore(serverUrl('together'));
    // The runner finishes between the latecomer's read of what is pending and its read of the latest run, when told.
    let finish: (() => Promise<void>) | undefined;
    const latecomer: EventStore = {
      ...store,
      query: async (sql, params, options) => {
        if (finish && sql.includes('schema_migrations_lock') && sql.includes('silent_ms')) await finish().then(() => (finish = undefined));
        return store.query(sql, params, options);
      },
    };
    try {
      // A live run, halfway: its last migration still to do.
      const last = eventMigrations.at(-1)!.name;
      await runner.command('DELETE FROM foldline.schema_migrations WHERE name = {last:String}', { last });
      await runner.insert('foldline.schema_migrations_lock', [{ token: 'run:4', kind: 'claim', owner: 'runner' }], { deduplicationToken: 'claim:run:4' });
      let done = false;
      const waiting = migrateEventStore(latecomer, { leaseMs: 60_000, pollMs: 20 }).then(() => (done = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(done).toBe(false);
      // The runner finishes: the latecomer returns without running anything or claiming a run.
      finish = async () => {
        await runner.insert('foldline.schema_migrations', [{ name: last, applied_at: '2026-11-25 12:00:00.000' }]);
        await runner.insert('foldline.schema_migrations_lock', [{ token: 'run:4', kind: 'released', owner: 'runner' }]);
      };
      await waiting;
      expect(await applied('together')).toEqual(everyMigrationOnce);
      const runs = (await lock('together')).filter((row) => row.token === 'run:4' || row.token === 'run:5');
      expect(runs.map((row) => [row.token, row.kind, row.owner])).toEqual([
        ['run:4', 'claim', 'runner'],
        ['run:4', 'released', 'runner'],
      ]);
    } finally {
      await Promise.all([runner.close(), store.close()]);
    }
  });
});
