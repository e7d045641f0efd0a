// A website's measured value of a viewable impression per device and format (issue 21 §1, issue 23): the last 30 days'
// revenue in the website's currency (Prebid's winning bids, plus imported ad-server revenue beyond them: revenue.ts)
// per slot and device, grouped by the size the slot rendered at on that device — the size the engine values the unit
// at (its evidence's unit.rect, from readUnitOutcomes) — and kept per device and format with enough viewable
// impressions to price: viewable eCPM = revenue × 1,000 ÷ viewable impressions. The engine's formats.ts (valueTable)
// turns them into relative values under the publisher's own.
//
// Read by the background advice once per pass per website (apps/server's plugins/advice.ts) and kept in the process's
// memory, per event store, once the website's analysis on them is kept too (keepMeasuredValues, recommendations.ts): a
// look takes what is kept, and so the analysis kept on it. Kept as soon as read, every look during a pass had values
// no kept analysis was computed on, and computed one itself or waited for the pass's (at 100 M events 1–5 s a look).
// Only where nothing is kept, or what is kept is older than MEASURED_VALUES_MAX_AGE_MS (no background pass: an app
// built for a test, a process that does not listen), does a look read them, once, for every look behind it.
import { RECOMMENDATION_WINDOW_DAYS, type DeviceType } from '@foldline/contracts';
import type { EventStore } from '@foldline/event-store';
import { formatName, type MeasuredFormat } from '@foldline/recommendations';
import type { AnalyticsContext } from '../context.ts';
import { readRevenue } from '../revenue/revenue.ts';
import { pagesOfWebsites } from '../scope.ts';
import { readUnitOutcomes } from './evidence-reader.ts';

/**
 * A format needs this many viewable impressions on a device in the window to be priced by its own revenue. A viewable
 * eCPM is a mean of prices that vary a lot between impressions: with Prebid, most impressions earn nothing (lost
 * auctions) and the won CPMs vary by half their mean or more, so one impression's revenue has a coefficient of
 * variation near 1.8 (a 30 % win share: √((1 + 0.5²) ÷ 0.3 − 1)). At 1,000 viewable impressions the mean's standard
 * error is then about 6 % of it, under the 10 % margin a format change must clear (recommend.ts, MIN_GAIN), so noise
 * alone does not flip advice; at 100 it would be 18 %, more than the margin. It is also one "mille" of the CPM.
 */
export const MIN_MEASURED_VIEWABLE = 1_000;
/** Kept values older than this are read again by a look: the background refreshes them every 10 minutes. */
const MEASURED_VALUES_MAX_AGE_MS = 30 * 60_000;

const DAY_MS = 86_400_000;
const DEVICES: readonly DeviceType[] = ['desktop', 'tablet', 'mobile'];

export interface MeasuredValues {
  /** The website's currency; null while it has no revenue data (then no formats). */
  currency: string | null;
  /** The window's revenue sources: Prebid's winning bids without an imported report are a part of the revenue only. */
  sources: { prebid: boolean; imported: boolean };
  /** Per device and format with at least MIN_MEASURED_VIEWABLE viewable impressions: revenue and viewable impressions. */
  formats: MeasuredFormat[];
}

export const NO_MEASURED_VALUES: MeasuredValues = { currency: null, sources: { prebid: false, imported: false }, formats: [] };

/** One slot's revenue and viewable impressions on a device, at the size it rendered at there. */
export interface SlotRevenue {
  device: DeviceType;
  format: string;
  revenue: number;
  viewable: number;
}

/** The slots added up per device and format, keeping those with at least MIN_MEASURED_VIEWABLE viewable impressions;
 * ordered by device, then format. */
export function measuredFormats(slots: readonly SlotRevenue[]): MeasuredFormat[] {
  const sums = new Map<string, MeasuredFormat>();
  for (const slot of slots) {
    const key = `${slot.device} ${slot.format}`;
    const sum = sums.get(key) ?? { device: slot.device, format: slot.format, revenue: 0, viewable: 0 };
    sum.revenue += slot.revenue;
    sum.viewable += slot.viewable;
    sums.set(key, sum);
  }
  return [...sums.values()]
    .filter((sum) => sum.viewable >= MIN_MEASURED_VIEWABLE)
    .sort((a, b) => DEVICES.indexOf(a.device) - DEVICES.indexOf(b.device) || a.format.localeCompare(b.format));
}

/** Reads a website's measured values over the RECOMMENDATION_WINDOW_DAYS up to `context.now`: its slots' sizes per
 * device (one statement, two for slots not seen in the last week), then its revenue per slot on each device (one
 * revenue reading per device: revenue.ts splits by slot, and a device filter splits by device). */
export async function readMeasuredValues(context: AnalyticsContext, websiteId: string): Promise<MeasuredValues> {
  const window = { start: new Date(context.now.getTime() - RECOMMENDATION_WINDOW_DAYS * DAY_MS), end: context.now };
  const pages = await pagesOfWebsites(context.db, [websiteId]);
  const outcomes = await readUnitOutcomes(context.events, [websiteId], pages.map((page) => page.id), window);
  if (outcomes.length === 0) return NO_MEASURED_VALUES;
  const sizeOf = new Map(outcomes.map((outcome) => [`${outcome.adUnitId} ${outcome.device}`, formatName(outcome.width, outcome.height)]));
  const slots: SlotRevenue[] = [];
  let currency: string | null = null;
  const sources = { prebid: false, imported: false };
  // One device after another: on the embedded engine statements run one at a time, and people's screens go between.
  for (const device of DEVICES) {
    const reading = await readRevenue(context, { websiteIds: [websiteId], range: window, by: 'ad_unit_id', device, with: ['viewable_impressions'] });
    currency = reading.currencies.get(websiteId) ?? null;
    if (currency === null) return NO_MEASURED_VALUES;
    sources.prebid ||= reading.sources.prebid;
    sources.imported ||= reading.sources.imported;
    for (const slot of reading.keys('current')) {
      // A slot without a measured size on the device had no impression with a place: nothing to attribute it to.
      const format = sizeOf.get(`${slot} ${device}`);
      if (format) slots.push({ device, format, revenue: reading.of('current', slot).revenue, viewable: reading.metrics('current', slot).viewable_impressions });
    }
  }
  return { currency, sources, formats: measuredFormats(slots) };
}

interface Kept {
  at: number;
  values: Promise<MeasuredValues>;
}

/** One memory per event store, so two apps in one process (tests) never share values. */
const memories = new WeakMap<EventStore, Map<string, Kept>>();

function memoryOf(events: EventStore): Map<string, Kept> {
  let memory = memories.get(events);
  if (!memory) memories.set(events, (memory = new Map()));
  return memory;
}

/** Reads a website's measured values afresh and keeps them at once (after a revenue import, or a look that found none
 * kept). A failed read keeps what was kept before (else none: the defaults) and rejects, for the caller to report. */
export function refreshMeasuredValues(context: AnalyticsContext, websiteId: string): Promise<MeasuredValues> {
  const memory = memoryOf(context.events);
  const before = memory.get(websiteId)?.values ?? Promise.resolve(NO_MEASURED_VALUES);
  const read = readMeasuredValues(context, websiteId);
  memory.set(websiteId, { at: context.now.getTime(), values: read.catch(() => before) });
  return read;
}

/** Keeps values read by the background advice for the looks after (see the head of this file). */
export function keepMeasuredValues(context: AnalyticsContext, websiteId: string, values: MeasuredValues): void {
  memoryOf(context.events).set(websiteId, { at: context.now.getTime(), values: Promise.resolve(values) });
}

/** The website's measured values as kept; read (once, whatever number of looks wait on it) only where none are kept or
 * they are older than MEASURED_VALUES_MAX_AGE_MS. Never rejects: advice on the defaults beats no advice. */
export function measuredValuesOf(context: AnalyticsContext, websiteId: string): Promise<MeasuredValues> {
  const kept = memoryOf(context.events).get(websiteId);
  if (kept && context.now.getTime() - kept.at < MEASURED_VALUES_MAX_AGE_MS) return kept.values;
  refreshMeasuredValues(context, websiteId).catch(() => {});
  return memoryOf(context.events).get(websiteId)!.values;
}

/** Forgets the values kept from this store (its events were deleted or its past written). */
export function forgetMeasuredValues(events: EventStore): void {
  memories.delete(events);
}
