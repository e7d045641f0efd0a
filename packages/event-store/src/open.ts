// Chooses the event-store engine from configuration and brings its schema up to date.
import path from 'node:path';
import { openChdbStore } from './chdb-store.ts';
import { openClickHouseStore } from './clickhouse-store.ts';
import type { EventStore } from './event-store.ts';
import { migrateEventStore } from './migrate.ts';

export interface EventStoreOptions {
  dataDir: string;
  /** A ClickHouse server (CLICKHOUSE_URL, see clickhouse-store.ts for its form) instead of chDB in `dataDir`. */
  clickhouseUrl?: string | undefined;
  /** With clickhouseUrl: the cluster its tables are spread over (CLICKHOUSE_CLUSTER, see cluster.ts). */
  clickhouseCluster?: string | undefined;
}

export async function openEventStore(options: EventStoreOptions): Promise<EventStore> {
  const store = options.clickhouseUrl ? openClickHouseStore(options.clickhouseUrl, { cluster: options.clickhouseCluster }) : openChdbStore(path.join(options.dataDir, 'events'));
  try {
    await migrateEventStore(store);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}
