// A look's open days counted in the process (src/reports/ad-days-raw.ts) give exactly the rows the engine's counting
// statements give (countDays in src/reports/ad-days.ts), for every kind of scope page analytics asks: slots with their
// pages, pages alone, a device, two windows, an impression across midnight, two renders at one instant,
// refreshes never in view, empty slots, browsers that report no layout shift; and leaves a scope of many rows to the
// engine. On every engine.
import { toEventTime, type EventStore } from '@foldline/event-store';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestStore, describeEachEngine, type TestStore } from '../../event-store/test/support/test-stores.ts';
import { countFromRawRows, RAW_ROWS_MAX } from '../src/reports/ad-days-raw.ts';
import { adDayCounts, countDays, type CountScope } from '../src/reports/ad-days.ts';

const WEBSITE = '00000000-0000-4000-8000-300000000001';
const PAGE_1 = '00000000-0000-4000-8000-300000000011';
const PAGE_2 = '00000000-0000-4000-8000-300000000012';
const SLOTS = ['00000000-0000-4000-8000-30000000000a', '00000000-0000-4000-8000-30000000000b', '00000000-0000-4000-8000-30000000000c'];

let ids = 0;
// Ids whose order as text differs from ClickHouse's (last 64 bits first), so that a tie is broken the engine's way.
const nextId = () => {
  ids += 1;
  return `${String(1000 - ids).padStart(8, '0')}-0000-4000-9000-${String(ids).padStart(12, '0')}`;
};

/** Pageviews with renders of every kind, over two days either side of midnight, on two pages and three devices. */
function rows() {
  const pageviews: Record<string, unknown>[] = [];
  const engagement: Record<string, unknown>[] = [];
  const ads: Record<string, unknown>[] = [];
  const start = Date.parse('2026-11-18T20:00:00Z');
  for (let v = 0; v < 60; v++) {
    const at = start + v * 17 * 60_000;
    const pageviewId = nextId();
    const common = {
      website_id: WEBSITE,
      page_id: v % 3 === 0 ? PAGE_2 : PAGE_1,
      pageview_id: pageviewId,
      session_id: pageviewId,
      device: ['desktop', 'mobile', 'tablet'][v % 3]!,
    };
    pageviews.push({ ...common, ts: toEventTime(at), browser: v % 4 === 0 ? 'Firefox' : 'Chrome', url_path: '/story' });
    engagement.push({ ...common, ts: toEventTime(at + 60_000), engaged_ms: 60_000, layout_shift: v % 5 === 0 ? 0 : (v % 7) * 0.013 });
    SLOTS.forEach((slot, s) => {
      // Each slot renders once or twice; the second render of some at the first's instant (a tie), or 30 s later.
      const renders = (v + s) % 4 === 0 ? 2 : 1;
      for (let r = 0; r < renders; r++) {
        const impression = { ...common, ad_unit_id: slot, impression_id: nextId() };
        const when = at + 2000 + (r === 1 && v % 2 === 0 ? 30_000 : 0);
        if ((v + s) % 9 === 0) {
          ads.push({ ...impression, ts: toEventTime(when), kind: 'empty' });
          continue;
        }
        ads.push({ ...impression, ts: toEventTime(when), kind: 'impression', width: 300, height: [250, 90, 600][(v + r) % 3], layout_shift: (v + s) % 6 === 0 ? 0.021 * s : 0 });
        if ((v + s + r) % 3 !== 0) ads.push({ ...impression, ts: toEventTime(when + 1000), kind: 'viewable' });
        // Time in view: none for some refreshes; one row near midnight lands on the next day.
        const inView = r === 1 && v % 3 === 0 ? 0 : ((v * 7 + s * 3) % 11) * 700;
        ads.push({ ...impression, ts: toEventTime(when + 4 * 3_600_000 * (v === 5 ? 1 : 0) + 10_000), kind: 'view_time', in_view_ms: inView, layout_shift: (v + r) % 5 === 1 ? 0.0175 : 0 });
      }
    });
  }
  return { pageviews, engagement, ads };
}

describeEachEngine('the ad experience counted in the process', (engine) => {
  let test: TestStore;
  let store: EventStore;

  beforeAll(async () => {
    test = await createTestStore(engine);
    store = test.store;
    const { pageviews, engagement, ads } = rows();
    await store.insert('foldline.pageviews', pageviews);
    await store.insert('foldline.engagement', engagement);
    await store.insert('foldline.ad_events', ads);
  });
  afterAll(() => test.close());

  const WHOLE = { start: new Date('2026-11-18T00:00:00Z'), end: new Date('2026-11-20T00:00:00Z') };
  const base: CountScope = { websiteId: WEBSITE, range: WHOLE, slots: SLOTS, pageIds: [PAGE_1, PAGE_2], withPages: true, windows: [WHOLE] };
  const scopes: [string, CountScope][] = [
    ['slots and pages', base],
    ['pages alone', { ...base, slots: [] }],
    ['one slot of one page, on mobile', { ...base, slots: [SLOTS[1]!], pageIds: [PAGE_1], device: 'mobile' }],
    [
      'a partial first day and the open days',
      { ...base, windows: [{ start: new Date('2026-11-18T21:30:00Z'), end: new Date('2026-11-19T00:00:00Z') }, { start: new Date('2026-11-19T03:00:00Z'), end: WHOLE.end }] },
    ],
  ];

  it.each(scopes)('gives the engine\'s rows for %s', async (_, scope) => {
    const engineRows = await countDays(store, scope);
    const processRows = await countFromRawRows(store, scope);
    expect(engineRows.units.length + engineRows.pages.length).toBeGreaterThan(0);
    expect(sorted(processRows!.units).map(normal)).toEqual(sorted(engineRows.units).map(normal));
    expect(sorted(processRows!.pages).map(normal)).toEqual(sorted(engineRows.pages).map(normal));
  });

  it('leaves a scope of more than RAW_ROWS_MAX rows of a kind to the engine, and does not read its rows again for a while', async () => {
    const website = '00000000-0000-4000-8000-300000000002';
    const at = Date.parse('2026-11-19T10:00:00Z');
    const many = Array.from({ length: RAW_ROWS_MAX + 1 }, (_, i) => {
      const pageviewId = `00000000-0000-4000-a000-${String(i).padStart(12, '0')}`;
      return { website_id: website, page_id: PAGE_1, pageview_id: pageviewId, session_id: pageviewId, device: 'desktop', ts: toEventTime(at + i), browser: 'Chrome', url_path: '/' };
    });
    await store.insert('foldline.pageviews', many);
    const statements: string[] = [];
    const watched: EventStore = { ...store, engine: store.engine, query: (sql, params, options) => (statements.push(sql), store.query(sql, params, options)) };
    const scope: CountScope = { ...base, websiteId: website, slots: [], pageIds: [PAGE_1] };
    expect(await countFromRawRows(watched, scope)).toBeUndefined();
    expect(statements).toHaveLength(1);
    expect(await countFromRawRows(watched, scope)).toBeUndefined();
    expect(statements).toHaveLength(1);
    // A shorter window (a later look's open days, after a first look over the whole window) is read again.
    const later = { start: new Date('2026-11-19T12:00:00Z'), end: WHOLE.end };
    expect(await countFromRawRows(watched, { ...scope, windows: [later] })).toEqual({ units: [], pages: [] });
    expect(statements).toHaveLength(2);
    // Through the look's counting (adDayCounts): the engine's rows.
    const { pages } = await adDayCounts(watched, { websiteId: website, range: WHOLE, slots: [], pageIds: [PAGE_1], withPages: true });
    expect(pages).toMatchObject({ pageviews: RAW_ROWS_MAX + 1, measured: RAW_ROWS_MAX + 1 });
  });

  it('every figure varies in the fixture, so that a wrong count shows', async () => {
    const { units } = await countFromRawRows(store, base).then((counted) => counted!);
    for (const column of ['impressions', 'empty', 'in_view_ms', 'viewable', 'long_views', 'renders', 'unseen_refreshes', 'measured', 'shifting']) {
      expect(new Set(units.map((row) => row[column])).size, column).toBeGreaterThan(1);
    }
  });
});

const keyOf = (row: Record<string, unknown>) => `${String(row.day)}|${String(row.slot)}|${String(row.page)}|${String(row.device)}`;
const sorted = (rows: Record<string, unknown>[]) => [...rows].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));

/** A row's values as numbers (engines quote 64-bit counts) and its histograms as [keys, counts] of numbers. */
function normal(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([column, value]) => [
      column,
      Array.isArray(value) ? (value as unknown[][]).map((part) => part.map(Number)) : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value,
    ]),
  );
}
