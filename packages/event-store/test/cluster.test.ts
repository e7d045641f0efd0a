// The event store on a ClickHouse cluster (src/cluster.ts). No cluster can run here (no ClickHouse server, no Keeper),
// so this checks what can be checked without one:
// - the statements a fresh cluster is sent, in order, as a file snapshot (test/__snapshots__/cluster-migrations.sql)
//   to read and review;
// - every one of them parses with ClickHouse's own parser (chDB's formatQuery);
// - their single-host equivalent (Replicated engines without Keeper, Merge tables standing in for the Distributed
//   ones, no ON CLUSTER) runs on chDB in order and leaves the same tables, columns, keys, settings and views as the
//   migrations leave on one server, with every view on local tables and every Distributed table's columns its local
//   table's;
// - deletes go to the local tables on every shard, shapes without a cluster form are refused, and the adapter sends
//   the cluster's settings with every request (against the shim).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChdbStore } from '../src/chdb-store.ts';
import { openClickHouseStore } from '../src/clickhouse-store.ts';
import { checkClusterName, CLUSTER_SETTINGS, clusterCommand, clusterMigrations } from '../src/cluster.ts';
import type { EventStore, InsertOptions } from '../src/event-store.ts';
import { migrateEventStore } from '../src/migrate.ts';
import { eventMigrations, EVENT_TABLES, ROLLUP_TABLES } from '../src/migrations/index.ts';
import { startClickHouseShim, type ClickHouseShim } from './support/clickhouse-shim.ts';

const CLUSTER = 'analytics';

/** A store that records what a migration run sends and answers like an empty cluster: no database, no migrations,
 * no run yet, and the first claim of a token wins. */
function recordingClusterStore(): EventStore & { commands: string[] } {
  const commands: string[] = [];
  const rows: Record<string, Record<string, unknown>[]> = {};
  return {
    engine: 'clickhouse',
    cluster: CLUSTER,
    commands,
    async query<Row>(sql: string, params: Record<string, unknown> = {}): Promise<Row[]> {
      if (sql.startsWith('EXISTS DATABASE')) return [{ result: 0 }] as Row[];
      if (sql.startsWith('SELECT name FROM foldline.schema_migrations')) return (rows['foldline.schema_migrations'] ?? []) as Row[];
      if (sql.includes('FROM foldline.schema_migrations_lock WHERE startsWith(token')) return [];
      if (sql.startsWith('SELECT owner FROM foldline.schema_migrations_lock')) {
        return (rows['foldline.schema_migrations_lock'] ?? []).filter((row) => row.token === params.token && row.kind === 'claim').slice(0, 1) as Row[];
      }
      throw new Error(`unexpected query: ${sql}`);
    },
    async command(sql: string) {
      commands.push(sql);
    },
    async insert(table: string, inserted: ReadonlyArray<Record<string, unknown>>, _options?: InsertOptions) {
      (rows[table] ??= []).push(...inserted);
    },
    answeredWithin: () => false,
    async close() {},
  };
}

/** The single-host equivalent of a cluster statement, in the database foldline_cluster; null for what needs a cluster
 * (syncing replicas) or a writable Distributed table (backfills, which are the migrations' own statements anyway). */
function singleHost(sql: string): string | null {
  if (sql.startsWith('SYSTEM SYNC REPLICA') || sql.startsWith('INSERT INTO')) return null;
  return sql
    .replaceAll(` ON CLUSTER '${CLUSTER}'`, '')
    .replace(/Replicated(\w*MergeTree)\('[^']*', '[^']*'(?:, )?/g, '$1(')
    .replace(/ENGINE = Distributed\('[^']*', foldline, (\w+), cityHash64\(website_id\)\)/g, (_whole, table: string) => `ENGINE = Merge(foldline, '^${table}$')`)
    .replace(/\bfoldline\b/g, 'foldline_cluster');
}

/** A cluster table's definition as the single-host one reads. */
const asSingleHost = (query: string) =>
  query.replaceAll('foldline_cluster.', 'foldline.').replace(/\b(\w+)_local\b/g, '$1').replace(/\breplicated_deduplication_window\b/g, 'non_replicated_deduplication_window');

let commands: string[];
let dir: string;
let shim: ClickHouseShim;
let chdb: EventStore;

beforeAll(async () => {
  const recorder = recordingClusterStore();
  await migrateEventStore(recorder);
  commands = recorder.commands;
  dir = mkdtempSync(path.join(tmpdir(), 'foldline-cluster-'));
  // The shim and the chDB store share the process's one data directory.
  shim = await startClickHouseShim({ dataDir: dir });
  chdb = openChdbStore(dir);
});
afterAll(async () => {
  await chdb.close();
  await shim.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the statements a fresh cluster is sent', () => {
  it('are the ones reviewed', async () => {
    await expect(`${commands.join(';\n\n')};\n`).toMatchFileSnapshot('./__snapshots__/cluster-migrations.sql');
  });

  it('create the database and the schema tables on every host, and sync those before reading them', () => {
    expect(commands.slice(0, 4)).toEqual([
      `CREATE DATABASE IF NOT EXISTS foldline ON CLUSTER '${CLUSTER}'`,
      expect.stringMatching(/^CREATE TABLE IF NOT EXISTS foldline\.schema_migrations ON CLUSTER 'analytics' .* ENGINE = ReplicatedMergeTree\('\/clickhouse\/tables\/\{uuid\}\/all', '\{shard\}-\{replica\}'\) ORDER BY name$/),
      expect.stringMatching(/^CREATE TABLE IF NOT EXISTS foldline\.schema_migrations_lock ON CLUSTER 'analytics' [\s\S]* SETTINGS replicated_deduplication_window = 1000$/),
      'SYSTEM SYNC REPLICA foldline.schema_migrations',
    ]);
    expect(commands[4]).toBe('SYSTEM SYNC REPLICA foldline.schema_migrations_lock');
  });

  it('run every DDL statement on the cluster, and put every event table and rollup behind a Distributed table sharded by website', () => {
    for (const sql of commands.filter((statement) => !/^(INSERT|SYSTEM) /.test(statement))) expect(sql).toContain(`ON CLUSTER '${CLUSTER}'`);
    for (const table of [...EVENT_TABLES, ...ROLLUP_TABLES]) {
      const distributed = commands.filter((sql) => sql.startsWith(`CREATE TABLE IF NOT EXISTS foldline.${table} ON CLUSTER`));
      expect(distributed.at(-1), table).toBe(
        `CREATE TABLE IF NOT EXISTS foldline.${table} ON CLUSTER '${CLUSTER}' AS foldline.${table}_local ENGINE = Distributed('${CLUSTER}', foldline, ${table}_local, cityHash64(website_id))`,
      );
    }
    const localEngines = commands.filter((sql) => /^CREATE TABLE (IF NOT EXISTS )?foldline\.\w+_local /.test(sql)).map((sql) => sql.match(/ENGINE = (\w+)/)![1]);
    expect(new Set(localEngines)).toEqual(new Set(['ReplicatedMergeTree', 'ReplicatedSummingMergeTree']));
  });

  it('parse with ClickHouse 26\'s own parser', async () => {
    for (const sql of commands) {
      const [row] = await chdb.query<{ formatted: string }>('SELECT formatQuery({sql:String}) AS formatted', { sql });
      expect(row?.formatted, sql).toMatch(/^(CREATE|ALTER|DROP|EXCHANGE|INSERT|SYSTEM) /);
    }
  });

  it('leave, run on one host, the tables, columns, keys, settings and views the migrations leave on one server', async () => {
    await migrateEventStore(chdb);
    for (const sql of commands) {
      const statement = singleHost(sql);
      if (statement) await chdb.command(statement);
    }
    type Table = { name: string; engine: string; create_table_query: string };
    const tablesOf = (database: string) =>
      chdb.query<Table>('SELECT name, engine, create_table_query FROM system.tables WHERE database = {database:String} ORDER BY name', { database });
    const single = await tablesOf('foldline');
    const cluster = new Map((await tablesOf('foldline_cluster')).map((table) => [table.name, table]));
    const columnsOf = (database: string, table: string) =>
      chdb.query(
        'SELECT name, type, default_kind, default_expression, compression_codec FROM system.columns WHERE database = {database:String} AND table = {table:String} ORDER BY position',
        { database, table },
      );

    expect(single.length).toBeGreaterThan(20);
    for (const table of single) {
      if (table.engine === 'MaterializedView') {
        const view = cluster.get(table.name);
        expect(view, table.name).toBeDefined();
        expect(asSingleHost(view!.create_table_query)).toBe(table.create_table_query);
        // It writes to and reads from local tables only.
        for (const [, name] of view!.create_table_query.matchAll(/foldline_cluster\.(\w+)/g)) if (name !== table.name) expect(name).toMatch(/_local$/);
      } else if (table.name.startsWith('schema_migrations')) {
        expect(asSingleHost(cluster.get(table.name)!.create_table_query)).toBe(table.create_table_query);
      } else {
        const shard = cluster.get(`${table.name}_local`);
        expect(shard, table.name).toBeDefined();
        expect(asSingleHost(shard!.create_table_query)).toBe(table.create_table_query);
        expect(cluster.get(table.name)?.engine, table.name).toBe('Merge');
        const columns = await columnsOf('foldline', table.name);
        expect(await columnsOf('foldline_cluster', `${table.name}_local`)).toEqual(columns);
        expect(await columnsOf('foldline_cluster', table.name)).toEqual(columns);
      }
    }
    // Nothing more on the cluster than the local and Distributed pair of each table and the views.
    const expected = single.flatMap((table) => (table.engine === 'MaterializedView' || table.name.startsWith('schema_') ? [table.name] : [table.name, `${table.name}_local`]));
    expect([...cluster.keys()].sort()).toEqual(expected.sort());
  }, 120_000);
});

describe('statements of the live code on a cluster', () => {
  it('delete on the local tables of every shard; everything else goes through the Distributed tables', () => {
    expect(clusterCommand('DELETE FROM foldline.page_events_log WHERE website_id = {websiteId:UUID}', CLUSTER)).toBe(
      `DELETE FROM foldline.page_events_log_local ON CLUSTER '${CLUSTER}' WHERE website_id = {websiteId:UUID}`,
    );
    const rebuild = 'INSERT INTO foldline.ad_stats_daily (website_id) SELECT website_id FROM foldline.ad_events';
    expect(clusterCommand(rebuild, CLUSTER)).toBe(rebuild);
  });

  it('are sent with the cluster\'s settings, by an adapter that says it is on a cluster', async () => {
    const store = openClickHouseStore(shim.url, { cluster: CLUSTER });
    try {
      expect(store.cluster).toBe(CLUSTER);
      const names = Object.keys(CLUSTER_SETTINGS);
      const [row] = await store.query<Record<string, string>>(`SELECT ${names.map((name, i) => `toString(getSetting('${name}')) AS s${i}`).join(', ')}`);
      expect(Object.values(row!)).toEqual(['true', 'global', 'true']);
    } finally {
      await store.close();
    }
    const single = openClickHouseStore(shim.url);
    expect(single.cluster).toBeUndefined();
    await single.close();
    expect(() => openClickHouseStore(`${shim.url}/events`, { cluster: 'foldline' })).toThrow(/needs the database foldline/);
  });
});

describe('what has no cluster form', () => {
  const migration = (...statements: string[]) => [{ name: '999-test', statements }];

  it('is refused, naming the migration, instead of reaching a cluster', () => {
    const table = 'CREATE TABLE IF NOT EXISTS foldline.t (website_id UUID, n UInt64) ENGINE = MergeTree ORDER BY website_id';
    expect(() => clusterMigrations(migration('OPTIMIZE TABLE foldline.t FINAL'), CLUSTER)).toThrow(/Migration 999-test: no cluster form for: OPTIMIZE/);
    expect(() => clusterMigrations(migration('CREATE TABLE foldline.u (n UInt64) ENGINE = MergeTree ORDER BY n'), CLUSTER)).toThrow(/no website_id to shard by/);
    expect(() => clusterMigrations(migration('CREATE TABLE foldline.u (website_id UUID) ENGINE = Memory'), CLUSTER)).toThrow(/no replicated form/);
    expect(() => clusterMigrations(migration(table, 'ALTER TABLE foldline.t DELETE WHERE n = 0'), CLUSTER)).toThrow(/no cluster form for: ALTER/);
    expect(() => clusterMigrations(migration('ALTER TABLE foldline.v ADD COLUMN x UInt8'), CLUSTER)).toThrow(/foldline\.v was not created/);
    expect(() => clusterMigrations(migration('CREATE MATERIALIZED VIEW foldline.v ENGINE = MergeTree ORDER BY n AS SELECT 1 AS n'), CLUSTER)).toThrow(/no cluster form/);
  });

  it('and cluster names that could not be written into a statement are refused', () => {
    expect(checkClusterName('prod-eu.1')).toBe('prod-eu.1');
    for (const name of ["x' OR 1", '', 'a b', '{cluster}']) expect(() => checkClusterName(name), name).toThrow(/not a cluster name/);
  });

  it('leaves the migrations as they are when asked for their cluster form', () => {
    const before = JSON.stringify(eventMigrations);
    clusterMigrations(eventMigrations, CLUSTER);
    expect(JSON.stringify(eventMigrations)).toBe(before);
  });
});
