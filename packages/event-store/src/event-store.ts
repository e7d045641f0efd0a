// The event store's one interface: ClickHouse SQL with bound parameters, whatever engine runs it.
export type QueryParams = Record<string, unknown>;

export interface EventStore {
  /** Which engine answers: the embedded chDB or a ClickHouse server. */
  readonly engine: 'chdb' | 'clickhouse';
  /** The ClickHouse cluster the tables are spread over (CLICKHOUSE_CLUSTER, cluster.ts); none for one server or chDB. */
  readonly cluster?: string | undefined;
  /** Runs a read query; parameters are bound server-side as `{name:Type}`. Rows come back as JSON objects. */
  query<Row = Record<string, unknown>>(sql: string, params?: QueryParams, options?: QueryOptions): Promise<Row[]>;
  /** Runs a statement that returns nothing (DDL, DELETE). */
  command(sql: string, params?: QueryParams): Promise<void>;
  /** Appends rows to a table in one insert. With a deduplication token, a second insert with the same token (a
   * retry after a failure that may have written part or all of it) stores nothing, in the table and in the
   * rollups its materialized views feed; without one, nothing is ever deduplicated. */
  insert(table: string, rows: ReadonlyArray<Record<string, unknown>>, options?: InsertOptions): Promise<void>;
  /** Whether the latest operation to settle succeeded within the last `ms`: the store answers, with no need to queue a
   * probe behind the running statements (the embedded engine runs one at a time). */
  answeredWithin(ms: number): boolean;
  /** Waits for running operations, then releases the engine. */
  close(): Promise<void>;
}

export interface InsertOptions {
  /** ClickHouse's insert_deduplication_token: unique per logical insert, the same on its retries. */
  deduplicationToken?: string;
}

/** The settings of an insert: deduplicated by its token only (tables keep the last blocks' ids for this, see
 * migration 018), never by a hash of its data, since rollup rows of separate inserts can be equal. ClickHouse 26
 * decides by deduplicate_insert; insert_deduplicate no longer turns it off. */
export function insertSettings(options: InsertOptions | undefined): Record<string, string | number> {
  return options?.deduplicationToken
    ? { deduplicate_insert: 'enable', insert_deduplication_token: options.deduplicationToken, deduplicate_blocks_in_dependent_materialized_views: 1 }
    : { deduplicate_insert: 'disable' };
}

/**
 * Settings whose defaults differ between chDB, ClickHouse versions and server profiles, pinned to what chDB runs with,
 * so that both engines answer the same SQL with the same rows in the same JSON types and write alike. chDB sets them
 * once for its session; the server adapter sends them with every request (a server's defaults are the operator's).
 */
export const PINNED_SETTINGS = {
  // Rows are JSON objects; callers read counts as numbers. Servers before 25.8, and profiles, quote 64-bit integers.
  output_format_json_quote_64bit_integers: 0,
  output_format_json_quote_64bit_floats: 0,
  output_format_json_quote_decimals: 0,
  output_format_json_quote_denormals: 0,
  output_format_json_named_tuples_as_objects: 1,
  output_format_decimal_trailing_zeros: 0,
  // Times out as 'YYYY-MM-DD hh:mm:ss[.sss]'; in, whatever ISO form a writer sends (a server's default reads fewer).
  date_time_output_format: 'simple',
  date_time_input_format: 'best_effort',
  // Columns and parameters name 'UTC'; this covers the rest (now(), toDate of a bare DateTime) on any host.
  session_timezone: 'UTC',
  join_use_nulls: 0,
  enable_analyzer: 1,
  // Writes: an insert is written when it returns (the write buffer batches already, and acknowledges after the write);
  // a DELETE or mutation is done when it returns (website-data.ts counts on it).
  async_insert: 0,
  mutations_sync: 1,
  lightweight_deletes_sync: 2,
} as const satisfies Record<string, string | number>;

/** The settings of every statement but a tokened insert: nothing is deduplicated, INSERT … SELECT included, since
 * equal rollup rows of separate statements must both count (see insertSettings). */
export const STATEMENT_SETTINGS = { deduplicate_insert: 'disable', deduplicate_insert_select: 'disable' } as const;

export interface QueryOptions {
  /** Seconds before the engine stops the query (ClickHouse `max_execution_time`). */
  maxExecutionTime?: number;
  /** Runs with `readonly = 2`: analytics queries can never write. */
  readonly?: boolean;
}

/** The settings clause every analytics read carries (PostHog's habit: read-only and time-limited). */
export function settingsClause(options: QueryOptions | undefined): string {
  const settings: string[] = [];
  if (options?.readonly) settings.push('readonly = 2');
  if (options?.maxExecutionTime) settings.push(`max_execution_time = ${Math.max(1, Math.floor(options.maxExecutionTime))}`);
  return settings.length ? ` SETTINGS ${settings.join(', ')}` : '';
}

/** What a UUID key column holds for "none" (the rows of a whole page or website among per-unit rows): the nil UUID,
 * since the tables' keys are never Nullable. */
export const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** Formats a time for a DateTime64(3, 'UTC') column: 'YYYY-MM-DD hh:mm:ss.sss', which ClickHouse parses fastest. */
export function toEventTime(time: Date | number): string {
  const iso = new Date(time).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 23)}`;
}
