// GET /api/analytics/ad-experience (issue 24): what one page's ads do to its readers over a period, per unit — fill,
// time in view, refreshes (and those never in view), the layout shift it caused — and the page's layout shift from ads
// against everything else. Counted from the page's raw ad events per day, the settled days kept (ad-days.ts). A unit
// that shifts the content gets the height to reserve for its slot: the tallest creative height it rendered at in a
// likely share of its impressions (issue 21 §5).
//
// Layout shift is counted over the pageviews of the browsers that report it ("measured"), per unit as the Ad Units tab
// counts it (ad-layout-shift.ts).
import {
  LIKELY_CREATIVE_SHARE,
  RESERVE_MIN_MEASURED,
  RESERVE_MIN_SHIFTING,
  type AdExperienceResponse,
  type AdExperienceUnit,
  type DeviceFilter,
  type Period,
} from '@foldline/contracts';
import type { AnalyticsContext } from '../context.ts';
import { periodWindows, upToNow } from '../periods.ts';
import { adUnitsInScope, pageInScope } from '../scope.ts';
import { adDayCounts, quantileOf } from './ad-days.ts';
import { layoutShiftFigures } from './ad-layout-shift.ts';

export async function adExperience(context: AnalyticsContext, params: { pageId: string; period: Period; deviceType: DeviceFilter }): Promise<AdExperienceResponse> {
  const page = await pageInScope(context.db, context.userId, params.pageId);
  const units = await adUnitsInScope(context.db, { websiteIds: [page.website_id], pageId: page.id });
  const counts = await adDayCounts(context.events, {
    websiteId: page.website_id,
    // Days settle by the clock (ad-days.ts): the period as far as now, not to the end of its hour.
    range: upToNow(periodWindows(params.period, context.now).current, context.now),
    slots: units.map((unit) => unit.id),
    pageIds: [page.id],
    device: params.deviceType === 'all' ? undefined : params.deviceType,
    withPages: true,
  });
  const share = (part: number, whole: number) => (whole > 0 ? round((100 * part) / whole, 1) : null);
  const { pageviews, measured, ads, other } = counts.pages;
  return {
    data: {
      page: {
        pageviews,
        measured_pageviews: measured,
        layout_shift_ads_p75: measured > 0 ? round(quantileOf(0.75, measured, ads), 4) : null,
        layout_shift_other_p75: measured > 0 ? round(quantileOf(0.75, measured, other), 4) : null,
      },
      units: units.map((unit) => {
        const row = counts.slots.get(unit.id);
        const impressions = row?.impressions ?? 0;
        const empty = row?.empty ?? 0;
        const shift = row && { measured: row.measured, shifting: row.shifting, p75: quantileOf(0.75, row.measured, row.shifts) };
        return {
          ad_unit_id: unit.id,
          name: unit.name,
          format: unit.ad_format,
          impressions,
          empty,
          fill_rate: share(impressions, impressions + empty),
          time_in_view: impressions > 0 ? round(row!.inViewMs / impressions / 1000, 1) : null,
          viewable_time: row && row.viewable > 0 ? round(row.viewableInViewMs / row.viewable / 1000, 1) : null,
          long_views: share(row?.longViews ?? 0, impressions),
          renders_per_pageview: row && row.pageviews > 0 ? round((impressions + empty) / row.pageviews, 2) : null,
          refreshes: row ? row.renders - row.pageviews : 0,
          unseen_refreshes: row?.unseenRefreshes ?? 0,
          ...layoutShiftFigures(shift),
          reserve: reserveOf(shift?.shifting ?? 0, shift?.measured ?? 0, row?.heights ?? new Map()),
        };
      }),
    },
  };
}

/** The height to reserve for a unit that shifted the content often enough, from its creative heights (height →
 * rendered impressions). */
function reserveOf(shifting: number, measured: number, heights: ReadonlyMap<number, number>): AdExperienceUnit['reserve'] {
  if (measured < RESERVE_MIN_MEASURED || (100 * shifting) / measured < RESERVE_MIN_SHIFTING) return null;
  const seen = [...heights].map(([height, count]) => ({ height, count })).filter((entry) => entry.height > 0 && entry.count > 0);
  const total = seen.reduce((sum, entry) => sum + entry.count, 0);
  if (total === 0) return null;
  const likely = seen.filter((entry) => (100 * entry.count) / total >= LIKELY_CREATIVE_SHARE);
  const height = Math.max(...(likely.length > 0 ? likely : seen).map((entry) => entry.height));
  return {
    height,
    heights: seen
      .sort((a, b) => b.count - a.count || b.height - a.height)
      .slice(0, 4)
      .map((entry) => ({ height: entry.height, share: round((100 * entry.count) / total, 1) })),
  };
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
