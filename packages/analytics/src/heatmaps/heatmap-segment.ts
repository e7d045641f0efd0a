// A heatmap's segment (issue 26): the pageviews of one traffic source and/or browser family. The rollups carry no
// segment, so a segmented map reads the raw rows of the page, device and period whose pageview is in the segment —
// an IN on pageview_id from pageview_segments (event-store migration 029), a row per pageview sorted by page, device
// and traffic source, the source evaluated once when the pageview was stored.
// On the embedded engine a statement costs some 15–25 ms before it reads anything: a request reads the segment's
// pageviews once (readSegmentPageviews) and binds their ids into its statements, and takes the segment's own pageview
// figures (its count, its fold and page-height cells) from that same read. docs/notes/heatmap-segments.md has the
// figures of each step.
import type { DeviceType, HeatmapSegment } from '@foldline/contracts';
import { heatmapCellsOf, toEventTime, type EventStore } from '@foldline/event-store';
import type { TimeWindow } from '../query.ts';

/** A pageview's events follow its pageview row: one whose pageview started up to this long before the period still
 * counts in it (a tab left open for longer adds nothing to a segmented map; the rollups have no such bound). */
export const SEGMENT_LOOKBACK_MS = 24 * 3_600_000;

/** Pageview ids bound into a statement at most. A ClickHouse server takes a statement's parameters in the request's
 * address, which it caps at 1 MiB (an id takes 37 bytes); past this, each statement selects the segment itself. */
export const MAX_BOUND_PAGEVIEWS = 10_000;

const MAX_EXECUTION_TIME = 10;

/** A row per pageview with its segment (event-store migration 029). */
export const PAGEVIEW_SEGMENTS = 'foldline.pageview_segments';

/** Whether a segment narrows anything; without one the maps keep to the rollups. */
export function isSegmented(segment: HeatmapSegment | undefined): segment is HeatmapSegment {
  return Boolean(segment && (segment.source || segment.browser));
}

/** The segment as the response reports it: only what was asked. */
export function segmentOf(segment: HeatmapSegment): HeatmapSegment {
  return { ...(segment.source ? { source: segment.source } : {}), ...(segment.browser ? { browser: segment.browser } : {}) };
}

/** The segment's condition on a pageview_segments row, values bound into `params`. */
export function segmentCondition(segment: HeatmapSegment, params: Record<string, unknown>): string {
  const conditions: string[] = [];
  if (segment.source) {
    params.segmentSource = segment.source;
    conditions.push('source = {segmentSource:String}');
  }
  if (segment.browser) {
    params.segmentBrowser = segment.browser.toLowerCase();
    conditions.push('lowerUTF8(browser) = {segmentBrowser:String}');
  }
  return conditions.length ? conditions.join(' AND ') : '1';
}

/** `columns` of the segment's pageviews of the page on the device that started in `range` or up to SEGMENT_LOOKBACK_MS
 * before it (`websiteId`, `pageId` and `device` bound in `params`). */
function segmentPageviewsSelect(segment: HeatmapSegment, range: TimeWindow, params: Record<string, unknown>, columns = 'pageview_id'): string {
  params.segmentFrom = toEventTime(range.start.getTime() - SEGMENT_LOOKBACK_MS);
  params.segmentTo = toEventTime(range.end);
  return `SELECT ${columns} FROM ${PAGEVIEW_SEGMENTS}
      WHERE website_id = {websiteId:UUID} AND page_id = {pageId:UUID} AND device = {device:String}
        AND ts >= {segmentFrom:DateTime64(3, 'UTC')} AND ts < {segmentTo:DateTime64(3, 'UTC')} AND ${segmentCondition(segment, params)}`;
}

/** A segment's pageviews as a request reads them once (readSegmentPageviews). */
export interface SegmentPageviews {
  /** Every one that started in the range or up to SEGMENT_LOOKBACK_MS before it: their events count in the range. */
  ids: string[];
  /** Those that started in the range: the element list's pageviews. */
  pageviews: number;
  /** Their fold and doc cells (the rollups' definition, event-store heatmapCellsOf), summed per kind and y. */
  cells: { kind: 'fold' | 'doc'; y: number; value: number }[];
}

/** The segment's pageviews for `range` (segmentPageviewsSql's), to bind into a request's statements; undefined past
 * MAX_BOUND_PAGEVIEWS, where each statement selects them itself. */
export async function readSegmentPageviews(
  events: EventStore,
  scope: { websiteId: string; pageId: string; device: DeviceType; range: TimeWindow; segment: HeatmapSegment },
): Promise<SegmentPageviews | undefined> {
  const params: Record<string, unknown> = {
    websiteId: scope.websiteId,
    pageId: scope.pageId,
    device: scope.device,
    limit: MAX_BOUND_PAGEVIEWS + 1,
    segmentStart: toEventTime(scope.range.start),
  };
  const select = segmentPageviewsSelect(scope.segment, scope.range, params, "pageview_id, ts >= {segmentStart:DateTime64(3, 'UTC')} AS counted, viewport_h, doc_h");
  const rows = await events.query<{ pageview_id: string; counted: number; viewport_h: number; doc_h: number }>(`${select} LIMIT {limit:UInt32}`, params, {
    readonly: true,
    maxExecutionTime: MAX_EXECUTION_TIME,
  });
  if (rows.length > MAX_BOUND_PAGEVIEWS) return undefined;
  // One page, device and hour for all: the cells come out summed per kind and y.
  const counted = rows.filter((row) => Number(row.counted) === 1).map((row) => ({ ...row, ts: '', website_id: '', page_id: '', device: '' }));
  return {
    ids: rows.map((row) => row.pageview_id),
    pageviews: counted.length,
    cells: heatmapCellsOf({ pageviews: counted }).map((cell) => ({ kind: cell.kind as 'fold' | 'doc', y: cell.y, value: cell.value })),
  };
}

/**
 * `pageview_id IN (…)`: the segment's pageviews of the page on the device that started in `range` or up to
 * SEGMENT_LOOKBACK_MS before it — `ids`, when the request has read them (readSegmentPageviews), else selected by the
 * statement. Expects `websiteId`, `pageId` and `device` bound in `params` already, as every heatmap statement has them.
 */
export function segmentPageviewsSql(segment: HeatmapSegment, range: TimeWindow, params: Record<string, unknown>, ids?: readonly string[]): string {
  if (ids) {
    params.segmentPageviews = ids;
    return 'pageview_id IN {segmentPageviews:Array(UUID)}';
  }
  return `pageview_id IN (${segmentPageviewsSelect(segment, range, params)})`;
}

/** The segment's pageviews of `scope` (a condition on page, device and time) as rows of the pageviews table's own
 * columns that pageview_segments holds: a segmented map's fold and page-height cells are made of them. */
export function segmentPageviewRowsSql(segment: HeatmapSegment, scope: string, params: Record<string, unknown>): string {
  return `SELECT website_id, ts, page_id, device, pageview_id, viewport_h, doc_h FROM ${PAGEVIEW_SEGMENTS} WHERE ${scope} AND ${segmentCondition(segment, params)}`;
}
