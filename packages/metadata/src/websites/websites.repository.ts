// Websites: every query is scoped by the owning user's id, so another user's website reads as missing.
import { nowIso, type MetadataDb } from '../database.ts';
import type { NewWebsite, WebsiteRow } from '../tables.ts';

/** The ids of a user's websites, as a subquery other repositories filter on. */
export function websiteIdsOfUser(db: MetadataDb, userId: string) {
  return db.selectFrom('websites').select('websites.id').where('websites.user_id', '=', userId);
}

export async function listWebsitesOfUser(db: MetadataDb, userId: string): Promise<WebsiteRow[]> {
  return db.selectFrom('websites').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').execute();
}

export async function listWebsiteIdsOfUser(db: MetadataDb, userId: string): Promise<string[]> {
  return (await websiteIdsOfUser(db, userId).execute()).map((row) => row.id);
}

export async function findWebsiteOfUser(db: MetadataDb, userId: string, websiteId: string): Promise<WebsiteRow | undefined> {
  return db.selectFrom('websites').selectAll().where('id', '=', websiteId).where('user_id', '=', userId).executeTakeFirst();
}

export async function insertWebsite(db: MetadataDb, website: Omit<NewWebsite, 'created_at' | 'updated_at'>): Promise<WebsiteRow> {
  const now = nowIso();
  const row: WebsiteRow = { ...website, created_at: now, updated_at: now };
  await db.insertInto('websites').values(row).execute();
  return row;
}

export async function updateWebsiteOfUser(
  db: MetadataDb,
  userId: string,
  websiteId: string,
  changes: Partial<Pick<WebsiteRow, 'name' | 'status' | 'timezone' | 'settings'>>,
): Promise<void> {
  await db
    .updateTable('websites')
    .set({ ...changes, updated_at: nowIso() })
    .where('id', '=', websiteId)
    .where('user_id', '=', userId)
    .execute();
}

/** Deletes the given websites of a user; pages and ad units go with them by cascade. Returns how many went. */
export async function deleteWebsitesOfUser(db: MetadataDb, userId: string, websiteIds: readonly string[]): Promise<number> {
  if (websiteIds.length === 0) return 0;
  const result = await db.deleteFrom('websites').where('user_id', '=', userId).where('id', 'in', websiteIds).executeTakeFirst();
  return Number(result.numDeletedRows);
}
