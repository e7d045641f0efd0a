// The embedded engine: chDB holds a ClickHouse data directory inside this process.
import { mkdirSync } from 'node:fs';
import { Session } from 'chdb';
import { insertSettings, PINNED_SETTINGS, settingsClause, STATEMENT_SETTINGS, type EventStore, type InsertOptions, type QueryOptions, type QueryParams } from './event-store.ts';
import { createTurns } from './background.ts';
import { createInFlight } from './in-flight.ts';

/** chDB allows one data directory per process; opening a second session closes the first. */
export function openChdbStore(dataDir: string): EventStore {
  mkdirSync(dataDir, { recursive: true });
  const session = new Session(dataDir);
  // The settings a server would be sent with every request, for the session. Statements (INSERT … SELECT of rebuilds
  // and bulk loads) never deduplicate: the tables keep recent blocks' ids for tokened retries (migration 018), and
  // without a token the id would be a hash of the data, which equal rollup rows of separate statements share. Inserts
  // set their own (insertSettings).
  const settings = Object.entries({ ...PINNED_SETTINGS, ...STATEMENT_SETTINGS });
  session.query(`SET ${settings.map(([name, value]) => `${name} = '${value}'`).join(', ')}`);
  const { track, drain, answeredWithin } = createInFlight();
  // Background work's statements wait for the looks' (background.ts); inserts (the collector's) never wait.
  const turns = createTurns();

  return {
    engine: 'chdb',
    async query<Row>(sql: string, params: QueryParams = {}, options?: QueryOptions): Promise<Row[]> {
      const text = sql + settingsClause(options);
      const result = await turns.take(() => track(() => session.queryBindAsync(text, params, { format: 'JSONEachRow' })));
      const body = result.text();
      if (!body) return [];
      return body
        .split('\n')
        .filter((line) => line.length > 0)
        .map((line) => JSON.parse(line) as Row);
    },
    async command(sql: string, params: QueryParams = {}): Promise<void> {
      await turns.take(() => track(() => session.queryBindAsync(sql, params, { format: 'CSV' })));
    },
    async insert(table: string, rows: ReadonlyArray<Record<string, unknown>>, options?: InsertOptions): Promise<void> {
      if (rows.length === 0) return;
      const payload = Buffer.from(rows.map((row) => JSON.stringify(row)).join('\n'));
      await track(() =>
        session.insert({ table, values: payload, format: 'JSONEachRow', settings: { input_format_skip_unknown_fields: 1, ...insertSettings(options) } }),
      );
    },
    answeredWithin,
    async close(): Promise<void> {
      await drain();
      session.close();
    },
  };
}
