// Exchange rates that came with an imported ad-server report (issue 23: "convert with rates the publisher gives or
// that come with the import"): per website, source, day and currency pair, what 1 of the report's currency was worth
// in another that day. An import replaces its source's rates of the days it covers, as it replaces their revenue
// (revenue_days). Frozen in time: a migration never imports application code.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('revenue_rates')
    .addColumn('website_id', 'varchar(36)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    /** 'ad_manager' or 'adsense'. */
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    /** The report's day, 'YYYY-MM-DD'. */
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    /** ISO 4217 codes: 1 `currency` = `rate` `into_currency`. */
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('into_currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('rate', 'double precision', (c) => c.notNull())
    .addColumn('imported_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('revenue_rates_pk', ['website_id', 'source', 'day', 'currency', 'into_currency'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('revenue_rates').execute();
}
