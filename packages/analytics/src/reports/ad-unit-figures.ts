// GET /api/analytics/ad-units/figures (issue 24): for the units on the Ad Units tab's screen, what only their raw ad
// events tell — time in view per impression and the layout shift each caused (ad-layout-shift.ts, as page analytics'
// Ad experience card counts it) — over the website, or on the chosen page. Apart from the table's rows (ad-units.ts,
// from the rollups) so the table answers at once and these fill in: on a quarter of the bench's 10 M events, with every
// unit of the website on screen, the layout shift alone is a read of some 200,000 impression rows grouped by pageview.
import type { AdUnitFigures, AdUnitFiguresResponse, Period } from '@foldline/contracts';
import { toEventTime } from '@foldline/event-store';
import type { AnalyticsContext } from '../context.ts';
import { periodWindows } from '../periods.ts';
import { adUnitsInScope, NotFoundError, pageInScope, websitesInScope } from '../scope.ts';
import { layoutShiftCounts, layoutShiftFigures } from './ad-layout-shift.ts';

export interface AdUnitFiguresParams {
  websiteId: string;
  period: Period;
  pageId?: string | undefined;
  /** The table rows' ids: each stands for its unit (every slot with its key), on the chosen page if any. */
  adUnitIds: readonly string[];
}

export async function adUnitFigures(context: AnalyticsContext, params: AdUnitFiguresParams): Promise<AdUnitFiguresResponse> {
  const [website] = await websitesInScope(context.db, context.userId, params.websiteId);
  const slots = await adUnitsInScope(context.db, { websiteIds: [website!.id] });
  // The chosen page must be the website's (another user's page is not found either way).
  if (params.pageId && (await pageInScope(context.db, context.userId, params.pageId)).website_id !== website!.id) throw new NotFoundError('Page not found');
  const byId = new Map(slots.map((slot) => [slot.id, slot]));
  const asked = [...new Set(params.adUnitIds)];
  // Another website's unit (or none) is not found, as everywhere else.
  const keys = asked.map((id) => byId.get(id)?.unit_key);
  if (keys.some((key) => key === undefined)) throw new NotFoundError('Ad unit not found');
  const wanted = new Set(keys);
  const unitSlots = slots.filter((slot) => wanted.has(slot.unit_key) && (!params.pageId || slot.page_id === params.pageId));
  const range = periodWindows(params.period, context.now).current;
  const [inView, shifts] = await Promise.all([
    timeInView(context, website!.id, range, unitSlots.map((slot) => slot.id)),
    layoutShiftCounts(context, { websiteId: website!.id, range, pageIds: [...new Set(unitSlots.map((slot) => slot.page_id))] }, new Map(unitSlots.map((slot) => [slot.id, slot.unit_key]))),
  ]);
  const units: AdUnitFigures[] = asked.map((id, i) => {
    const key = keys[i]!;
    const own = unitSlots.filter((slot) => slot.unit_key === key);
    const impressions = own.reduce((sum, slot) => sum + (inView.get(slot.id)?.impressions ?? 0), 0);
    const inViewMs = own.reduce((sum, slot) => sum + (inView.get(slot.id)?.inView ?? 0), 0);
    return {
      ad_unit_id: id,
      time_in_view: impressions === 0 ? null : Math.round(inViewMs / impressions / 100) / 10,
      measured_pageviews: shifts.get(key)?.measured ?? 0,
      ...layoutShiftFigures(shifts.get(key)),
    };
  });
  return { data: { units } };
}

/** Per slot: its impressions and its time in view (ms, every view_time row) in the range. The slots' rows are a few
 * ranges of the ad events' order (website, day, slot), so a website with thousands of units reads no more for these. */
async function timeInView(context: AnalyticsContext, websiteId: string, range: { start: Date; end: Date }, slotIds: readonly string[]): Promise<Map<string, { impressions: number; inView: number }>> {
  if (slotIds.length === 0) return new Map();
  const rows = await context.events.query<{ slot: string; impressions: number | string; in_view: number | string }>(
    `SELECT toString(ad_unit_id) AS slot, countIf(kind = 'impression') AS impressions, sumIf(in_view_ms, kind = 'view_time') AS in_view FROM foldline.ad_events
     WHERE website_id = {websiteId:UUID} AND ts >= {start:DateTime64(3, 'UTC')} AND ts < {end:DateTime64(3, 'UTC')}
       AND ad_unit_id IN {slots:Array(UUID)} AND kind IN ('impression', 'view_time')
     GROUP BY ad_unit_id`,
    { websiteId, start: toEventTime(range.start), end: toEventTime(range.end), slots: [...slotIds] },
    { readonly: true, maxExecutionTime: 20 },
  );
  return new Map(rows.map((row) => [row.slot, { impressions: Number(row.impressions), inView: Number(row.in_view) }]));
}
