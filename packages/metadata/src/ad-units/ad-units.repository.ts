// Ad units detected on a user's websites.
import type { MetadataDb } from '../database.ts';
import { websiteIdsOfUser } from '../websites/websites.repository.ts';

/** Removes a website's ad units. Returns how many went. */
export async function deleteAdUnitsOfWebsite(db: MetadataDb, userId: string, websiteId: string): Promise<number> {
  const result = await db
    .deleteFrom('ad_units')
    .where('website_id', '=', websiteId)
    .where('website_id', 'in', websiteIdsOfUser(db, userId))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
