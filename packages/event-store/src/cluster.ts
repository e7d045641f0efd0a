// The event store on a ClickHouse cluster (CLICKHOUSE_CLUSTER): the cluster form of the migrations' statements, of the
// deletes, and the settings every request carries there. Reads and inserts need no cluster form: they name the
// tables they always did, which on a cluster are Distributed tables.
//
// Each table `foldline.t` of the migrations becomes two, created ON CLUSTER on every host:
//   foldline.t_local  Replicated<Engine>: the rows of this host's shard, kept by every replica of the shard;
//   foldline.t        Distributed over t_local, sharded by cityHash64(website_id): all of a website's rows (events
//                     and rollups alike) live on one shard, so a query about a website reads one shard (with
//                     optimize_skip_unused_shards) and every IN or JOIN between tables meets a website's rows on it.
// Materialized views run on the local tables (an insert reaching a shard's pageviews_local feeds that shard's
// rollups). Every other DDL statement (ALTER, EXCHANGE, DROP) runs ON CLUSTER on the local table, and on the
// Distributed one where its columns change. INSERT … SELECT backfills stay as they are: through the Distributed tables.
//
// The form is derived from the migrations' own statements rather than written per migration, so a new migration
// gets one without a second copy to keep in step. Only the statement shapes below are understood; anything else
// throws, naming the statement, so a migration this file cannot carry to a cluster fails its tests (the snapshot and
// the emulation in test/cluster.test.ts) instead of a cluster at upgrade time.
//
// Not run against a real cluster: none can run here (see docs/DEPLOYMENT.md). The statements are checked by
// ClickHouse's own parser and by running their single-host equivalent on chDB.
import type { EventMigration } from './migrations/index.ts';

/** Where a shard's replicas meet in ClickHouse Keeper: the table's UUID (the same on every host of an ON CLUSTER
 * CREATE), so a table dropped or swapped (EXCHANGE) and created again under its old name never meets its old path. */
const SHARD_PATH = '/clickhouse/tables/{uuid}/{shard}';
/** The schema tables are one table for the whole cluster: every host is a replica of it, whatever its shard. */
const CLUSTER_WIDE_PATH = '/clickhouse/tables/{uuid}/all';

/** The sharding key of every Distributed table: all rows of a website on one shard. */
export const SHARDING_KEY = 'cityHash64(website_id)';

/**
 * Settings of every request to a cluster, besides the pinned ones (event-store.ts).
 * - distributed_foreground_insert: an insert into a Distributed table returns once every shard it reaches has written
 *   its rows, not once they are queued on the receiving host; the collector acknowledges after the write (group
 *   commit), and the deduplication token reaches the shards with the insert, so a retry writes nothing twice.
 * - distributed_product_mode: an IN or JOIN subquery over a Distributed table inside a query over one is computed once
 *   and sent to the shards (GLOBAL), which is right whatever the subquery; ClickHouse refuses such queries by default.
 * - optimize_skip_unused_shards: a query naming its websites reads only their shards.
 */
export const CLUSTER_SETTINGS = {
  distributed_foreground_insert: 1,
  distributed_product_mode: 'global',
  optimize_skip_unused_shards: 1,
} as const satisfies Record<string, string | number>;

/** A cluster name as CLICKHOUSE_CLUSTER gives it: ClickHouse's names of clusters (letters, digits, `_`, `-`, `.`);
 * it is written into statements as a quoted literal, so nothing else may appear in it. */
export function checkClusterName(name: string): string {
  if (!/^[A-Za-z0-9_][A-Za-z0-9_.-]*$/.test(name)) {
    throw new Error(`CLICKHOUSE_CLUSTER: "${name}" is not a cluster name (letters, digits, _, - and . only)`);
  }
  return name;
}

const onCluster = (cluster: string) => `ON CLUSTER '${checkClusterName(cluster)}'`;
const local = (table: string) => `${table}_local`;

/** What the transform knows of each table the migrations created so far: its local table's engine clause. */
type Tables = Map<string, string>;

/** The cluster form of every migration, in order; each keeps its name (schema_migrations records the same names). */
export function clusterMigrations(migrations: readonly EventMigration[], cluster: string): EventMigration[] {
  const tables: Tables = new Map();
  return migrations.map((migration) => ({
    name: migration.name,
    statements: migration.statements.flatMap((statement) => {
      try {
        return clusterStatements(statement.trim(), cluster, tables);
      } catch (error) {
        throw new Error(`Migration ${migration.name}: ${(error as Error).message}`, { cause: error });
      }
    }),
  }));
}

const CREATE_TABLE = /^CREATE TABLE (IF NOT EXISTS )?foldline\.(\w+)\s+(\([\s\S]*\))\s+ENGINE\s*=\s*([\s\S]+)$/;
const CREATE_TABLE_AS = /^CREATE TABLE (IF NOT EXISTS )?foldline\.(\w+) AS foldline\.(\w+)$/;
const CREATE_VIEW = /^CREATE MATERIALIZED VIEW (IF NOT EXISTS )?foldline\.(\w+) TO foldline\.(\w+) AS\s([\s\S]+)$/;
const ALTER_TABLE = /^ALTER TABLE foldline\.(\w+) ([\s\S]+)$/;
const EXCHANGE = /^EXCHANGE TABLES foldline\.(\w+) AND foldline\.(\w+)$/;
const DROP_TABLE = /^DROP TABLE (IF EXISTS )?foldline\.(\w+)$/;
const DROP_VIEW = /^DROP VIEW (IF EXISTS )?foldline\.(\w+)$/;
/** Column changes, the only ALTERs a Distributed table takes (its columns must follow its local table's). */
const COLUMN_ACTION = /^(ADD|DROP|MODIFY|RENAME|COMMENT) COLUMN /;

function clusterStatements(statement: string, cluster: string, tables: Tables): string[] {
  const on = onCluster(cluster);
  let match: RegExpMatchArray | null;

  if ((match = statement.match(CREATE_TABLE))) {
    const [, ifNotExists = '', table, columns, engine] = match as [string, string | undefined, string, string, string];
    if (!/\bwebsite_id\b/.test(columns)) throw new Error(`foldline.${table} has no website_id to shard by`);
    const replicated = replicatedEngine(engine, SHARD_PATH, '{replica}');
    tables.set(table, replicated);
    return [
      `CREATE TABLE ${ifNotExists}foldline.${local(table)} ${on} ${columns} ENGINE = ${replicated}`,
      distributedTable(ifNotExists, table, cluster),
    ];
  }
  if ((match = statement.match(CREATE_TABLE_AS))) {
    const [, ifNotExists = '', table, source] = match as [string, string | undefined, string, string];
    const engine = known(tables, source);
    tables.set(table, engine);
    // The engine is named rather than copied with the columns, so the new table's Keeper path is its own for sure.
    return [
      `CREATE TABLE ${ifNotExists}foldline.${local(table)} ${on} AS foldline.${local(source)} ENGINE = ${engine}`,
      distributedTable(ifNotExists, table, cluster),
    ];
  }
  if ((match = statement.match(CREATE_VIEW))) {
    const [, ifNotExists = '', view, target, select] = match as [string, string | undefined, string, string, string];
    known(tables, target);
    return [`CREATE MATERIALIZED VIEW ${ifNotExists}foldline.${view} ${on} TO foldline.${local(target)} AS ${localTables(select, tables)}`];
  }
  if (statement.startsWith('INSERT INTO ')) return [statement];
  if ((match = statement.match(ALTER_TABLE))) {
    const [, table, actions] = match as [string, string, string];
    known(tables, table);
    if (/^MODIFY SETTING /.test(actions)) {
      const replicated = replicatedSettings(actions);
      tables.set(table, withSettings(tables.get(table)!, replicated.replace(/^MODIFY SETTING /, '')));
      return [`ALTER TABLE foldline.${local(table)} ${on} ${replicated}`];
    }
    const parts = actions.split(/,\s*(?=[A-Z]+ COLUMN )/);
    if (!parts.every((part) => COLUMN_ACTION.test(part))) throw new Error(`no cluster form for: ${statement}`);
    return [`ALTER TABLE foldline.${local(table)} ${on} ${actions}`, `ALTER TABLE foldline.${table} ${on} ${actions}`];
  }
  if ((match = statement.match(EXCHANGE))) {
    const [, first, second] = match as [string, string, string];
    const [one, other] = [known(tables, first), known(tables, second)];
    tables.set(first, other).set(second, one);
    // The Distributed tables name their local tables, so swapping those swaps what each one reads.
    return [`EXCHANGE TABLES foldline.${local(first)} AND foldline.${local(second)} ${on}`];
  }
  if ((match = statement.match(DROP_TABLE))) {
    const [, ifExists = '', table] = match as [string, string | undefined, string];
    tables.delete(table);
    // SYNC: the local table's Keeper data and files go now, not after the Atomic database's delay.
    return [`DROP TABLE ${ifExists}foldline.${table} ${on} SYNC`, `DROP TABLE ${ifExists}foldline.${local(table)} ${on} SYNC`];
  }
  if ((match = statement.match(DROP_VIEW))) {
    const [, ifExists = '', view] = match as [string, string | undefined, string];
    return [`DROP VIEW ${ifExists}foldline.${view} ${on}`];
  }
  throw new Error(`no cluster form for: ${statement.slice(0, 200)}`);
}

function known(tables: Tables, table: string): string {
  const engine = tables.get(table);
  if (engine === undefined) throw new Error(`foldline.${table} was not created by an earlier migration`);
  return engine;
}

function distributedTable(ifNotExists: string, table: string, cluster: string): string {
  return `CREATE TABLE ${ifNotExists}foldline.${table} ${onCluster(cluster)} AS foldline.${local(table)} ENGINE = Distributed('${cluster}', foldline, ${local(table)}, ${SHARDING_KEY})`;
}

/** `SummingMergeTree((value)) PARTITION BY …` → `ReplicatedSummingMergeTree('<path>', '<replica>', (value)) PARTITION BY …`. */
function replicatedEngine(engine: string, path: string, replica: string): string {
  const match = engine.match(/^(\w*MergeTree)\b([\s\S]*)$/);
  if (!match || match[1]!.startsWith('Replicated')) throw new Error(`no replicated form of the engine ${engine.slice(0, 60)}`);
  const [, name, rest] = match as [string, string, string];
  let args = '';
  let storage = rest;
  if (rest.startsWith('(')) {
    const end = closingParenthesis(rest);
    args = rest.slice(1, end).trim();
    storage = rest.slice(end + 1);
  }
  return `Replicated${name}('${path}', '${replica}'${args ? `, ${args}` : ''})${replicatedSettings(storage)}`;
}

/** A replicated table deduplicates by the window of its own setting (kept in Keeper), not the non-replicated one. */
const replicatedSettings = (text: string) => text.replace(/\bnon_replicated_deduplication_window\b/g, 'replicated_deduplication_window');

/** The engine clause with a setting added or changed, for tables created later AS this one. */
function withSettings(engine: string, setting: string): string {
  const [name] = setting.split('=').map((part) => part.trim());
  const existing = new RegExp(`\\b${name}\\s*=\\s*[^,\\s]+`);
  if (existing.test(engine)) return engine.replace(existing, setting);
  return /\bSETTINGS\b/.test(engine) ? `${engine}, ${setting}` : `${engine} SETTINGS ${setting}`;
}

function closingParenthesis(text: string): number {
  let depth = 0;
  for (let index = 0; index < text.length; index += 1) {
    if (text[index] === '(') depth += 1;
    else if (text[index] === ')' && --depth === 0) return index;
  }
  throw new Error(`unbalanced parentheses in ${text.slice(0, 60)}`);
}

/** A view's query reads the local tables of its shard. */
function localTables(select: string, tables: Tables): string {
  return select.replace(/\bfoldline\.(\w+)\b/g, (whole, table: string) => (tables.has(table) ? `foldline.${local(table)}` : whole));
}

/**
 * A schema table (the migration runner's own, migrate.ts) for the whole cluster: every host holds a replica of one
 * table, so a claim or a recorded migration is seen from whichever host a process reaches.
 */
export function clusterWideTable(statement: string, cluster: string): string {
  const match = statement.trim().match(CREATE_TABLE);
  if (!match) throw new Error(`no cluster-wide form for: ${statement.slice(0, 200)}`);
  const [, ifNotExists = '', table, columns, engine] = match as [string, string | undefined, string, string, string];
  // Replica names must differ across the whole cluster, and {replica} alone may repeat from shard to shard.
  return `CREATE TABLE ${ifNotExists}foldline.${table} ${onCluster(cluster)} ${columns} ENGINE = ${replicatedEngine(engine, CLUSTER_WIDE_PATH, '{shard}-{replica}')}`;
}

/** The database, created on every host. */
export const clusterDatabase = (cluster: string) => `CREATE DATABASE IF NOT EXISTS foldline ${onCluster(cluster)}`;

/**
 * The cluster form of a statement the live code sends (website-data.ts): a DELETE runs on the local tables of every
 * shard (a Distributed table takes no mutations; each shard's replicas share the delete through Keeper). Other
 * statements (INSERT … SELECT rebuilds) go through the Distributed tables unchanged.
 */
export function clusterCommand(sql: string, cluster: string): string {
  const match = sql.match(/^(\s*DELETE FROM )foldline\.(\w+)(\s)/);
  if (!match) return sql;
  const [whole, head, table, space] = match as [string, string, string, string];
  return `${head}foldline.${local(table)} ${onCluster(cluster)}${space}${sql.slice(whole.length)}`;
}
