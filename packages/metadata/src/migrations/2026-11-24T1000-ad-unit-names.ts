// Names publishers give their ad units (issue 12). Kept apart from ad_units.name, which the collector rewrites from
// what the page reports on every detection, and keyed by the unit's identity on its website (GPT ad unit path or
// AdSense slot, else the slot's key on the page), because one unit sits on many pages as many ad_units rows.
// Frozen in time: a migration never imports application code.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ad_unit_names')
    .addColumn('website_id', 'varchar(36)', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('unit_key', 'varchar(512)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('ad_unit_names_pk', ['website_id', 'unit_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ad_unit_names').execute();
}
