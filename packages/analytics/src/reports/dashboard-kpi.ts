// GET /api/analytics/dashboard-kpi: impressions, viewability, CTR and optimization potential against the previous period,
// and beside them revenue and RPM (revenue/).
import type { DashboardKpiResponse, Kpi, Period, RevenueKpis } from '@foldline/contracts';
import { ratio, relativeChange, type AnalyticsContext } from '../context.ts';
import { runQuery } from '../execute.ts';
import { periodWindows, timeRangeOf } from '../periods.ts';
import { potentialOn } from '@foldline/metadata/potential-days/potential-days.repository';
import { perThousand } from '../revenue/figures.ts';
import { readRevenue, type RevenueReading } from '../revenue/revenue.ts';
import { websitesInScope } from '../scope.ts';
import { analyseWebsite, countsForPotential, promisedExtra, type LayoutLookup } from './recommendations.ts';

/**
 * The optimization potential (DESIGN.md) is what the open recommendations promise at least: each one's LOW extra
 * share of pageviews with a viewable ad (the low end of its range, which holds the sampling interval and the model's
 * calibration error; not the point estimate), times its page's pageviews on its device in the period, in percent of the
 * period's viewable impressions. Low-confidence recommendations are not counted: neither in the potential nor in
 * `optimization` (its count, kinds and extra viewable impressions say what the percentage is made of). The
 * recommendations are those of the last 30 days (the Recommendations panels' own, whose meta counts the same), so both
 * periods' traffic is weighed by the same advice. Its change from the previous period compares with the potential as
 * it stood then (kept per website and day by the background advice: potential-days.repository.ts), never with
 * today's advice replayed on last period's traffic; with no figure kept from then, there is no change to show.
 */
export async function dashboardKpi(
  context: AnalyticsContext,
  params: { period: Period; websiteId?: string | undefined },
  layoutOf: LayoutLookup,
): Promise<DashboardKpiResponse> {
  const websites = await websitesInScope(context.db, context.userId, params.websiteId);
  const websiteIds = websites.map((w) => w.id);
  const windows = periodWindows(params.period, context.now);
  const [revenue, analyses] = await Promise.all([
    // Per website (RPM weighs each currency's websites by their own pageviews), in the statement that reads their
    // Prebid figures.
    readRevenue(context, { websiteIds, range: windows.current, comparison: windows.previous, by: 'website_id', with: ['impressions', 'viewable_impressions', 'ad_clicks', 'pageviews'] }),
    Promise.all(websiteIds.map((id) => analyseWebsite(context, id, layoutOf))),
  ]);
  const rows = (['current', 'previous'] as const).flatMap((period) => websiteIds.map((id) => ({ period, websiteId: id, metrics: revenue.metrics(period, id) })));
  const then = await potentialOn(context.db, websiteIds, windows.previous.end.toISOString().slice(0, 10));
  const recommendations = analyses.flatMap((analysis) => analysis.recommendations).filter(countsForPotential);
  const extraShare = new Map<string, number>();
  for (const r of recommendations) {
    const key = `${r.page_id} ${r.device}`;
    extraShare.set(key, (extraShare.get(key) ?? 0) + promisedExtra(r) / r.evidence.pageviews);
  }
  // The current period's pageviews of the pages with recommendations only: the others promise nothing, and the
  // previous period's potential is the one kept from then, not today's advice on its traffic.
  const pageIds = [...new Set(recommendations.map((r) => r.page_id))];
  const traffic =
    pageIds.length === 0
      ? []
      : await runQuery(context.events, { filters: { websiteIds, pageIds }, range: windows.current, metrics: ['pageviews'], dimensions: ['page_id', 'device'] });
  const extra = traffic.reduce((sum, row) => sum + row.metrics.pageviews * (extraShare.get(`${row.dimensions.page_id} ${row.dimensions.device}`) ?? 0), 0);
  const summarize = (period: 'current' | 'previous') => {
    const totals = rows.filter((row) => row.period === period);
    const impressions = totals.reduce((sum, row) => sum + row.metrics.impressions, 0);
    const viewable = totals.reduce((sum, row) => sum + row.metrics.viewable_impressions, 0);
    const clicks = totals.reduce((sum, row) => sum + row.metrics.ad_clicks, 0);
    return { impressions, viewable, viewability: ratio(viewable, impressions), ctr: ratio(clicks, impressions) };
  };
  const current = summarize('current');
  const previous = summarize('previous');
  const potential = ratio(extra, current.viewable);
  return {
    timeRange: timeRangeOf(windows, context.now),
    kpis: {
      impressions: { value: current.impressions, change: relativeChange(current.impressions, previous.impressions) },
      // Percentage points for rates, a plain difference for the potential (DESIGN.md); no change where the previous
      // period's rate has nothing under it (no impressions, or no potential kept from then).
      viewability: { value: current.viewability, change: previous.impressions === 0 ? null : current.viewability - previous.viewability },
      ctr: { value: current.ctr, change: previous.impressions === 0 ? null : current.ctr - previous.ctr },
      optimizationPotential: { value: potential, change: !then || then.viewable === 0 ? null : potential - ratio(then.extraViewable, then.viewable) },
    },
    optimization: {
      recommendations: recommendations.length,
      byType: {
        new_ad_placement: recommendations.filter((r) => r.type === 'new_ad_placement').length,
        move_ad_unit: recommendations.filter((r) => r.type === 'move_ad_unit').length,
        format_change: recommendations.filter((r) => r.type === 'format_change').length,
      },
      extraViewableImpressions: Math.round(extra),
      viewableImpressions: current.viewable,
    },
    revenue: revenueKpis(revenue),
  };
}

/**
 * Revenue and RPM (revenue per 1,000 pageviews) of the websites in scope that have revenue data (a currency), with
 * their relative change. Websites of one currency add up; of several, each currency's websites are given apart
 * (`byCurrency`), and the totals are left at 0 with no change, since unlike currencies are never added.
 */
function revenueKpis(revenue: RevenueReading): RevenueKpis {
  const groups = new Map<string, string[]>();
  for (const [websiteId, currency] of revenue.currencies) groups.set(currency, [...(groups.get(currency) ?? []), websiteId]);
  const byCurrency = [...groups]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, websiteIds]) => {
      const sum = (period: 'current' | 'previous') => {
        const amount = websiteIds.reduce((total, id) => total + revenue.of(period, id).revenue, 0);
        const pageviews = websiteIds.reduce((total, id) => total + revenue.metrics(period, id).pageviews, 0);
        return { amount, pageviews, rpm: perThousand(amount, pageviews) };
      };
      const current = sum('current');
      const previous = sum('previous');
      return {
        currency,
        websites: websiteIds.length,
        revenue: { value: current.amount, change: relativeChange(current.amount, previous.amount) },
        // No RPM change from a previous period without pageviews or without revenue.
        rpm: { value: current.rpm ?? 0, change: previous.rpm === null ? null : relativeChange(current.rpm ?? 0, previous.rpm) },
      };
    });
  const none: Kpi = { value: 0, change: null };
  const only = byCurrency.length === 1 ? byCurrency[0]! : undefined;
  return {
    currency: only?.currency ?? null,
    revenue: only?.revenue ?? none,
    rpm: only?.rpm ?? none,
    byCurrency: only ? [] : byCurrency,
    sources: revenue.sources,
    unconverted: revenue.unconverted('current'),
  };
}
