// A narrow, time-ordered log of every event's page counts, for the partial hours at a period's edges. The rollups
// answer whole hours and days; the edges (periods end "now", almost never on the hour) were read from the six raw
// tables, and three of those are ordered by page and device before time, so an edge meant scanning whole monthly
// parts of each. Here an edge is one small range per website: the key starts with the hour. Rows keep the event's
// millisecond time, so any window cuts it exactly as it cuts the raw tables; events of one page and device at the
// same millisecond are summed into one row.
// Filled from the existing rows first, then kept current by materialized views. Frozen in time.
export const name = '012-page-events-log';

const EVENT_SOURCES = ['pageviews', 'engagement', 'viewport_spans', 'clicks', 'attention', 'ad_events'];

const logSelect = (table: string) => `SELECT website_id, ts, page_id, device,
    count() AS events,
    ${table === 'pageviews' ? 'count()' : 'toUInt64(0)'} AS pageviews,
    ${table === 'ad_events' ? "countIf(kind = 'impression')" : 'toUInt64(0)'} AS impressions,
    ${table === 'ad_events' ? "countIf(kind = 'viewable')" : 'toUInt64(0)'} AS viewable,
    ${table === 'ad_events' ? "countIf(kind = 'click')" : 'toUInt64(0)'} AS clicks
  FROM foldline.${table}
  GROUP BY website_id, ts, page_id, device`;

export const statements = [
  `CREATE TABLE IF NOT EXISTS foldline.page_events_log (
    website_id UUID,
    ts DateTime64(3, 'UTC') CODEC(DoubleDelta, LZ4),
    page_id UUID,
    device LowCardinality(String),
    events UInt64,
    pageviews UInt64,
    impressions UInt64,
    viewable UInt64,
    clicks UInt64
  ) ENGINE = SummingMergeTree PARTITION BY toYYYYMM(ts) ORDER BY (website_id, toStartOfHour(ts), page_id, device, ts)
    SETTINGS index_granularity = 1024`,
  ...EVENT_SOURCES.map((table) => `INSERT INTO foldline.page_events_log ${logSelect(table)}`),
  ...EVENT_SOURCES.map(
    (table) => `CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.page_events_log_${table}_mv TO foldline.page_events_log AS ${logSelect(table)}`,
  ),
];
