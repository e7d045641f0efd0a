// The ad experience's kept rows held in columns (src/reports/held-ad-days.ts): totals by days and device, days made
// anew, the store's sums counted in every range, and histograms added key by key.
import { NIL_UUID } from '@foldline/event-store';
import { describe, expect, it } from 'vitest';
import { HeldAdDays, type Row } from '../src/reports/held-ad-days.ts';

const SLOT = '00000000-0000-4000-8000-00000000000a';
const PAGE = '00000000-0000-4000-8000-0000000000b1';
const DAY = 86_400_000;
const at = (day: string) => Date.parse(`${day}T00:00:00Z`);

const slotRow = (day: string, device: string, impressions: number, heights: [number[], number[]] = [[], []]): Row => ({
  slot: SLOT,
  page: PAGE,
  device,
  day,
  impressions,
  impression_rows: impressions,
  in_view_ms: impressions * 1000,
  measured: impressions,
  shifting: 1,
  heights,
  shifts: [[120], [1]],
});
const pageRow = (day: string, device: string, pageviews: number): Row => ({
  slot: NIL_UUID,
  page: PAGE,
  device,
  day,
  pageviews: String(pageviews),
  measured: pageviews,
  shifts: [['40'], ['2']],
  other_shifts: [[], []],
});

describe('held ad days', () => {
  it('sums the rows of the days and device asked about, histograms key by key', async () => {
    const table = await HeldAdDays.of([
      slotRow('2026-11-01', 'mobile', 3, [[250], [3]]),
      slotRow('2026-11-02', 'desktop', 5, [[250, 90], [4, 1]]),
      slotRow('2026-11-03', 'mobile', 7),
      pageRow('2026-11-01', 'mobile', 10),
      pageRow('2026-11-02', 'desktop', 20),
    ]);
    expect(table.size).toBe(5);
    const all = await table.totals();
    expect(all.slots.get(SLOT)).toMatchObject({ impressions: 15, impressionRows: 15, inViewMs: 15_000, measured: 15, shifting: 3 });
    expect([...all.slots.get(SLOT)!.heights]).toEqual([[250, 7], [90, 1]]);
    expect([...all.slots.get(SLOT)!.shifts]).toEqual([[120, 3]]);
    expect(all.pages.get(PAGE)).toEqual({ pageviews: 30, measured: 30, ads: new Map([[40, 4]]), other: new Map() });

    const firstTwoMobile = await table.totals('mobile', { first: at('2026-11-01'), end: at('2026-11-03') });
    expect(firstTwoMobile.slots.get(SLOT)).toMatchObject({ impressions: 3 });
    expect(firstTwoMobile.pages.get(PAGE)?.pageviews).toBe(10);
    expect((await table.totals('tablet')).slots.size).toBe(0);
  });

  it('makes a new table with days replaced, leaving the old one as it was', async () => {
    const table = await HeldAdDays.of([slotRow('2026-11-01', 'mobile', 3), slotRow('2026-11-02', 'mobile', 5)]);
    const next = table.withDays(at('2026-11-02'), at('2026-11-02') + 2 * DAY, [slotRow('2026-11-02', 'mobile', 6), slotRow('2026-11-03', 'mobile', 1)]);
    expect((await next.totals()).slots.get(SLOT)?.impressions).toBe(3 + 6 + 1);
    expect((await table.totals()).slots.get(SLOT)?.impressions).toBe(3 + 5);
  });

  it('counts the store\'s sums whatever the days and device asked about', async () => {
    const table = HeldAdDays.ofSums([{ slot: SLOT, page: NIL_UUID, impressions: '4' }, { slot: NIL_UUID, page: PAGE, pageviews: 9 }]);
    const totals = await table.totals('mobile', { first: at('2026-11-01'), end: at('2026-11-02') });
    expect(totals.slots.get(SLOT)?.impressions).toBe(4);
    expect(totals.pages.get(PAGE)?.pageviews).toBe(9);
  });
});
