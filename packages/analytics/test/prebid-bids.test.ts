// Prebid bid rows (ad_events kind 'bid', event-store migration 021) change none of the ad reports: impressions,
// viewable impressions, ad clicks, viewability and CTR, read from the rollups for whole hours and from ad_events for
// the partial hours at a period's edges, are the same with them as without, and the hand-computed figures. On every
// engine.
import { pageCountsOf, PAGE_COUNTS_TABLE, toEventTime, type EventStore } from '@foldline/event-store';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestStore, describeEachEngine, type TestStore } from '../../event-store/test/support/test-stores.ts';
import { runQuery } from '../src/execute.ts';
import type { AnalyticsQuery } from '../src/query.ts';

const WEBSITE = '00000000-0000-4000-8000-000000000001';
const PAGE = '00000000-0000-4000-8000-0000000000b1';
const UNITS = ['00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000a2'];
/** 08:30 to 11:10: both edges inside an hour, so the reports read ad_events as well as the rollups. */
const RANGE = { start: new Date('2026-11-01T08:30:00.000Z'), end: new Date('2026-11-01T11:10:00.000Z') };
const at = (time: string) => Date.parse(`2026-11-01T${time}.000Z`);

type Row = Record<string, unknown>;
let n = 0;
function adRow(unit: number, impression: string, kind: string, time: number, extra: Row = {}): Row {
  return {
    website_id: WEBSITE, ts: toEventTime(time), page_id: PAGE, pageview_id: impression, session_id: impression, device: 'desktop',
    ad_unit_id: UNITS[unit], impression_id: impression, kind, in_view_ms: 0, max_in_view_pct: 0, width: 300, height: 250, position_y: 800,
    ...extra,
  };
}

/** Six impressions (two at the edges), four viewable, two clicked; and a bid row for each (won or lost), as the
 * tracker sends them, some in the same millisecond as their impression. */
function readers(): { ads: Row[]; bids: Row[] } {
  const ads: Row[] = [];
  const bids: Row[] = [];
  const times = ['08:40:00', '09:15:00', '09:45:00', '10:15:00', '10:45:00', '11:05:00'];
  times.forEach((time, i) => {
    const imp = `00000000-0000-4000-9000-${String((n += 1)).padStart(12, '0')}`;
    const unit = i % 2;
    const shown = at(time);
    ads.push(adRow(unit, imp, 'impression', shown));
    if (i !== 2 && i !== 4) ads.push(adRow(unit, imp, 'viewable', shown + 1_200, { max_in_view_pct: 90 }));
    if (i === 1 || i === 5) ads.push(adRow(unit, imp, 'click', shown + 3_000));
    ads.push(adRow(unit, imp, 'view_time', shown + 15_000, { in_view_ms: 4_000, max_in_view_pct: 90 }));
    const won = i % 3 === 0;
    bids.push(adRow(unit, imp, 'bid', won ? shown : shown + 30_000, { cpm: won ? 1.75 : 0, best_cpm: 1.75, currency: 'USD', bidder: 'appnexus', prebid_won: won ? 1 : 0, net: 1 }));
  });
  return { ads, bids };
}

const QUERY: AnalyticsQuery = {
  metrics: ['impressions', 'viewable_impressions', 'ad_clicks', 'viewability', 'ctr'],
  dimensions: ['ad_unit_id'],
  filters: { websiteIds: [WEBSITE] },
  range: RANGE,
  orderBy: [{ field: 'ad_unit_id', direction: 'asc' }],
};

describeEachEngine('ad reports with Prebid bid rows', (engine) => {
  let test: TestStore;
  let store: EventStore;

  /** Rows written as the collector writes them: with their page counts. */
  const write = async (rows: Row[]) => {
    await store.insert('foldline.ad_events', rows);
    await store.insert(PAGE_COUNTS_TABLE, pageCountsOf({ 'foldline.ad_events': rows }));
  };
  const report = async () => ({
    units: (await runQuery(store, QUERY)).map((row) => ({ unit: row.dimensions.ad_unit_id, ...row.metrics })),
    total: (await runQuery(store, { ...QUERY, dimensions: [], orderBy: [] })).map((row) => row.metrics),
  });

  beforeAll(async () => {
    test = await createTestStore(engine);
    store = test.store;
  });
  afterAll(() => test.close());

  it('count impressions, viewable impressions, clicks, viewability and CTR the same with bid rows as without', async () => {
    const { ads, bids } = readers();
    await write(ads);
    const without = await report();
    // Unit 1: 08:40 (viewable), 09:45, 10:45 → 3 impressions, 1 viewable, 0 clicks. Unit 2: 09:15 (viewable,
    // clicked), 10:15 (viewable), 11:05 (viewable, clicked) → 3, 3, 2.
    expect(without).toEqual({
      units: [
        { unit: UNITS[0], impressions: 3, viewable_impressions: 1, ad_clicks: 0, viewability: 100 / 3, ctr: 0 },
        { unit: UNITS[1], impressions: 3, viewable_impressions: 3, ad_clicks: 2, viewability: 100, ctr: 200 / 3 },
      ],
      total: [{ impressions: 6, viewable_impressions: 4, ad_clicks: 2, viewability: 400 / 6, ctr: 200 / 6 }],
    });
    await write(bids);
    expect(await report()).toEqual(without);
  });
});
