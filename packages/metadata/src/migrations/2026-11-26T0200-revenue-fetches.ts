// The daily fetch of a website's ad-server report (issue 23 §2: "points Foldline at the file's address for a daily
// fetch"): one address per website, its source and whether it is on, and what the last fetch did. `attempt_at` is
// when the last fetch began: a process takes a due fetch by moving it (one UPDATE), so two processes never fetch the
// same report at once. Frozen in time: a migration never imports application code.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('revenue_fetches')
    .addColumn('website_id', 'varchar(36)', (c) => c.primaryKey().references('websites.id').onDelete('cascade'))
    .addColumn('url', 'varchar(2000)', (c) => c.notNull())
    /** 'ad_manager' or 'adsense'. */
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    /** 1 on, 0 off. */
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('attempt_at', 'varchar(32)')
    /** The last fetch's end and outcome: 'imported' or 'failed', with the error's message. */
    .addColumn('fetched_at', 'varchar(32)')
    .addColumn('outcome', 'varchar(16)')
    .addColumn('error', 'varchar(1000)')
    /** What the last import stored: the report's days, its units (and those matching none), its currency. */
    .addColumn('from_day', 'varchar(10)')
    .addColumn('to_day', 'varchar(10)')
    .addColumn('day_count', 'integer')
    .addColumn('units', 'integer')
    .addColumn('unmatched_units', 'integer')
    .addColumn('currency', 'varchar(3)')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('revenue_fetches').execute();
}
