// The imported revenue as the reports count it (revenue/imported-spread.ts), on every engine: per unit-day the report's
// revenue beyond Prebid's (same currency, the whole day on every page and device), spread over the day's impressions
// by slot and device, in the share of the day each period covers; a unit-day without impressions the unit's alone;
// page and device filters on the spread only; only the version asked for, from one finished write however many there
// were; with the publisher's exchange rates, Prebid's revenue in another rated currency taken off; values only ever
// bound.
import { randomUUID } from 'node:crypto';
import { toEventTime, type EventStore } from '@foldline/event-store';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestStore, describeEachEngine, type TestStore } from '../../event-store/test/support/test-stores.ts';
import { importedSpreadSql, readImportedSpread, spreadInsertSql, type ImportedSpreadQuery, type SpreadRates } from '../src/revenue/imported-spread.ts';

const WEBSITE = '00000000-0000-4000-8000-000000000001';
/** The writes read: one of v1's two finished ones (the other as another process would write it at once), v0's, v2's. */
const WRITERS = { v1: randomUUID(), v1again: randomUUID(), v1unfinished: randomUUID(), v0: randomUUID(), v2: randomUUID(), v3: randomUUID() };
const PAGES = ['00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-0000000000b2'];
/** One unit on two pages: two slots. */
const SLOTS = ['00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000a2'];

let n = 0;
function adRow(slot: number, device: string, kind: string, time: string, extra: Record<string, unknown> = {}) {
  const imp = `00000000-0000-4000-9000-${String((n += 1)).padStart(12, '0')}`;
  return {
    website_id: WEBSITE, ts: toEventTime(Date.parse(time)), page_id: PAGES[slot], pageview_id: imp, session_id: imp, device,
    ad_unit_id: SLOTS[slot], impression_id: imp, kind, in_view_ms: 0, max_in_view_pct: 0, width: 300, height: 250, position_y: 0, ...extra,
  };
}

/** 1 November: slot 1 on desktop twice (one with a won bid of CPM 2), slot 2 on mobile twice. 2 November: nothing. */
const ROWS = [
  adRow(0, 'desktop', 'impression', '2026-11-01T10:00:00Z'),
  adRow(0, 'desktop', 'impression', '2026-11-01T11:00:00Z'),
  adRow(1, 'mobile', 'impression', '2026-11-01T12:00:00Z'),
  adRow(1, 'mobile', 'impression', '2026-11-01T13:00:00Z'),
  adRow(0, 'desktop', 'bid', '2026-11-01T10:00:00Z', { cpm: 2, best_cpm: 2, currency: 'USD', bidder: 'appnexus', prebid_won: 1, net: 1 }),
];

/** The report's unit-days: one unit ('top') with two slots. */
const IMPORTED = {
  websiteId: WEBSITE,
  unitKeys: ['top'],
  slots: SLOTS.map((id) => ({ id, unit: 1 })),
  rows: [
    { unit: 1, day: '2026-11-01', currency: 'USD', micros: 10_000_000 },
    { unit: 1, day: '2026-11-02', currency: 'USD', micros: 3_000_000 },
    { unit: 1, day: '2026-11-01', currency: 'EUR', micros: 1_000_000 },
  ],
  first: '2026-10-31',
  after: '2026-11-03',
};

/** The current period from noon on 1 November, the previous the 36 hours before it. */
const QUERY: ImportedSpreadQuery = {
  spreads: new Map([[WEBSITE, { version: 'v1', writer: WRITERS.v1 }]]),
  range: { start: new Date('2026-11-01T12:00:00Z'), end: new Date('2026-11-03T00:00:00Z') },
  comparison: { start: new Date('2026-10-31T00:00:00Z'), end: new Date('2026-11-01T12:00:00Z') },
  by: 'ad_unit_id',
  unspread: true,
};

describeEachEngine('imported revenue spread', (engine) => {
  let test: TestStore;
  let store: EventStore;
  const read = async (query: Partial<ImportedSpreadQuery> = {}) =>
    (await readImportedSpread(store, { ...QUERY, ...query }))
      .map((row) => ({ ...row, amount: Math.round(row.amount * 1e9) / 1e9 }))
      .sort((a, b) => `${a.period}${a.key}${a.unitKey}${a.currency}`.localeCompare(`${b.period}${b.key}${b.unitKey}${b.currency}`));
  const write = async (version: string, writer: string, input: Partial<typeof IMPORTED> & { rates?: SpreadRates } = {}) => {
    const { sql, params } = spreadInsertSql({ ...IMPORTED, ...input, version, writer });
    await store.command(sql, params);
  };
  const spreadOf = (version: keyof typeof WRITERS) => new Map([[WEBSITE, { version: version.slice(0, 2), writer: WRITERS[version] }]]);

  beforeAll(async () => {
    test = await createTestStore(engine);
    store = test.store;
    await store.insert('foldline.ad_events', ROWS);
    // v1 by two writers, and by a third with other figures; v0, an older state.
    await write('v1', WRITERS.v1);
    await write('v1', WRITERS.v1unfinished, { rows: [{ unit: 1, day: '2026-11-01', currency: 'USD', micros: 55_000_000 }] });
    await write('v1', WRITERS.v1again);
    await write('v0', WRITERS.v0, { rows: [{ unit: 1, day: '2026-11-01', currency: 'USD', micros: 99_000_000 }] });
  });
  afterAll(() => test.close());

  it('counts each unit-day beyond Prebid\'s, spread by impressions, in the share of the day each period covers', async () => {
    // 1 November in dollars: 10 − 0.002 (Prebid's that day) = 9.998, half on each slot (two impressions of four), half
    // of the day in each period: 2.4995. In euros nothing of Prebid's: 1 → 0.25 each. 2 November (3 dollars): no
    // impression to spread over, the unit's, all in the current period.
    const spread = (period: string, slot: number, currency: string, amount: number) => ({ period, key: SLOTS[slot], websiteId: WEBSITE, unitKey: '', currency, amount });
    expect(await read()).toEqual([
      spread('current', 0, 'EUR', 0.25),
      spread('current', 0, 'USD', 2.4995),
      spread('current', 1, 'EUR', 0.25),
      spread('current', 1, 'USD', 2.4995),
      { period: 'current', key: '', websiteId: WEBSITE, unitKey: 'top', currency: 'USD', amount: 3 },
      spread('previous', 0, 'EUR', 0.25),
      spread('previous', 0, 'USD', 2.4995),
      spread('previous', 1, 'EUR', 0.25),
      spread('previous', 1, 'USD', 2.4995),
    ]);
  });

  it('filters the spread by page and device, leaving out what has no page', async () => {
    expect(await read({ by: 'page_id', device: 'mobile', unspread: false, comparison: undefined })).toEqual([
      { period: 'current', key: PAGES[1], websiteId: WEBSITE, unitKey: '', currency: 'EUR', amount: 0.25 },
      { period: 'current', key: PAGES[1], websiteId: WEBSITE, unitKey: '', currency: 'USD', amount: 2.4995 },
    ]);
    expect(await read({ by: 'page_id', pageIds: [PAGES[0]!], device: 'mobile', unspread: false })).toEqual([]);
    // The slots of one page (page analytics' Ad Performance), and a website's total on one device.
    expect(await read({ by: 'ad_unit_id', pageIds: [PAGES[1]!], unspread: false, comparison: undefined })).toEqual([
      { period: 'current', key: SLOTS[1], websiteId: WEBSITE, unitKey: '', currency: 'EUR', amount: 0.25 },
      { period: 'current', key: SLOTS[1], websiteId: WEBSITE, unitKey: '', currency: 'USD', amount: 2.4995 },
    ]);
    expect(await read({ by: 'website_id', device: 'desktop', unspread: false, comparison: undefined })).toEqual([
      { period: 'current', key: WEBSITE, websiteId: WEBSITE, unitKey: '', currency: 'EUR', amount: 0.25 },
      { period: 'current', key: WEBSITE, websiteId: WEBSITE, unitKey: '', currency: 'USD', amount: 2.4995 },
    ]);
  });

  it('gives a website its whole unit-days, and nothing beyond Prebid\'s when Prebid earned more', async () => {
    const totals = new Map<string, number>();
    for (const row of await read({ by: 'website_id' })) {
      if (row.period === 'current') totals.set(row.currency, Math.round(((totals.get(row.currency) ?? 0) + row.amount) * 1e9) / 1e9);
    }
    expect(Object.fromEntries(totals)).toEqual({ EUR: 0.5, USD: 3 + 4.999 });
    await write('v2', WRITERS.v2, { rows: [{ unit: 1, day: '2026-11-01', currency: 'USD', micros: 1_000 }] });
    expect(await read({ spreads: spreadOf('v2') })).toEqual([]);
  });

  it('reads only the write asked for', async () => {
    expect(await read({ spreads: spreadOf('v1again') })).toEqual(await read());
    const older = await read({ spreads: spreadOf('v0'), comparison: undefined });
    // (99 − 0.002) over half of the day, half on each slot.
    expect(older.map((row) => row.amount)).toEqual([24.7495, 24.7495]);
  });

  it("with the publisher's rates, takes Prebid's revenue in another rated currency off a report", async () => {
    // A dollar website where 1 EUR = 2 USD: Prebid's 0.002 USD of 1 November is 0.001 EUR, so the euro report adds
    // 1 − 0.001 beyond it (half of the day in the current period, half on each slot); the dollar report as before.
    await write('v3', WRITERS.v3, { rates: { currency: 'USD', factors: new Map([['EUR', 2]]) } });
    const current = (await read({ spreads: spreadOf('v3'), comparison: undefined })).filter((row) => row.unitKey === '');
    expect(current.map((row) => [row.currency, row.amount])).toEqual([
      ['EUR', 0.24975],
      ['USD', 2.4995],
      ['EUR', 0.24975],
      ['USD', 2.4995],
    ]);
  });

  it('sums the rows held in memory as the store does, with no statement once they are held', async () => {
    // Stores of their own, as processes that hold nothing yet; every statement they are sent is counted.
    const statements: string[] = [];
    const watchedStore = (): EventStore => ({ ...store, engine: store.engine, query: (sql, params, options) => (statements.push(sql), store.query(sql, params, options)) });
    const dayRates = { version: 'v1', writer: WRITERS.v1, days: new Map([['2026-11-01|EUR', 1.5]]) };
    const queries: Array<Partial<ImportedSpreadQuery>> = [
      {},
      { by: 'page_id', device: 'mobile', unspread: false, comparison: undefined },
      { by: 'page_id', pageIds: [PAGES[1]!], unspread: false },
      { by: 'ad_unit_id', pageIds: [PAGES[1]!], unspread: false, comparison: undefined },
      { by: 'ad_unit_id', pageIds: [PAGES[0]!], device: 'desktop', unspread: true },
      { by: 'website_id', device: 'desktop', unspread: false, comparison: undefined },
      { by: 'website_id' },
      { spreads: new Map([[WEBSITE, dayRates]]) },
      { spreads: new Map([[WEBSITE, dayRates]]), by: 'page_id', unspread: false },
      { range: { start: new Date('2026-11-01T06:00:00Z'), end: new Date('2026-11-02T18:00:00Z') }, comparison: undefined },
    ];
    const answer = async (events: EventStore, query: Partial<ImportedSpreadQuery>) =>
      (await readImportedSpread(events, { ...QUERY, ...query }))
        .map((row) => ({ ...row, amount: Math.round(row.amount * 1e9) / 1e9 }))
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    // Each by a process of its own: summed by the store.
    const fromStore = [];
    for (const query of queries) fromStore.push(await answer(watchedStore(), query));
    expect(statements.filter((sql) => sql.includes('sum(revenue')).length).toBe(queries.length);
    // One process: its first look is summed by the store, which meanwhile reads the write's rows; then from memory.
    const process = watchedStore();
    await answer(process, {});
    await vi.waitFor(async () => {
      const before = statements.length;
      await answer(process, {});
      expect(statements.length).toBe(before);
    });
    statements.length = 0;
    const fromMemory = [];
    for (const query of queries) fromMemory.push(await answer(process, query));
    expect(statements).toEqual([]);
    expect(fromMemory).toEqual(fromStore);
    expect(fromMemory.filter((rows) => rows.length > 0)).toHaveLength(queries.length);
    expect(fromMemory[7]!.some((row) => row.converted)).toBe(true);
  });

  it('binds every value', () => {
    const { sql } = importedSpreadSql(QUERY);
    for (const value of [WEBSITE, 'v1', WRITERS.v1, '2026-11-01']) expect(sql).not.toContain(value);
    const insert = spreadInsertSql({ ...IMPORTED, version: 'v1', writer: WEBSITE }).sql;
    for (const value of [WEBSITE, 'v1', 'top', SLOTS[0]!, '2026-11-01', 'USD']) expect(insert).not.toContain(value);
    const rated = spreadInsertSql({ ...IMPORTED, version: 'v1', writer: WEBSITE, rates: { currency: 'USD', factors: new Map([['EUR', 1.0832]]) } }).sql;
    for (const value of ['USD', 'EUR', '1.0832']) expect(rated).not.toContain(value);
  });
});
