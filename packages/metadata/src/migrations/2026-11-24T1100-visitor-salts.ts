// The daily salts of the cookieless visitor id (issue 13), shared by every process: with a salt per process, one
// reader got another visitor id from each. Only yesterday's, today's and tomorrow's are ever kept.
// Frozen in time: a migration never imports application code.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('visitor_salts')
    .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('salt', 'varchar(64)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('visitor_salts').execute();
}
