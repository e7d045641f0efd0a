// Additive figures with their settled days kept (src/kept-sums.ts) are the figures one statement over the whole range
// gives, on the first look (settled days read beside the open part) and on later ones (the open part alone), on every
// engine; what is kept is forgotten on demand; only additive figures of one period are accepted.
import { pageCountsOf, PAGE_COUNTS_TABLE, toEventTime, type EventStore } from '@foldline/event-store';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestStore, describeEachEngine, type TestStore } from '../../event-store/test/support/test-stores.ts';
import { QUERY_OPTIONS, runQuery } from '../src/execute.ts';
import { forgetKeptSums, readKeepingSettledDays } from '../src/kept-sums.ts';
import type { AnalyticsQuery, ResultRow } from '../src/query.ts';
import { queryTogether } from '../src/together.ts';

const WEBSITE = '00000000-0000-4000-8000-400000000001';
const PAGES = ['00000000-0000-4000-8000-400000000011', '00000000-0000-4000-8000-400000000012'];
const HOUR = 3_600_000;
/** A quarter's look at 10:30: its window ends at 11:00 (periods.ts); the days before yesterday are settled. */
const NOW = new Date('2026-11-20T10:30:00Z');
const RANGE = { start: new Date('2026-11-10T11:00:00Z'), end: new Date('2026-11-20T11:00:00Z') };

let ids = 0;
const nextId = () => `00000000-0000-4000-9000-${String(++ids).padStart(12, '0')}`;

/** Every three hours from before the range to its end: pageviews with engagement, and ads with bids in two currencies
 * and empty renders. */
function rows(from: number, to: number) {
  const pageviews: Record<string, unknown>[] = [];
  const engagement: Record<string, unknown>[] = [];
  const ads: Record<string, unknown>[] = [];
  for (let at = from, v = 0; at < to; at += 3 * HOUR, v++) {
    const pageviewId = nextId();
    const common = { website_id: WEBSITE, page_id: PAGES[v % 2]!, pageview_id: pageviewId, session_id: pageviewId, device: v % 3 === 0 ? 'mobile' : 'desktop' };
    pageviews.push({ ...common, ts: toEventTime(at), browser: 'Chrome', url_path: '/story' });
    engagement.push({ ...common, ts: toEventTime(at + 60_000), engaged_ms: 1000 + v * 37, max_scroll_pct: 10 + (v % 9) * 10, is_first: 1, scroll_gain: 10 + (v % 9) * 10 });
    const impression = { ...common, ad_unit_id: '00000000-0000-4000-8000-40000000000a', impression_id: nextId() };
    ads.push({ ...impression, ts: toEventTime(at + 2000), kind: 'impression', width: 300, height: 250 });
    if (v % 2 === 0) ads.push({ ...impression, ts: toEventTime(at + 3000), kind: 'viewable' });
    if (v % 5 === 0) ads.push({ ...impression, ts: toEventTime(at + 4000), kind: 'click' });
    if (v % 4 === 3) ads.push({ ...impression, impression_id: nextId(), ts: toEventTime(at + 2000), kind: 'empty' });
    if (v % 3 !== 2) ads.push({ ...impression, ts: toEventTime(at + 2500), kind: 'bid', cpm: 1 + (v % 4) * 0.25, best_cpm: 2, currency: v % 7 === 0 ? 'EUR' : 'USD', bidder: 'rubicon', prebid_won: v % 2, net: 0 });
  }
  return { pageviews, engagement, ads };
}

describeEachEngine('additive figures with their settled days kept', (engine) => {
  let test: TestStore;
  let store: EventStore;
  const statements: string[] = [];
  let watched: EventStore;

  const write = async (from: number, to: number) => {
    const { pageviews, engagement, ads } = rows(from, to);
    await store.insert('foldline.pageviews', pageviews);
    await store.insert('foldline.engagement', engagement);
    await store.insert('foldline.ad_events', ads);
    // As the collector writes them: the page counts of the same rows, which the page rollups add up.
    await store.insert(PAGE_COUNTS_TABLE, pageCountsOf({ pageviews, engagement, ad_events: ads }));
  };

  beforeAll(async () => {
    test = await createTestStore(engine);
    store = test.store;
    watched = { ...store, engine: store.engine, query: (sql, params, options) => (statements.push(sql), store.query(sql, params, options)) };
    await write(RANGE.start.getTime() - 5 * HOUR, NOW.getTime());
  });
  afterAll(() => test.close());

  const figures: AnalyticsQuery = {
    metrics: ['pageviews', 'events', 'engaged_pageviews', 'engaged_ms', 'scroll_sum', 'impressions', 'viewable_impressions', 'ad_clicks'],
    dimensions: ['page_id'],
    filters: { websiteIds: [WEBSITE] },
    range: RANGE,
  };
  const prebid: AnalyticsQuery = {
    metrics: ['prebid_revenue', 'prebid_auctions', 'prebid_wins', 'empty_renders'],
    dimensions: ['website_id', 'page_id', 'currency'],
    filters: { websiteIds: [WEBSITE], device: 'desktop' },
    range: RANGE,
  };
  const kept = async (query: AnalyticsQuery) => {
    const read = readKeepingSettledDays(watched, query, NOW);
    statements.length = 0;
    const rowsRead = await read.rows(await queryTogether(watched, read.statements, QUERY_OPTIONS));
    return { rows: sorted(rowsRead), statements: read.statements.length, keptBefore: read.settled !== undefined };
  };

  it.each([
    ['page figures', figures],
    ['Prebid revenue per currency on one device', prebid],
  ])('gives the whole range\'s %s, reading the settled days once', async (_, query) => {
    const whole = sorted(await runQuery(store, query));
    expect(whole.length).toBeGreaterThan(1);
    for (const metric of query.metrics) expect(whole.some((row) => row.metrics[metric] > 0), metric).toBe(true);
    const first = await kept(query);
    expect(first).toMatchObject({ statements: 2, keptBefore: false });
    expect(first.rows).toEqual(whole);
    // The open part alone: the window's first part-day and the last two days, read by the hour.
    const later = await kept(query);
    expect(later).toMatchObject({ statements: 1, keptBefore: true });
    expect(later.rows).toEqual(whole);
    expect(statements.join('\n')).not.toMatch(/_daily/);
  });

  it('forgets what is kept when told: a settled day written again is counted', async () => {
    await kept(figures);
    const day = Date.parse('2026-11-14T00:00:00Z');
    await write(day, day + 6 * HOUR);
    expect((await kept(figures)).rows).not.toEqual(sorted(await runQuery(store, figures)));
    forgetKeptSums(watched);
    const again = await kept(figures);
    expect(again.keptBefore).toBe(false);
    expect(again.rows).toEqual(sorted(await runQuery(store, figures)));
  });

  it('keeps only additive figures of one period', () => {
    expect(() => readKeepingSettledDays(store, { ...figures, metrics: ['sessions'] }, NOW)).toThrow(/additive/);
    expect(() => readKeepingSettledDays(store, { ...figures, metrics: ['viewability'] }, NOW)).toThrow(/additive/);
    expect(() => readKeepingSettledDays(store, { ...figures, comparison: { start: new Date('2026-10-31T11:00:00Z'), end: RANGE.start } }, NOW)).toThrow(/comparison/);
  });
});

/** Rows in key order, their numbers rounded where sums of floats may differ in the last bits. */
function sorted(rows: readonly ResultRow[]): ResultRow[] {
  const key = (row: ResultRow) => Object.values(row.dimensions).join('|');
  return [...rows]
    .sort((a, b) => key(a).localeCompare(key(b)))
    .map((row) => ({ ...row, metrics: Object.fromEntries(Object.entries(row.metrics).map(([metric, value]) => [metric, Math.round(value * 1e6) / 1e6])) as ResultRow['metrics'] }));
}
