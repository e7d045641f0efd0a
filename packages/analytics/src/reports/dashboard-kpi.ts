// GET /api/analytics/dashboard-kpi: impressions, viewability, CTR and optimization potential against the previous period.
import type { DashboardKpiResponse, Period } from '@foldline/contracts';
import { ratio, relativeChange, type AnalyticsContext } from '../context.ts';
import { runQuery } from '../execute.ts';
import { periodWindows, timeRangeOf } from '../periods.ts';
import { potentialOn } from '@foldline/metadata/potential-days/potential-days.repository';
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
  const query = { filters: { websiteIds }, range: windows.current, comparison: windows.previous };
  const [rows, analyses] = await Promise.all([
    runQuery(context.events, { ...query, metrics: ['impressions', 'viewable_impressions', 'ad_clicks'] }),
    Promise.all(websiteIds.map((id) => analyseWebsite(context, id, layoutOf))),
  ]);
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
    timeRange: timeRangeOf(windows),
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
  };
}
