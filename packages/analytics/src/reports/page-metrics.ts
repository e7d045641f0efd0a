// GET /api/analytics/page-metrics: one page's unique sessions, average engaged time and scroll depth — of every visitor
// from the rollups, or of one segment (a traffic source, a browser family) from the raw rows of its pageviews.
import type { DeviceFilter, PageMetricsResponse, Period, VisitorSegment } from '@foldline/contracts';
import type { AnalyticsContext } from '../context.ts';
import { runQuery } from '../execute.ts';
import { isSegmented, segmentOf } from '../heatmaps/heatmap-segment.ts';
import { periodWindows } from '../periods.ts';
import { pageInScope } from '../scope.ts';
import { readSegmentMetrics } from './page-metrics-segment.ts';

export async function pageMetrics(
  context: AnalyticsContext,
  params: VisitorSegment & { pageId: string; period: Period; deviceType: DeviceFilter },
): Promise<PageMetricsResponse> {
  const page = await pageInScope(context.db, context.userId, params.pageId);
  const range = periodWindows(params.period, context.now).current;
  const segment = segmentOf(params);
  if (isSegmented(segment)) {
    const metrics = await readSegmentMetrics(context.events, { websiteId: page.website_id, pageId: page.id, device: params.deviceType, range, segment });
    return { metrics, segment };
  }
  const [row] = await runQuery(context.events, {
    metrics: ['sessions', 'avg_engagement_ms', 'avg_scroll_depth'],
    filters: {
      websiteIds: [page.website_id],
      pageIds: [page.id],
      ...(params.deviceType === 'all' ? {} : { device: params.deviceType }),
    },
    range,
  });
  return {
    metrics: {
      totalViews: row?.metrics.sessions ?? 0,
      avgTimeOnPage: row?.metrics.avg_engagement_ms ?? 0,
      avgScrollDepth: row?.metrics.avg_scroll_depth ?? 0,
    },
  };
}
