// Rollups of Prebid revenue and empty renders per ad unit, page, device, currency and hour or day, for the revenue
// reports (packages/analytics/src/revenue/): a year of a website's auctions is thousands of rollup rows instead of
// every bid row grouped by impression (250 ms for 600,000 bid rows on the development machine, against a few ms).
// Filled from the existing rows first, then kept current by materialized views, like 010 and 011. Frozen in time.
//
// An impression's Prebid revenue is the largest CPM of its bid rows ÷ 1,000. Summing the rows gives the same: a row
// of an auction Prebid lost carries CPM 0 (the collector refuses it otherwise, contracts' collect.ts), and an
// impression has at most one won row (the tracker takes one win per impression). So do the wins. `bids` counts bid
// rows: an impression whose win came after its lost auction was sent (the page hidden between its render and
// Prebid's bidWon) has two, one lost and one won.
export const name = '024-ad-revenue-rollups';

const summing = (partition: string, order: string) =>
  `ENGINE = SummingMergeTree PARTITION BY toYYYYMM(${partition}) ORDER BY (${order}) ` +
  // Retried inserts count once here too (migration 018).
  'SETTINGS index_granularity = 1024, non_replicated_deduplication_window = 1000';

const revenueSelect = (bucket: string, name: string) => `SELECT website_id, ${bucket} AS ${name}, page_id, ad_unit_id, device, currency,
    sumIf(cpm, kind = 'bid') / 1000 AS revenue,
    countIf(kind = 'bid') AS bids,
    countIf(kind = 'bid' AND prebid_won = 1) AS wins,
    countIf(kind = 'empty') AS empties
  FROM foldline.ad_events
  WHERE kind IN ('bid', 'empty')
  GROUP BY website_id, ${name}, page_id, ad_unit_id, device, currency`;

const columns = (bucket: string) => `(
    website_id UUID,
    ${bucket},
    page_id UUID,
    ad_unit_id UUID,
    device LowCardinality(String),
    currency LowCardinality(String),
    revenue Float64,
    bids UInt64,
    wins UInt64,
    empties UInt64
  )`;

export const statements = [
  `CREATE TABLE IF NOT EXISTS foldline.ad_revenue_hourly ${columns("hour DateTime('UTC')")} ${summing('hour', 'website_id, hour, page_id, ad_unit_id, device, currency')}`,
  `INSERT INTO foldline.ad_revenue_hourly ${revenueSelect('toStartOfHour(ts)', 'hour')}`,
  `CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.ad_revenue_hourly_mv TO foldline.ad_revenue_hourly AS ${revenueSelect('toStartOfHour(ts)', 'hour')}`,
  `CREATE TABLE IF NOT EXISTS foldline.ad_revenue_daily ${columns('day Date')} ${summing('day', 'website_id, day, page_id, ad_unit_id, device, currency')}`,
  `INSERT INTO foldline.ad_revenue_daily ${revenueSelect('toDate(ts)', 'day')}`,
  `CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.ad_revenue_daily_mv TO foldline.ad_revenue_daily AS ${revenueSelect('toDate(ts)', 'day')}`,
];
