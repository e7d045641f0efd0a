// GET /api/analytics/ad-performance: every ad unit of one page with its viewability, CTR and impressions, and its
// revenue figures there (revenue/: revenue, eCPM, viewable eCPM, fill rate, Prebid win share).
import type { AdPerformanceResponse, DeviceFilter, Period } from '@foldline/contracts';
import { ratio, type AnalyticsContext } from '../context.ts';
import { periodWindows } from '../periods.ts';
import { unitRevenueFigures } from '../revenue/figures.ts';
import { readRevenue } from '../revenue/revenue.ts';
import { adUnitsInScope, pageInScope } from '../scope.ts';

export async function adPerformance(
  context: AnalyticsContext,
  params: { pageId: string; period: Period; deviceType: DeviceFilter },
): Promise<AdPerformanceResponse> {
  const page = await pageInScope(context.db, context.userId, params.pageId);
  const units = await adUnitsInScope(context.db, { websiteIds: [page.website_id], pageId: page.id });
  const device = params.deviceType === 'all' ? undefined : params.deviceType;
  const range = periodWindows(params.period, context.now).current;
  // Their impressions, viewable impressions and clicks in the statement that reads their Prebid figures.
  const revenue = await readRevenue(context, {
    websiteIds: [page.website_id],
    range,
    by: 'ad_unit_id',
    pageIds: [page.id],
    device,
    with: ['impressions', 'viewable_impressions', 'ad_clicks'],
  });
  const currency = revenue.currencies.get(page.website_id) ?? null;
  return {
    data: {
      ad_units: units.map((unit) => {
        const m = revenue.metrics('current', unit.id);
        const earned = revenue.of('current', unit.id);
        return {
          ad_unit: { id: unit.id, name: unit.name, format: unit.ad_format, dimensions: { width: unit.width, height: unit.height } },
          metrics: {
            // DESIGN.md: viewable ÷ measured impressions × 100; ad clicks ÷ impressions × 100.
            viewability: ratio(m.viewable_impressions, m.impressions),
            ctr: ratio(m.ad_clicks, m.impressions),
            total_impressions: m.impressions,
            ...unitRevenueFigures({ ...earned, revenue: currency === null ? null : earned.revenue, impressions: m.impressions, viewable: m.viewable_impressions }),
          },
        };
      }),
      revenue: { currency, sources: revenue.sources, unconverted: revenue.unconverted('current') },
    },
  };
}
