// The page counts of events: what page_events_log (012) holds per website, millisecond, page and device, and what
// page_stats_* and site_stats_hourly add up from it (015). Writers add these rows next to the events they write, in
// the same write: a materialized view per event table wrote its own part on every insert, and creating part files
// was most of what an insert cost (11k → 22k events/s when twelve views went in 014).
import { EVENT_TABLES } from './migrations/index.ts';

export const PAGE_COUNTS_TABLE = 'foldline.page_events_log';

type EventTable = (typeof EVENT_TABLES)[number];
type Row = Record<string, unknown>;

/** The counts each page counts row holds, summed by page_events_log and every rollup that follows from it. */
export const PAGE_COUNT_COLUMNS = ['events', 'pageviews', 'impressions', 'viewable', 'clicks', 'engaged_pageviews', 'engaged_ms', 'scroll_sum'] as const;
type PageCountColumn = (typeof PAGE_COUNT_COLUMNS)[number];

// A type, not an interface: rows must fit Record<string, unknown> where they are inserted. engaged_pageviews,
// engaged_ms and scroll_sum come from engagement rows: their first rows, engaged ms, and depth gains.
type PageCounts = { website_id: unknown; ts: unknown; page_id: unknown; device: unknown } & Record<PageCountColumn, number>;

const isEventTable = (table: string): table is EventTable => (EVENT_TABLES as readonly string[]).includes(table);

/** Page count rows of event rows given per table (`pageviews` or `foldline.pageviews`); rows of other tables are
 * ignored. Rows of the same website, millisecond, page and device become one. */
export function pageCountsOf(rowsByTable: Readonly<Record<string, ReadonlyArray<Row>>>): PageCounts[] {
  const counts = new Map<string, PageCounts>();
  for (const [name, rows] of Object.entries(rowsByTable)) {
    const table = name.replace(/^foldline\./, '');
    if (!isEventTable(table)) continue;
    for (const row of rows) {
      const key = `${String(row.website_id)}|${String(row.ts)}|${String(row.page_id)}|${String(row.device)}`;
      let entry = counts.get(key);
      if (!entry) {
        entry = { website_id: row.website_id, ts: row.ts, page_id: row.page_id, device: row.device, events: 0, pageviews: 0, impressions: 0, viewable: 0, clicks: 0, engaged_pageviews: 0, engaged_ms: 0, scroll_sum: 0 };
        counts.set(key, entry);
      }
      entry.events += 1;
      if (table === 'pageviews') entry.pageviews += 1;
      else if (table === 'engagement') {
        entry.engaged_pageviews += Number(row.is_first);
        entry.engaged_ms += Number(row.engaged_ms);
        entry.scroll_sum += Number(row.scroll_gain);
      } else if (table === 'ad_events') {
        if (row.kind === 'impression') entry.impressions += 1;
        else if (row.kind === 'viewable') entry.viewable += 1;
        else if (row.kind === 'click') entry.clicks += 1;
      }
    }
  }
  return [...counts.values()];
}

/** The same in SQL, for bulk loads written with INSERT … SELECT: page counts of every row of `table`. */
export function pageCountsInsertSql(table: EventTable): string {
  const only = (source: EventTable, sql: string) => (table === source ? sql : 'toUInt64(0)');
  const counts: Record<PageCountColumn, string> = {
    events: 'count()',
    pageviews: only('pageviews', 'count()'),
    impressions: only('ad_events', "countIf(kind = 'impression')"),
    viewable: only('ad_events', "countIf(kind = 'viewable')"),
    clicks: only('ad_events', "countIf(kind = 'click')"),
    engaged_pageviews: only('engagement', 'sum(is_first)'),
    engaged_ms: only('engagement', 'sum(engaged_ms)'),
    scroll_sum: only('engagement', 'sum(scroll_gain)'),
  };
  return `INSERT INTO ${PAGE_COUNTS_TABLE} (website_id, ts, page_id, device, ${PAGE_COUNT_COLUMNS.join(', ')})
  SELECT website_id, ts, page_id, device, ${PAGE_COUNT_COLUMNS.map((column) => `${counts[column]} AS ${column}`).join(', ')}
  FROM foldline.${table}
  GROUP BY website_id, ts, page_id, device`;
}
