// The recommendations' seen counts with the settled days kept. A count is a sum over pageviews followed day by day
// (evidence-reader.ts), and a day that ended longer ago than a beacon's oldest event (MAX_EVENT_AGE_MS) takes no more
// events from readers; so such a day is counted once per probe and kept: in the process's memory, and in the event
// store (`seen_day_counts`, event-store migration 020) for every other process and the next start. A look at the 30
// days then follows only the spans of the window's first, partial day and of its last one or two days (a tenth of the
// work or less), and a new day costs that day's statement. A writer of past days other than the collector (the demo's
// history) discards what is kept (discardSeenDays); deleting a website's events deletes its stored counts.
import type { EventStore } from '@foldline/event-store';
import type { Probe } from '@foldline/recommendations';
import type { TimeWindow } from '../query.ts';
import { joinWindows } from '../segments.ts';
import { DAY_MS, dayOf, deleteKeptDays, settledDays } from '../settled-days.ts';
import { countKey, readSeenCountsByDay, sumOfDays, type ProbeCount, type ProbeRequest } from './evidence-reader.ts';

/** How far past a boundary of the kept days spans are read, so that a pageview open across it is followed whole and
 * counted once, on the day of its first span (pageviews open longer are rare). */
const PAGEVIEW_MARGIN_MS = 3_600_000;
/** Probes kept per event store, at most, each with up to 30 day counts (some 20 MB); the longest kept go first. */
const MAX_KEPT_PROBES = 100_000;
const TABLE = 'foldline.seen_day_counts';

/** Per page, device and probe: each settled day's count (scaled back from the sample), by the day's start. */
type Kept = Map<string, Map<number, number>>;

/** One memory per event store, so two apps in one process (tests) never share counts. */
const memories = new WeakMap<EventStore, Kept>();

/** readSeenCounts over the window: the settled days kept (counted once), the rest from the spans. */
export async function seenCounts(events: EventStore, websiteIds: readonly string[], requests: readonly ProbeRequest[], window: TimeWindow): Promise<ProbeCount[]> {
  const { first, end } = settledDays(window);
  let kept = memories.get(events);
  if (!kept) memories.set(events, (kept = new Map()));

  // What this process lacks may have been counted by another, or before a restart.
  let split = splitByKept(kept, requests, first, end);
  if (split.lacking.length > 0) {
    await loadStored(events, kept, split.lacking, first, end);
    split = splitByKept(kept, requests, first, end);
  }
  const { known, lacking, from, to } = split;

  // The window's first, partial day and its open days are read on every look, in the same statement as the days
  // lacked, if any (one pass over the spans). A pageview counts on the day of its first span: what a read gives for a
  // day it did not read whole is left out.
  const live = (day: number) => day < first || day >= end;
  const within = (start: number, stop: number) => ({ start: new Date(Math.max(start, window.start.getTime())), end: new Date(Math.min(stop, window.end.getTime())) });
  const head = within(window.start.getTime(), first + PAGEVIEW_MARGIN_MS);
  const tail = within(end - PAGEVIEW_MARGIN_MS, window.end.getTime());
  const read = (await readSeenCountsByDay(events, websiteIds, known, joinWindows([head, tail]))).filter((count) => live(count.day));
  if (lacking.length > 0) {
    const counted = await readSeenCountsByDay(events, websiteIds, lacking, joinWindows([head, within(from - PAGEVIEW_MARGIN_MS, to + PAGEVIEW_MARGIN_MS), tail]));
    // A probe no pageview saw on a day has no row: its count that day is 0.
    for (const request of lacking) {
      for (const probe of request.probes) {
        const key = countKey(request.pageId, request.device, probe);
        const days = kept.get(key) ?? new Map<number, number>();
        for (const day of days.keys()) if (day < first) days.delete(day);
        for (let day = from; day < to; day += DAY_MS) days.set(day, 0);
        kept.delete(key);
        kept.set(key, days);
      }
    }
    for (const count of counted) {
      if (live(count.day)) read.push(count);
      else if (count.day >= from && count.day < to) kept.get(countKey(count.pageId, count.device, count.probe))?.set(count.day, count.seen);
    }
    await store(events, kept, lacking, from, to);
  }

  const settled = requests.flatMap((request) =>
    request.probes.map((probe) => {
      let seen = 0;
      for (const [day, count] of kept.get(countKey(request.pageId, request.device, probe)) ?? []) if (day >= first && day < end) seen += count;
      return { pageId: request.pageId, device: request.device, probe, seen };
    }),
  );
  // Only once this answer has its days: it may ask about more probes than are kept.
  for (const key of kept.keys()) {
    if (kept.size <= MAX_KEPT_PROBES) break;
    kept.delete(key);
  }
  return sumOfDays([...settled, ...read]);
}

/** Each request's probes split into those with every settled day kept and those lacking one, with the days from the
 * first lacked to the last. */
function splitByKept(kept: Kept, requests: readonly ProbeRequest[], first: number, end: number) {
  let from = end;
  let to = first;
  const known: ProbeRequest[] = [];
  const lacking: ProbeRequest[] = [];
  for (const request of requests) {
    const complete: Probe[] = [];
    const short: Probe[] = [];
    for (const probe of request.probes) {
      const days = kept.get(countKey(request.pageId, request.device, probe));
      let lacked = false;
      for (let day = first; day < end; day += DAY_MS) {
        if (days?.has(day)) continue;
        from = Math.min(from, day);
        to = Math.max(to, day + DAY_MS);
        lacked = true;
      }
      (lacked ? short : complete).push(probe);
    }
    if (complete.length > 0) known.push({ ...request, probes: complete });
    if (short.length > 0) lacking.push({ ...request, probes: short });
  }
  return { known, lacking, from, to };
}

/** The stored counts of the settled days for the probes asked about, into memory. */
async function loadStored(events: EventStore, kept: Kept, requests: readonly ProbeRequest[], first: number, end: number): Promise<void> {
  const wanted = new Set(requests.flatMap((request) => request.probes.map((probe) => countKey(request.pageId, request.device, probe))));
  const rows = await events.query<Record<string, unknown>>(
    `SELECT toString(page_id) AS page, device AS device_class, probe_y, probe_h, probe_share, probe_cut, probe_lift, toString(first_day) AS since, seen
     FROM ${TABLE}
     WHERE website_id IN {websiteIds:Array(UUID)} AND page_id IN {pageIds:Array(UUID)}
       AND first_day < {end:Date} AND addDays(first_day, length(seen)) > {first:Date}`,
    {
      websiteIds: [...new Set(requests.map((request) => request.websiteId))],
      pageIds: [...new Set(requests.map((request) => request.pageId))],
      first: dayOf(first),
      end: dayOf(end),
    },
    { readonly: true },
  );
  for (const row of rows) {
    const lift = Number(row.probe_lift);
    const key = countKey(String(row.page), String(row.device_class), { y: Number(row.probe_y), height: Number(row.probe_h), share: Number(row.probe_share), ...(lift ? { cut: Number(row.probe_cut), lift } : {}) });
    if (!wanted.has(key)) continue;
    const days = kept.get(key) ?? new Map<number, number>();
    const since = Date.parse(`${String(row.since)}T00:00:00Z`);
    (row.seen as unknown[]).forEach((seen, i) => {
      const day = since + i * DAY_MS;
      if (day >= first && day < end) days.set(day, Number(seen));
    });
    kept.set(key, days);
  }
}

/** The days [from, to) just counted for these probes, for every process. A failed write loses nothing but time: the
 * days stay in this process's memory, and another process counts them again. */
async function store(events: EventStore, kept: Kept, requests: readonly ProbeRequest[], from: number, to: number): Promise<void> {
  const rows = requests.flatMap((request) =>
    request.probes.map((probe) => {
      const days = kept.get(countKey(request.pageId, request.device, probe));
      const seen: number[] = [];
      for (let day = from; day < to; day += DAY_MS) seen.push(days?.get(day) ?? 0);
      return { website_id: request.websiteId, page_id: request.pageId, device: request.device, probe_y: probe.y, probe_h: probe.height, probe_share: probe.share, probe_cut: probe.lift ? (probe.cut ?? 0) : -1, probe_lift: probe.lift ?? 0, first_day: dayOf(from), seen };
    }),
  );
  await events.insert(TABLE, rows).catch(() => {});
}

/** Forgets the days this process keeps in memory for this store (its stored counts stay). */
export function forgetSeenDays(events: EventStore): void {
  memories.delete(events);
}

/** Forgets and deletes the kept days of these websites: their past was written (the demo's history). */
export async function discardSeenDays(events: EventStore, websiteIds: readonly string[]): Promise<void> {
  forgetSeenDays(events);
  await deleteKeptDays(events, TABLE, websiteIds);
}
