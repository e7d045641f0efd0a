// Prebid revenue, auctions, wins and empty renders per website, hour, device and currency: what a website's total
// (the dashboard's Revenue and RPM cards) reads, as site_stats_hourly is for its other figures. Summing a quarter of
// ad_revenue_daily and ad_revenue_hourly (every page and unit) took the embedded engine about 30 ms a call at 10 M
// events; this is a few rows per website and hour. Filled from ad_revenue_hourly, then fed by its own view of
// ad_events, as migration 024's tables are. Frozen in time.
export const name = '026-site-revenue-hourly';

const select = `SELECT website_id, toStartOfHour(ts) AS hour, device, currency,
    sumIf(cpm, kind = 'bid') / 1000 AS revenue,
    countIf(kind = 'bid') AS bids,
    countIf(kind = 'bid' AND prebid_won = 1) AS wins,
    countIf(kind = 'empty') AS empties
  FROM foldline.ad_events
  WHERE kind IN ('bid', 'empty')
  GROUP BY website_id, hour, device, currency`;

export const statements = [
  `CREATE TABLE IF NOT EXISTS foldline.site_revenue_hourly (
    website_id UUID,
    hour DateTime('UTC'),
    device LowCardinality(String),
    currency LowCardinality(String),
    revenue Float64,
    bids UInt64,
    wins UInt64,
    empties UInt64
  ) ENGINE = SummingMergeTree PARTITION BY toYYYYMM(hour) ORDER BY (website_id, hour, device, currency) ` +
    'SETTINGS index_granularity = 1024, non_replicated_deduplication_window = 1000',
  `INSERT INTO foldline.site_revenue_hourly SELECT website_id, hour, device, currency, sum(revenue), sum(bids), sum(wins), sum(empties)
    FROM foldline.ad_revenue_hourly GROUP BY website_id, hour, device, currency`,
  `CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.site_revenue_hourly_mv TO foldline.site_revenue_hourly AS ${select}`,
];
