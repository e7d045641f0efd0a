// The event store's one interface: ClickHouse SQL with bound parameters, whatever engine runs it.
export type QueryParams = Record<string, unknown>;

export interface EventStore {
  /** Which engine answers: the embedded chDB or a ClickHouse server. */
  readonly engine: 'chdb' | 'clickhouse';
  /** Runs a read query; parameters are bound server-side as `{name:Type}`. Rows come back as JSON objects. */
  query<Row = Record<string, unknown>>(sql: string, params?: QueryParams, options?: QueryOptions): Promise<Row[]>;
  /** Runs a statement that returns nothing (DDL, DELETE). */
  command(sql: string, params?: QueryParams): Promise<void>;
  /** Appends rows to a table in one insert. With a deduplication token, a second insert with the same token (a
   * retry after a failure that may have written part or all of it) stores nothing, in the table and in the
   * rollups its materialized views feed; without one, nothing is ever deduplicated. */
  insert(table: string, rows: ReadonlyArray<Record<string, unknown>>, options?: InsertOptions): Promise<void>;
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

/** Formats a time for a DateTime64(3, 'UTC') column: 'YYYY-MM-DD hh:mm:ss.sss', which ClickHouse parses fastest. */
export function toEventTime(time: Date | number): string {
  const iso = new Date(time).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 23)}`;
}
