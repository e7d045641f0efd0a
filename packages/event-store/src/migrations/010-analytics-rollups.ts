// Hourly rollups the analytics queries read for whole hours (the partial hours at a period's edges come from
// the raw tables), so a dashboard call over a quarter reads thousands of rows instead of millions.
// Each rollup is filled from the existing rows first, then kept current by a materialized view on insert.
// Frozen in time: later changes go into new migrations.
export const name = '010-analytics-rollups';

const summing = (order: string) =>
  `ENGINE = SummingMergeTree PARTITION BY toYYYYMM(hour) ORDER BY (${order}) SETTINGS index_granularity = 1024`;

// Ad impressions, viewable impressions and clicks per ad unit, page, device and hour.
const adStatsSelect = `SELECT website_id, toStartOfHour(ts) AS hour, page_id, ad_unit_id, device,
    countIf(kind = 'impression') AS impressions,
    countIf(kind = 'viewable') AS viewable,
    countIf(kind = 'click') AS clicks
  FROM foldline.ad_events
  GROUP BY website_id, hour, page_id, ad_unit_id, device`;

// Every event table counts towards a page's event total; pageviews also count on their own.
const EVENT_SOURCES = ['pageviews', 'engagement', 'viewport_spans', 'clicks', 'attention', 'ad_events'];
const pageEventsSelect = (table: string) => `SELECT website_id, toStartOfHour(ts) AS hour, page_id, device,
    count() AS events,
    ${table === 'pageviews' ? 'count()' : 'toUInt64(0)'} AS pageviews
  FROM foldline.${table}
  GROUP BY website_id, hour, page_id, device`;

export const statements = [
  `CREATE TABLE IF NOT EXISTS foldline.ad_stats_hourly (
    website_id UUID,
    hour DateTime('UTC'),
    page_id UUID,
    ad_unit_id UUID,
    device LowCardinality(String),
    impressions UInt64,
    viewable UInt64,
    clicks UInt64
  ) ${summing('website_id, hour, page_id, ad_unit_id, device')}`,
  `INSERT INTO foldline.ad_stats_hourly ${adStatsSelect}`,
  `CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.ad_stats_hourly_mv TO foldline.ad_stats_hourly AS ${adStatsSelect}`,

  `CREATE TABLE IF NOT EXISTS foldline.page_events_hourly (
    website_id UUID,
    hour DateTime('UTC'),
    page_id UUID,
    device LowCardinality(String),
    events UInt64,
    pageviews UInt64
  ) ${summing('website_id, hour, page_id, device')}`,
  ...EVENT_SOURCES.map((table) => `INSERT INTO foldline.page_events_hourly ${pageEventsSelect(table)}`),
  ...EVENT_SOURCES.map(
    (table) =>
      `CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_events_hourly_${table}_mv TO foldline.page_events_hourly AS ${pageEventsSelect(table)}`,
  ),
];
