// The record of each website's advice (issue 25): every recommendation as it was last given (what it promised), and
// what became of it — still open, applied (marked by the publisher; a detected change is matched at read time) or
// dismissed with a reason. It lets the advice be judged by its record after the page has changed and the
// recommendation is gone from the analysis. Frozen in time: a migration never imports application code.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('recommendation_records')
    .addColumn('website_id', 'varchar(36)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    /** The engine's id: kind, page, device and unit (or place), stable for the same advice. */
    .addColumn('recommendation_id', 'varchar(200)', (c) => c.notNull())
    .addColumn('page_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('device', 'varchar(10)', (c) => c.notNull())
    /** The recommendation as last given, JSON (contracts' Recommendation). */
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('first_seen', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_seen', 'varchar(32)', (c) => c.notNull())
    /** 'open' | 'applied' | 'dismissed'. */
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)')
    .addColumn('status_at', 'varchar(32)')
    .addPrimaryKeyConstraint('recommendation_records_pk', ['website_id', 'recommendation_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('recommendation_records').execute();
}
