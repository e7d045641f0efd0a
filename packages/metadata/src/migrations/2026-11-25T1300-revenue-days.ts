// Revenue the ad servers report (issue 23 §2): a publisher's Ad Manager or AdSense export, one row per website,
// source, day and unit as the report names it, with the Foldline unit it matched (its key on the website, see
// contracts' adUnitKey), or none. Revenue is kept exactly, in millionths of the currency's unit. A re-import replaces
// the source's days it covers, so the key has no currency: one report is in one currency. Frozen in time: a migration
// never imports application code.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('revenue_days')
    .addColumn('website_id', 'varchar(36)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    /** 'ad_manager' or 'adsense'. */
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    /** The report's day, 'YYYY-MM-DD', as the ad server counts days (the network's time zone). */
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('report_unit', 'varchar(500)', (c) => c.notNull())
    /** The matched unit's key on the website; null when the report unit matched none. */
    .addColumn('unit_key', 'varchar(500)')
    /** ISO 4217 code. */
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('impressions', 'bigint', (c) => c.notNull())
    .addColumn('revenue_micros', 'bigint', (c) => c.notNull())
    .addColumn('imported_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('revenue_days_pk', ['website_id', 'source', 'day', 'report_unit'])
    .execute();
  // The revenue reports read a website's matched units over a range of days, whatever the source.
  await db.schema.createIndex('revenue_days_by_day').on('revenue_days').columns(['website_id', 'day']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('revenue_days').execute();
}
