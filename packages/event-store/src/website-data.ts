// Deleting every event of a set of websites, rollups included (website delete, "Clear Website Data", account
// removal), with counts of the raw events removed.
import type { EventStore } from './event-store.ts';
import { EVENT_TABLES, ROLLUP_TABLES } from './migrations/index.ts';

export interface WebsiteEventCounts {
  /** ad_events rows of kind 'impression'. */
  impressions: number;
  /** Rows of every event table. */
  events: number;
  /** Distinct sessions that produced a pageview. */
  sessions: number;
}

/** The raw events and the rollups derived from them: a materialized view never forgets what its source deletes. */
const TABLES = [...EVENT_TABLES, ...ROLLUP_TABLES];
type Table = (typeof TABLES)[number];

const IN_WEBSITES = 'website_id IN {websiteIds:Array(UUID)}';

// Table names come from the allowlists above; the website ids are always bound.
const COUNT_SQL = `SELECT
  ${TABLES.map((table) => `(SELECT count() FROM foldline.${table} WHERE ${IN_WEBSITES}) AS ${table}`).join(',\n  ')},
  (SELECT countIf(kind = 'impression') FROM foldline.ad_events WHERE ${IN_WEBSITES}) AS impressions,
  (SELECT uniqExact(session_id) FROM foldline.pageviews WHERE ${IN_WEBSITES}) AS sessions`;

/**
 * Counts the websites' events, then deletes them and their rollups: the counts are the raw events removed
 * ("Clear Website Data" shows them).
 * Lightweight deletes: when a statement returns, its rows are gone from every query. Each one is a mutation that can
 * wait for background merges (seconds on a busy store), so tables without rows of these websites are skipped and the
 * others go in parallel.
 */
export async function deleteWebsiteEvents(store: EventStore, websiteIds: readonly string[]): Promise<WebsiteEventCounts> {
  if (websiteIds.length === 0) return { impressions: 0, events: 0, sessions: 0 };
  const [row] = await store.query<Record<Table | 'impressions' | 'sessions', number | string>>(COUNT_SQL, { websiteIds });
  // 64-bit counts may come back as JSON strings.
  const count = (column: Table | 'impressions' | 'sessions') => Number(row?.[column] ?? 0);
  const nonEmpty = TABLES.filter((table) => count(table) > 0);
  await Promise.all(nonEmpty.map((table) => store.command(`DELETE FROM foldline.${table} WHERE ${IN_WEBSITES}`, { websiteIds })));
  return {
    impressions: count('impressions'),
    events: EVENT_TABLES.reduce((sum, table) => sum + count(table), 0),
    sessions: count('sessions'),
  };
}
