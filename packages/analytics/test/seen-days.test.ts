// The seen counts with settled days kept (src/recommendations/seen-days.ts): the same counts as reading the whole
// window, each settled day read once per probe, the open days read on every look, a new day read alone, and nothing
// kept across a forget. Hand-made pageviews over 30 days, on every engine.
import { MAX_EVENT_AGE_MS } from '@foldline/contracts';
import { deleteWebsiteEvents, deleteWebsiteEventsBetween, toEventTime, type EventStore } from '@foldline/event-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore, describeEachEngine, type TestStore } from '../../event-store/test/support/test-stores.ts';
import { readSeenCounts, VIEW_MS, type ProbeCount, type ProbeRequest } from '../src/recommendations/evidence-reader.ts';
import { discardSeenDays, forgetSeenDays, seenCounts } from '../src/recommendations/seen-days.ts';
import { settledDays } from '../src/settled-days.ts';

const DAY = 86_400_000;
const WEBSITE = '00000000-0000-4000-8000-000000000001';
const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const WINDOW = { start: new Date(NOW - 30 * DAY), end: new Date(NOW) };
/** Two probes: 250 px tall at 1,000 and at 3,000 px down, half of each to be in view. */
const TOP = { y: 1000, height: 250, share: 0.5 };
const LOW = { y: 3000, height: 250, share: 0.5 };
const SEES_TOP = 900; // viewport 900–1,700
const SEES_LOW = 2900;

/** Pageviews of one page: when, where the reader stood for a second and a half. */
const VISITS: Array<[string, number]> = [
  ['2026-10-21T11:00:00Z', SEES_TOP], // before the window
  ['2026-10-21T15:00:00Z', SEES_TOP], // the window's first, partial day
  ['2026-10-25T10:00:00Z', SEES_TOP], // settled days
  ['2026-11-02T10:00:00Z', SEES_LOW],
  ['2026-11-10T10:00:00Z', SEES_TOP],
  ['2026-11-18T23:00:00Z', SEES_LOW],
  ['2026-11-19T08:00:00Z', SEES_TOP], // less than a beacon's oldest event ago: still open
  ['2026-11-20T09:00:00Z', SEES_LOW],
];

let pageviewNumber = 0;
function visit(page: string, at: string, scrollY: number) {
  pageviewNumber += 1;
  const pageviewId = `00000000-0000-4000-9000-${String(pageviewNumber).padStart(12, '0')}`;
  return { website_id: WEBSITE, ts: toEventTime(Date.parse(at)), page_id: page, pageview_id: pageviewId, session_id: pageviewId, device: 'desktop', scroll_y: scrollY, viewport_h: 800, doc_h: 5000, duration_ms: VIEW_MS + 500 };
}

const request = (page: string, probes = [TOP, LOW]): ProbeRequest => ({ websiteId: WEBSITE, pageId: page, device: 'desktop', pageviews: 10, probes });
const bySeen = (counts: readonly ProbeCount[]) => Object.fromEntries(counts.filter((count) => count.seen > 0).map((count) => [`${count.probe.y}`, count.seen]));

/** The store with the time ranges of every statement that follows spans noted, to see which days a look read. */
function watched(store: EventStore) {
  const ranges: string[][] = [];
  const events: EventStore = { ...store, engine: store.engine, query: (sql, params, options) => {
    const bounds = Object.keys(params ?? {}).filter((name) => /^start\d$/.test(name));
    if (bounds.length > 0) ranges.push(bounds.map((name) => `${String(params![name])} – ${String(params![name.replace('start', 'end')])}`));
    return store.query(sql, params, options);
  } };
  return { events, ranges };
}

describe('settled days', () => {
  it('are the whole UTC days of the window that ended longer ago than a beacon’s oldest event', () => {
    const { first, end } = settledDays(WINDOW);
    expect(new Date(first).toISOString()).toBe('2026-10-22T00:00:00.000Z');
    expect(new Date(end).toISOString()).toBe('2026-11-19T00:00:00.000Z');
    // The last settled day ended more than MAX_EVENT_AGE_MS ago; the next one did not.
    expect(NOW - end).toBeGreaterThan(MAX_EVENT_AGE_MS);
    expect(NOW - (end + DAY)).toBeLessThan(MAX_EVENT_AGE_MS);
  });

  it('are none in a window shorter than a day and a beacon’s age', () => {
    const { first, end } = settledDays({ start: new Date(NOW - DAY), end: new Date(NOW) });
    expect(end).toBe(first);
  });
});

describeEachEngine('seen counts with settled days kept', (engine) => {
  let test: TestStore;
  let store: EventStore;
  const PAGE = '00000000-0000-4000-8000-000000000002';

  beforeAll(async () => {
    test = await createTestStore(engine);
    store = test.store;
    await store.insert('foldline.viewport_spans', VISITS.map(([at, scrollY]) => visit(PAGE, at, scrollY)));
  });
  afterAll(() => test.close());

  it('are the counts of the whole window, from the partial first day to now', async () => {
    const { events } = watched(store);
    const expected = { [TOP.y]: 4, [LOW.y]: 3 };
    expect(bySeen(await readSeenCounts(store, [WEBSITE], [request(PAGE)], WINDOW))).toEqual(expected);
    expect(bySeen(await seenCounts(events, [WEBSITE], [request(PAGE)], WINDOW))).toEqual(expected);
    // Again, from memory.
    expect(bySeen(await seenCounts(events, [WEBSITE], [request(PAGE)], WINDOW))).toEqual(expected);
  });

  it('read the settled days once per probe, and the first and open days on every look', async () => {
    const page = '00000000-0000-4000-8000-000000000003';
    await store.insert('foldline.viewport_spans', VISITS.map(([at, scrollY]) => visit(page, at, scrollY)));
    const { events, ranges } = watched(store);
    // The first day and the open days are read an hour past the kept days, to follow pageviews open across midnight.
    const HEAD = '2026-10-21 12:00:00.000 – 2026-10-22 01:00:00.000';
    const OPEN = '2026-11-18 23:00:00.000 – 2026-11-20 12:00:00.000';
    // The first look reads the whole window in one pass.
    await seenCounts(events, [WEBSITE], [request(page, [TOP])], WINDOW);
    expect(ranges).toEqual([['2026-10-21 12:00:00.000 – 2026-11-20 12:00:00.000']]);
    // A probe asked about later is read over the whole window; the kept one over the first and open days only.
    ranges.length = 0;
    expect(bySeen(await seenCounts(events, [WEBSITE], [request(page, [TOP, LOW])], WINDOW))).toEqual({ [TOP.y]: 4, [LOW.y]: 3 });
    expect(ranges).toEqual([[HEAD, OPEN], ['2026-10-21 12:00:00.000 – 2026-11-20 12:00:00.000']]);
    ranges.length = 0;
    expect(bySeen(await seenCounts(events, [WEBSITE], [request(page)], WINDOW))).toEqual({ [TOP.y]: 4, [LOW.y]: 3 });
    expect(ranges).toEqual([[HEAD, OPEN]]);
    // Another process, or this one after a restart, reads them from the store.
    forgetSeenDays(events);
    ranges.length = 0;
    expect(bySeen(await seenCounts(events, [WEBSITE], [request(page)], WINDOW))).toEqual({ [TOP.y]: 4, [LOW.y]: 3 });
    expect(ranges).toEqual([[HEAD, OPEN]]);
  });

  it('are deleted with the events they were counted from', async () => {
    const page = '00000000-0000-4000-8000-000000000007';
    const other = '00000000-0000-4000-8000-000000000009';
    await store.insert('foldline.viewport_spans', VISITS.map(([at, scrollY]) => visit(page, at, scrollY)));
    const storedOf = async () => {
      const rows = await store.query<{ since: string; days: number }>(
        `SELECT toString(first_day) AS since, length(seen) AS days FROM foldline.seen_day_counts WHERE page_id = {page:UUID} ORDER BY probe_y`,
        { page },
      );
      return rows.map((row) => `${row.since} ×${Number(row.days)}`);
    };
    const counted = ['2026-10-22 ×28', '2026-10-22 ×28'];
    await seenCounts(store, [WEBSITE], [request(page)], WINDOW);
    expect(await storedOf()).toEqual(counted);
    // The demo's resumed seed takes a window out: the counts of the days in it go, and whatever row holds them.
    await deleteWebsiteEventsBetween(store, WEBSITE, '2026-11-18 12:00:00.000', '2026-11-20 12:00:00.000');
    expect(await storedOf()).toEqual([]);
    forgetSeenDays(store);
    await seenCounts(store, [WEBSITE], [request(page)], WINDOW);
    expect(await storedOf()).toEqual(counted);
    // A window after the settled days leaves them.
    await deleteWebsiteEventsBetween(store, WEBSITE, '2026-11-19 00:00:00.000', '2026-11-20 12:00:00.000');
    expect(await storedOf()).toEqual(counted);
    // A website's data cleared: its counts go, no other's.
    await deleteWebsiteEvents(store, [other]);
    expect(await storedOf()).toEqual(counted);
    await deleteWebsiteEvents(store, [WEBSITE]);
    expect(await storedOf()).toEqual([]);
  });

  it('read a day that settles with the open days, the next day', async () => {
    const page = '00000000-0000-4000-8000-000000000004';
    await store.insert('foldline.viewport_spans', VISITS.map(([at, scrollY]) => visit(page, at, scrollY)));
    const { events, ranges } = watched(store);
    await seenCounts(events, [WEBSITE], [request(page)], WINDOW);
    ranges.length = 0;
    const tomorrow = { start: new Date(WINDOW.start.getTime() + DAY), end: new Date(WINDOW.end.getTime() + DAY) };
    const counts = await seenCounts(events, [WEBSITE], [request(page)], tomorrow);
    // 19 November has settled: read once more, with the open days after it.
    expect(ranges).toEqual([['2026-10-22 12:00:00.000 – 2026-10-23 01:00:00.000', '2026-11-18 23:00:00.000 – 2026-11-21 12:00:00.000']]);
    expect(bySeen(counts)).toEqual(bySeen(await readSeenCounts(store, [WEBSITE], [request(page)], tomorrow)));
    // The visit of 21 October at 15:00 has left the window.
    expect(bySeen(counts)).toEqual({ [TOP.y]: 3, [LOW.y]: 3 });
    ranges.length = 0;
    await seenCounts(events, [WEBSITE], [request(page)], tomorrow);
    expect(ranges).toEqual([['2026-10-22 12:00:00.000 – 2026-10-23 01:00:00.000', '2026-11-19 23:00:00.000 – 2026-11-21 12:00:00.000']]);
  });

  it('follow a pageview open across midnight whole, once, on the day it began', async () => {
    const page = '00000000-0000-4000-8000-000000000006';
    // Two spans of 0.7 s either side of midnight, at the first kept day and at the first open day: neither alone is a second.
    const across = (midnight: string) => {
      const first = visit(page, midnight, SEES_TOP);
      const at = Date.parse(midnight);
      return [
        { ...first, ts: toEventTime(at - 700), duration_ms: 700 },
        { ...first, ts: toEventTime(at), duration_ms: 700 },
      ];
    };
    await store.insert('foldline.viewport_spans', [...across('2026-10-22T00:00:00Z'), ...across('2026-11-19T00:00:00Z')]);
    const { events } = watched(store);
    const expected = bySeen(await readSeenCounts(store, [WEBSITE], [request(page)], WINDOW));
    expect(expected).toEqual({ [TOP.y]: 2 });
    expect(bySeen(await seenCounts(events, [WEBSITE], [request(page)], WINDOW))).toEqual(expected);
    expect(bySeen(await seenCounts(events, [WEBSITE], [request(page)], WINDOW))).toEqual(expected);
  });

  it('keep a settled day as counted until discarded; the open days take what comes', async () => {
    const page = '00000000-0000-4000-8000-000000000005';
    await store.insert('foldline.viewport_spans', VISITS.map(([at, scrollY]) => visit(page, at, scrollY)));
    const { events } = watched(store);
    expect(bySeen(await seenCounts(events, [WEBSITE], [request(page)], WINDOW))).toEqual({ [TOP.y]: 4, [LOW.y]: 3 });
    // Written behind the collector's back (as the demo's history does): a settled day, and an open one.
    await store.insert('foldline.viewport_spans', [visit(page, '2026-11-01T10:00:00Z', SEES_TOP), visit(page, '2026-11-19T20:00:00Z', SEES_TOP)]);
    expect(bySeen(await seenCounts(events, [WEBSITE], [request(page)], WINDOW))).toEqual({ [TOP.y]: 5, [LOW.y]: 3 });
    // Another process, or this one after a restart, reads the stored days.
    forgetSeenDays(events);
    expect(bySeen(await seenCounts(events, [WEBSITE], [request(page)], WINDOW))).toEqual({ [TOP.y]: 5, [LOW.y]: 3 });
    await discardSeenDays(events, [WEBSITE]);
    expect(bySeen(await seenCounts(events, [WEBSITE], [request(page)], WINDOW))).toEqual({ [TOP.y]: 6, [LOW.y]: 3 });
  });
});
