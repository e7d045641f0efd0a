// Pages of a user's websites: reads join the website so that ownership is part of every query.
import type { MetadataDb } from '../database.ts';
import type { PageRow } from '../tables.ts';
import { websiteIdsOfUser } from '../websites/websites.repository.ts';

export interface PageWithWebsiteRow extends PageRow {
  website_name: string;
  website_domain: string;
}

export async function listPagesOfWebsite(db: MetadataDb, userId: string, websiteId: string): Promise<PageRow[]> {
  return db
    .selectFrom('pages')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('website_id', 'in', websiteIdsOfUser(db, userId))
    .orderBy('url_path')
    .execute();
}

export async function findPageOfUser(db: MetadataDb, userId: string, pageId: string): Promise<PageWithWebsiteRow | undefined> {
  return db
    .selectFrom('pages')
    .innerJoin('websites', 'websites.id', 'pages.website_id')
    .selectAll('pages')
    .select(['websites.name as website_name', 'websites.domain as website_domain'])
    .where('pages.id', '=', pageId)
    .where('websites.user_id', '=', userId)
    .executeTakeFirst();
}

/** Removes a website's pages (their ad units go by cascade). Returns how many pages went. */
export async function deletePagesOfWebsite(db: MetadataDb, userId: string, websiteId: string): Promise<number> {
  const result = await db
    .deleteFrom('pages')
    .where('website_id', '=', websiteId)
    .where('website_id', 'in', websiteIdsOfUser(db, userId))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
