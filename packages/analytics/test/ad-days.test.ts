// The ad experience's per-day counts with settled days kept (src/reports/ad-days.ts): the figures of the whole window as
// worked out by hand — from raw events on a first look, from the kept days after, in another process, per device —
// raw events read only for the window's first, partial day and its open days once the settled days are kept, a settled
// day kept as counted until discarded, the kept days deleted with the events, and the 75th percentiles taken from the
// kept histograms exactly as ClickHouse's quantileExact takes them. Hand-made pageviews over 30 days, on every engine.
import { deleteWebsiteEvents, deleteWebsiteEventsBetween, toEventTime, type EventStore } from '@foldline/event-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore, describeEachEngine, type TestStore } from '../../event-store/test/support/test-stores.ts';
import { adDayCounts, adDaysCounted, discardAdDays, forgetAdDays, quantileOf, type AdDaysScope } from '../src/reports/ad-days.ts';

const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const DAY = 86_400_000;
const RANGE = { start: new Date(NOW - 30 * DAY), end: new Date(NOW) };
const SLOT_A = '00000000-0000-4000-8000-00000000000a';
const SLOT_B = '00000000-0000-4000-8000-00000000000b';

interface Render {
  slot: string;
  /** Seconds after the pageview began. */
  after?: number;
  height?: number;
  inViewMs?: number;
  viewable?: boolean;
  shift?: number;
  empty?: boolean;
}

/** A pageview: when, which browser and device, the page's whole layout shift, and its slots' renders. */
interface Visit {
  at: string;
  browser: string;
  device?: string;
  shift?: number;
  renders: Render[];
}

// Settled days of the window: 22 October to 18 November. The first pageview is on its partial first day, the last two
// on its open days.
const VISITS: Visit[] = [
  { at: '2026-10-21T15:00:00Z', browser: 'Chrome', shift: 0.08, renders: [{ slot: SLOT_A, height: 250, inViewMs: 6000, viewable: true, shift: 0.05 }] },
  { at: '2026-10-25T10:00:00Z', browser: 'Chrome', renders: [{ slot: SLOT_A, height: 250, inViewMs: 2000 }, { slot: SLOT_B, empty: true }] },
  {
    at: '2026-11-02T10:00:00Z',
    browser: 'Firefox',
    device: 'mobile',
    renders: [
      { slot: SLOT_A, height: 90, inViewMs: 7000, viewable: true },
      { slot: SLOT_B, height: 600, inViewMs: 1000 },
    ],
  },
  {
    at: '2026-11-10T10:00:00Z',
    browser: 'Chrome',
    shift: 0.2,
    renders: [
      { slot: SLOT_A, height: 250, inViewMs: 3000, viewable: true, shift: 0.12 },
      // A refresh 30 s later, never in view.
      { slot: SLOT_A, after: 30, height: 250, inViewMs: 0 },
    ],
  },
  { at: '2026-11-19T08:00:00Z', browser: 'Chrome', shift: 0.03, renders: [{ slot: SLOT_A, height: 250, inViewMs: 5000, viewable: true, shift: 0.03 }] },
  { at: '2026-11-20T09:00:00Z', browser: 'Chrome', renders: [{ slot: SLOT_B, empty: true }] },
];

let ids = 0;
const nextId = () => `00000000-0000-4000-9000-${String(++ids).padStart(12, '0')}`;

/** The raw rows of visits to a page, as the collector writes them. */
function rowsOf(website: string, page: string, visits: readonly Visit[]) {
  const pageviews: Record<string, unknown>[] = [];
  const engagement: Record<string, unknown>[] = [];
  const ads: Record<string, unknown>[] = [];
  for (const visit of visits) {
    const pageviewId = nextId();
    const at = Date.parse(visit.at);
    const common = { website_id: website, page_id: page, pageview_id: pageviewId, session_id: pageviewId, device: visit.device ?? 'desktop' };
    pageviews.push({ ...common, ts: toEventTime(at), browser: visit.browser, url_path: '/story' });
    engagement.push({ ...common, ts: toEventTime(at + 60_000), engaged_ms: 60_000, layout_shift: visit.shift ?? 0 });
    for (const render of visit.renders) {
      const impression = { ...common, ad_unit_id: render.slot, impression_id: nextId() };
      const start = at + (render.after ?? 2) * 1000;
      if (render.empty) {
        ads.push({ ...impression, ts: toEventTime(start), kind: 'empty' });
        continue;
      }
      ads.push({ ...impression, ts: toEventTime(start), kind: 'impression', width: 300, height: render.height });
      if (render.viewable) ads.push({ ...impression, ts: toEventTime(start + 1000), kind: 'viewable' });
      ads.push({ ...impression, ts: toEventTime(start + 10_000), kind: 'view_time', in_view_ms: render.inViewMs, layout_shift: render.shift ?? 0 });
    }
  }
  return { pageviews, engagement, ads };
}

/** The figures the screens show, from a slot's and the pages' counts. */
async function figuresOf(events: EventStore, scope: AdDaysScope) {
  const { slots, pages } = await adDayCounts(events, scope);
  const slot = (id: string) => {
    const c = slots.get(id);
    if (!c) return undefined;
    return {
      impressions: c.impressions,
      empty: c.empty,
      inViewMs: c.inViewMs,
      viewable: c.viewable,
      viewableInViewMs: c.viewableInViewMs,
      longViews: c.longViews,
      pageviews: c.pageviews,
      renders: c.renders,
      unseenRefreshes: c.unseenRefreshes,
      heights: Object.fromEntries(c.heights),
      measured: c.measured,
      shifting: c.shifting,
      p75: quantileOf(0.75, c.measured, c.shifts),
    };
  };
  return {
    a: slot(SLOT_A),
    b: slot(SLOT_B),
    page: { pageviews: pages.pageviews, measured: pages.measured, ads: quantileOf(0.75, pages.measured, pages.ads), other: quantileOf(0.75, pages.measured, pages.other) },
  };
}

// Worked out by hand from VISITS.
const EXPECTED = {
  // Six renders in five pageviews (one a refresh never in view); 23 s in view, 21 s of it in the four viewable ones;
  // three in view 5 s or more; measured in the four Chrome pageviews, three of which it shifted: 0, 0.03, 0.05, 0.12.
  a: { impressions: 6, empty: 0, inViewMs: 23_000, viewable: 4, viewableInViewMs: 21_000, longViews: 3, pageviews: 5, renders: 6, unseenRefreshes: 1, heights: { 250: 5, 90: 1 }, measured: 4, shifting: 3, p75: 0.12 },
  // One render (on Firefox: not measured) and two empty slots (an empty slot is not measured either).
  b: { impressions: 1, empty: 2, inViewMs: 1000, viewable: 0, viewableInViewMs: 0, longViews: 0, pageviews: 3, renders: 3, unseenRefreshes: 0, heights: { 600: 1 }, measured: 0, shifting: 0, p75: 0 },
  // Five Chrome pageviews of six; from ads 0, 0, 0.03, 0.05, 0.12; from the rest 0, 0, 0, 0.03, 0.08.
  page: { pageviews: 6, measured: 5, ads: 0.05, other: 0.03 },
};

/** The store with the windows of every statement that reads raw events noted. */
function watched(store: EventStore) {
  const windows: string[][] = [];
  const statements: string[] = [];
  const events: EventStore = {
    ...store,
    engine: store.engine,
    query: (sql, params, options) => {
      statements.push(sql);
      // One list of windows per read; reads sent together carry their parameters under a prefix each (together.ts).
      const reads = new Set(Object.keys(params ?? {}).flatMap((name) => /^(s\d+_)?start\d$/.exec(name)?.[1] ?? (/^start\d$/.test(name) ? [''] : [])));
      for (const read of reads) {
        const bounds = Object.keys(params!).filter((name) => name.startsWith(read) && /^start\d$/.test(name.slice(read.length)));
        windows.push(bounds.map((name) => `${String(params![name])} – ${String(params![name.replace('start', 'end')])}`));
      }
      return store.query(sql, params, options);
    },
  };
  return { events, windows, statements };
}

describe('quantileOf', () => {
  it('takes the ⌊level·n⌋-th smallest value, the zeros the histogram lacks included', () => {
    expect(quantileOf(0.75, 4, new Map([[300, 1], [500, 1], [1200, 1]]))).toBe(0.12);
    expect(quantileOf(0.75, 5, new Map([[300, 1], [500, 1], [1200, 1]]))).toBe(0.05);
    expect(quantileOf(0.75, 10, new Map([[300, 2]]))).toBe(0);
    expect(quantileOf(0.75, 0, new Map())).toBe(0);
  });
});

describeEachEngine('ad experience days', (engine) => {
  let test: TestStore;
  let store: EventStore;
  let website = 0;

  beforeAll(async () => {
    test = await createTestStore(engine);
    store = test.store;
  });
  afterAll(() => test.close());

  // First, on a store with little else in it: a delete is a mutation over every part of a table, about a second each
  // once the later tests' websites are in (19-20 s for this test last, 4-5 s first).
  it('are deleted with the events they were counted from', async () => {
    const { websiteId, scope } = await site();
    await figuresOf(store, scope);
    await adDaysCounted(store);
    // The demo's resumed seed takes a window out: the kept days from its first day on go.
    await deleteWebsiteEventsBetween(store, websiteId, '2026-11-10 00:00:00.000', '2026-11-20 12:00:00.000');
    expect(await keptDays(websiteId)).toBe('2026-10-22 – 2026-11-09 (19)');
    forgetAdDays(store);
    expect((await figuresOf(store, scope)).a).toMatchObject({ impressions: 3, renders: 3 });
    await adDaysCounted(store);
    expect(await keptDays(websiteId)).toBe('2026-10-22 – 2026-11-18 (28)');
    expect((await figuresOf(store, scope)).a).toMatchObject({ impressions: 3, renders: 3 });
    await deleteWebsiteEvents(store, [websiteId]);
    expect(await keptDays(websiteId)).toBe('none');
  });

  /** A new website with one page visited as VISITS says. */
  async function site(visits: readonly Visit[] = VISITS) {
    website += 1;
    const websiteId = `00000000-0000-4000-8000-1${String(website).padStart(11, '0')}`;
    const pageId = `00000000-0000-4000-8000-2${String(website).padStart(11, '0')}`;
    const rows = rowsOf(websiteId, pageId, visits);
    await store.insert('foldline.pageviews', rows.pageviews);
    await store.insert('foldline.engagement', rows.engagement);
    await store.insert('foldline.ad_events', rows.ads);
    return { websiteId, pageId, scope: { websiteId, range: RANGE, slots: [SLOT_A, SLOT_B], pageIds: [pageId], withPages: true } };
  }

  const keptDays = async (websiteId: string) => {
    const [row] = await store.query<{ days: number | string; first: string; last: string }>(
      `SELECT count() AS days, toString(min(day)) AS first, toString(max(day)) AS last FROM foldline.ad_experience_days
       WHERE website_id = {websiteId:UUID} AND ad_unit_id = {zero:UUID} AND page_id = {zero:UUID}`,
      { websiteId, zero: '00000000-0000-0000-0000-000000000000' },
    );
    return Number(row!.days) === 0 ? 'none' : `${row!.first} – ${row!.last} (${Number(row!.days)})`;
  };

  it('gives the figures of the whole window: on a first look, from the kept days, and in another process', async () => {
    const { websiteId, scope } = await site();
    // The first look answers from raw events while the 28 settled days are counted in the background.
    expect(await figuresOf(store, scope)).toEqual(EXPECTED);
    await adDaysCounted(store);
    expect(await keptDays(websiteId)).toBe('2026-10-22 – 2026-11-18 (28)');
    expect(await figuresOf(store, scope)).toEqual(EXPECTED);
    forgetAdDays(store);
    expect(await figuresOf(store, scope)).toEqual(EXPECTED);
    expect(await keptDays(websiteId)).toBe('2026-10-22 – 2026-11-18 (28)');
  });

  it('counts, in the count under way, the days of a longer window looked at meanwhile', async () => {
    const { websiteId, scope } = await site();
    const longer = { ...scope, range: { start: new Date(NOW - 45 * DAY), end: new Date(NOW) } };
    // The month's look starts the count; the longer look, while it runs, answers from raw events and widens it.
    await Promise.all([figuresOf(store, scope), figuresOf(store, longer)]);
    await adDaysCounted(store);
    expect(await keptDays(websiteId)).toBe('2026-10-07 – 2026-11-18 (43)');
    expect(await figuresOf(store, longer)).toEqual(EXPECTED);
  });

  it('gives the Ad Units tab its figures alone, from the open days\' lean statement as from the kept days', async () => {
    const { scope } = await site();
    const lean = async () => {
      const { slots, pages } = await adDayCounts(store, { ...scope, withPages: false });
      const a = slots.get(SLOT_A)!;
      return { rows: a.impressionRows, inView: a.inViewAllMs, measured: a.measured, shifting: a.shifting, p75: quantileOf(0.75, a.measured, a.shifts), pages: pages.pageviews };
    };
    const expected = { rows: 6, inView: 23_000, measured: 4, shifting: 3, p75: 0.12, pages: 0 };
    expect(await lean()).toEqual(expected);
    await adDaysCounted(store);
    expect(await lean()).toEqual(expected);
  });

  it('filters by device, from the kept days as from the raw events', async () => {
    const { scope } = await site();
    await figuresOf(store, scope);
    await adDaysCounted(store);
    const mobile = await figuresOf(store, { ...scope, device: 'mobile' });
    expect(mobile.a).toMatchObject({ impressions: 1, inViewMs: 7000, heights: { 90: 1 }, measured: 0 });
    expect(mobile.b).toMatchObject({ impressions: 1, empty: 0 });
    expect(mobile.page).toEqual({ pageviews: 1, measured: 0, ads: 0, other: 0 });
    const desktop = await figuresOf(store, { ...scope, device: 'desktop' });
    expect(desktop.a).toMatchObject({ impressions: 5, measured: 4, shifting: 3, p75: 0.12 });
    expect(desktop.page).toEqual({ pageviews: 5, measured: 5, ads: 0.05, other: 0.03 });
  });

  it('reads raw events only for the first, partial day and the open days once the settled days are kept', async () => {
    const { scope } = await site();
    const { events, windows } = watched(store);
    await figuresOf(events, scope);
    // The first look: three reads of raw rows over the whole window (the pageviews, the ad events, the pages' shifts),
    // counted in the process (ad-days-raw.ts), then the settled days counted by the engine in the background, a week
    // per statement of two reads.
    const WHOLE = ['2026-10-21 12:00:00.000 – 2026-11-20 12:00:00.000'];
    expect(windows.slice(0, 3)).toEqual([WHOLE, WHOLE, WHOLE]);
    await adDaysCounted(events);
    expect(windows.slice(3).map(([window]) => window)).toEqual(
      ['10-22', '10-29', '11-05', '11-12'].flatMap((from, i) => Array(2).fill(`2026-${from} 00:00:00.000 – 2026-${['10-29', '11-05', '11-12', '11-19'][i]} 00:00:00.000`)),
    );
    windows.length = 0;
    expect(await figuresOf(events, scope)).toEqual(EXPECTED);
    // Three reads of raw rows, each over the head and the open days.
    const LIVE = ['2026-10-21 12:00:00.000 – 2026-10-22 00:00:00.000', '2026-11-19 00:00:00.000 – 2026-11-20 12:00:00.000'];
    expect(windows).toEqual([LIVE, LIVE, LIVE]);
    // The next day, 19 November has settled: counted alone (two reads), then read with the rest.
    windows.length = 0;
    const tomorrow = { start: new Date(RANGE.start.getTime() + DAY), end: new Date(RANGE.end.getTime() + DAY) };
    const later = await figuresOf(events, { ...scope, range: tomorrow });
    const NEW_DAY = ['2026-11-19 00:00:00.000 – 2026-11-20 00:00:00.000'];
    const LIVE_LATER = ['2026-10-22 12:00:00.000 – 2026-10-23 00:00:00.000', '2026-11-20 00:00:00.000 – 2026-11-21 12:00:00.000'];
    expect(windows).toEqual([NEW_DAY, NEW_DAY, LIVE_LATER, LIVE_LATER, LIVE_LATER]);
    // The pageview of 21 October has left the window.
    expect(later.a).toMatchObject({ impressions: 5, measured: 3, shifting: 2 });
  });

  it('sums the kept rows in the store until they are read into memory in the background, then in memory', async () => {
    const { scope } = await site();
    const { events, statements } = watched(store);
    await figuresOf(events, scope);
    await adDaysCounted(events);
    const keptReads = () => statements.filter((sql) => sql.includes('ad_experience_days'));
    statements.length = 0;
    // The look after the count: the store sums the kept days, and the website's kept rows are read meanwhile.
    expect(await figuresOf(events, scope)).toEqual(EXPECTED);
    await adDaysCounted(events);
    expect(keptReads().map((sql) => (sql.includes('GROUP BY slot, page') ? 'sum' : 'rows'))).toEqual(['sum', 'rows']);
    statements.length = 0;
    expect(await figuresOf(events, scope)).toEqual(EXPECTED);
    expect(keptReads()).toEqual([]);
  });

  it('reads in one process the days another kept since it last looked', async () => {
    const { scope } = await site();
    // Two processes: each event store object has its own memory.
    const [first, second] = [watched(store).events, watched(store).events];
    await figuresOf(first, scope);
    await adDaysCounted(first);
    expect(await figuresOf(first, scope)).toEqual(EXPECTED);
    // The first process now holds its kept rows.
    await adDaysCounted(first);
    // The next day the second process looks first and keeps 19 November; the first then finds it kept, and reads it.
    const tomorrow = { ...scope, range: { start: new Date(RANGE.start.getTime() + DAY), end: new Date(RANGE.end.getTime() + DAY) } };
    const later = await figuresOf(second, tomorrow);
    expect(later.a).toMatchObject({ impressions: 5, measured: 3, shifting: 2 });
    expect(await figuresOf(first, tomorrow)).toEqual(later);
  });

  it('keeps a settled day as counted until discarded; the open days take what comes', async () => {
    const { websiteId, pageId, scope } = await site();
    await figuresOf(store, scope);
    await adDaysCounted(store);
    // Written behind the collector's back (as the demo's history does): a settled day and an open one.
    const late = rowsOf(websiteId, pageId, [
      { at: '2026-11-01T10:00:00Z', browser: 'Chrome', renders: [{ slot: SLOT_B, empty: true }] },
      { at: '2026-11-19T20:00:00Z', browser: 'Chrome', renders: [{ slot: SLOT_B, empty: true }] },
    ]);
    await store.insert('foldline.pageviews', late.pageviews);
    await store.insert('foldline.engagement', late.engagement);
    await store.insert('foldline.ad_events', late.ads);
    expect((await figuresOf(store, scope)).b).toMatchObject({ empty: 3 });
    await discardAdDays(store, [websiteId]);
    expect((await figuresOf(store, scope)).b).toMatchObject({ empty: 4 });
    await adDaysCounted(store);
    expect((await figuresOf(store, scope)).b).toMatchObject({ empty: 4 });
  });

});
