// Whether a website's domain has shown Foldline's tracking code, which is what lets the server render its pages
// (issue 22 §6): the collector registered a page of it (a beacon whose page was on the domain was accepted), or the
// installation check found the snippet there (recorded in website_verifications, migration 2026-11-25T1200).
import { nowIso, type MetadataDb } from '../database.ts';

/** Keeps the first time the installation check found the website's snippet; later successes change nothing. */
export async function recordVerification(db: MetadataDb, websiteId: string): Promise<void> {
  await db
    .insertInto('website_verifications')
    .values({ website_id: websiteId, verified_at: nowIso() })
    .onConflict((conflict) => conflict.column('website_id').doNothing())
    .execute();
}

export async function isWebsiteVerified(db: MetadataDb, websiteId: string): Promise<boolean> {
  const [checked, seen] = await Promise.all([
    db.selectFrom('website_verifications').select('website_id').where('website_id', '=', websiteId).executeTakeFirst(),
    db.selectFrom('pages').select('id').where('website_id', '=', websiteId).limit(1).executeTakeFirst(),
  ]);
  return checked !== undefined || seen !== undefined;
}
