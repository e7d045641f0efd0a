// The imported revenue as the reports count it (revenue/imported-spread.ts), on every engine: per unit-day the report's
// revenue beyond Prebid's (same currency, the whole day on every page and device), spread over the day's impressions
// by slot and device, in the share of the day each period covers; a unit-day without impressions the unit's alone;
// page and device filters on the spread only; values only ever bound.
import { toEventTime, type EventStore } from '@foldline/event-store';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestStore, describeEachEngine, type TestStore } from '../../event-store/test/support/test-stores.ts';
import { importedSpreadSql, readImportedSpread, type ImportedSpreadQuery } from '../src/revenue/imported-spread.ts';

const WEBSITE = '00000000-0000-4000-8000-000000000001';
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

/** The current period from noon on 1 November, the previous the 36 hours before it. */
const QUERY: ImportedSpreadQuery = {
  websiteIds: [WEBSITE],
  slots: SLOTS.map((id) => ({ id, unit: 1 })),
  rows: [
    { unit: 1, day: '2026-11-01', currency: 'USD', micros: 10_000_000 },
    { unit: 1, day: '2026-11-02', currency: 'USD', micros: 3_000_000 },
    { unit: 1, day: '2026-11-01', currency: 'EUR', micros: 1_000_000 },
  ],
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
      .sort((a, b) => `${a.period}${a.key}${a.unit}${a.currency}`.localeCompare(`${b.period}${b.key}${b.unit}${b.currency}`));

  beforeAll(async () => {
    test = await createTestStore(engine);
    store = test.store;
    await store.insert('foldline.ad_events', ROWS);
  });
  afterAll(() => test.close());

  it('counts each unit-day beyond Prebid\'s, spread by impressions, in the share of the day each period covers', async () => {
    // 1 November in dollars: 10 − 0.002 (Prebid's that day) = 9.998, half on each slot (two impressions of four), half
    // of the day in each period: 2.4995. In euros nothing of Prebid's: 1 → 0.25 each. 2 November (3 dollars): no
    // impression to spread over, the unit's, all in the current period.
    const spread = (period: string, slot: number, currency: string, amount: number) => ({ period, key: SLOTS[slot], websiteId: WEBSITE, unit: 0, currency, amount });
    expect(await read()).toEqual([
      spread('current', 0, 'EUR', 0.25),
      spread('current', 0, 'USD', 2.4995),
      spread('current', 1, 'EUR', 0.25),
      spread('current', 1, 'USD', 2.4995),
      { period: 'current', key: '', websiteId: '', unit: 1, currency: 'USD', amount: 3 },
      spread('previous', 0, 'EUR', 0.25),
      spread('previous', 0, 'USD', 2.4995),
      spread('previous', 1, 'EUR', 0.25),
      spread('previous', 1, 'USD', 2.4995),
    ]);
  });

  it('filters the spread by page and device, leaving out what has no page', async () => {
    expect(await read({ by: 'page_id', device: 'mobile', unspread: false, comparison: undefined })).toEqual([
      { period: 'current', key: PAGES[1], websiteId: WEBSITE, unit: 0, currency: 'EUR', amount: 0.25 },
      { period: 'current', key: PAGES[1], websiteId: WEBSITE, unit: 0, currency: 'USD', amount: 2.4995 },
    ]);
    expect(await read({ by: 'page_id', pageIds: [PAGES[0]!], device: 'mobile', unspread: false })).toEqual([]);
  });

  it('gives a website its whole unit-days without reading impressions, and nothing beyond Prebid\'s when Prebid earned more', async () => {
    const whole = await read({ by: 'website_id' });
    expect(importedSpreadSql({ ...QUERY, by: 'website_id' }).sql).not.toContain('FROM shown');
    expect(whole.filter((row) => row.period === 'current').map((row) => [row.unit, row.currency, row.amount])).toEqual([
      [1, 'EUR', 0.5],
      [1, 'USD', 3 + 4.999],
    ]);
    expect(await read({ rows: [{ unit: 1, day: '2026-11-01', currency: 'USD', micros: 1_000 }] })).toEqual([]);
  });

  it('binds every value', () => {
    const { sql } = importedSpreadSql(QUERY);
    for (const value of [WEBSITE, SLOTS[0]!, '2026-11-01', 'USD']) expect(sql).not.toContain(value);
  });
});
