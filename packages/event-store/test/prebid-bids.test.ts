// Prebid bid rows in ad_events (migration 021): they land with their auction's columns, the other kinds read the
// defaults (rows stored before the migration too), and no rollup or page count takes a bid row for an impression, a
// viewable impression or a click. On every engine.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EventStore } from '../src/event-store.ts';
import { toEventTime } from '../src/event-store.ts';
import * as migration021 from '../src/migrations/021-prebid-bids.ts';
import { PAGE_COUNTS_TABLE, pageCountsOf } from '../src/page-counts.ts';
import { createTestStore, describeEachEngine, type TestStore } from './support/test-stores.ts';

/** A website per test, so that each reads only its own rollup rows. */
const WEBSITES = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003'];
const PAGE = '00000000-0000-4000-8000-0000000000b1';
const UNIT = '00000000-0000-4000-8000-0000000000a1';
const AT = Date.parse('2026-11-01T09:15:00.000Z');

let n = 0;
const id = () => `00000000-0000-4000-9000-${String((n += 1)).padStart(12, '0')}`;
type Row = Record<string, unknown>;

function adRow(website: string, impression: string, kind: string, at: number, extra: Row = {}): Row {
  return {
    website_id: website, ts: toEventTime(at), page_id: PAGE, pageview_id: impression, session_id: impression, device: 'desktop',
    ad_unit_id: UNIT, impression_id: impression, kind, in_view_ms: 0, max_in_view_pct: 0, width: 300, height: 250, position_y: 800,
    ...extra,
  };
}

/** Four impressions over two hours: three viewable, one clicked. */
function lifecycle(website: string): { rows: Row[]; impressions: string[] } {
  const impressions = [id(), id(), id(), id()];
  const rows = impressions.flatMap((imp, i) => [
    adRow(website, imp, 'impression', AT + i * 1_800_000),
    ...(i < 3 ? [adRow(website, imp, 'viewable', AT + i * 1_800_000 + 1_500, { max_in_view_pct: 80 })] : []),
    adRow(website, imp, 'view_time', AT + i * 1_800_000 + 15_000, { in_view_ms: 4_000, max_in_view_pct: 80 }),
    ...(i === 0 ? [adRow(website, imp, 'click', AT + 20_000)] : []),
  ]);
  return { rows, impressions };
}

/** Prebid won the first impression and lost the second with bids; the others had no Prebid bid. */
const bidRows = (website: string, impressions: string[]): Row[] => [
  adRow(website, impressions[0]!, 'bid', AT + 900, { cpm: 2.25, best_cpm: 2.25, currency: 'EUR', bidder: 'rubicon', prebid_won: 1, net: 0 }),
  adRow(website, impressions[1]!, 'bid', AT + 1_800_000 + 30_000, { cpm: 0, best_cpm: 1.5, currency: 'USD', bidder: 'appnexus', prebid_won: 0, net: 1 }),
];

describeEachEngine('Prebid bids in ad_events', (engine) => {
  let test: TestStore;
  let store: EventStore;

  /** Writes rows as the collector does: the events, and their page counts in the same write. */
  const write = async (rows: Row[]) => {
    await store.insert('foldline.ad_events', rows);
    await store.insert(PAGE_COUNTS_TABLE, pageCountsOf({ 'foldline.ad_events': rows }));
  };
  /** Impressions, viewable impressions and clicks as each rollup and the page counts hold them. */
  const counts = async (website: string) => {
    const sums = 'toUInt64(sum(impressions)) AS impressions, toUInt64(sum(viewable)) AS viewable, toUInt64(sum(clicks)) AS clicks';
    const tables = ['ad_stats_hourly', 'ad_stats_daily', 'page_events_log', 'page_stats_hourly', 'page_stats_daily', 'site_stats_hourly'];
    const result: Record<string, unknown> = {};
    for (const table of tables) {
      const [row] = await store.query<Row>(`SELECT ${sums} FROM foldline.${table} WHERE website_id = {website:UUID}`, { website });
      result[table] = Object.values(row!).map(Number);
    }
    return result;
  };

  beforeAll(async () => {
    test = await createTestStore(engine);
    store = test.store;
  });
  afterAll(() => test.close());

  it('stores a bid row with its auction and gives the other kinds the defaults', async () => {
    const { rows, impressions } = lifecycle(WEBSITES[0]!);
    await write([...rows, ...bidRows(WEBSITES[0]!, impressions)]);
    const stored = await store.query<Row>(
      `SELECT kind, cpm, best_cpm, currency, bidder, prebid_won, net FROM foldline.ad_events
       WHERE impression_id IN {impressions:Array(UUID)} AND kind IN ('bid', 'impression') ORDER BY ts, kind`,
      { impressions: impressions.slice(0, 2) },
    );
    expect(stored).toEqual([
      { kind: 'impression', cpm: 0, best_cpm: 0, currency: '', bidder: '', prebid_won: 0, net: 0 },
      { kind: 'bid', cpm: 2.25, best_cpm: 2.25, currency: 'EUR', bidder: 'rubicon', prebid_won: 1, net: 0 },
      { kind: 'impression', cpm: 0, best_cpm: 0, currency: '', bidder: '', prebid_won: 0, net: 0 },
      { kind: 'bid', cpm: 0, best_cpm: 1.5, currency: 'USD', bidder: 'appnexus', prebid_won: 0, net: 1 },
    ]);
  });

  it('counts no bid row as an impression, a viewable impression or a click in any rollup', async () => {
    const website = WEBSITES[1]!;
    const { rows, impressions } = lifecycle(website);
    await write(rows);
    const before = await counts(website);
    for (const table of Object.keys(before)) expect(before[table], table).toEqual([4, 3, 1]);
    await write(bidRows(website, impressions));
    expect(await counts(website)).toEqual(before);
    // The rebuild a window delete runs counts from ad_events by kind too.
    const [raw] = await store.query<Row>(
      "SELECT countIf(kind = 'impression') AS i, countIf(kind = 'viewable') AS v, countIf(kind = 'click') AS c, countIf(kind = 'bid') AS b FROM foldline.ad_events WHERE website_id = {website:UUID}",
      { website },
    );
    expect(Object.values(raw!).map(Number)).toEqual([4, 3, 1, 2]);
  });

  it('gives rows stored before migration 021 the defaults, and runs again without harm', async () => {
    // Before 021 there were no revenue rollups (migrations 024 and 026) whose views read its columns.
    for (const view of ['ad_revenue_hourly_mv', 'ad_revenue_daily_mv', 'site_revenue_hourly_mv']) await store.command(`DROP VIEW foldline.${view}`);
    await store.command('ALTER TABLE foldline.ad_events DROP COLUMN cpm, DROP COLUMN best_cpm, DROP COLUMN currency, DROP COLUMN bidder, DROP COLUMN prebid_won, DROP COLUMN net');
    const old = adRow(WEBSITES[2]!, id(), 'impression', AT);
    await store.insert('foldline.ad_events', [old]);
    for (let run = 0; run < 2; run += 1) for (const statement of migration021.statements) await store.command(statement);
    const [row] = await store.query<Row>(
      'SELECT cpm, best_cpm, currency, bidder, prebid_won, net FROM foldline.ad_events WHERE impression_id = {imp:UUID}',
      { imp: old.impression_id },
    );
    expect(row).toEqual({ cpm: 0, best_cpm: 0, currency: '', bidder: '', prebid_won: 0, net: 0 });
  });
});
