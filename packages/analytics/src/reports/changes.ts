// GET /api/analytics/changes (issue 25): the ad-layout changes detected on one page or on every page of a website over
// the last CHANGE_LOOKBACK_DAYS UTC days, per device, each with its unit's, the page's other units' and the whole
// page's figures before and after. Two rounds: each unit's days (only the series that could hold a change), then the
// daily counts of the pages those are on; detection and comparison are pure (changes/detect.ts, changes/compare.ts).
import { CHANGE_LOOKBACK_DAYS, DEFAULT_CHANGE_WINDOW_DAYS, type Change, type ChangesResponse, type DeviceFilter, type Recommendation } from '@foldline/contracts';
import { recommendationRecords, setRecommendationStatus } from '@foldline/metadata/recommendation-records/recommendation-records.repository';
import { adviceRecord, appliedRecommendation, type GivenRecommendation, type UnmatchedChange } from '../changes/applied.ts';
import { groupFigures, total, totals, unitFigures, windowsOf, type Span } from '../changes/compare.ts';
import { dayNumber, dayText, detectChanges, type DetectedChange } from '../changes/detect.ts';
import { pageKey, readDailyStats, readUnitSeries, type ChangeScope, type DailyStats } from '../changes/read.ts';
import { formatName, formatValue } from '@foldline/recommendations';
import type { AnalyticsContext } from '../context.ts';
import { adviceOptionsOf } from '../recommendations/advice-settings.ts';
import { yieldToEventLoop } from '../event-loop.ts';
import { remembered } from '../recommendations/analysis-cache.ts';
import { recordsById } from '../recommendations/records.ts';
import { adUnitsInScope, pageInScope, pagesOfWebsites, websitesInScope, type ScopedPage } from '../scope.ts';

export async function changes(
  context: AnalyticsContext,
  params: { pageId?: string | undefined; websiteId?: string | undefined; deviceType: DeviceFilter; window: number },
): Promise<ChangesResponse> {
  const { pages, units, scope } = await resolveScope(context, params);
  // A website's 90 days of impressions take a few hundred ms at 10 M events: its changes are remembered like its
  // analysis (fresh a minute, served up to ten minutes old while the next is computed; forgotten with its data), and
  // the background advice computes them every ten minutes. Which recommendation each carried out is matched on every
  // look, so a publisher's marks show at once.
  const detect = () => detectedChanges(context, params, pages, units, scope).then((found) => ({ complete: true, found }));
  const { found } = params.websiteId
    ? await remembered(context.events, `changes ${params.websiteId} ${params.deviceType} ${params.window}`, context.now.getTime(), detect)
    : await detect();
  // Each change with the recommendation it carried out, if any: the advice as recorded when it was given.
  const given = await givenRecommendations(context, [...new Set([...pages.values()].map((page) => page.website_id))]);
  const answer = found.map((change): Change => ({ ...change, recommendation: appliedRecommendation(change, given) }));
  return { data: { changes: answer, record: adviceRecord(answer) } };
}

type Scope = Awaited<ReturnType<typeof resolveScope>>;

/** The changes detected on the scope's pages, with their figures before and after, latest first. */
async function detectedChanges(
  context: AnalyticsContext,
  params: { deviceType: DeviceFilter; window: number },
  pages: Scope['pages'],
  units: Scope['units'],
  scope: Scope['scope'],
): Promise<UnmatchedChange[]> {
  const today = dayNumber(context.now.getTime());
  const range = { first: today - CHANGE_LOOKBACK_DAYS + 1, last: today };
  const series = (await readUnitSeries(context.events, scope, range)).filter((s) => units.has(s.adUnitId) && pages.has(s.pageId));
  if (series.length === 0) return [];
  const pageIds = [...new Set(series.map((s) => s.pageId))];
  // The windows reach back before the look-back by up to the window: a change on its first days has a before too.
  const stats = await readDailyStats(context.events, scope, pageIds, { first: range.first - params.window, last: today });
  await yieldToEventLoop();
  const detected = series.flatMap((s) => detectChanges(s, stats.pageviews.get(pageKey(s.pageId, s.device)) ?? new Map(), range));
  await yieldToEventLoop();
  const changeDays = daysOfChanges(detected);
  const found = detected.map((change): UnmatchedChange => {
    const page = pages.get(change.pageId)!;
    const days = changeDays.get(pageKey(change.pageId, change.device))!;
    const windows = windowsOf(change.day, params.window, { previous: days.findLast((day) => day < change.day), next: days.find((day) => day > change.day), today });
    const sizes = stats.sizes.get(pageKey(change.pageId, change.device));
    const counts = (span: Span | null, unitFormat: string | undefined) => countsOf(stats, change, span, (id) => {
      const unit = units.get(id);
      const format = id === change.adUnitId ? unitFormat : (sizes?.get(id) ?? unit?.format);
      return format ? formatValue(change.device, format, unit?.values) : 0;
    });
    const sizeOf = (place: DetectedChange['before']) => (place ? formatName(place.width, place.height) : undefined);
    const [before, after] = [counts(windows.before, sizeOf(change.before)), counts(windows.after, sizeOf(change.after))];
    return {
      id: change.id,
      page_id: page.id,
      page_title: page.title,
      page_path: page.url_path,
      device: change.device,
      ad_unit_id: change.adUnitId,
      ad_unit_name: units.get(change.adUnitId)!.name,
      x: units.get(change.adUnitId)!.x,
      kind: change.kind,
      day: dayText(change.day),
      before: change.before,
      after: change.after,
      windows: { before: spanText(windows.before), after: spanText(windows.after) },
      unit: unitFigures(before.unit, after.unit, windows.comparable, { before: before.values.unit, after: after.values.unit }),
      other_units: groupFigures(before.others, after.others, windows.comparable, { before: before.values.others, after: after.values.others }),
      page: groupFigures(before.page, after.page, windows.comparable, { before: before.values.page, after: after.values.page }),
    };
  });
  // The latest first; one page's changes of a day together.
  return found.sort((a, b) => b.day.localeCompare(a.day) || a.page_path.localeCompare(b.page_path) || a.device.localeCompare(b.device) || a.ad_unit_name.localeCompare(b.ad_unit_name) || a.kind.localeCompare(b.kind));
}

/** Marks applied (issue 25) each open recommendation of the website that a detected change carried out: it leaves the
 * list and the potential, and its record keeps what it promised. Run by the background advice; returns how many. */
export async function markCarriedOut(context: AnalyticsContext, websiteId: string): Promise<number> {
  const found = await changes(context, { websiteId, deviceType: 'all', window: DEFAULT_CHANGE_WINDOW_DAYS });
  const records = await recordsById(context.db, websiteId);
  let marked = 0;
  for (const change of found.data.changes) {
    const record = change.recommendation ? records.get(change.recommendation.recommendation_id) : undefined;
    if (!record || record.status !== 'open') continue;
    await setRecommendationStatus(context.db, websiteId, record.recommendation, 'applied', `Detected: ${change.kind === 'appeared' ? 'a unit appeared' : `the unit ${change.kind === 'moved' ? 'moved' : 'changed format'}`} on ${change.day}`, context.now.toISOString());
    record.status = 'applied';
    marked += 1;
  }
  return marked;
}

/** Every recommendation the websites' advice has given (recommendation-records), with the day it was first given. */
async function givenRecommendations(context: AnalyticsContext, websiteIds: readonly string[]): Promise<GivenRecommendation[]> {
  const records = await Promise.all(websiteIds.map((id) => recommendationRecords<Recommendation>(context.db, id)));
  return records.flat().map((record) => ({ recommendation: record.recommendation, firstDay: record.firstSeen.slice(0, 10) }));
}

/** The pages and units the user may read (another user's id reads like a missing one: 404), and what the events are
 * read for. */
async function resolveScope(context: AnalyticsContext, params: { pageId?: string | undefined; websiteId?: string | undefined; deviceType: DeviceFilter }) {
  const device = params.deviceType === 'all' ? undefined : params.deviceType;
  let pages: ScopedPage[];
  if (params.pageId) pages = [await pageInScope(context.db, context.userId, params.pageId)];
  else pages = await pagesOfWebsites(context.db, (await websitesInScope(context.db, context.userId, params.websiteId)).map((website) => website.id));
  const websiteIds = [...new Set(pages.map((page) => page.website_id))];
  const units = await adUnitsInScope(context.db, { websiteIds, ...(params.pageId ? { pageId: params.pageId } : {}) });
  const scope: ChangeScope = {
    websiteIds: params.websiteId ? [params.websiteId] : websiteIds,
    ...(params.pageId ? { page: { id: params.pageId, adUnitIds: units.map((unit) => unit.id) } } : {}),
    device,
  };
  const options = await adviceOptionsOf(context.db, websiteIds);
  const unitInfo = units.map((unit) => [unit.id, { name: unit.name, x: unit.position_x, format: unit.ad_format, values: options.get(unit.website_id)?.values }] as const);
  return { pages: new Map(pages.map((page) => [page.id, page])), units: new Map(unitInfo), scope };
}

/** Each page and device's change days, ascending: a comparison never reaches past another change of the same page. */
function daysOfChanges(detected: readonly DetectedChange[]): Map<string, number[]> {
  const days = new Map<string, Set<number>>();
  for (const change of detected) {
    const key = pageKey(change.pageId, change.device);
    days.set(key, (days.get(key) ?? new Set()).add(change.day));
  }
  return new Map([...days].map(([key, set]) => [key, [...set].sort((a, b) => a - b)]));
}

/** A window's counts: the unit's, the page's other units' together, and every unit's, each with the page's pageviews;
 * and their viewable impressions weighted by `valueOf` each unit (the value of a viewable impression of its format:
 * the changed unit's before and after the change, the others' as last detected — the daily rollups hold no sizes). */
function countsOf(stats: DailyStats, change: DetectedChange, span: Span | null, valueOf: (adUnitId: string) => number) {
  const key = pageKey(change.pageId, change.device);
  const pageviews = total(stats.pageviews.get(key), span);
  const units = stats.units.get(key);
  const unit = { pageviews, ...totals(units?.get(change.adUnitId), span) };
  const others = { pageviews, impressions: 0, viewable: 0, clicks: 0 };
  const weighted = (viewable: number, value: number) => ({ value: value * viewable, square: value * value * viewable, pageviews });
  const unitValue = weighted(unit.viewable, valueOf(change.adUnitId));
  const othersValue = { value: 0, square: 0, pageviews };
  for (const [id, days] of units ?? []) {
    if (id === change.adUnitId) continue;
    const sum = totals(days, span);
    others.impressions += sum.impressions;
    others.viewable += sum.viewable;
    others.clicks += sum.clicks;
    const part = weighted(sum.viewable, valueOf(id));
    othersValue.value += part.value;
    othersValue.square += part.square;
  }
  const page = { pageviews, impressions: unit.impressions + others.impressions, viewable: unit.viewable + others.viewable, clicks: unit.clicks + others.clicks };
  const pageValue = { value: unitValue.value + othersValue.value, square: unitValue.square + othersValue.square, pageviews };
  return { unit, others, page, values: { unit: unitValue, others: othersValue, page: pageValue } };
}

const spanText = (span: Span | null) => (span ? { start: dayText(span.first), end: dayText(span.last), days: span.last - span.first + 1 } : null);
