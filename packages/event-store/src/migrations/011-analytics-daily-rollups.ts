// Coarser rollups for long periods: per day for page and ad-unit reports (a quarter is 90 rows per unit and
// device instead of 2,160), and per website and hour for totals and charts, which need no page or unit.
// Filled from the existing rows first, then kept current by materialized views. Frozen in time.
export const name = '011-analytics-daily-rollups';

const summing = (partition: string, order: string) =>
  `ENGINE = SummingMergeTree PARTITION BY toYYYYMM(${partition}) ORDER BY (${order}) SETTINGS index_granularity = 1024`;

const adDailySelect = `SELECT website_id, toDate(ts) AS day, page_id, ad_unit_id, device,
    countIf(kind = 'impression') AS impressions,
    countIf(kind = 'viewable') AS viewable,
    countIf(kind = 'click') AS clicks
  FROM foldline.ad_events
  GROUP BY website_id, day, page_id, ad_unit_id, device`;

const EVENT_SOURCES = ['pageviews', 'engagement', 'viewport_spans', 'clicks', 'attention', 'ad_events'];

const pageDailySelect = (table: string) => `SELECT website_id, toDate(ts) AS day, page_id, device,
    count() AS events,
    ${table === 'pageviews' ? 'count()' : 'toUInt64(0)'} AS pageviews
  FROM foldline.${table}
  GROUP BY website_id, day, page_id, device`;

const siteHourlySelect = (table: string) => `SELECT website_id, toStartOfHour(ts) AS hour, device,
    ${table === 'ad_events' ? "countIf(kind = 'impression')" : 'toUInt64(0)'} AS impressions,
    ${table === 'ad_events' ? "countIf(kind = 'viewable')" : 'toUInt64(0)'} AS viewable,
    ${table === 'ad_events' ? "countIf(kind = 'click')" : 'toUInt64(0)'} AS clicks,
    count() AS events,
    ${table === 'pageviews' ? 'count()' : 'toUInt64(0)'} AS pageviews
  FROM foldline.${table}
  GROUP BY website_id, hour, device`;

export const statements = [
  `CREATE TABLE IF NOT EXISTS foldline.ad_stats_daily (
    website_id UUID,
    day Date,
    page_id UUID,
    ad_unit_id UUID,
    device LowCardinality(String),
    impressions UInt64,
    viewable UInt64,
    clicks UInt64
  ) ${summing('day', 'website_id, day, page_id, ad_unit_id, device')}`,
  `INSERT INTO foldline.ad_stats_daily ${adDailySelect}`,
  `CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.ad_stats_daily_mv TO foldline.ad_stats_daily AS ${adDailySelect}`,

  `CREATE TABLE IF NOT EXISTS foldline.page_events_daily (
    website_id UUID,
    day Date,
    page_id UUID,
    device LowCardinality(String),
    events UInt64,
    pageviews UInt64
  ) ${summing('day', 'website_id, day, page_id, device')}`,
  ...EVENT_SOURCES.map((table) => `INSERT INTO foldline.page_events_daily ${pageDailySelect(table)}`),
  ...EVENT_SOURCES.map(
    (table) => `CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_events_daily_${table}_mv TO foldline.page_events_daily AS ${pageDailySelect(table)}`,
  ),

  `CREATE TABLE IF NOT EXISTS foldline.site_stats_hourly (
    website_id UUID,
    hour DateTime('UTC'),
    device LowCardinality(String),
    impressions UInt64,
    viewable UInt64,
    clicks UInt64,
    events UInt64,
    pageviews UInt64
  ) ${summing('hour', 'website_id, hour, device')}`,
  ...EVENT_SOURCES.map((table) => `INSERT INTO foldline.site_stats_hourly ${siteHourlySelect(table)}`),
  ...EVENT_SOURCES.map(
    (table) => `CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.site_stats_hourly_${table}_mv TO foldline.site_stats_hourly AS ${siteHourlySelect(table)}`,
  ),
];
