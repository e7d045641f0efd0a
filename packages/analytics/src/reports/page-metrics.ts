// GET /api/analytics/page-metrics: one page's unique sessions, average engaged time and scroll depth.
import type { DeviceFilter, PageMetricsResponse, Period } from '@foldline/contracts';
import type { AnalyticsContext } from '../context.ts';
import { runQuery } from '../execute.ts';
import { periodWindows } from '../periods.ts';
import { pageInScope } from '../scope.ts';

export async function pageMetrics(
  context: AnalyticsContext,
  params: { pageId: string; period: Period; deviceType: DeviceFilter },
): Promise<PageMetricsResponse> {
  const page = await pageInScope(context.db, context.userId, params.pageId);
  const [row] = await runQuery(context.events, {
    metrics: ['sessions', 'avg_engagement_ms', 'avg_scroll_depth'],
    filters: {
      websiteIds: [page.website_id],
      pageIds: [page.id],
      ...(params.deviceType === 'all' ? {} : { device: params.deviceType }),
    },
    range: periodWindows(params.period, context.now).current,
  });
  return {
    metrics: {
      totalViews: row?.metrics.sessions ?? 0,
      avgTimeOnPage: row?.metrics.avg_engagement_ms ?? 0,
      avgScrollDepth: row?.metrics.avg_scroll_depth ?? 0,
    },
  };
}
