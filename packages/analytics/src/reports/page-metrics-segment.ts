// A page's metrics for one segment (issue 26): the rollups that answer the page metrics (page_sessions,
// page_stats_*) carry no traffic source or browser, so a segmented call reads the raw rows of the segment's
// pageviews, as a segmented heatmap does (heatmaps/heatmap-segment.ts), by the rollups' own definitions (compile.ts):
//   - unique page sessions: the distinct sessions of the segment's pageviews that started in the period;
//   - average time and scroll depth: over the segment's pageviews whose first engagement row lies in the period, the
//     engaged ms of the period's rows and each pageview's deepest scroll (the sum of its rows' depth gains).
// One page's rows of one period (and the day before it), read-only and with a time limit, like the heatmaps' raw reads.
import type { DeviceFilter, PageMetricsResponse, VisitorSegment } from '@foldline/contracts';
import { toEventTime, type EventStore } from '@foldline/event-store';
import type { TimeWindow } from '../query.ts';
import { PAGEVIEW_SEGMENTS, SEGMENT_LOOKBACK_MS, segmentCondition } from '../heatmaps/heatmap-segment.ts';

const MAX_EXECUTION_TIME = 10;

export interface SegmentMetricsRequest {
  websiteId: string;
  pageId: string;
  device: DeviceFilter;
  range: TimeWindow;
  segment: VisitorSegment;
}

/**
 * The statement and its bound parameters. Exported for the snapshot test.
 *
 * Each table is read once: the segment's pageviews that started in the period or up to SEGMENT_LOOKBACK_MS before it
 * (a pageview's engagement follows its start, as for a segmented heatmap), from pageview_segments (its source stored,
 * its session hash kept), joined by pageview to the period's engagement summed per pageview.
 */
export function compileSegmentMetricsQuery(request: SegmentMetricsRequest): { sql: string; params: Record<string, unknown> } {
  const params: Record<string, unknown> = {
    websiteId: request.websiteId,
    pageId: request.pageId,
    // 'all' binds no device: every device's rows.
    ...(request.device === 'all' ? {} : { device: request.device }),
    from: toEventTime(request.range.start),
    to: toEventTime(request.range.end),
    segmentFrom: toEventTime(request.range.start.getTime() - SEGMENT_LOOKBACK_MS),
  };
  const page = `website_id = {websiteId:UUID} AND page_id = {pageId:UUID}${request.device === 'all' ? '' : ' AND device = {device:String}'}`;
  // Sessions counted over 64-bit hashes of their ids, as the rollup path counts them (compile.ts, DISTINCT_SESSIONS).
  const sql = `SELECT uniqExactIf(p.session_hash, p.ts >= {from:DateTime64(3, 'UTC')}) AS sessions,
    sum(e.firsts) AS engaged_pageviews, sum(e.ms) AS engaged_ms, sum(e.gains) AS scroll_sum
  FROM (SELECT pageview_id, session_hash, ts FROM ${PAGEVIEW_SEGMENTS}
    WHERE ${page} AND ts >= {segmentFrom:DateTime64(3, 'UTC')} AND ts < {to:DateTime64(3, 'UTC')}
      AND ${segmentCondition(request.segment, params)}) AS p
  LEFT JOIN (SELECT pageview_id, sum(is_first) AS firsts, sum(engaged_ms) AS ms, sum(scroll_gain) AS gains
    FROM foldline.engagement
    WHERE ${page} AND ts >= {from:DateTime64(3, 'UTC')} AND ts < {to:DateTime64(3, 'UTC')}
    GROUP BY pageview_id) AS e USING (pageview_id)`;
  return { sql, params };
}

export async function readSegmentMetrics(events: EventStore, request: SegmentMetricsRequest): Promise<PageMetricsResponse['metrics']> {
  const { sql, params } = compileSegmentMetricsQuery(request);
  const [row] = await events.query<Record<string, unknown>>(sql, params, { readonly: true, maxExecutionTime: MAX_EXECUTION_TIME });
  const engaged = Number(row?.engaged_pageviews ?? 0);
  return {
    totalViews: Number(row?.sessions ?? 0),
    avgTimeOnPage: engaged === 0 ? 0 : Number(row!.engaged_ms) / engaged,
    avgScrollDepth: engaged === 0 ? 0 : Number(row!.scroll_sum) / engaged,
  };
}
