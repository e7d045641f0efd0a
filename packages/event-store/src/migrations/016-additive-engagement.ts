// Average engaged time and scroll depth were computed per pageview at query time: every engagement row of the period
// grouped by pageview_id, which cost most of a top-pages call (66 ms of ~150 at 10 M events). Engagement rows now say
// whether they are their pageview's first (is_first) and how much they raised its deepest scroll (scroll_gain), so
// both averages are plain sums: engaged pageviews, engaged ms and scroll depth sum join the page counts
// (page_events_log) and the rollups that follow from it.
// Rows stored before get both columns from their pageview's earlier rows; the page counts get the three sums from
// them. Frozen in time.
export const name = '016-additive-engagement';

const STATS_TABLES = ['page_events_log', 'page_stats_hourly', 'page_stats_daily', 'site_stats_hourly'];

const sums =
  'sum(events) AS events, sum(pageviews) AS pageviews, sum(impressions) AS impressions, sum(viewable) AS viewable, sum(clicks) AS clicks, ' +
  'sum(engaged_pageviews) AS engaged_pageviews, sum(engaged_ms) AS engaged_ms, sum(scroll_sum) AS scroll_sum';

// Rows of one pageview in time order: the running maximum of its depth so far, and before this row.
const pageviewOrder = 'PARTITION BY pageview_id ORDER BY ts, max_scroll_pct';

export const statements = [
  `ALTER TABLE foldline.engagement ADD COLUMN IF NOT EXISTS is_first UInt8, ADD COLUMN IF NOT EXISTS scroll_gain UInt8`,
  // Window functions cannot feed an ALTER UPDATE: the rows are rewritten into a copy that then takes the table's place.
  `DROP TABLE IF EXISTS foldline.engagement_marked`,
  `CREATE TABLE foldline.engagement_marked AS foldline.engagement`,
  `INSERT INTO foldline.engagement_marked
    SELECT website_id, ts, page_id, pageview_id, session_id, device, engaged_ms, max_scroll_pct, doc_h,
      row_number() OVER (${pageviewOrder}) = 1 AS is_first,
      max(max_scroll_pct) OVER (${pageviewOrder} ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
        - max(max_scroll_pct) OVER (${pageviewOrder} ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS scroll_gain
    FROM foldline.engagement`,
  `EXCHANGE TABLES foldline.engagement AND foldline.engagement_marked`,
  `DROP TABLE foldline.engagement_marked`,

  ...STATS_TABLES.map(
    (table) =>
      `ALTER TABLE foldline.${table} ADD COLUMN IF NOT EXISTS engaged_pageviews UInt64, ADD COLUMN IF NOT EXISTS engaged_ms UInt64, ADD COLUMN IF NOT EXISTS scroll_sum UInt64`,
  ),
  // The rollups' views as in 015, with the three new sums.
  ...['page_stats_hourly_mv', 'page_stats_daily_mv', 'site_stats_hourly_mv'].map((view) => `DROP VIEW IF EXISTS foldline.${view}`),
  `CREATE MATERIALIZED VIEW foldline.page_stats_hourly_mv TO foldline.page_stats_hourly AS
    SELECT website_id, toStartOfHour(ts) AS hour, page_id, device, ${sums}
    FROM foldline.page_events_log GROUP BY website_id, hour, page_id, device`,
  `CREATE MATERIALIZED VIEW foldline.page_stats_daily_mv TO foldline.page_stats_daily AS
    SELECT website_id, toDate(ts) AS day, page_id, device, ${sums}
    FROM foldline.page_events_log GROUP BY website_id, day, page_id, device`,
  `CREATE MATERIALIZED VIEW foldline.site_stats_hourly_mv TO foldline.site_stats_hourly AS
    SELECT website_id, toStartOfHour(ts) AS hour, device, ${sums}
    FROM foldline.page_events_log GROUP BY website_id, hour, device`,
  // The stored engagement into the page counts; the views carry it on into the rollups (SummingMergeTree adds it up).
  `INSERT INTO foldline.page_events_log (website_id, ts, page_id, device, engaged_pageviews, engaged_ms, scroll_sum)
    SELECT website_id, ts, page_id, device, sum(is_first), sum(engaged_ms), sum(scroll_gain)
    FROM foldline.engagement GROUP BY website_id, ts, page_id, device`,
];
