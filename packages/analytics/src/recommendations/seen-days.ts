// The recommendations' seen counts with the settled days kept. A count is a sum over pageviews followed day by day
// (evidence-reader.ts), and a day that ended longer ago than a beacon's oldest event (MAX_EVENT_AGE_MS) takes no more
// events from readers; so each process counts such a day once per probe and keeps it. A look at the 30 days then
// follows only the spans of the window's first, partial day and of its last one or two days (a tenth of the work or
// less), and a new day costs that day's statement. A writer of past days other than the collector (the demo's
// history) forgets what is kept here, as a deletion does (forgetAnalyses).
import { MAX_EVENT_AGE_MS } from '@foldline/contracts';
import type { EventStore } from '@foldline/event-store';
import { probeKey, type Probe } from '@foldline/recommendations';
import type { TimeWindow } from '../query.ts';
import { readSeenCountsByDay, sumOfDays, type ProbeCount, type ProbeRequest } from './evidence-reader.ts';

const DAY_MS = 86_400_000;
/** How far past a boundary of the kept days spans are read, so that a pageview open across it is followed whole and
 * counted once, on the day of its first span (pageviews open longer are rare). */
const PAGEVIEW_MARGIN_MS = 3_600_000;
/** Probes kept per event store, at most, each with up to 30 day counts (some 20 MB); the longest kept go first. */
const MAX_KEPT_PROBES = 100_000;

/** Per page, device and probe: each settled day's count (scaled back from the sample), by the day's start. */
type Kept = Map<string, Map<number, number>>;

/** One memory per event store, so two apps in one process (tests) never share counts. */
const memories = new WeakMap<EventStore, Kept>();

/** The whole UTC days of the window that no beacon can reach any more, as day starts [first, end); none when end ≤ first. */
export function settledDays(window: TimeWindow): { first: number; end: number } {
  const first = Math.ceil(window.start.getTime() / DAY_MS) * DAY_MS;
  const end = Math.floor((window.end.getTime() - MAX_EVENT_AGE_MS) / DAY_MS) * DAY_MS;
  return { first, end: Math.max(first, end) };
}

/** readSeenCounts over the window, the settled days from memory (counted once and kept) and the rest from the spans. */
export async function seenCounts(events: EventStore, websiteIds: readonly string[], requests: readonly ProbeRequest[], window: TimeWindow): Promise<ProbeCount[]> {
  const { first, end } = settledDays(window);
  let kept = memories.get(events);
  if (!kept) memories.set(events, (kept = new Map()));
  const keyOf = (request: ProbeRequest, probe: Probe) => `${request.pageId} ${request.device} ${probeKey(probe)}`;

  // Each request's probes split into those lacking a settled day (and the days from the first lacked to the last) and
  // those with every settled day kept.
  let from = end;
  let to = first;
  const lacking: ProbeRequest[] = [];
  const known: ProbeRequest[] = [];
  for (const request of requests) {
    const lacks = (probe: Probe) => {
      const days = kept.get(keyOf(request, probe));
      let lacked = false;
      for (let day = first; day < end; day += DAY_MS) {
        if (days?.has(day)) continue;
        from = Math.min(from, day);
        to = Math.max(to, day + DAY_MS);
        lacked = true;
      }
      return lacked;
    };
    const [short, complete] = partition(request.probes, lacks);
    if (complete.length > 0) known.push({ ...request, probes: complete });
    if (short.length > 0) lacking.push({ ...request, probes: short });
  }

  // The days no beacon can reach any more come from memory; the window's first, partial day and its open days are
  // read on every look, in the same statement as the days lacked, if any (one pass over the spans). A pageview counts
  // on the day of its first span: what a read gives for a day it did not read whole is left out.
  const live = (day: number) => day < first || day >= end;
  const within = (start: number, stop: number) => ({ start: new Date(Math.max(start, window.start.getTime())), end: new Date(Math.min(stop, window.end.getTime())) });
  const head = within(window.start.getTime(), first + PAGEVIEW_MARGIN_MS);
  const tail = within(end - PAGEVIEW_MARGIN_MS, window.end.getTime());
  const read = (await readSeenCountsByDay(events, websiteIds, known, joined([head, tail]))).filter((count) => live(count.day));
  if (lacking.length > 0) {
    const counted = await readSeenCountsByDay(events, websiteIds, lacking, joined([head, within(from - PAGEVIEW_MARGIN_MS, to + PAGEVIEW_MARGIN_MS), tail]));
    // A probe no pageview saw on a day has no row: its count that day is 0.
    for (const request of lacking) {
      for (const probe of request.probes) {
        const key = keyOf(request, probe);
        const days = kept.get(key) ?? new Map<number, number>();
        for (const day of days.keys()) if (day < first) days.delete(day);
        for (let day = from; day < to; day += DAY_MS) days.set(day, 0);
        kept.delete(key);
        kept.set(key, days);
      }
    }
    for (const count of counted) {
      if (live(count.day)) read.push(count);
      else if (count.day >= from && count.day < to) kept.get(`${count.pageId} ${count.device} ${probeKey(count.probe)}`)?.set(count.day, count.seen);
    }
    for (const key of kept.keys()) {
      if (kept.size <= MAX_KEPT_PROBES) break;
      kept.delete(key);
    }
  }

  const settled = requests.flatMap((request) =>
    request.probes.map((probe) => {
      let seen = 0;
      for (const [day, count] of kept.get(keyOf(request, probe)) ?? []) if (day >= first && day < end) seen += count;
      return { pageId: request.pageId, device: request.device, probe, seen };
    }),
  );
  return sumOfDays([...settled, ...read]);
}

/** The items that are and are not so, in order. */
function partition<T>(items: readonly T[], test: (item: T) => boolean): [T[], T[]] {
  const yes: T[] = [];
  const no: T[] = [];
  for (const item of items) (test(item) ? yes : no).push(item);
  return [yes, no];
}

/** The windows in order of their start, those that meet made one (a statement then reads one time range where it can). */
function joined(windows: readonly TimeWindow[]): TimeWindow[] {
  const result: TimeWindow[] = [];
  for (const window of [...windows].sort((a, b) => a.start.getTime() - b.start.getTime())) {
    if (window.start >= window.end) continue;
    const previous = result.at(-1);
    if (previous && previous.end >= window.start) result[result.length - 1] = { start: previous.start, end: window.end > previous.end ? window.end : previous.end };
    else result.push(window);
  }
  return result;
}

/** Forgets the kept days of this store: its past was written or deleted. */
export function forgetSeenDays(events: EventStore): void {
  memories.delete(events);
}
