// GET /api/analytics/dashboard-kpi: impressions, viewability, CTR and optimization potential against the previous period.
import type { DashboardKpiResponse, Period } from '@foldline/contracts';
import { ratio, relativeChange, type AnalyticsContext } from '../context.ts';
import { runQuery } from '../execute.ts';
import { optimizationPotential, type UnitDeviceStats } from '../optimization.ts';
import { periodWindows, timeRangeOf } from '../periods.ts';
import { websitesInScope } from '../scope.ts';

export async function dashboardKpi(context: AnalyticsContext, params: { period: Period; websiteId?: string | undefined }): Promise<DashboardKpiResponse> {
  const websites = await websitesInScope(context.db, context.userId, params.websiteId);
  const windows = periodWindows(params.period, context.now);
  // One statement: per website, ad unit and device, both periods. Totals and the potential both come from these rows.
  const rows = await runQuery(context.events, {
    metrics: ['impressions', 'viewable_impressions', 'ad_clicks'],
    dimensions: ['website_id', 'ad_unit_id', 'device'],
    filters: { websiteIds: websites.map((w) => w.id) },
    range: windows.current,
    comparison: windows.previous,
  });
  const summarize = (period: 'current' | 'previous') => {
    const units: UnitDeviceStats[] = rows
      .filter((row) => row.period === period)
      .map((row) => ({
        websiteId: row.dimensions.website_id ?? '',
        adUnitId: row.dimensions.ad_unit_id ?? '',
        device: row.dimensions.device ?? '',
        impressions: row.metrics.impressions,
        viewable: row.metrics.viewable_impressions,
      }));
    const impressions = units.reduce((sum, unit) => sum + unit.impressions, 0);
    const viewable = units.reduce((sum, unit) => sum + unit.viewable, 0);
    const clicks = rows.filter((row) => row.period === period).reduce((sum, row) => sum + row.metrics.ad_clicks, 0);
    return { impressions, viewability: ratio(viewable, impressions), ctr: ratio(clicks, impressions), potential: optimizationPotential(units) };
  };
  const current = summarize('current');
  const previous = summarize('previous');
  return {
    timeRange: timeRangeOf(windows),
    kpis: {
      impressions: { value: current.impressions, change: relativeChange(current.impressions, previous.impressions) },
      // Percentage points for rates, a plain difference for the potential (DESIGN.md).
      viewability: { value: current.viewability, change: current.viewability - previous.viewability },
      ctr: { value: current.ctr, change: current.ctr - previous.ctr },
      optimizationPotential: { value: current.potential, change: current.potential - previous.potential },
    },
  };
}
