// A heatmap's segment (issue 26): the pageviews of one traffic source and/or browser family. The rollups carry no
// segment, so a segmented map reads the raw rows of the page, device and period whose pageview is in the segment —
// an IN on pageview_id from the pageviews table, which stores the referrer, UTM parameters and browser once a pageview.
import type { HeatmapSegment } from '@foldline/contracts';
import { toEventTime } from '@foldline/event-store';
import type { TimeWindow } from '../query.ts';
import { trafficSourceSql } from './traffic-source.ts';

/** A pageview's events follow its pageview row: one whose pageview started up to this long before the period still
 * counts in it (a tab left open for longer adds nothing to a segmented map; the rollups have no such bound). */
export const SEGMENT_LOOKBACK_MS = 24 * 3_600_000;

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

/**
 * `pageview_id IN (…)`: the segment's pageviews of the page on the device that started in `range` or up to
 * SEGMENT_LOOKBACK_MS before it. Expects `websiteId`, `pageId` and `device` bound in `params` already, as every heatmap
 * statement has them.
 */
export function segmentPageviewsSql(segment: HeatmapSegment, range: TimeWindow, params: Record<string, unknown>): string {
  params.segmentFrom = toEventTime(range.start.getTime() - SEGMENT_LOOKBACK_MS);
  params.segmentTo = toEventTime(range.end);
  return `pageview_id IN (SELECT pageview_id FROM foldline.pageviews
      WHERE website_id = {websiteId:UUID} AND page_id = {pageId:UUID} AND device = {device:String}
        AND ts >= {segmentFrom:DateTime64(3, 'UTC')} AND ts < {segmentTo:DateTime64(3, 'UTC')} AND ${segmentCondition(segment, params)})`;
}
