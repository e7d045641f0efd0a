// The layout shift ad units caused (issue 24), counted one way for page analytics' Ad experience card and the Ad Units
// tab, so the two agree for the same unit, page and period: over the measured pageviews in which a unit rendered, the
// share in which it shifted the content and the 75th percentile of the shift it caused (0 where it caused none).
//
// Layout shift is reported by Chromium's browsers only (the tracker feature-detects it), so "measured" means a pageview
// of one of those browsers; a 0 there is a page that did not move, not one that was not measured. A pageview's score is
// the sum of its shifts without recent input; Core Web Vitals' CLS takes the worst 5 s window instead, so on long
// visits this is the larger figure.
import type { DeviceType } from '@foldline/contracts';
import { toEventTime } from '@foldline/event-store';
import type { AnalyticsContext } from '../context.ts';

/** Browsers that report layout-shift entries (Chromium's), as the collector names them (bowser). */
export const LAYOUT_SHIFT_BROWSERS = ['Chrome', 'Chromium', 'Microsoft Edge', 'Opera', 'Samsung Internet for Android', 'Yandex Browser', 'Vivaldi'];

/** What a unit's layout shift figures are made of: its measured pageviews, those in which it shifted the content, and
 * the 75th percentile of its shift over them. */
export interface LayoutShiftCounts {
  measured: number;
  shifting: number;
  p75: number;
}

export interface LayoutShiftScope {
  websiteId: string;
  range: { start: Date; end: Date };
  /** The pages the slots sit on: the measured pageviews are read for these only. */
  pageIds: readonly string[];
  device?: DeviceType | undefined;
}

/**
 * Layout shift counts per group of slots (`groups`: slot id → the key it is counted under, its unit or itself). A
 * pageview counts once per group whatever number of the group's slots it showed, with their shifts added up.
 *
 * What it reads, and why so: the ad events are sorted by website, day and slot, so naming the slots reads a few ranges
 * per day, not the website's other slots' rows (a website with thousands of units reads no more for the ones asked
 * about); a pageview in which a unit rendered has its impression row, and of the time-in-view rows (one or more per
 * impression) only those carrying a shift are needed; pageviews are told apart by a 64-bit hash of their id, a third
 * cheaper to group and look up than the id (a collision among a million pageviews is about one chance in 30 million,
 * and would count two pageviews as one).
 */
export async function layoutShiftCounts(context: AnalyticsContext, scope: LayoutShiftScope, groups: ReadonlyMap<string, string>): Promise<Map<string, LayoutShiftCounts>> {
  if (groups.size === 0 || scope.pageIds.length === 0) return new Map();
  const device = scope.device ? 'AND device = {device:String}' : '';
  const window = `website_id = {websiteId:UUID} AND ts >= {start:DateTime64(3, 'UTC')} AND ts < {end:DateTime64(3, 'UTC')} AND page_id IN {pages:Array(UUID)} ${device}`;
  // Groups are numbered (1…) for the statement: a number is cheaper to group by than the unit's key.
  const keys = [...new Set(groups.values())];
  const numbers = new Map(keys.map((key, i) => [key, i + 1]));
  const rows = await context.events.query<{ n: number | string; measured: number | string; shifting: number | string; p75: number | string }>(
    `SELECT n, count() AS measured, countIf(shift > 0) AS shifting, quantileExact(0.75)(shift) AS p75
     FROM (
       SELECT transform(ad_unit_id, {slots:Array(UUID)}, {numbers:Array(UInt32)}, toUInt32(0)) AS n, cityHash64(pageview_id) AS pv, sum(layout_shift) AS shift
       FROM foldline.ad_events
       WHERE ${window} AND ad_unit_id IN {slots:Array(UUID)} AND (kind = 'impression' OR (kind = 'view_time' AND layout_shift > 0))
         AND cityHash64(pageview_id) IN (SELECT cityHash64(pageview_id) FROM foldline.pageviews WHERE ${window} AND browser IN {browsers:Array(String)})
       GROUP BY n, pv
     ) GROUP BY n`,
    {
      websiteId: scope.websiteId,
      start: toEventTime(scope.range.start),
      end: toEventTime(scope.range.end),
      pages: [...scope.pageIds],
      slots: [...groups.keys()],
      numbers: [...groups.values()].map((key) => numbers.get(key)!),
      browsers: LAYOUT_SHIFT_BROWSERS,
      ...(scope.device ? { device: scope.device } : {}),
    },
    { readonly: true, maxExecutionTime: 20 },
  );
  return new Map(rows.map((row) => [keys[Number(row.n) - 1]!, { measured: Number(row.measured), shifting: Number(row.shifting), p75: Number(row.p75) }]));
}

/** The figures a screen shows: the share of measured pageviews in which the unit shifted the content (percent, one
 * decimal) and its p75 (four decimals), both null without a measured pageview. */
export function layoutShiftFigures(counts: LayoutShiftCounts | undefined): { shifting_pageviews: number | null; layout_shift_p75: number | null } {
  if (!counts || counts.measured === 0) return { shifting_pageviews: null, layout_shift_p75: null };
  return { shifting_pageviews: Math.round(((100 * counts.shifting) / counts.measured) * 10) / 10, layout_shift_p75: Math.round(counts.p75 * 10_000) / 10_000 };
}
