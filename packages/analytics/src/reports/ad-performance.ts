// GET /api/analytics/ad-performance: every ad unit of one page with its viewability, CTR and impressions.
import type { AdPerformanceResponse, DeviceFilter, Period } from '@foldline/contracts';
import type { AnalyticsContext } from '../context.ts';
import { runQuery } from '../execute.ts';
import { periodWindows } from '../periods.ts';
import { adUnitsInScope, pageInScope } from '../scope.ts';

export async function adPerformance(
  context: AnalyticsContext,
  params: { pageId: string; period: Period; deviceType: DeviceFilter },
): Promise<AdPerformanceResponse> {
  const page = await pageInScope(context.db, context.userId, params.pageId);
  const units = await adUnitsInScope(context.db, { websiteIds: [page.website_id], pageId: page.id });
  const rows = await runQuery(context.events, {
    metrics: ['impressions', 'viewability', 'ctr'],
    dimensions: ['ad_unit_id'],
    filters: {
      websiteIds: [page.website_id],
      pageIds: [page.id],
      ...(params.deviceType === 'all' ? {} : { device: params.deviceType }),
    },
    range: periodWindows(params.period, context.now).current,
  });
  const metrics = new Map(rows.map((row) => [row.dimensions.ad_unit_id, row.metrics]));
  return {
    data: {
      ad_units: units.map((unit) => {
        const m = metrics.get(unit.id);
        return {
          ad_unit: { id: unit.id, name: unit.name, format: unit.ad_format, dimensions: { width: unit.width, height: unit.height } },
          metrics: { viewability: m?.viewability ?? 0, ctr: m?.ctr ?? 0, total_impressions: m?.impressions ?? 0 },
        };
      }),
    },
  };
}
