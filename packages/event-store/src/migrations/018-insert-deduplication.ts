// Retried inserts must never count twice: every table an insert or a materialized view writes keeps the ids of its
// last 1,000 blocks, so a write repeated with the same deduplication token (write-buffer.ts, after a failure that may
// have written part of it) is skipped, in the table and in the rollups it feeds. Inserts without a token are not
// deduplicated (event-store.ts, insertSettings). Frozen in time.
export const name = '018-insert-deduplication';

const TABLES = [
  'pageviews',
  'engagement',
  'viewport_spans',
  'clicks',
  'attention',
  'ad_events',
  'page_events_log',
  'page_stats_hourly',
  'page_stats_daily',
  'site_stats_hourly',
  'ad_stats_hourly',
  'ad_stats_daily',
  'heatmap_cells_hourly',
  'heatmap_cells_daily',
];

export const statements = TABLES.map((table) => `ALTER TABLE foldline.${table} MODIFY SETTING non_replicated_deduplication_window = 1000`);
