// Inserts under a deduplication token are stored once however often they are repeated (a retry after a failure),
// in the table and in the rollups its materialized views feed; inserts and statements without a token never are.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EventStore } from '../src/event-store.ts';
import { PAGE_COUNTS_TABLE } from '../src/page-counts.ts';
import { createTestStore, describeEachEngine, type TestStore } from './support/test-stores.ts';

const WEBSITE = '00000000-0000-4000-8000-000000000001';

/** One page count row of a fresh page, in two months, so the insert spans two partitions (two blocks). */
function pageCounts() {
  const page = crypto.randomUUID();
  return {
    page,
    rows: ['2026-10-31 23:00:00.000', '2026-11-01 10:00:00.000'].map((ts) => ({ website_id: WEBSITE, ts, page_id: page, device: 'desktop', events: 1, pageviews: 1 })),
  };
}

async function counted(store: EventStore, page: string): Promise<{ log: number; hourly: number; daily: number }> {
  const [row] = await store.query<{ log: string; hourly: string; daily: string }>(
    `SELECT (SELECT sum(pageviews) FROM ${PAGE_COUNTS_TABLE} WHERE page_id = {page:UUID}) AS log,
            (SELECT sum(pageviews) FROM foldline.page_stats_hourly WHERE page_id = {page:UUID}) AS hourly,
            (SELECT sum(pageviews) FROM foldline.page_stats_daily WHERE page_id = {page:UUID}) AS daily`,
    { page },
  );
  return { log: Number(row!.log), hourly: Number(row!.hourly), daily: Number(row!.daily) };
}

describeEachEngine('insert deduplication', (engine) => {
  let test: TestStore;
  let store: EventStore;
  beforeAll(async () => {
    test = await createTestStore(engine);
    store = test.store;
  });
  afterAll(() => test.close());

  it('stores a tokened insert once however often it is repeated, rollups included', async () => {
    const { page, rows } = pageCounts();
    for (let i = 0; i < 3; i += 1) await store.insert(PAGE_COUNTS_TABLE, rows, { deduplicationToken: `batch-1:${PAGE_COUNTS_TABLE}` });
    expect(await counted(store, page)).toEqual({ log: 2, hourly: 2, daily: 2 });
    // Another token is another insert.
    await store.insert(PAGE_COUNTS_TABLE, rows, { deduplicationToken: `batch-2:${PAGE_COUNTS_TABLE}` });
    expect(await counted(store, page)).toEqual({ log: 4, hourly: 4, daily: 4 });
  });

  it('never drops equal rows of separate inserts or statements without a token', async () => {
    const { page, rows } = pageCounts();
    await store.insert(PAGE_COUNTS_TABLE, rows);
    await store.insert(PAGE_COUNTS_TABLE, rows);
    const select = `INSERT INTO ${PAGE_COUNTS_TABLE} (website_id, ts, page_id, device, events, pageviews)
      SELECT {website:UUID}, toDateTime64('2026-11-01 10:00:00', 3, 'UTC'), {page:UUID}, 'desktop', 1, 1`;
    await store.command(select, { website: WEBSITE, page });
    await store.command(select, { website: WEBSITE, page });
    expect(await counted(store, page)).toEqual({ log: 6, hourly: 6, daily: 6 });
  });
});
