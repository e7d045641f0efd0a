// GET /api/analytics/top-pages: the pages with the most sessions in the period, with engagement and ad metrics.
import type { Period, TopPagesResponse } from '@foldline/contracts';
import type { AnalyticsContext } from '../context.ts';
import { runQuery } from '../execute.ts';
import { periodWindows, timeRangeOf } from '../periods.ts';
import { fullUrl, pagesOfWebsites, websitesInScope } from '../scope.ts';

export async function topPages(
  context: AnalyticsContext,
  params: { period: Period; limit: number; websiteId?: string | undefined },
): Promise<TopPagesResponse> {
  const websites = await websitesInScope(context.db, context.userId, params.websiteId);
  const windows = periodWindows(params.period, context.now);
  const pages = new Map((await pagesOfWebsites(context.db, websites.map((w) => w.id))).map((page) => [page.id, page]));
  const websiteIds = [...new Set([...pages.values()].map((page) => page.website_id))];
  // Rank by sessions first, then measure only the chosen pages: the per-pageview engagement work shrinks to them.
  const ranked = await runQuery(context.events, {
    metrics: ['sessions'],
    dimensions: ['page_id'],
    filters: { websiteIds },
    range: windows.current,
    orderBy: [{ field: 'sessions', direction: 'desc' }],
    limit: params.limit,
  });
  const chosen = ranked.map((row) => row.dimensions.page_id ?? '');
  const details = await runQuery(context.events, {
    metrics: ['events', 'avg_engagement_ms', 'avg_scroll_depth', 'viewability', 'ctr', 'ad_clicks'],
    dimensions: ['page_id'],
    filters: { websiteIds, pageIds: chosen },
    range: windows.current,
  });
  const measured = new Map(details.map((row) => [row.dimensions.page_id, row.metrics]));
  const rows = ranked.map((row) => ({ ...row, metrics: { ...row.metrics, ...measured.get(row.dimensions.page_id) } as typeof row.metrics }));
  return {
    timeRange: timeRangeOf(windows),
    pages: rows.flatMap((row) => {
      // Events of a page that no longer exists in metadata (deleted meanwhile) are not shown.
      const page = pages.get(row.dimensions.page_id ?? '');
      if (!page) return [];
      return [
        {
          page_id: page.id,
          website_id: page.website_id,
          title: page.title,
          full_url: fullUrl(page.domain, page.url_path),
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
