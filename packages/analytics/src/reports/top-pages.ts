// GET /api/analytics/top-pages: the pages with the most sessions in the period, with engagement, ad and revenue metrics.
// One statement, nearly always: every page's additive figures and Prebid revenue, whose settled days are kept after
// the first look (kept-sums.ts), so only the open part of the period is read, and the distinct sessions of a first
// batch of candidates (pages-by-sessions.ts) guessed from the kept days' pageviews. Should the ranking need more pages
// than the guess, their sessions are counted after; a first look counts its batch after its figures. Their ad density
// comes from the advice's kept answers (none read nor computed here: a page the advice has not measured yet has none).
import { pageUrl, type Period, type TopPage, type TopPagesResponse } from '@foldline/contracts';
import { compileQuery } from '../compile.ts';
import type { AnalyticsContext } from '../context.ts';
import { QUERY_OPTIONS, resultRows, runQuery } from '../execute.ts';
import { readKeepingSettledDays } from '../kept-sums.ts';
import { periodWindows, timeRangeOf } from '../periods.ts';
import type { AnalyticsQuery, Metric, ResultRow } from '../query.ts';
import { perThousand } from '../revenue/figures.ts';
import { keptAnswer } from '../recommendations/analysis-cache.ts';
import { prebidQuery, readRevenue, type RevenueRequest } from '../revenue/revenue.ts';
import { pagesOfWebsites, websitesInScope } from '../scope.ts';
import { queryTogether } from '../together.ts';
import { firstBatch, topPagesBySessions, type PageSessions } from './pages-by-sessions.ts';
import { websiteAnalysisKey, type Analysis } from './recommendations.ts';

/** Each page's additive figures, from which its averages and rates are derived here. */
const FIGURES: readonly Metric[] = ['pageviews', 'events', 'engaged_pageviews', 'engaged_ms', 'scroll_sum', 'impressions', 'viewable_impressions', 'ad_clicks'];

export async function topPages(
  context: AnalyticsContext,
  params: { period: Period; limit: number; websiteId?: string | undefined },
): Promise<TopPagesResponse> {
  const { events, now } = context;
  const websites = await websitesInScope(context.db, context.userId, params.websiteId);
  const windows = periodWindows(params.period, now);
  const pages = new Map((await pagesOfWebsites(context.db, websites.map((w) => w.id))).map((page) => [page.id, page]));
  const websiteIds = [...new Set([...pages.values()].map((page) => page.website_id))];
  const range = windows.current;
  if (websiteIds.length === 0) return { timeRange: timeRangeOf(windows, now), revenue_sources: { prebid: false, imported: false }, pages: [] };
  const figuresRead = readKeepingSettledDays(events, { metrics: FIGURES, dimensions: ['page_id'], filters: { websiteIds }, range }, now);
  const revenueRequest: RevenueRequest = { websiteIds, range, by: 'page_id' };
  const prebidRead = readKeepingSettledDays(events, prebidQuery(revenueRequest), now);
  const sessionsQuery = (pageIds: readonly string[]): AnalyticsQuery => ({ metrics: ['sessions'], dimensions: ['page_id'], filters: { websiteIds, pageIds }, range });
  const sessionsOf = (pageIds: readonly string[], rows: readonly ResultRow[]): PageSessions[] => {
    const counted = new Map(rows.map((row) => [row.dimensions.page_id!, row.metrics.sessions]));
    return pageIds.map((pageId) => ({ pageId, sessions: counted.get(pageId) ?? 0 }));
  };
  // The kept days' pageviews rank nearly as the period's do: their first batch is the guess.
  const guess = firstBatch(
    (figuresRead.settled ?? []).filter((row) => pages.has(row.dimensions.page_id!)).map((row) => ({ pageId: row.dimensions.page_id!, pageviews: row.metrics.pageviews })),
    params.limit,
  );
  const guessed = guess.length > 0 ? [compileQuery(sessionsQuery(guess))] : [];
  const results = await queryTogether(events, [...figuresRead.statements, ...prebidRead.statements, ...guessed], QUERY_OPTIONS);
  const [figuresEnd, prebidEnd] = [figuresRead.statements.length, figuresRead.statements.length + prebidRead.statements.length];
  // Events of a page that no longer exists in metadata (deleted meanwhile) are not shown, so they never take a place.
  const figures = (await figuresRead.rows(results.slice(0, figuresEnd))).filter((row) => pages.has(row.dimensions.page_id!));
  const metricsOf = new Map(figures.map((row) => [row.dimensions.page_id!, row.metrics]));
  const pageviews = figures.map((row) => ({ pageId: row.dimensions.page_id!, pageviews: row.metrics.pageviews }));
  const known = guess.length > 0 ? sessionsOf(guess, resultRows(sessionsQuery(guess), results[prebidEnd] ?? [])) : [];
  const ranked = await topPagesBySessions(pageviews, params.limit, async (pageIds) => sessionsOf(pageIds, await runQuery(events, sessionsQuery(pageIds))), known);
  // The ranked pages' revenue: the imported part summed for them alone (a quarter of an importing website's spread is
  // some 57,000 rows, which summed for every page took 15-25 ms).
  const rankedIds = ranked.map((page) => page.pageId);
  const prebidRows = await prebidRead.rows(results.slice(figuresEnd, prebidEnd));
  const revenue = await readRevenue(context, { ...revenueRequest, pageIds: rankedIds, prebidRows });
  const densities = adDensities(context, new Set(ranked.map(({ pageId }) => pages.get(pageId)!.website_id)));
  return {
    timeRange: timeRangeOf(windows, now),
    revenue_sources: revenue.sources,
    pages: ranked.map(({ pageId, sessions }) => {
      const page = pages.get(pageId)!;
      // Every ranked page was a candidate or a guess with sessions, so it had pageviews: its figures are there.
      const metrics = metricsOf.get(pageId)!;
      const currency = revenue.currencies.get(page.website_id);
      const earned = revenue.of('current', pageId).revenue;
      return {
        page_id: page.id,
        website_id: page.website_id,
        title: page.title,
        full_url: pageUrl(page.origin, page.domain, page.url_path),
        url_path: page.url_path,
        session_count: sessions,
        event_count: metrics.events,
        avg_engagement_time: ratio(metrics.engaged_ms, metrics.engaged_pageviews) / 1000,
        scroll_metrics: { avg_scroll_depth: ratio(metrics.scroll_sum, metrics.engaged_pageviews) },
        // DESIGN.md: viewable / measured impressions × 100; ad clicks / impressions × 100.
        ad_metrics: { viewability: ratio(metrics.viewable_impressions * 100, metrics.impressions), ctr: ratio(metrics.ad_clicks * 100, metrics.impressions), clicks: metrics.ad_clicks },
        revenue_metrics: currency
          ? { currency, revenue: earned, rpm: perThousand(earned, metrics.pageviews), revenue_per_1000_sessions: perThousand(earned, sessions) }
          : null,
        ad_density: densities.get(pageId) ?? null,
      };
    }),
  };
}

/** A ratio as the query model's derived metrics give it: 0 over nothing. */
const ratio = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

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
