// The revenue rollups (migration 024, and 026's per website): Prebid revenue, bid rows, wins and empty renders per
// unit, page, device, currency and hour or day (per website, device, currency and hour), equal to what the raw rows say (an impression's revenue its largest CPM: a late win's lost
// row adds nothing), filled for rows written before the migration, counted once for a retried insert, and gone or
// rebuilt with the website's events. On every engine.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { toEventTime, type EventStore } from '../src/event-store.ts';
import * as migration024 from '../src/migrations/024-ad-revenue-rollups.ts';
import * as migration026 from '../src/migrations/026-site-revenue-hourly.ts';
import { deleteWebsiteEvents, deleteWebsiteEventsBetween } from '../src/website-data.ts';
import { createTestStore, describeEachEngine, type TestStore } from './support/test-stores.ts';

const WEBSITES = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];
const PAGE = '00000000-0000-4000-8000-0000000000b1';
const UNIT = '00000000-0000-4000-8000-0000000000a1';

let n = 0;
const impressionId = () => `00000000-0000-4000-9000-${String((n += 1)).padStart(12, '0')}`;
function adRow(website: number, kind: string, time: string, imp: string, extra: Record<string, unknown> = {}) {
  return {
    website_id: WEBSITES[website], ts: toEventTime(Date.parse(`2026-11-01T${time}.000Z`)), page_id: PAGE, pageview_id: imp, session_id: imp, device: 'mobile',
    ad_unit_id: UNIT, impression_id: imp, kind, in_view_ms: 0, max_in_view_pct: 0, width: 300, height: 250, position_y: 0, ...extra,
  };
}
const bid = (cpm: number, won: 0 | 1, currency = 'USD') => ({ cpm, best_cpm: Math.max(cpm, 1), currency, bidder: 'appnexus', prebid_won: won, net: 1 });

/** Two hours of one unit: a won bid, a lost one, a late win (lost then won), a euro win, two empty renders, and the
 * impressions, which the rollups leave to ad_stats. */
function rows(website = 0) {
  const [won, lost, late, euro] = [impressionId(), impressionId(), impressionId(), impressionId()];
  return [
    adRow(website, 'impression', '10:00:00', won),
    adRow(website, 'bid', '10:00:00', won, bid(2.5, 1)),
    adRow(website, 'impression', '10:20:00', lost),
    adRow(website, 'bid', '10:25:00', lost, bid(0, 0)),
    adRow(website, 'impression', '11:00:00', late),
    adRow(website, 'bid', '11:05:00', late, bid(0, 0)),
    adRow(website, 'bid', '11:06:00', late, bid(1.75, 1)),
    adRow(website, 'impression', '11:30:00', euro),
    adRow(website, 'bid', '11:30:00', euro, bid(4, 1, 'EUR')),
    adRow(website, 'empty', '11:40:00', impressionId()),
    adRow(website, 'empty', '11:50:00', impressionId()),
  ];
}

describeEachEngine('revenue rollups', (engine) => {
  let test: TestStore;
  let store: EventStore;

  const rollup = async (table: 'ad_revenue_hourly' | 'ad_revenue_daily' | 'site_revenue_hourly', website = 0) =>
    (
      await store.query<{ bucket: string; currency: string; revenue: number; bids: number; wins: number; empties: number }>(
        `SELECT toString(${table === 'ad_revenue_daily' ? 'day' : 'hour'}) AS bucket, currency, sum(revenue) AS revenue, sum(bids) AS bids, sum(wins) AS wins, sum(empties) AS empties
         FROM foldline.${table} WHERE website_id = {website:UUID} GROUP BY bucket, currency ORDER BY bucket, currency`,
        { website: WEBSITES[website] },
      )
    ).map((row) => ({ ...row, revenue: Number(row.revenue), bids: Number(row.bids), wins: Number(row.wins), empties: Number(row.empties) }));
  const HOURLY = [
    { bucket: '2026-11-01 10:00:00', currency: 'USD', revenue: 0.0025, bids: 2, wins: 1, empties: 0 },
    { bucket: '2026-11-01 11:00:00', currency: '', revenue: 0, bids: 0, wins: 0, empties: 2 },
    { bucket: '2026-11-01 11:00:00', currency: 'EUR', revenue: 0.004, bids: 1, wins: 1, empties: 0 },
    { bucket: '2026-11-01 11:00:00', currency: 'USD', revenue: 0.00175, bids: 2, wins: 1, empties: 0 },
  ];
  const DAILY = [
    { bucket: '2026-11-01', currency: '', revenue: 0, bids: 0, wins: 0, empties: 2 },
    { bucket: '2026-11-01', currency: 'EUR', revenue: 0.004, bids: 1, wins: 1, empties: 0 },
    { bucket: '2026-11-01', currency: 'USD', revenue: 0.00425, bids: 4, wins: 2, empties: 0 },
  ];
  const close = (expected: typeof HOURLY) => expected.map((row) => ({ ...row, revenue: expect.closeTo(row.revenue, 12) }));

  beforeAll(async () => {
    test = await createTestStore(engine);
    store = test.store;
  });
  afterAll(() => test.close());

  it('sum each impression\'s largest CPM ÷ 1,000 per currency, bid rows, wins and empty renders, per hour and per day, once for a retried insert', async () => {
    const batch = rows(0);
    // A retry of the same insert (its token) counts once.
    for (let i = 0; i < 2; i += 1) await store.insert('foldline.ad_events', batch, { deduplicationToken: 'revenue-batch' });
    expect(await rollup('ad_revenue_hourly')).toEqual(close(HOURLY));
    expect(await rollup('ad_revenue_daily')).toEqual(close(DAILY));
    expect(await rollup('site_revenue_hourly')).toEqual(close(HOURLY));
  });

  it('are filled from the rows written before the migration', async () => {
    await store.insert('foldline.ad_events', rows(1));
    for (const table of ['ad_revenue_hourly', 'ad_revenue_daily', 'site_revenue_hourly']) {
      await store.command(`DROP VIEW foldline.${table}_mv`);
      await store.command(`DROP TABLE foldline.${table}`);
    }
    // 026 fills its table from 024's.
    for (const statement of [...migration024.statements, ...migration026.statements]) await store.command(statement);
    expect(await rollup('ad_revenue_hourly', 1)).toEqual(close(HOURLY));
    expect(await rollup('ad_revenue_daily', 1)).toEqual(close(DAILY));
    expect(await rollup('site_revenue_hourly', 1)).toEqual(close(HOURLY));
  });

  it('are rebuilt when a window of events is taken out, and go with the website', async () => {
    await deleteWebsiteEventsBetween(store, WEBSITES[1]!, '2026-11-01 11:00:00.000', '2026-11-01 12:00:00.000');
    expect(await rollup('ad_revenue_hourly', 1)).toEqual(close(HOURLY.slice(0, 1)));
    expect(await rollup('ad_revenue_daily', 1)).toEqual(close([{ ...DAILY[2]!, revenue: 0.0025, bids: 2, wins: 1 }]));
    expect(await rollup('site_revenue_hourly', 1)).toEqual(close(HOURLY.slice(0, 1)));
    await deleteWebsiteEvents(store, [WEBSITES[1]!]);
    expect(await rollup('ad_revenue_hourly', 1)).toEqual([]);
    expect(await rollup('ad_revenue_daily', 1)).toEqual([]);
    expect(await rollup('site_revenue_hourly', 1)).toEqual([]);
  });
});
