// page_events_hourly and page_events_daily were superseded by page_stats_* (013), which hold the same events and
// pageviews per page next to the ad figures, and no query reads them any more. Their twelve materialized views
// still ran on every insert and halved the collector's throughput (11k → 22k events/s measured in process with
// them gone), so they go, views first so no insert writes into a dropped table. Frozen in time.
export const name = '014-drop-page-events-rollups';

const EVENT_SOURCES = ['pageviews', 'engagement', 'viewport_spans', 'clicks', 'attention', 'ad_events'];

export const statements = [
  ...['page_events_hourly', 'page_events_daily'].flatMap((rollup) =>
    EVENT_SOURCES.map((table) => `DROP VIEW IF EXISTS foldline.${rollup}_${table}_mv`),
  ),
  'DROP TABLE IF EXISTS foldline.page_events_hourly',
  'DROP TABLE IF EXISTS foldline.page_events_daily',
];
