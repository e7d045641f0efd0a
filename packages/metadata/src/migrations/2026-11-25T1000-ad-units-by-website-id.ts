// A website's ad units are read a thousand at a time in id order (analytics scope.ts), so that a website with tens of
// thousands of units never holds the event loop: led by website_id then id, each slice is one walk of the index
// instead of a sort of every unit of the website. It replaces the index on website_id alone, whose lookups it serves.
// Frozen in time: a migration never imports application code.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('ad_units_website_id').on('ad_units').columns(['website_id', 'id']).execute();
  await db.schema.dropIndex('ad_units_website').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('ad_units_website').on('ad_units').column('website_id').execute();
  await db.schema.dropIndex('ad_units_website_id').execute();
}
