// A heatmap's segment (issue 26): the pageviews of one traffic source and/or browser family. The rollups carry no
// segment, so a segmented map reads the raw rows of the page, device and period whose pageview is in the segment —
// an IN on pageview_id from the pageviews table, which stores the referrer, UTM parameters and browser once a pageview.
// The traffic source, evaluated per pageview row, is most of such a read's cost, and a map or element list reads two to
// four tables: a request with a source reads the segment's pageviews once (readSegmentPageviews) and binds their ids
// into each statement (10 M events, a quarter, two interleaved runs on a loaded machine: the engagement map of social
// visitors 246–299 → 170–182 ms p50, search visitors' element list 170–244 → 143–210 ms). A browser alone is a cheap
// condition: its statements select it.
import type { DeviceType, HeatmapSegment } from '@foldline/contracts';
import { toEventTime, type EventStore } from '@foldline/event-store';
import type { TimeWindow } from '../query.ts';
import { trafficSourceSql } from './traffic-source.ts';

/** A pageview's events follow its pageview row: one whose pageview started up to this long before the period still
 * counts in it (a tab left open for longer adds nothing to a segmented map; the rollups have no such bound). */
export const SEGMENT_LOOKBACK_MS = 24 * 3_600_000;

/** Pageview ids bound into a statement at most. A ClickHouse server takes a statement's parameters in the request's
 * address, which it caps at 1 MiB (an id takes 37 bytes); past this, each statement selects the segment itself. */
export const MAX_BOUND_PAGEVIEWS = 10_000;

const MAX_EXECUTION_TIME = 10;

/** Whether a segment narrows anything; without one the maps keep to the rollups. */
export function isSegmented(segment: HeatmapSegment | undefined): segment is HeatmapSegment {
  return Boolean(segment && (segment.source || segment.browser));
}

/** The segment as the response reports it: only what was asked. */
export function segmentOf(segment: HeatmapSegment): HeatmapSegment {
  return { ...(segment.source ? { source: segment.source } : {}), ...(segment.browser ? { browser: segment.browser } : {}) };
}

/** The segment's condition on a pageviews row, values bound into `params`. */
export function segmentCondition(segment: HeatmapSegment, params: Record<string, unknown>): string {
  const conditions: string[] = [];
  if (segment.browser) {
    params.segmentBrowser = segment.browser.toLowerCase();
    conditions.push('lowerUTF8(browser) = {segmentBrowser:String}');
  }
  if (segment.source) {
    params.segmentSource = segment.source;
    conditions.push(`${trafficSourceSql(params)} = {segmentSource:String}`);
  }
  return conditions.length ? conditions.join(' AND ') : '1';
}

/** The segment's pageviews of the page on the device that started in `range` or up to SEGMENT_LOOKBACK_MS before it
 * (`websiteId`, `pageId` and `device` bound in `params`). */
function segmentPageviewsSelect(segment: HeatmapSegment, range: TimeWindow, params: Record<string, unknown>): string {
  params.segmentFrom = toEventTime(range.start.getTime() - SEGMENT_LOOKBACK_MS);
  params.segmentTo = toEventTime(range.end);
  return `SELECT pageview_id FROM foldline.pageviews
      WHERE website_id = {websiteId:UUID} AND page_id = {pageId:UUID} AND device = {device:String}
        AND ts >= {segmentFrom:DateTime64(3, 'UTC')} AND ts < {segmentTo:DateTime64(3, 'UTC')} AND ${segmentCondition(segment, params)}`;
}

/** The ids of the segment's pageviews for `range` (segmentPageviewsSql's), to bind into a request's statements;
 * undefined without a source (a browser costs nothing to select again) and past MAX_BOUND_PAGEVIEWS, where each
 * statement selects them itself. */
export async function readSegmentPageviews(
  events: EventStore,
  scope: { websiteId: string; pageId: string; device: DeviceType; range: TimeWindow; segment: HeatmapSegment },
): Promise<string[] | undefined> {
  if (!scope.segment.source) return undefined;
  const params: Record<string, unknown> = { websiteId: scope.websiteId, pageId: scope.pageId, device: scope.device, limit: MAX_BOUND_PAGEVIEWS + 1 };
  const rows = await events.query<{ pageview_id: string }>(`${segmentPageviewsSelect(scope.segment, scope.range, params)} LIMIT {limit:UInt32}`, params, {
    readonly: true,
    maxExecutionTime: MAX_EXECUTION_TIME,
  });
  return rows.length > MAX_BOUND_PAGEVIEWS ? undefined : rows.map((row) => row.pageview_id);
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

/** The segment's condition on a pageviews row of `range` (rows of the pageviews table itself): its id among `ids` when
 * the request has read them (the same pageviews: `range` lies within theirs), else segmentCondition. */
export function segmentPageviewRowSql(segment: HeatmapSegment, range: TimeWindow, params: Record<string, unknown>, ids?: readonly string[]): string {
  return ids ? segmentPageviewsSql(segment, range, params, ids) : segmentCondition(segment, params);
}
