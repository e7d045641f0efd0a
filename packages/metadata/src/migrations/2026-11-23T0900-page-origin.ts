// Pages remember the origin (scheme, host and port) the tracker reported them under: a site on http or on a port
// is not at https://{domain}, and screenshots and 'View Page' need the address readers really used.
// Frozen in time: a migration never imports application code.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('pages').addColumn('origin', 'varchar(300)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('pages').dropColumn('origin').execute();
}
