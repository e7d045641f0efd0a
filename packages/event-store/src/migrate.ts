// The event store's own migration runner: each migration runs once, in order, and is recorded — once in all, however
// many processes start together against one ClickHouse server.
//
// Migrations are not safe to run twice at once: their backfills (INSERT … SELECT) would count stored events twice, and
// 016 swaps a table. So one process runs them and the others wait. ClickHouse has no advisory lock, but an insert under
// a deduplication token is stored once however many processes send it. Runs are numbered (`run:1`, `run:2`, …): a
// process that finds migrations pending and no run under way sends a claim for the next number, naming itself, and the
// claim that was stored names the runner. Every process that looks meanwhile finds that run under way and waits for it,
// whatever it found pending (the runner may be halfway through). The runner keeps a heartbeat while it works and says
// when it is done; a run whose heartbeat stopped (a process killed mid-migration) is followed by the next number. Times
// are the server's (now64), so clocks of the processes do not matter. chDB takes the same path, alone.
//
// On a cluster (store.cluster) the statements are the migrations' cluster form (cluster.ts), and both schema tables
// are one replicated table across every host. A process may reach another host than the runner's, so before reading
// them it waits until its host has fetched what the others wrote (SYSTEM SYNC REPLICA): a claim dropped as a duplicate
// was in Keeper already, so the sync brings the claim that won. The runner's heartbeats are stamped by its host's
// clock: hosts' clocks must agree to well within the lease (NTP).
import { randomUUID } from 'node:crypto';
import { clusterDatabase, clusterMigrations, clusterWideTable } from './cluster.ts';
import { toEventTime, type EventStore } from './event-store.ts';
import { eventMigrations, type EventMigration } from './migrations/index.ts';

const LOCK_TABLE = 'foldline.schema_migrations_lock';
const MIGRATIONS_TABLE = 'foldline.schema_migrations';
/** Claims of earlier versions were named after the first pending migration; runs are numbered instead. */
const RUN_PREFIX = 'run:';

const SCHEMA_TABLES = [
  `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (name String, applied_at DateTime64(3, 'UTC')) ENGINE = MergeTree ORDER BY name`,
  // Claims, heartbeats and releases; claims keep their token's id (the deduplication window) so a repeated one is dropped.
  `CREATE TABLE IF NOT EXISTS ${LOCK_TABLE} (token String, kind LowCardinality(String), owner String, at DateTime64(3, 'UTC') DEFAULT now64(3))
      ENGINE = MergeTree ORDER BY (token, at) SETTINGS non_replicated_deduplication_window = 1000`,
];

export interface MigrateOptions {
  /** How often the runner says it is alive. */
  heartbeatMs?: number;
  /** Silence after which a runner counts as gone and its claim is taken over. */
  leaseMs?: number;
  /** How often a waiting process looks again. */
  pollMs?: number;
}

export async function migrateEventStore(store: EventStore, options: MigrateOptions = {}): Promise<void> {
  const { heartbeatMs = 5_000, leaseMs = 60_000, pollMs = 250 } = options;
  const cluster = store.cluster;
  // A user without the right to create databases can still be given an existing one.
  const [exists] = await store.query<{ result: number }>('EXISTS DATABASE foldline');
  if (!exists?.result) await store.command(cluster ? clusterDatabase(cluster) : 'CREATE DATABASE IF NOT EXISTS foldline');
  for (const statement of SCHEMA_TABLES) await store.command(cluster ? clusterWideTable(statement, cluster) : statement);
  const migrations = cluster ? clusterMigrations(eventMigrations, cluster) : eventMigrations;

  const me = randomUUID();
  // chDB is one process: a run that is not this one's was a killed process's.
  const lease = store.engine === 'chdb' ? 0 : leaseMs;
  for (;;) {
    if ((await pendingMigrations(store, migrations)).length === 0) return;
    const latest = await latestRun(store);
    if (latest && !latest.released && latest.silent_ms <= lease) {
      await new Promise((resolve) => setTimeout(resolve, pollMs));
      continue;
    }
    // The run just found ended may have ended after the read above, its migrations done: read them again after it, or
    // a process that waited for it would claim a run with nothing to do (CI saw it: an empty run:5 after run:4).
    if ((await pendingMigrations(store, migrations)).length === 0) return;
    const token = `${RUN_PREFIX}${(latest?.run ?? 0) + 1}`;
    await store.insert(LOCK_TABLE, [{ token, kind: 'claim', owner: me }], { deduplicationToken: `claim:${token}` });
    await syncReplica(store, LOCK_TABLE);
    const [claim] = await store.query<{ owner: string }>(`SELECT owner FROM ${LOCK_TABLE} WHERE token = {token:String} AND kind = 'claim' LIMIT 1`, { token });
    if (claim?.owner === me) {
      // Read again under the claim: a run that ended between the first read and the claim may have done them all.
      await runClaimed(store, token, me, await pendingMigrations(store, migrations), heartbeatMs);
      return;
    }
    // Another process took this number at the same moment: it is the run under way now.
  }
}

/** The newest run: its number, whether its runner said it is done, and how long it has been silent. */
async function latestRun(store: EventStore): Promise<{ run: number; released: number; silent_ms: number } | undefined> {
  await syncReplica(store, LOCK_TABLE);
  const [latest] = await store.query<{ run: number; released: number; silent_ms: number }>(
    `SELECT toUInt64(substring(token, ${RUN_PREFIX.length + 1})) AS run, countIf(kind = 'released') AS released,
            dateDiff('millisecond', max(at), now64(3)) AS silent_ms
     FROM ${LOCK_TABLE} WHERE startsWith(token, {prefix:String}) GROUP BY token ORDER BY run DESC LIMIT 1`,
    { prefix: RUN_PREFIX },
  );
  return latest && { run: Number(latest.run), released: Number(latest.released), silent_ms: Number(latest.silent_ms) };
}

async function pendingMigrations(store: EventStore, migrations: readonly EventMigration[]): Promise<EventMigration[]> {
  await syncReplica(store, MIGRATIONS_TABLE);
  const applied = new Set((await store.query<{ name: string }>(`SELECT name FROM ${MIGRATIONS_TABLE}`)).map((row) => row.name));
  return migrations.filter((migration) => !applied.has(migration.name));
}

/** On a cluster: until this host holds what every other host wrote to a schema table. */
async function syncReplica(store: EventStore, table: string): Promise<void> {
  if (store.cluster) await store.command(`SYSTEM SYNC REPLICA ${table}`);
}

async function runClaimed(store: EventStore, token: string, me: string, pending: EventMigration[], heartbeatMs: number): Promise<void> {
  const beat = () => store.insert(LOCK_TABLE, [{ token, kind: 'heartbeat', owner: me }]).catch(() => {});
  const heartbeat = setInterval(beat, heartbeatMs);
  try {
    for (const migration of pending) {
      for (const statement of migration.statements) await store.command(statement);
      await store.insert(MIGRATIONS_TABLE, [{ name: migration.name, applied_at: toEventTime(Date.now()) }]);
    }
  } finally {
    clearInterval(heartbeat);
    // Done or failed: either way the others need not wait out the lease (a failure is theirs to retry and report; if
    // this insert fails, they wait it out).
    await store.insert(LOCK_TABLE, [{ token, kind: 'released', owner: me }]).catch(() => {});
  }
}
