// The optimization potential of each website as it stood each day (issue 21 §6): the dashboard's change against the
// previous period compares with the potential then, instead of replaying today's advice on last period's traffic.
// One row per website and UTC day, the last figure of the day. Frozen in time: a migration never imports application
// code.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('potential_days')
    .addColumn('website_id', 'varchar(36)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    /** What the open recommendations promise at least over 30 days, and the viewable impressions of those 30 days. */
    .addColumn('extra_viewable', 'double precision', (c) => c.notNull())
    .addColumn('viewable', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('potential_days_pk', ['website_id', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('potential_days').execute();
}
