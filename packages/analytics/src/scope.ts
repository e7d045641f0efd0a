// Which websites, pages and ad units a query may read: resolved from metadata by the signed-in user's id
// before any event is touched. Another user's id reads exactly like a missing one (404).
import { adUnitKey, automaticAdUnitName } from '@foldline/contracts';
import type { MetadataDb } from '@foldline/metadata';
import { adUnitNamesOf } from '@foldline/metadata/ad-units/ad-units.repository';
import { mapInSlices, yieldToEventLoop } from './event-loop.ts';

/** A 4xx the API's error handler passes through with its message. */
export class NotFoundError extends Error {
  readonly statusCode = 404;
}

export interface ScopedWebsite {
  id: string;
  name: string;
  domain: string;
  timezone: string;
}

export interface ScopedPage {
  id: string;
  website_id: string;
  title: string;
  url_path: string;
  status: string;
  domain: string;
  /** The origin the tracker reported the page under (null before any report). */
  origin: string | null;
}

/** The user's websites, or only the one asked for (404 when it is not theirs). */
export async function websitesInScope(db: MetadataDb, userId: string, websiteId?: string): Promise<ScopedWebsite[]> {
  let query = db.selectFrom('websites').select(['id', 'name', 'domain', 'timezone']).where('user_id', '=', userId);
  if (websiteId) query = query.where('id', '=', websiteId);
  const websites = await query.orderBy('created_at').orderBy('id').execute();
  if (websiteId && websites.length === 0) throw new NotFoundError('Website not found');
  return websites;
}

export async function pageInScope(db: MetadataDb, userId: string, pageId: string): Promise<ScopedPage> {
  const page = await db
    .selectFrom('pages')
    .innerJoin('websites', 'websites.id', 'pages.website_id')
    .select(['pages.id', 'pages.website_id', 'pages.title', 'pages.url_path', 'pages.status', 'pages.origin', 'websites.domain'])
    .where('pages.id', '=', pageId)
    .where('websites.user_id', '=', userId)
    .executeTakeFirst();
  if (!page) throw new NotFoundError('Page not found');
  return page;
}

export async function pagesOfWebsites(db: MetadataDb, websiteIds: readonly string[]): Promise<ScopedPage[]> {
  if (websiteIds.length === 0) return [];
  return db
    .selectFrom('pages')
    .innerJoin('websites', 'websites.id', 'pages.website_id')
    .select(['pages.id', 'pages.website_id', 'pages.title', 'pages.url_path', 'pages.status', 'pages.origin', 'websites.domain'])
    .where('pages.website_id', 'in', websiteIds)
    .execute();
}

/**
 * The ad units of pages or websites already in scope, one row per detected slot, with their page, the unit each
 * belongs to (`unit_key`) and the unit's name as the publisher sees it everywhere: the name they gave it, else the
 * automatic one. Names come from all of a website's slots, so a unit reads the same on every page and screen.
 */
export async function adUnitsInScope(db: MetadataDb, scope: { websiteIds: readonly string[]; pageId?: string }) {
  if (scope.websiteIds.length === 0) return [];
  const [rows, given] = await Promise.all([
    readByIdInChunks((after, limit) =>
      db
        .selectFrom('ad_units')
        .innerJoin('pages', 'pages.id', 'ad_units.page_id')
        .selectAll('ad_units')
        .select(['pages.title as page_title', 'pages.url_path as page_url_path'])
        .where('ad_units.website_id', 'in', scope.websiteIds)
        .$if(after !== undefined, (query) => query.where('ad_units.id', '>', after!))
        .orderBy('ad_units.id')
        .limit(limit)
        .execute(),
    ),
    adUnitNamesOf(db, scope.websiteIds),
  ]);
  const groups = new Map<string, typeof rows>();
  for (const row of rows) {
    const key = `${row.website_id}\n${adUnitKey(row)}`;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  await yieldToEventLoop();
  const names = new Map(await mapInSlices([...groups], ([key, placements]) => [key, given.get(key) ?? automaticAdUnitName(placements)] as const));
  await yieldToEventLoop();
  const inScope = await mapInSlices(
    rows.filter((row) => !scope.pageId || row.page_id === scope.pageId),
    (row) => {
      const unit_key = adUnitKey(row);
      const key = `${row.website_id}\n${unit_key}`;
      // Spelled out, not spread: one object shape for every row keeps 20,000 of them cheap to build and sort.
      return {
        id: row.id,
        website_id: row.website_id,
        page_id: row.page_id,
        slot_key: row.slot_key,
        google_ad_slot_id: row.google_ad_slot_id,
        ad_format: row.ad_format,
        position_selector: row.position_selector,
        position_x: row.position_x,
        position_y: row.position_y,
        width: row.width,
        height: row.height,
        status: row.status,
        created_at: row.created_at,
        last_detected: row.last_detected,
        page_title: row.page_title,
        page_url_path: row.page_url_path,
        unit_key,
        name: names.get(key)!,
        named_by_publisher: given.has(key),
      };
    },
  );
  await yieldToEventLoop();
  return inScope.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** Rows read this many at a time: SQLite answers synchronously, and 20,000 ad units at once held the event loop
 * (health, the tracker, the collector) for a quarter of a second. */
const CHUNK_ROWS = 500;

/** Every row of a query ordered by id, read a chunk at a time with the event loop free between chunks. */
export async function readByIdInChunks<T extends { id: string }>(read: (after: string | undefined, limit: number) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let after: string | undefined; ; ) {
    const chunk = await read(after, CHUNK_ROWS);
    rows.push(...chunk);
    if (chunk.length < CHUNK_ROWS) return rows;
    after = chunk.at(-1)!.id;
    await yieldToEventLoop();
  }
}
