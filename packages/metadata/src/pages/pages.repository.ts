// Pages of a user's websites: reads join the website so that ownership is part of every query.
import { sql, type RawBuilder } from 'kysely';
import type { MetadataDb } from '../database.ts';
import type { PageRow } from '../tables.ts';
import { websiteIdsOfUser } from '../websites/websites.repository.ts';

export interface PageWithWebsiteRow extends PageRow {
  website_name: string;
  website_domain: string;
}

export type PageOrder = 'title' | 'url_path' | 'last_activity' | 'status';

export interface PageListOptions {
  /** Case-insensitive 'contains' on the title or the url_path (ASCII letters fold on SQLite, all letters on PostgreSQL). */
  search?: string | undefined;
  sort: PageOrder;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/**
 * What each sort orders by, ending in url_path (unique within a website) so that equal keys keep one order from page
 * to page. Each list leads an index of migration 2026-11-23T2300-page-list-indexes, expression for expression, so a
 * slice is read in index order and stops after offset + limit entries instead of sorting every page; the search's
 * lower(title) and url_path are in each index too. Change an expression here and there together.
 */
const SORT_KEYS: Record<PageOrder, RawBuilder<unknown>[]> = {
  url_path: [sql`url_path`],
  title: [sql`lower(title)`, sql`url_path`],
  last_activity: [sql`coalesce(last_activity, created_at)`, sql`url_path`],
  status: [sql`status`, sql`url_path`],
};

/** LIKE's own characters in the needle match themselves. */
const containsPattern = (needle: string) => `%${needle.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The two statements of a slice of a website's pages: the slice, and how many pages match in all. Apart from
 * listPagesOfWebsite so that tests can ask the planner how it runs them. */
export function pageListQueries(db: MetadataDb, userId: string, websiteId: string, options: PageListOptions) {
  const pattern = options.search ? containsPattern(options.search) : undefined;
  const matching = db
    .selectFrom('pages')
    .where('website_id', '=', websiteId)
    .where('website_id', 'in', websiteIdsOfUser(db, userId))
    .$if(pattern !== undefined, (query) =>
      query.where(sql<boolean>`(lower(title) like ${pattern} escape '\\' or lower(url_path) like ${pattern} escape '\\')`),
    );
  return {
    slice: matching
      .selectAll()
      .$call((query) => SORT_KEYS[options.sort].reduce((ordered, key) => ordered.orderBy(key, options.order), query))
      .limit(options.limit)
      .offset(options.offset),
    count: matching.select((eb) => eb.fn.countAll<number | string>().as('n')),
  };
}

/** One slice of a website's pages, searched and sorted, and how many pages match in all. */
export async function listPagesOfWebsite(
  db: MetadataDb,
  userId: string,
  websiteId: string,
  options: PageListOptions,
): Promise<{ rows: PageRow[]; total: number }> {
  const { slice, count } = pageListQueries(db, userId, websiteId, options);
  const [rows, matched] = await Promise.all([slice.execute(), count.executeTakeFirstOrThrow()]);
  return { rows, total: Number(matched.n) };
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
