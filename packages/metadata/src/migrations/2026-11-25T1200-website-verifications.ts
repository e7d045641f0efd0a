// When the installation check first found a website's tracking code (issue 22 §6): screenshots are taken only of a
// domain whose owner has shown the snippet is there, and the check's success must outlast the 24 hours of events it
// may rest on. One row per website, kept until the website goes. Frozen in time: a migration never imports
// application code.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('website_verifications')
    .addColumn('website_id', 'varchar(36)', (c) => c.primaryKey().references('websites.id').onDelete('cascade'))
    .addColumn('verified_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('website_verifications').execute();
}
