// The event store's one interface: ClickHouse SQL with bound parameters, whatever engine runs it.
export type QueryParams = Record<string, unknown>;

export interface EventStore {
  /** Which engine answers: the embedded chDB or a ClickHouse server. */
  readonly engine: 'chdb' | 'clickhouse';
  /** Runs a read query; parameters are bound server-side as `{name:Type}`. Rows come back as JSON objects. */
  query<Row = Record<string, unknown>>(sql: string, params?: QueryParams, options?: QueryOptions): Promise<Row[]>;
  /** Runs a statement that returns nothing (DDL, DELETE). */
  command(sql: string, params?: QueryParams): Promise<void>;
  /** Appends rows to a table in one insert. */
  insert(table: string, rows: ReadonlyArray<Record<string, unknown>>): Promise<void>;
  /** Waits for running operations, then releases the engine. */
  close(): Promise<void>;
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
