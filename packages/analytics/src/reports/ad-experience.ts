// GET /api/analytics/ad-experience (issue 24): what one page's ads do to its readers over a period, per unit — fill,
// time in view, refreshes (and those never in view), the layout shift it caused — and the page's layout shift from ads against everything else.
// Read from the raw ad events of one page (bounded by the page and the period), three statements. A unit that shifts
// the content gets the height to reserve for its slot: the tallest creative height it rendered at in a likely share of
// its impressions (issue 21 §5).
//
// Layout shift is counted over the pageviews of the browsers that report it ("measured"), per unit as the Ad Units tab
// counts it (ad-layout-shift.ts).
import {
  LIKELY_CREATIVE_SHARE,
  LONG_VIEW_MS,
  RESERVE_MIN_MEASURED,
  RESERVE_MIN_SHIFTING,
  type AdExperienceResponse,
  type AdExperienceUnit,
  type DeviceFilter,
  type Period,
} from '@foldline/contracts';
import { toEventTime } from '@foldline/event-store';
import type { AnalyticsContext } from '../context.ts';
import { periodWindows } from '../periods.ts';
import { adUnitsInScope, pageInScope } from '../scope.ts';
import { LAYOUT_SHIFT_BROWSERS, layoutShiftCounts, layoutShiftFigures } from './ad-layout-shift.ts';
const MAX_EXECUTION_TIME = 20;

export async function adExperience(context: AnalyticsContext, params: { pageId: string; period: Period; deviceType: DeviceFilter }): Promise<AdExperienceResponse> {
  const page = await pageInScope(context.db, context.userId, params.pageId);
  const units = await adUnitsInScope(context.db, { websiteIds: [page.website_id], pageId: page.id });
  const range = periodWindows(params.period, context.now).current;
  const device = params.deviceType === 'all' ? '' : 'AND device = {device:String}';
  const scope = `website_id = {websiteId:UUID} AND page_id = {pageId:UUID} AND ts >= {start:DateTime64(3, 'UTC')} AND ts < {end:DateTime64(3, 'UTC')} ${device}`;
  // Ad events are sorted by website, day and slot (not page): naming the page's slots lets a read skip the website's
  // other slots' rows instead of scanning them for the page.
  const adScope = `${scope} AND ad_unit_id IN {slots:Array(UUID)}`;
  const values = {
    websiteId: page.website_id,
    pageId: page.id,
    start: toEventTime(range.start),
    end: toEventTime(range.end),
    browsers: LAYOUT_SHIFT_BROWSERS,
    slots: units.map((unit) => unit.id),
    ...(params.deviceType === 'all' ? {} : { device: params.deviceType }),
  };
  const options = { readonly: true, maxExecutionTime: MAX_EXECUTION_TIME } as const;
  const [perUnit, shifts, pageRows] = await Promise.all([
    // Per impression first (its render, its time in view over every view_time row), then per pageview of the unit (a
    // render after the first is a refresh; one never in view was wasted), then per unit.
    context.events.query<Record<string, unknown>>(
      `SELECT toString(ad_unit_id) AS unit, sum(pv_impressions) AS impressions, sum(pv_empty) AS empty, sum(pv_in_view) / nullIf(sum(pv_impressions), 0) AS in_view_ms,
         sum(pv_viewable_in_view) / nullIf(sum(pv_viewable), 0) AS viewable_ms, sum(pv_long) AS long_views, count() AS pageviews,
         sum(pv_renders) - count() AS refreshes, sum(pv_unseen_refreshes) AS unseen_refreshes, sumMap(pv_heights) AS heights
       FROM (
         SELECT ad_unit_id, pv, countIf(rendered) AS pv_impressions, countIf(blank) AS pv_empty, sumIf(in_view, rendered) AS pv_in_view,
           sumIf(in_view, rendered AND seen) AS pv_viewable_in_view, countIf(rendered AND seen) AS pv_viewable, countIf(rendered AND in_view >= ${LONG_VIEW_MS}) AS pv_long,
           count() AS pv_renders, countIf(in_view = 0) - if(argMin(in_view, at) = 0, 1, 0) AS pv_unseen_refreshes,
           sumMapIf([toUInt32(creative_height)], [toUInt64(1)], rendered) AS pv_heights
         FROM (
           SELECT ad_unit_id, impression_id, any(pageview_id) AS pv, min(ts) AS at, countIf(kind = 'impression') > 0 AS rendered,
             maxIf(height, kind = 'impression') AS creative_height,
             countIf(kind = 'empty') > 0 AS blank, countIf(kind = 'viewable') > 0 AS seen, sumIf(in_view_ms, kind = 'view_time') AS in_view
           FROM foldline.ad_events WHERE ${adScope} GROUP BY ad_unit_id, impression_id
         ) GROUP BY ad_unit_id, pv
       ) GROUP BY ad_unit_id`,
      values,
      options,
    ),
    // Per unit, over the measured pageviews in which it rendered: how many it shifted, and its p75.
    layoutShiftCounts(
      context,
      { websiteId: page.website_id, range, pageIds: [page.id], device: params.deviceType === 'all' ? undefined : params.deviceType },
      new Map(units.map((unit) => [unit.id, unit.id])),
    ),
    // The page: every pageview, and per measured pageview its shift from ads and from the rest. One read of the
    // pageviews; of the shifts only the rows that carry one (a pageview without is 0 through the join), which lets the
    // engine read the layout_shift column first and skip the rest: 55 ms instead of 73 on a quarter of the bench.
    context.events.query<Record<string, unknown>>(
      `SELECT count() AS pageviews, countIf(chromium) AS measured,
         quantileExactIf(0.75)(ads, chromium) AS ads_p75, quantileExactIf(0.75)(greatest(total - ads, 0), chromium) AS other_p75
       FROM (SELECT pageview_id, browser IN {browsers:Array(String)} AS chromium FROM foldline.pageviews WHERE ${scope}) AS pv
       LEFT JOIN (SELECT pageview_id, sum(layout_shift) AS total FROM foldline.engagement WHERE ${scope} AND layout_shift > 0 GROUP BY pageview_id) AS e ON e.pageview_id = pv.pageview_id
       LEFT JOIN (SELECT pageview_id, sum(layout_shift) AS ads FROM foldline.ad_events WHERE ${adScope} AND layout_shift > 0 GROUP BY pageview_id) AS a ON a.pageview_id = pv.pageview_id`,
      values,
      options,
    ),
  ]);
  const byUnit = new Map(perUnit.map((row) => [String(row.unit), row]));
  const share = (part: number, whole: number) => (whole > 0 ? round((100 * part) / whole, 1) : null);
  const page0 = pageRows[0] ?? {};
  const measuredPageviews = Number(page0.measured ?? 0);
  return {
    data: {
      page: {
        pageviews: Number(page0.pageviews ?? 0),
        measured_pageviews: measuredPageviews,
        layout_shift_ads_p75: measuredPageviews > 0 ? round(Number(page0.ads_p75), 4) : null,
        layout_shift_other_p75: measuredPageviews > 0 ? round(Number(page0.other_p75), 4) : null,
      },
      units: units.map((unit) => {
        const row = byUnit.get(unit.id);
        const impressions = Number(row?.impressions ?? 0);
        const empty = Number(row?.empty ?? 0);
        const shift = shifts.get(unit.id);
        return {
          ad_unit_id: unit.id,
          name: unit.name,
          format: unit.ad_format,
          impressions,
          empty,
          fill_rate: share(impressions, impressions + empty),
          time_in_view: impressions > 0 ? round(Number(row!.in_view_ms) / 1000, 1) : null,
          viewable_time: row?.viewable_ms == null ? null : round(Number(row.viewable_ms) / 1000, 1),
          long_views: share(Number(row?.long_views ?? 0), impressions),
          renders_per_pageview: Number(row?.pageviews ?? 0) > 0 ? round((impressions + empty) / Number(row!.pageviews), 2) : null,
          refreshes: Number(row?.refreshes ?? 0),
          unseen_refreshes: Number(row?.unseen_refreshes ?? 0),
          ...layoutShiftFigures(shift),
          reserve: reserveOf(shift?.shifting ?? 0, shift?.measured ?? 0, row?.heights),
        };
      }),
    },
  };
}

/** The height to reserve for a unit that shifted the content often enough, from its creative heights (a sumMap:
 * heights and their impressions). */
export function reserveOf(shifting: number, measured: number, heights: unknown): AdExperienceUnit['reserve'] {
  if (measured < RESERVE_MIN_MEASURED || (100 * shifting) / measured < RESERVE_MIN_SHIFTING) return null;
  const [keys, counts] = Array.isArray(heights) ? (heights as [unknown[], unknown[]]) : [[], []];
  const seen = keys.map((height, i) => ({ height: Number(height), count: Number(counts[i] ?? 0) })).filter((entry) => entry.height > 0 && entry.count > 0);
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
