// Fresh event stores for tests, one per engine a suite runs on: chDB; the server adapter against the shim (chDB behind
// ClickHouse's HTTP interface, support/clickhouse-shim.ts), since no ClickHouse server can be installed here; and a
// real ClickHouse server when TEST_CLICKHOUSE_URL is set, as the metadata suites add PostgreSQL with TEST_DATABASE_URL.
// On the server every store is a database of its own, dropped after, so suites running at once do not meet.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe } from 'vitest';
import { openChdbStore } from '../../src/chdb-store.ts';
import { openClickHouseStore } from '../../src/clickhouse-store.ts';
import type { EventStore } from '../../src/event-store.ts';
import { migrateEventStore } from '../../src/migrate.ts';
import { startClickHouseShim } from './clickhouse-shim.ts';
import { copyMigratedStore } from './migrated-store.ts';

export type Engine = 'chdb' | 'shim' | 'clickhouse';

/** The engines this run covers. */
export const engines: Engine[] = ['chdb', 'shim', ...(process.env.TEST_CLICKHOUSE_URL ? (['clickhouse'] as const) : [])];

/** Runs a suite once per engine. */
export function describeEachEngine(name: string, suite: (engine: Engine) => void): void {
  for (const engine of engines) describe(`${name} [${engine}]`, () => suite(engine));
}

export interface TestStore {
  store: EventStore;
  close(): Promise<void>;
}

/** An empty store, migrated unless told otherwise (the `foldline` database does not exist yet then). chDB and the shim
 * each hold a data directory of their own: one store of either at a time per process. */
export async function createTestStore(engine: Engine, options: { migrate?: boolean } = {}): Promise<TestStore> {
  let store: EventStore;
  let remove: () => Promise<void>;
  const migrate = options.migrate ?? true;
  if (engine === 'shim') {
    const dir = mkdtempSync(path.join(tmpdir(), 'foldline-shim-'));
    // Migrated already (migrated-store.ts): migrateEventStore below finds nothing pending.
    if (migrate) await copyMigratedStore(dir);
    const shim = await startClickHouseShim({ dataDir: dir });
    store = openClickHouseStore(shim.url);
    remove = async () => {
      await shim.close();
      rmSync(dir, { recursive: true, force: true });
    };
  } else if (engine === 'clickhouse') {
    const base = process.env.TEST_CLICKHOUSE_URL;
    if (!base) throw new Error('TEST_CLICKHOUSE_URL is not set');
    const url = new URL(base);
    url.pathname = `/foldline_test_${randomUUID().replace(/-/g, '')}`;
    store = openClickHouseStore(url);
    // The store's own database, under the name its statements give it.
    remove = () => store.command('DROP DATABASE IF EXISTS foldline SYNC');
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'foldline-events-'));
    if (migrate) await copyMigratedStore(dir);
    store = openChdbStore(dir);
    remove = async () => rmSync(dir, { recursive: true, force: true });
  }
  if (migrate) await migrateEventStore(store);
  return {
    store,
    async close() {
      // The server's database goes before the client; chDB's files and the shim after it.
      if (engine === 'clickhouse') await remove();
      await store.close();
      if (engine !== 'clickhouse') await remove();
    },
  };
}
