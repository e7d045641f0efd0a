// Every additive page figure in one rollup per tier: events, pageviews, ad impressions, viewable impressions and ad
// clicks per page, device and day (and hour). A page report (top pages: events and ad metrics together) then reads
// one table per tier instead of page_events_* and ad_stats_* each; per ad unit the ad_stats_* rollups still answer.
// Filled from the rollups that already hold the same sums (page_events_*, ad_stats_*, kept current by their
// materialized views since 010/011), then kept current by materialized views on the event tables. Frozen in time.
export const name = '013-page-stats-rollups';

const EVENT_SOURCES = ['pageviews', 'engagement', 'viewport_spans', 'clicks', 'attention', 'ad_events'];

const summing = (partition: string, order: string) =>
  `ENGINE = SummingMergeTree PARTITION BY toYYYYMM(${partition}) ORDER BY (${order}) SETTINGS index_granularity = 1024`;

const columns = (time: string) => `(
    website_id UUID,
    ${time},
    page_id UUID,
    device LowCardinality(String),
    events UInt64,
    pageviews UInt64,
    impressions UInt64,
    viewable UInt64,
    clicks UInt64
  )`;

const statsSelect = (table: string, time: string) => `SELECT website_id, ${time}, page_id, device,
    count() AS events,
    ${table === 'pageviews' ? 'count()' : 'toUInt64(0)'} AS pageviews,
    ${table === 'ad_events' ? "countIf(kind = 'impression')" : 'toUInt64(0)'} AS impressions,
    ${table === 'ad_events' ? "countIf(kind = 'viewable')" : 'toUInt64(0)'} AS viewable,
    ${table === 'ad_events' ? "countIf(kind = 'click')" : 'toUInt64(0)'} AS clicks
  FROM foldline.${table}
  GROUP BY website_id, ${time.split(' AS ')[1]}, page_id, device`;

const tiers = [
  { table: 'page_stats_daily', key: 'day', column: 'day Date', time: 'toDate(ts) AS day', from: { events: 'page_events_daily', ads: 'ad_stats_daily' } },
  { table: 'page_stats_hourly', key: 'hour', column: "hour DateTime('UTC')", time: 'toStartOfHour(ts) AS hour', from: { events: 'page_events_hourly', ads: 'ad_stats_hourly' } },
];

export const statements = tiers.flatMap((tier) => [
  `CREATE TABLE IF NOT EXISTS foldline.${tier.table} ${columns(tier.column)} ${summing(tier.key, `website_id, ${tier.key}, page_id, device`)}`,
  `INSERT INTO foldline.${tier.table} SELECT website_id, ${tier.key}, page_id, device, sum(events), sum(pageviews), 0, 0, 0
    FROM foldline.${tier.from.events} GROUP BY website_id, ${tier.key}, page_id, device`,
  `INSERT INTO foldline.${tier.table} SELECT website_id, ${tier.key}, page_id, device, 0, 0, sum(impressions), sum(viewable), sum(clicks)
    FROM foldline.${tier.from.ads} GROUP BY website_id, ${tier.key}, page_id, device`,
  ...EVENT_SOURCES.map(
    (table) =>
      `CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.${tier.table}_${table}_mv TO foldline.${tier.table} AS ${statsSelect(table, tier.time)}`,
  ),
]);
