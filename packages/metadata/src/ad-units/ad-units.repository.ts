// Ad units detected on a user's websites, and the names their publishers give them.
import type { MetadataDb } from '../database.ts';
import { websiteIdsOfUser } from '../websites/websites.repository.ts';

/** Removes a website's ad units and the names given to them. Returns how many units went. */
export async function deleteAdUnitsOfWebsite(db: MetadataDb, userId: string, websiteId: string): Promise<number> {
  await db.deleteFrom('ad_unit_names').where('website_id', '=', websiteId).where('website_id', 'in', websiteIdsOfUser(db, userId)).execute();
  const result = await db
    .deleteFrom('ad_units')
    .where('website_id', '=', websiteId)
    .where('website_id', 'in', websiteIdsOfUser(db, userId))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** An ad unit row of one of the user's websites, or undefined: another user's id reads as unknown. */
export async function adUnitOfUser(db: MetadataDb, userId: string, adUnitId: string) {
  return db
    .selectFrom('ad_units')
    .select(['id', 'website_id', 'slot_key', 'google_ad_slot_id'])
    .where('id', '=', adUnitId)
    .where('website_id', 'in', websiteIdsOfUser(db, userId))
    .executeTakeFirst();
}

/** The publisher's names for the units of some websites, by website id and unit key. */
export async function adUnitNamesOf(db: MetadataDb, websiteIds: readonly string[]): Promise<Map<string, string>> {
  if (websiteIds.length === 0) return new Map();
  const rows = await db.selectFrom('ad_unit_names').select(['website_id', 'unit_key', 'name']).where('website_id', 'in', websiteIds).execute();
  return new Map(rows.map((row) => [`${row.website_id}\n${row.unit_key}`, row.name]));
}

/** Stores a unit's name, or forgets it (null): the unit then goes by its automatic name again. */
export async function setAdUnitName(db: MetadataDb, websiteId: string, unitKey: string, name: string | null, now: Date): Promise<void> {
  if (name === null) {
    await db.deleteFrom('ad_unit_names').where('website_id', '=', websiteId).where('unit_key', '=', unitKey).execute();
    return;
  }
  const updated_at = now.toISOString();
  await db
    .insertInto('ad_unit_names')
    .values({ website_id: websiteId, unit_key: unitKey, name, updated_at })
    .onConflict((conflict) => conflict.columns(['website_id', 'unit_key']).doUpdateSet({ name, updated_at }))
    .execute();
}

/** A website's slots by what identifies their unit (ad server id and key on the page), each pair once: what the units
 * of an imported revenue report are matched against, through contracts' adUnitKey. */
export async function adUnitIdentitiesOfWebsite(db: MetadataDb, websiteId: string): Promise<Array<{ google_ad_slot_id: string | null; slot_key: string }>> {
  return db.selectFrom('ad_units').select(['google_ad_slot_id', 'slot_key']).distinct().where('website_id', '=', websiteId).execute();
}
