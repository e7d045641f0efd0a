// GET /api/analytics/top-pages: the pages with the most sessions in the period, with engagement and ad metrics.
// Two reads: every page's figures from the rollups, then the distinct sessions of as few pages as the ranking needs
// (pages-by-sessions.ts).
import { pageUrl, type Period, type TopPagesResponse } from '@foldline/contracts';
import type { AnalyticsContext } from '../context.ts';
import { runQuery } from '../execute.ts';
import { periodWindows, timeRangeOf } from '../periods.ts';
import type { Metric, QueryFilters } from '../query.ts';
import { pagesOfWebsites, websitesInScope } from '../scope.ts';
import { topPagesBySessions } from './pages-by-sessions.ts';

export async function topPages(
  context: AnalyticsContext,
  params: { period: Period; limit: number; websiteId?: string | undefined },
): Promise<TopPagesResponse> {
  const websites = await websitesInScope(context.db, context.userId, params.websiteId);
  const windows = periodWindows(params.period, context.now);
  const pages = new Map((await pagesOfWebsites(context.db, websites.map((w) => w.id))).map((page) => [page.id, page]));
  const websiteIds = [...new Set([...pages.values()].map((page) => page.website_id))];
  const range = windows.current;
  const perPage = (metrics: Metric[], filters: QueryFilters) => runQuery(context.events, { metrics, dimensions: ['page_id'], filters, range });
  // Every page's additive figures in one read of the rollups: their pageviews bound their sessions for the ranking.
  // Events of a page that no longer exists in metadata (deleted meanwhile) are not shown, so they never take a place.
  const figures = (await perPage(['pageviews', 'events', 'avg_engagement_ms', 'avg_scroll_depth', 'viewability', 'ctr', 'ad_clicks'], { websiteIds })).filter(
    (row) => pages.has(row.dimensions.page_id!),
  );
  const metricsOf = new Map(figures.map((row) => [row.dimensions.page_id!, row.metrics]));
  const pageviews = figures.map((row) => ({ pageId: row.dimensions.page_id!, pageviews: row.metrics.pageviews }));
  const ranked = await topPagesBySessions(pageviews, params.limit, async (pageIds) =>
    (await perPage(['sessions'], { websiteIds, pageIds })).map((row) => ({ pageId: row.dimensions.page_id!, sessions: row.metrics.sessions })),
  );
  return {
    timeRange: timeRangeOf(windows),
    pages: ranked.map(({ pageId, sessions }) => {
      const page = pages.get(pageId)!;
      // Every ranked page was a candidate, and every candidate came with its figures.
      const metrics = metricsOf.get(pageId)!;
      return {
        page_id: page.id,
        website_id: page.website_id,
        title: page.title,
        full_url: pageUrl(page.origin, page.domain, page.url_path),
        url_path: page.url_path,
        session_count: sessions,
        event_count: metrics.events,
        avg_engagement_time: metrics.avg_engagement_ms / 1000,
        scroll_metrics: { avg_scroll_depth: metrics.avg_scroll_depth },
        ad_metrics: { viewability: metrics.viewability, ctr: metrics.ctr, clicks: metrics.ad_clicks },
      };
    }),
  };
}
