// GET /api/analytics/ad-units/figures (issue 24): for the units on the Ad Units tab's screen, what only their raw ad
// events tell — time in view per impression and the layout shift each caused (ad-layout-shift.ts, as page analytics'
// Ad experience card counts it) — over the website, or on the chosen page, from the per-day counts with the settled
// days kept (ad-days.ts). Apart from the table's rows (ad-units.ts, from the rollups) so the table answers at once and
// these fill in: a website's first look counts its settled days once.
import type { AdUnitFigures, AdUnitFiguresResponse, Period } from '@foldline/contracts';
import type { AnalyticsContext } from '../context.ts';
import { periodWindows, upToNow } from '../periods.ts';
import { adUnitsInScope, NotFoundError, pageInScope, websitesInScope } from '../scope.ts';
import { adDayCounts, quantileOf } from './ad-days.ts';
import { addHistogram, type SlotCounts } from './held-ad-days.ts';
import { layoutShiftFigures } from './ad-layout-shift.ts';

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
  const counts = await adDayCounts(context.events, {
    websiteId: website!.id,
    // Days settle by the clock (ad-days.ts): the period as far as now, not to the end of its hour.
    range: upToNow(periodWindows(params.period, context.now).current, context.now),
    slots: unitSlots.map((slot) => slot.id),
    pageIds: [...new Set(unitSlots.map((slot) => slot.page_id))],
  });
  const units: AdUnitFigures[] = asked.map((id, i) => {
    // A unit's slots sit on different pages, so a pageview counts once for the unit whichever slot it showed.
    const own = unitSlots.flatMap((slot) => (slot.unit_key === keys[i] ? (counts.slots.get(slot.id) ?? []) : []));
    const sum = (of: (slot: SlotCounts) => number) => own.reduce((total, slot) => total + of(slot), 0);
    const impressions = sum((slot) => slot.impressionRows);
    const shifts = new Map<number, number>();
    for (const slot of own) addHistogram(shifts, slot.shifts);
    const measured = sum((slot) => slot.measured);
    return {
      ad_unit_id: id,
      time_in_view: impressions === 0 ? null : Math.round(sum((slot) => slot.inViewAllMs) / impressions / 100) / 10,
      measured_pageviews: measured,
      ...layoutShiftFigures({ measured, shifting: sum((slot) => slot.shifting), p75: quantileOf(0.75, measured, shifts) }),
    };
  });
  return { data: { units } };
}
