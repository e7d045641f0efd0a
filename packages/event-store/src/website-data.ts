// Deleting every event of a set of websites, rollups included (website delete, "Clear Website Data", account
// removal), with counts of the raw events removed.
import type { EventStore } from './event-store.ts';
import { EVENT_TABLES, ROLLUP_TABLES } from './migrations/index.ts';
import { HEATMAP_CELLS_TABLE, HEATMAP_DAILY_TABLE, HEATMAP_SOURCE_TABLES, heatmapCellsInsertSql } from './heatmap-cells.ts';
import { PAGE_COUNT_COLUMNS, PAGE_COUNTS_TABLE } from './page-counts.ts';

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

const OF_WEBSITE = 'website_id = {websiteId:UUID}';
const FROM = "{from:DateTime64(3, 'UTC')}";
const PAGE_SUMS = PAGE_COUNT_COLUMNS.map((column) => `sum(${column})`).join(', ');
const PAGE_COLUMNS = PAGE_COUNT_COLUMNS.join(', ');
const AD_COUNTS = "countIf(kind = 'impression'), countIf(kind = 'viewable'), countIf(kind = 'click')";
/** Prebid revenue and empty renders as migration 024's views count them. */
const REVENUE_SUMS = "currency, sumIf(cpm, kind = 'bid') / 1000, countIf(kind = 'bid'), countIf(kind = 'bid' AND prebid_won = 1), countIf(kind = 'empty')";
const REVENUE_COLUMNS = 'page_id, ad_unit_id, device, currency, revenue, bids, wins, empties';
const REVENUE_KINDS = " AND kind IN ('bid', 'empty')";

/** Each rollup: its bucket, the first bucket a window starting at `from` touches, and how it is computed (its
 * materialized view's query, columns named because INSERT … SELECT goes by position). */
const REBUILDS: ReadonlyArray<{ table: (typeof ROLLUP_TABLES)[number]; bucket: string; since: string; columns: string; select: string; source: string; group: string; kinds?: string }> = [
  {
    table: 'page_stats_hourly', bucket: 'hour', since: `toStartOfHour(${FROM})`,
    columns: `website_id, hour, page_id, device, ${PAGE_COLUMNS}`,
    select: `website_id, toStartOfHour(ts), page_id, device, ${PAGE_SUMS}`, source: PAGE_COUNTS_TABLE, group: '1, 2, 3, 4',
  },
  {
    table: 'page_stats_daily', bucket: 'day', since: `toDate(${FROM})`,
    columns: `website_id, day, page_id, device, ${PAGE_COLUMNS}`,
    select: `website_id, toDate(ts), page_id, device, ${PAGE_SUMS}`, source: PAGE_COUNTS_TABLE, group: '1, 2, 3, 4',
  },
  {
    table: 'site_stats_hourly', bucket: 'hour', since: `toStartOfHour(${FROM})`,
    columns: `website_id, hour, device, ${PAGE_COLUMNS}`,
    select: `website_id, toStartOfHour(ts), device, ${PAGE_SUMS}`, source: PAGE_COUNTS_TABLE, group: '1, 2, 3',
  },
  {
    table: 'ad_stats_hourly', bucket: 'hour', since: `toStartOfHour(${FROM})`,
    columns: 'website_id, hour, page_id, ad_unit_id, device, impressions, viewable, clicks',
    select: `website_id, toStartOfHour(ts), page_id, ad_unit_id, device, ${AD_COUNTS}`, source: 'foldline.ad_events', group: '1, 2, 3, 4, 5',
  },
  {
    table: 'ad_stats_daily', bucket: 'day', since: `toDate(${FROM})`,
    columns: 'website_id, day, page_id, ad_unit_id, device, impressions, viewable, clicks',
    select: `website_id, toDate(ts), page_id, ad_unit_id, device, ${AD_COUNTS}`, source: 'foldline.ad_events', group: '1, 2, 3, 4, 5',
  },
  {
    table: 'ad_revenue_hourly', bucket: 'hour', since: `toStartOfHour(${FROM})`,
    columns: `website_id, hour, ${REVENUE_COLUMNS}`,
    select: `website_id, toStartOfHour(ts), page_id, ad_unit_id, device, ${REVENUE_SUMS}`, source: 'foldline.ad_events', group: '1, 2, 3, 4, 5, 6', kinds: REVENUE_KINDS,
  },
  {
    table: 'site_revenue_hourly', bucket: 'hour', since: `toStartOfHour(${FROM})`,
    columns: 'website_id, hour, device, currency, revenue, bids, wins, empties',
    select: `website_id, toStartOfHour(ts), device, ${REVENUE_SUMS}`, source: 'foldline.ad_events', group: '1, 2, 3, 4', kinds: REVENUE_KINDS,
  },
  {
    table: 'ad_revenue_daily', bucket: 'day', since: `toDate(${FROM})`,
    columns: `website_id, day, ${REVENUE_COLUMNS}`,
    select: `website_id, toDate(ts), page_id, ad_unit_id, device, ${REVENUE_SUMS}`, source: 'foldline.ad_events', group: '1, 2, 3, 4, 5, 6', kinds: REVENUE_KINDS,
  },
];

/**
 * Deletes a website's events in [from, to) ('YYYY-MM-DD hh:mm:ss.sss', UTC) and recomputes its rollups from the
 * hour (or day) of `from` on out of what remains: rollups only ever add, so taking a window out means rebuilding
 * them. For the demo seed resuming after an interruption; a beacon stored during the rebuild may count twice.
 */
export async function deleteWebsiteEventsBetween(store: EventStore, websiteId: string, from: string, to: string): Promise<void> {
  const params = { websiteId, from, to };
  const window = `${OF_WEBSITE} AND ts >= ${FROM} AND ts < {to:DateTime64(3, 'UTC')}`;
  // page_sessions and pageview_segments hold a row per pageview with its time, ad_clicks one per ad click: the window
  // goes from them as from the events.
  const copies = ['foldline.page_sessions', 'foldline.pageview_segments', 'foldline.ad_clicks'];
  for (const table of [...EVENT_TABLES.map((name) => `foldline.${name}`), PAGE_COUNTS_TABLE, ...copies]) {
    await store.command(`DELETE FROM ${table} WHERE ${window}`, params);
  }
  // The counts of settled days kept (the recommendations' seen counts, the ad experience's) from `from` on are counted
  // again from what remains.
  await store.command(`DELETE FROM foldline.seen_day_counts WHERE ${OF_WEBSITE} AND addDays(first_day, length(seen)) > toDate(${FROM})`, params);
  await store.command(`DELETE FROM foldline.ad_experience_days WHERE ${OF_WEBSITE} AND day >= toDate(${FROM})`, params);
  for (const rollup of REBUILDS) {
    await store.command(`DELETE FROM foldline.${rollup.table} WHERE ${OF_WEBSITE} AND ${rollup.bucket} >= ${rollup.since}`, params);
    await store.command(
      `INSERT INTO foldline.${rollup.table} (${rollup.columns})
       SELECT ${rollup.select} FROM ${rollup.source} WHERE ${OF_WEBSITE} AND ts >= ${rollup.since}${rollup.kinds ?? ''} GROUP BY ${rollup.group}`,
      params,
    );
  }
  await rebuildHeatmapCells(store, params);
  // The imported revenue's spread rests on the impressions: written again at the next report (its writer is told to
  // forget it).
  await store.command(`DELETE FROM foldline.imported_revenue_spread WHERE ${OF_WEBSITE}`, params);
}

/** The heatmap cells from the hour of `from` on, out of the raw rows that remain. The daily tier follows the hourly
 * inserts by its view, so the day of `from` first gets back its hours before `from` from the hourly tier. */
async function rebuildHeatmapCells(store: EventStore, params: { websiteId: string; from: string }): Promise<void> {
  const cell = 'ox, oy, x, y';
  await store.command(`DELETE FROM ${HEATMAP_CELLS_TABLE} WHERE ${OF_WEBSITE} AND hour >= toStartOfHour(${FROM})`, params);
  await store.command(`DELETE FROM ${HEATMAP_DAILY_TABLE} WHERE ${OF_WEBSITE} AND day >= toDate(${FROM})`, params);
  await store.command(
    `INSERT INTO ${HEATMAP_DAILY_TABLE} (website_id, day, page_id, device, kind, selector, ${cell}, value)
     SELECT website_id, toDate(hour), page_id, device, kind, selector, ${cell}, sum(value) FROM ${HEATMAP_CELLS_TABLE}
     WHERE ${OF_WEBSITE} AND hour >= toDate(${FROM}) AND hour < toStartOfHour(${FROM})
     GROUP BY website_id, toDate(hour), page_id, device, kind, selector, ${cell}`,
    params,
  );
  for (const table of HEATMAP_SOURCE_TABLES) {
    await store.command(heatmapCellsInsertSql(table, `${OF_WEBSITE} AND hour >= toStartOfHour(${FROM})`), params);
  }
}
