// The evidence splits where a unit changed (issue 25): a unit that moved or changed format inside the advice's window
// has two series, and its counts before the change are another place's. Its evidence is the series since the change
// (counts and the page's pageviews from the day after it, its place as it stands now), so calibration and advice rest
// on the new place and resume as soon as it has enough impressions, instead of mixing both for up to a month.
// Detection is the changes report's (changes/detect.ts).
import type { EventStore } from '@foldline/event-store';
import { BEFORE_DAYS, dayNumber, detectChanges } from '../changes/detect.ts';
import { pageKey, readDailyStats, readUnitSeries } from '../changes/read.ts';
import type { TimeWindow } from '../query.ts';

/** A unit's evidence since it last moved or changed format. */
export interface UnitSinceChange {
  /** UTC day number of the change; the counts are of the days after it. */
  day: number;
  impressions: number;
  viewable: number;
  /** The page's pageviews on the device over the same days: the base of the unit's view rate. */
  pageviews: number;
  /** Where and at what size it rendered on its last day. */
  y: number;
  width: number;
  height: number;
}

export const unitKey = (pageId: string, adUnitId: string, device: string) => `${pageId} ${adUnitId} ${device}`;

/** The units of the pages that moved or changed format inside the window, by unitKey, with their series since. */
export async function unitsSinceTheirChange(events: EventStore, websiteIds: readonly string[], pageIds: readonly string[], window: TimeWindow): Promise<Map<string, UnitSinceChange>> {
  const found = new Map<string, UnitSinceChange>();
  if (pageIds.length === 0) return found;
  const first = dayNumber(window.start.getTime());
  const today = dayNumber(window.end.getTime());
  // A change on the window's first days is told by the days before it.
  const range = { first: first - BEFORE_DAYS - 1, last: today };
  const wanted = new Set(pageIds);
  const series = (await readUnitSeries(events, { websiteIds }, range)).filter((s) => wanted.has(s.pageId));
  if (series.length === 0) return found;
  const stats = await readDailyStats(events, { websiteIds }, [...new Set(series.map((s) => s.pageId))], range);
  for (const s of series) {
    const key = pageKey(s.pageId, s.device);
    const pageviews = stats.pageviews.get(key) ?? new Map<number, number>();
    const last = detectChanges(s, pageviews, range)
      .filter((change) => (change.kind === 'moved' || change.kind === 'format') && change.day >= first)
      .reduce<number | undefined>((latest, change) => (latest === undefined || change.day > latest ? change.day : latest), undefined);
    const now = s.days.at(-1);
    if (last === undefined || !now) continue;
    const since = { impressions: 0, viewable: 0, pageviews: 0 };
    for (const [day, counts] of stats.units.get(key)?.get(s.adUnitId) ?? []) {
      if (day <= last) continue;
      since.impressions += counts.impressions;
      since.viewable += counts.viewable;
    }
    for (const [day, views] of pageviews) if (day > last) since.pageviews += views;
    found.set(unitKey(s.pageId, s.adUnitId, s.device), { day: last, ...since, y: now.y, width: now.width, height: now.height });
  }
  return found;
}
