// Failed sign-ins per account (issue 11): the back-off must hold whatever address the attempts come from and across
// every API process, so the count lives in the metadata store rather than in one process's memory. The key is a
// hash of the lower-cased email, so addresses that have no account are not stored in clear.
// Frozen in time: a migration never imports application code.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sign_in_throttle')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('blocked_until', 'varchar(32)')
    .addColumn('last_failure_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // Old rows are swept by age.
  await db.schema.createIndex('sign_in_throttle_last_failure').on('sign_in_throttle').column('last_failure_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_in_throttle').execute();
}
