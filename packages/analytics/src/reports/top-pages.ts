// GET /api/analytics/top-pages: the pages with the most sessions in the period, with engagement and ad metrics.
import { pageUrl, type Period, type TopPagesResponse } from '@foldline/contracts';
import type { AnalyticsContext } from '../context.ts';
import { runQuery } from '../execute.ts';
import { periodWindows, timeRangeOf } from '../periods.ts';
import { pagesOfWebsites, websitesInScope } from '../scope.ts';

export async function topPages(
  context: AnalyticsContext,
  params: { period: Period; limit: number; websiteId?: string | undefined },
): Promise<TopPagesResponse> {
  const websites = await websitesInScope(context.db, context.userId, params.websiteId);
  const windows = periodWindows(params.period, context.now);
  const pages = new Map((await pagesOfWebsites(context.db, websites.map((w) => w.id))).map((page) => [page.id, page]));
  const websiteIds = [...new Set([...pages.values()].map((page) => page.website_id))];
  // One statement: sessions from raw pageviews (distinct per page, so not additive), everything else from the rollups.
  const rows = await runQuery(context.events, {
    metrics: ['sessions', 'events', 'avg_engagement_ms', 'avg_scroll_depth', 'viewability', 'ctr', 'ad_clicks'],
    dimensions: ['page_id'],
    filters: { websiteIds },
    range: windows.current,
    orderBy: [{ field: 'sessions', direction: 'desc' }],
    limit: params.limit,
  });
  return {
    timeRange: timeRangeOf(windows),
    pages: rows.flatMap((row) => {
      // Events of a page that no longer exists in metadata (deleted meanwhile) are not shown, nor a page whose period
      // holds only the late events of earlier pageviews (these sort last, so the limit never hides a page with sessions).
      const page = pages.get(row.dimensions.page_id ?? '');
      if (!page || row.metrics.sessions === 0) return [];
      return [
        {
          page_id: page.id,
          website_id: page.website_id,
          title: page.title,
          full_url: pageUrl(page.origin, page.domain, page.url_path),
          url_path: page.url_path,
          session_count: row.metrics.sessions,
          event_count: row.metrics.events,
          avg_engagement_time: row.metrics.avg_engagement_ms / 1000,
          scroll_metrics: { avg_scroll_depth: row.metrics.avg_scroll_depth },
          ad_metrics: { viewability: row.metrics.viewability, ctr: row.metrics.ctr, clicks: row.metrics.ad_clicks },
        },
      ];
    }),
  };
}
