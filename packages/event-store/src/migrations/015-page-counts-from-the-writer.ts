// Every event table fed page_events_log, site_stats_hourly, page_stats_daily and page_stats_hourly through a
// materialized view each: twenty-four views, each writing a part of its own on every insert. Writers now add the
// page counts to page_events_log themselves, one block per write (src/page-counts.ts), and the three rollups
// follow from that block: the same sums, 12 parts per write instead of 32. Rows already in the rollups stay.
// Frozen in time.
export const name = '015-page-counts-from-the-writer';

const EVENT_SOURCES = ['pageviews', 'engagement', 'viewport_spans', 'clicks', 'attention', 'ad_events'];
const FED_BY_EVENT_TABLES = ['page_events_log', 'site_stats_hourly', 'page_stats_daily', 'page_stats_hourly'];

const sums = 'sum(events) AS events, sum(pageviews) AS pageviews, sum(impressions) AS impressions, sum(viewable) AS viewable, sum(clicks) AS clicks';

export const statements = [
  ...FED_BY_EVENT_TABLES.flatMap((rollup) => EVENT_SOURCES.map((table) => `DROP VIEW IF EXISTS foldline.${rollup}_${table}_mv`)),
  `CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_stats_hourly_mv TO foldline.page_stats_hourly AS
    SELECT website_id, toStartOfHour(ts) AS hour, page_id, device, ${sums}
    FROM foldline.page_events_log GROUP BY website_id, hour, page_id, device`,
  `CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_stats_daily_mv TO foldline.page_stats_daily AS
    SELECT website_id, toDate(ts) AS day, page_id, device, ${sums}
    FROM foldline.page_events_log GROUP BY website_id, day, page_id, device`,
  // site_stats_hourly lists its columns in another order; the view's names decide where each goes.
  `CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.site_stats_hourly_mv TO foldline.site_stats_hourly AS
    SELECT website_id, toStartOfHour(ts) AS hour, device, ${sums}
    FROM foldline.page_events_log GROUP BY website_id, hour, device`,
];
