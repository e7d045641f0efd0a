// The first event tables. Every table is ordered by website then time, so a website's period is one
// contiguous range, and carries the device class so each heatmap and metric can filter on it cheaply.
// Frozen in time: later changes go into new migrations.
export const name = '001-events';

const common = `
  website_id UUID,
  ts DateTime64(3, 'UTC'),
  page_id UUID,
  pageview_id UUID,
  session_id UUID,
  device LowCardinality(String)`;

const mergeTree = (order: string) =>
  `ENGINE = MergeTree PARTITION BY toYYYYMM(ts) ORDER BY (${order}) SETTINGS index_granularity = 8192`;

export const statements = [
  // One row per pageview, written when the page is shown.
  `CREATE TABLE IF NOT EXISTS foldline.pageviews (${common},
    visitor_id UInt64,
    url_path String,
    title String,
    referrer_host LowCardinality(String),
    utm_source LowCardinality(String),
    utm_medium LowCardinality(String),
    utm_campaign String,
    browser LowCardinality(String),
    os LowCardinality(String),
    viewport_w UInt16,
    viewport_h UInt16,
    doc_h UInt32
  ) ${mergeTree('website_id, toDate(ts), page_id, ts')}`,

  // Progress of a pageview, appended on every flush: engaged_ms is the time engaged since the
  // previous row (so sum() is the pageview's engaged time), max_scroll_pct the running maximum.
  `CREATE TABLE IF NOT EXISTS foldline.engagement (${common},
    engaged_ms UInt32,
    max_scroll_pct UInt8,
    doc_h UInt32
  ) ${mergeTree('website_id, toDate(ts), page_id, ts')}`,

  // Viewport intervals: where the viewport stood (scroll_y, viewport_h) and for how long while visible.
  // Scroll reach and dwell per depth band are computed from these.
  `CREATE TABLE IF NOT EXISTS foldline.viewport_spans (${common},
    scroll_y UInt32,
    viewport_h UInt16,
    doc_h UInt32,
    duration_ms UInt32
  ) ${mergeTree('website_id, page_id, device, ts')}`,

  // Clicks in document coordinates plus the element's selector and the click's fractional offset in it,
  // so a heatmap can be redrawn on a layout that differs from the visitor's.
  `CREATE TABLE IF NOT EXISTS foldline.clicks (${common},
    viewport_w UInt16,
    doc_h UInt32,
    x UInt32,
    y UInt32,
    selector String,
    offset_x Float32,
    offset_y Float32
  ) ${mergeTree('website_id, page_id, device, ts')}`,

  // Sparse attention samples (pointer rest and visible dwell) for the engagement heatmap.
  `CREATE TABLE IF NOT EXISTS foldline.attention (${common},
    viewport_w UInt16,
    x UInt32,
    y UInt32,
    weight_ms UInt32
  ) ${mergeTree('website_id, page_id, device, ts')}`,

  // Ad lifecycle, append-only: one 'impression' (rendered) or 'empty' row per slot render, at most one
  // 'viewable' row per impression (MRC rule or GPT impressionViewable), one 'click' row per estimated
  // click, and 'view_time' rows carrying time in view since the previous row.
  `CREATE TABLE IF NOT EXISTS foldline.ad_events (${common},
    ad_unit_id UUID,
    impression_id UUID,
    kind LowCardinality(String),
    in_view_ms UInt32,
    max_in_view_pct UInt8,
    width UInt16,
    height UInt16,
    position_y UInt32
  ) ${mergeTree('website_id, toDate(ts), ad_unit_id, ts')}`,
];
