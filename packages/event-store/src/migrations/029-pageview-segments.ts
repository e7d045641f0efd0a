// Each pageview's segment (issue 26), in a narrow table sorted by page, device and traffic source: a segmented heatmap,
// element list or page metrics selects its pageviews here. From pageviews (sorted by website, day, page) a quarter of
// one page's search visitors took 34 ms at 10 M events, most of it the traffic source evaluated on every row; here the
// source is evaluated once, when the pageview is stored, and the segment is one range of rows: 11 ms (browser 12).
// The row carries what a segment's reads take from the pageview: its id (the events' IN), the first screen's and
// document's heights (the fold and page-height cells), the session's hash (page metrics count distinct sessions, as
// page_sessions does). Browser as the collector stored it; reads compare it lower-cased. Not partitioned, as
// page_sessions (migration 019) for the same reason. A materialized view follows pageviews; stored pageviews are
// copied once. The traffic source's rules are the live module's (traffic-source.ts): a change to them needs a new
// migration that re-creates the view and rewrites the column. Frozen in time otherwise.
import { trafficSourceSql } from '../traffic-source.ts';

export const name = '029-pageview-segments';

const COLUMNS = 'website_id, page_id, device, source, browser, ts, pageview_id, session_hash, viewport_h, doc_h';
const FROM_PAGEVIEWS = `SELECT website_id, page_id, device, ${trafficSourceSql()} AS source, browser, ts, pageview_id,
    cityHash64(session_id) AS session_hash, viewport_h, doc_h
  FROM foldline.pageviews`;

export const statements = [
  `CREATE TABLE IF NOT EXISTS foldline.pageview_segments (
    website_id UUID,
    page_id UUID,
    device LowCardinality(String),
    source LowCardinality(String),
    browser LowCardinality(String),
    ts DateTime64(3, 'UTC'),
    pageview_id UUID,
    session_hash UInt64,
    viewport_h UInt16,
    doc_h UInt32
  ) ENGINE = MergeTree ORDER BY (website_id, page_id, device, source, toDate(ts), ts)
    SETTINGS index_granularity = 8192, non_replicated_deduplication_window = 1000`,
  `CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.pageview_segments_mv TO foldline.pageview_segments AS ${FROM_PAGEVIEWS}`,
  `INSERT INTO foldline.pageview_segments (${COLUMNS}) ${FROM_PAGEVIEWS}`,
];
