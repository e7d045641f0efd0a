// The event store's own migration runner: each migration runs once, in order, and is recorded.
import { toEventTime, type EventStore } from './event-store.ts';
import { eventMigrations } from './migrations/index.ts';

export async function migrateEventStore(store: EventStore): Promise<void> {
  await store.command('CREATE DATABASE IF NOT EXISTS foldline');
  await store.command(
    'CREATE TABLE IF NOT EXISTS foldline.schema_migrations (name String, applied_at DateTime64(3, \'UTC\')) ENGINE = MergeTree ORDER BY name',
  );
  const applied = new Set(
    (await store.query<{ name: string }>('SELECT name FROM foldline.schema_migrations')).map((row) => row.name),
  );
  for (const migration of eventMigrations) {
    if (applied.has(migration.name)) continue;
    for (const statement of migration.statements) await store.command(statement);
    await store.insert('foldline.schema_migrations', [{ name: migration.name, applied_at: toEventTime(Date.now()) }]);
  }
}
