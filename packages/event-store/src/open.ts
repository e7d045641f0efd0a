// Chooses the event-store engine from configuration and brings its schema up to date.
import path from 'node:path';
import { openChdbStore } from './chdb-store.ts';
import type { EventStore } from './event-store.ts';
import { migrateEventStore } from './migrate.ts';

export interface EventStoreOptions {
  dataDir: string;
  clickhouseUrl?: string | undefined;
}

export async function openEventStore(options: EventStoreOptions): Promise<EventStore> {
  if (options.clickhouseUrl) {
    // The server adapter (HTTP transport, replicated DDL) is planned; refuse loudly rather than pretend.
    throw new Error('CLICKHOUSE_URL: the ClickHouse server adapter is not available yet; unset it to use the embedded chDB store');
  }
  const store = openChdbStore(path.join(options.dataDir, 'events'));
  await migrateEventStore(store);
  return store;
}
