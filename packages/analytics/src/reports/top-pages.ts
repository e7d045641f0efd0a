// GET /api/analytics/top-pages: the pages with the most sessions in the period, with engagement, ad and revenue metrics.
// Two reads: every page's figures from the rollups, then the distinct sessions of as few pages as the ranking needs
// (pages-by-sessions.ts) with their revenue (revenue/), in one statement whose parts the engine runs side by side. The
// ranked pages are nearly always among the first batch; the revenue of one beyond it is read after. Their ad density
// comes from the advice's kept answers (none read nor computed here: a page the advice has not measured yet has none).
import { pageUrl, type Period, type TopPage, type TopPagesResponse } from '@foldline/contracts';
import type { AnalyticsContext } from '../context.ts';
import { runQuery } from '../execute.ts';
import { periodWindows, timeRangeOf } from '../periods.ts';
import type { Metric, QueryFilters } from '../query.ts';
import { perThousand } from '../revenue/figures.ts';
import { keptAnswer } from '../recommendations/analysis-cache.ts';
import { readRevenue, type RevenueReading } from '../revenue/revenue.ts';
import { pagesOfWebsites, websitesInScope } from '../scope.ts';
import { topPagesBySessions } from './pages-by-sessions.ts';
import { websiteAnalysisKey, type Analysis } from './recommendations.ts';

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
  // The first batch's sessions come with its revenue; a later batch's alone.
  let first: { pageIds: ReadonlySet<string>; revenue: RevenueReading } | undefined;
  const ranked = await topPagesBySessions(pageviews, params.limit, async (pageIds) => {
    if (!first) {
      first = { pageIds: new Set(pageIds), revenue: await readRevenue(context, { websiteIds, range, by: 'page_id', pageIds, with: ['sessions'] }) };
      const { revenue: reading } = first;
      return pageIds.map((pageId) => ({ pageId, sessions: reading.metrics('current', pageId).sessions }));
    }
    return (await perPage(['sessions'], { websiteIds, pageIds })).map((row) => ({ pageId: row.dimensions.page_id!, sessions: row.metrics.sessions }));
  });
  const rankedIds = ranked.map((page) => page.pageId);
  const revenue =
    rankedIds.length === 0
      ? undefined
      : rankedIds.every((pageId) => first?.pageIds.has(pageId))
        ? first!.revenue
        : await readRevenue(context, { websiteIds, range, by: 'page_id', pageIds: rankedIds });
  const densities = adDensities(context, new Set(ranked.map(({ pageId }) => pages.get(pageId)!.website_id)));
  return {
    timeRange: timeRangeOf(windows, context.now),
    revenue_sources: revenue?.sources ?? { prebid: false, imported: false },
    pages: ranked.map(({ pageId, sessions }) => {
      const page = pages.get(pageId)!;
      // Every ranked page was a candidate, and every candidate came with its figures.
      const metrics = metricsOf.get(pageId)!;
      const currency = revenue?.currencies.get(page.website_id);
      const earned = revenue?.of('current', pageId).revenue ?? 0;
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
        revenue_metrics: currency
          ? { currency, revenue: earned, rpm: perThousand(earned, metrics.pageviews), revenue_per_1000_sessions: perThousand(earned, sessions) }
          : null,
        ad_density: densities.get(pageId) ?? null,
      };
    }),
  };
}

/** Each page's ad density on its worst device, from the websites' kept analyses. */
function adDensities(context: AnalyticsContext, websiteIds: ReadonlySet<string>): Map<string, NonNullable<TopPage['ad_density']>> {
  const worst = new Map<string, NonNullable<TopPage['ad_density']>>();
  const now = context.now.getTime();
  for (const websiteId of websiteIds) {
    for (const { analysis } of keptAnswer<Analysis>(context.events, websiteAnalysisKey(websiteId), now)?.results ?? []) {
      const layout = analysis.ad_layout;
      if (!layout || layout.density_limit <= 0) continue;
      const found = worst.get(analysis.page_id);
      if (found && found.density / found.density_limit >= layout.density / layout.density_limit) continue;
      worst.set(analysis.page_id, { device: analysis.device, density: layout.density, density_limit: layout.density_limit });
    }
  }
  return worst;
}
