// Heatmap rollups: what the click, scroll and engagement maps need, per page, device, hour (and day) and cell, so a
// heatmap over a quarter sums a few thousand rows instead of reading every click, span and attention sample.
// Positions are relative to the visitor's own layout, so readers at 1,280 and 1,440 px add up in one cell:
//   click      one per click: the element's selector, the click's offset in it (percent of its box, floored) and,
//              for clicks whose element the screenshot does not have, x per mille of the viewport width and y per
//              mille of the document height; value 1.
//   attention  pointer rest: x per mille of the viewport width, y per mille of the document height; value ms.
//   dwell      viewport dwell per 1 % band of the document, as differences: +ms at the first band a span's viewport
//              covered (y = band start, per mille), -ms past its last; the running sum over bands is the time the
//              viewport stood on each band while visible. Two cells a span, not one per band it covered.
//   reach      scroll reach as differences: +1 at the first depth (percent) a pageview newly reached in an
//              engagement update, -1 just past its new deepest; the running sum over depth is the number of
//              pageviews whose viewport reached each depth.
//   fold       one per pageview: y = the first screen's height in percent of the page; value 1.
//   doc        one per pageview: value = its document height (px), for the average page height.
// Writers add the hourly cells next to the events in the same write (src/heatmap-cells.ts, as for the page counts);
// the daily tier follows by a materialized view. Stored events are rolled up here once. Frozen in time.
export const name = '017-heatmap-cells';

const columns = (time: string) => `(
    website_id UUID,
    ${time},
    page_id UUID,
    device LowCardinality(String),
    kind LowCardinality(String),
    selector String,
    ox UInt8,
    oy UInt8,
    x UInt16,
    y UInt16,
    value Int64
  )`;

const summing = (time: string) =>
  `ENGINE = SummingMergeTree((value)) PARTITION BY toYYYYMM(${time})
    ORDER BY (website_id, page_id, device, kind, ${time}, selector, x, y, ox, oy) SETTINGS index_granularity = 1024`;

export const CELL_COLUMNS = 'website_id, hour, page_id, device, kind, selector, ox, oy, x, y, value';

const perMille = (value: string, of: string) => `toUInt16(least(1000, intDiv(${value} * 1000, greatest(1, ${of}))))`;
const percentFloor = (share: string) => `toUInt8(least(100, floor(toFloat64(${share}) * 100)))`;

/** The hourly cells of the rows of one event table, in CELL_COLUMNS order (the live code's bulk loads use it too). */
export const CELL_SELECTS: Record<'clicks' | 'attention' | 'viewport_spans' | 'engagement' | 'pageviews', string> = {
  clicks: `SELECT website_id, toStartOfHour(ts) AS hour, page_id, device, 'click' AS kind, selector,
      ${percentFloor('offset_x')} AS ox, ${percentFloor('offset_y')} AS oy,
      ${perMille('x', 'viewport_w')} AS x, ${perMille('y', 'doc_h')} AS y, toInt64(1) AS value
    FROM foldline.clicks`,
  attention: `SELECT website_id, toStartOfHour(ts) AS hour, page_id, device, 'attention' AS kind, '' AS selector,
      toUInt8(0) AS ox, toUInt8(0) AS oy, ${perMille('x', 'viewport_w')} AS x, ${perMille('y', 'doc_h')} AS y, toInt64(weight_ms) AS value
    FROM foldline.attention WHERE doc_h > 0`,
  viewport_spans: `SELECT website_id, toStartOfHour(ts) AS hour, page_id, device, 'dwell' AS kind, '' AS selector,
      toUInt8(0) AS ox, toUInt8(0) AS oy, toUInt16(0) AS x, toUInt16(step.1 * 10) AS y, step.2 AS value
    FROM foldline.viewport_spans
    ARRAY JOIN arrayFilter(s -> s.1 < 100, [
      (toInt64(intDiv(toUInt64(scroll_y) * 100, doc_h)), toInt64(duration_ms)),
      (toInt64(least(99, intDiv(toUInt64(least(scroll_y + viewport_h, doc_h)) * 100 - 1, doc_h))) + 1, -toInt64(duration_ms))
    ]) AS step
    WHERE doc_h > 0 AND viewport_h > 0 AND scroll_y < doc_h`,
  engagement: `SELECT website_id, toStartOfHour(ts) AS hour, page_id, device, 'reach' AS kind, '' AS selector,
      toUInt8(0) AS ox, toUInt8(0) AS oy, toUInt16(0) AS x, toUInt16(step.1) AS y, toInt64(step.2) AS value
    FROM foldline.engagement
    ARRAY JOIN arrayFilter(s -> s.1 <= 100, [
      (if(is_first = 1, 0, toInt64(max_scroll_pct) - scroll_gain + 1), toInt64(1)),
      (toInt64(max_scroll_pct) + 1, toInt64(-1))
    ]) AS step
    WHERE is_first = 1 OR scroll_gain > 0`,
  pageviews: `SELECT website_id, toStartOfHour(ts) AS hour, page_id, device, cell.1 AS kind, '' AS selector,
      toUInt8(0) AS ox, toUInt8(0) AS oy, toUInt16(0) AS x, toUInt16(cell.2) AS y, toInt64(cell.3) AS value
    FROM foldline.pageviews
    ARRAY JOIN [('fold', least(100, intDiv(toUInt64(viewport_h) * 100, greatest(1, doc_h))), toInt64(1)), ('doc', 0, toInt64(doc_h))] AS cell`,
};

export const statements = [
  `ALTER TABLE foldline.attention ADD COLUMN IF NOT EXISTS doc_h UInt32`,
  `CREATE TABLE IF NOT EXISTS foldline.heatmap_cells_hourly ${columns("hour DateTime('UTC')")} ${summing('hour')}`,
  `CREATE TABLE IF NOT EXISTS foldline.heatmap_cells_daily ${columns('day Date')} ${summing('day')}`,
  `CREATE MATERIALIZED VIEW IF NOT EXISTS foldline.heatmap_cells_daily_mv TO foldline.heatmap_cells_daily AS
    SELECT website_id, toDate(hour) AS day, page_id, device, kind, selector, ox, oy, x, y, sum(value) AS value
    FROM foldline.heatmap_cells_hourly GROUP BY website_id, day, page_id, device, kind, selector, ox, oy, x, y`,
  // Stored events, once; the view above fills the daily tier from these inserts.
  ...Object.values(CELL_SELECTS).map((select) => `INSERT INTO foldline.heatmap_cells_hourly (${CELL_COLUMNS}) ${select}`),
];
