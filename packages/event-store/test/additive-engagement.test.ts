// Migration 016 on a store that already holds engagement rows from before it: each row learns whether it is its
// pageview's first and how much it raised the pageview's deepest scroll, and the page counts and rollups get the
// three sums, equal to what the per-pageview query computed from the same rows.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EventStore } from '../src/event-store.ts';
import { eventMigrations } from '../src/migrations/index.ts';
import * as additiveEngagement from '../src/migrations/016-additive-engagement.ts';
import { createTestStore, describeEachEngine, type TestStore } from './support/test-stores.ts';

const WEBSITE = '00000000-0000-4000-8000-000000000001';
const PAGE = '00000000-0000-4000-8000-000000000002';
const SESSION = '00000000-0000-4000-8000-000000000003';
const READER = '00000000-0000-4000-8000-0000000000a1';
const SKIMMER = '00000000-0000-4000-8000-0000000000a2';

/** Engagement updates as trackers sent them before 016: running depths, which fell when a page grew longer. */
const OLD_ROWS = [
  { pageview_id: READER, ts: '2026-11-01 10:00:01.000', engaged_ms: 1000, max_scroll_pct: 20 },
  { pageview_id: READER, ts: '2026-11-01 10:00:15.000', engaged_ms: 9000, max_scroll_pct: 55 },
  { pageview_id: READER, ts: '2026-11-01 10:00:30.000', engaged_ms: 4000, max_scroll_pct: 40 },
  { pageview_id: READER, ts: '2026-11-01 11:00:30.000', engaged_ms: 500, max_scroll_pct: 70 },
  { pageview_id: SKIMMER, ts: '2026-11-01 10:05:00.000', engaged_ms: 800, max_scroll_pct: 10 },
].map((row) => ({ ...row, website_id: WEBSITE, page_id: PAGE, session_id: SESSION, device: 'mobile', doc_h: 4000 }));

describeEachEngine('migration 016: additive engagement', (engine) => {
  let test: TestStore;
  let store: EventStore;

  beforeAll(async () => {
    test = await createTestStore(engine, { migrate: false });
    store = test.store;
    await store.command('CREATE DATABASE IF NOT EXISTS foldline');
    const before = eventMigrations.slice(0, eventMigrations.findIndex((migration) => migration.name === additiveEngagement.name));
    for (const migration of before) for (const statement of migration.statements) await store.command(statement);
    await store.insert('foldline.engagement', OLD_ROWS);
    // The page counts as the writer added them before 016: events only.
    const counts = OLD_ROWS.map((row) => ({ website_id: WEBSITE, ts: row.ts, page_id: PAGE, device: 'mobile', events: 1 }));
    await store.insert('foldline.page_events_log', counts);
    for (const statement of additiveEngagement.statements) await store.command(statement);
  });
  afterAll(() => test.close());

  it('marks each pageview first row and the depth each row added', async () => {
    const rows = await store.query('SELECT toString(pageview_id) AS pv, is_first, scroll_gain FROM foldline.engagement ORDER BY pageview_id, ts');
    expect(rows).toEqual([
      { pv: READER, is_first: 1, scroll_gain: 20 },
      { pv: READER, is_first: 0, scroll_gain: 35 },
      { pv: READER, is_first: 0, scroll_gain: 0 },
      { pv: READER, is_first: 0, scroll_gain: 15 },
      { pv: SKIMMER, is_first: 1, scroll_gain: 10 },
    ]);
  });

  it('adds the sums to the page counts and every page rollup, by hour and day, next to the counts already there', async () => {
    // Per pageview: reader 14,500 ms and 70 %, skimmer 800 ms and 10 %.
    const totals = { events: 5, engaged_pageviews: 2, engaged_ms: 15_300, scroll_sum: 80 };
    const sums = 'sum(events) AS events, sum(engaged_pageviews) AS engaged_pageviews, sum(engaged_ms) AS engaged_ms, sum(scroll_sum) AS scroll_sum';
    for (const table of ['page_events_log', 'page_stats_daily', 'page_stats_hourly', 'site_stats_hourly']) {
      expect(await store.query(`SELECT ${sums} FROM foldline.${table}`), table).toEqual([totals]);
    }
    const hours = await store.query(`SELECT toString(hour) AS hour, ${sums} FROM foldline.page_stats_hourly GROUP BY hour ORDER BY hour`);
    expect(hours).toEqual([
      { hour: '2026-11-01 10:00:00', events: 4, engaged_pageviews: 2, engaged_ms: 14_800, scroll_sum: 65 },
      { hour: '2026-11-01 11:00:00', events: 1, engaged_pageviews: 0, engaged_ms: 500, scroll_sum: 15 },
    ]);
  });

  it('keeps the rollups following new page counts, with the new sums', async () => {
    await store.insert('foldline.page_events_log', [
      { website_id: WEBSITE, ts: '2026-11-02 09:00:00.000', page_id: PAGE, device: 'desktop', events: 1, engaged_pageviews: 1, engaged_ms: 700, scroll_sum: 30 },
    ]);
    const rows = await store.query(
      "SELECT sum(engaged_pageviews) AS pageviews, sum(engaged_ms) AS ms, sum(scroll_sum) AS depth FROM foldline.page_stats_daily WHERE day = '2026-11-02'",
    );
    expect(rows).toEqual([{ pageviews: 1, ms: 700, depth: 30 }]);
  });
});
