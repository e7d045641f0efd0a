// Each estimated ad click again, in a narrow table sorted by page (issue 26): the element list beside a click map lists
// a page's ad units with their clicks. ad_events is sorted by website, day and slot, so a quarter's few click rows of
// one page were read from every row of its slots (33 ms at 10 M events, more than the page's own clicks); sorted by
// page, device and time they are one short range (15 ms, most of it the statement's fixed cost). Not partitioned, as
// page_sessions (migration 019). A materialized view follows ad_events; stored clicks are copied once. Frozen in time.
export const name = '030-ad-clicks';

const COLUMNS = 'website_id, page_id, device, ts, ad_unit_id, pageview_id';
const FROM_AD_EVENTS = `SELECT ${COLUMNS} FROM foldline.ad_events WHERE kind = 'click'`;

export const statements = [
  `CREATE TABLE IF NOT EXISTS foldline.ad_clicks (
    website_id UUID,
    page_id UUID,
    device LowCardinality(String),
    ts DateTime64(3, 'UTC'),
    ad_unit_id UUID,
    pageview_id UUID
  ) ENGINE = MergeTree ORDER BY (website_id, page_id, device, ts)
    SETTINGS index_granularity = 8192, non_replicated_deduplication_window = 1000`,
  `CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.ad_clicks_mv TO foldline.ad_clicks AS ${FROM_AD_EVENTS}`,
  `INSERT INTO foldline.ad_clicks (${COLUMNS}) ${FROM_AD_EVENTS}`,
];
