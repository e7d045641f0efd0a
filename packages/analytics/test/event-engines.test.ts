// The analytics read the same JSON from a ClickHouse server as from chDB (issue 13). No server can be installed here,
// so the server adapter talks to the event-store shim (chDB behind ClickHouse's HTTP interface, answering with
// defaults a server may have and chDB has not); a chDB store on the shim's data directory reads the same rows. Every
// statement the report queries, the heatmap reader and the recommendations' evidence readers send is answered by
// both, and the raw rows must be identical, not only the numbers made of them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { heatmapCellsOf, openChdbStore, openEventStore, pageCountsOf, toEventTime, type EventStore } from '@foldline/event-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClickHouseShim, type ClickHouseShim } from '../../event-store/test/support/clickhouse-shim.ts';
import { runQuery } from '../src/execute.ts';
import { readEngagementShares } from '../src/heatmaps/engagement-shares.ts';
import { readCells } from '../src/heatmaps/heatmap-cells.ts';
import type { AnalyticsQuery } from '../src/query.ts';
import { readSeenCounts, readTraffic, readUnitOutcomes, type ProbeCount } from '../src/recommendations/evidence-reader.ts';
import { discardSeenDays, forgetSeenDays, seenCounts } from '../src/recommendations/seen-days.ts';

const WEBSITE = '0b7c0e5e-5d8f-4a53-9a43-3f1f1d0c9a11';
const PAGES = ['7d8f2c1a-2b3c-4d5e-8f90-1a2b3c4d5e6f', '7d8f2c1a-2b3c-4d5e-8f90-1a2b3c4d5e70'];
const UNIT = '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
// 10:17:30.250 UTC: not on the hour, so queries read raw edges as well as rollups.
const NOW = new Date('2026-11-22T10:17:30.250Z');
const HOUR = 3_600_000;
const window = (hours: number) => ({ start: new Date(NOW.getTime() - hours * HOUR), end: NOW });

/** Readers over the last three days: deterministic, on both devices and both pages, every event kind a report reads. */
function events() {
  let seed = 7;
  const next = (below: number) => ((seed = (seed * 48271) % 2147483647), seed % below);
  const rows: Record<string, Array<Record<string, unknown>>> = { pageviews: [], engagement: [], ad_events: [], viewport_spans: [], clicks: [] };
  for (let i = 0; i < 60; i += 1) {
    const start = NOW.getTime() - next(72 * HOUR) - 60_000;
    const device = i % 3 === 0 ? 'mobile' : 'desktop';
    const [width, height] = device === 'mobile' ? [390, 844] : [1440, 900];
    const common = (offset: number) => ({
      website_id: WEBSITE,
      ts: toEventTime(start + offset),
      page_id: PAGES[i % 2],
      pageview_id: crypto.randomUUID(),
      session_id: `00000000-0000-4000-8000-${String(100 + (i % 25)).padStart(12, '0')}`,
      device,
    });
    const pageview = common(0);
    const same = (offset: number) => ({ ...common(offset), pageview_id: pageview.pageview_id, session_id: pageview.session_id });
    const depth = 20 + next(80);
    rows.pageviews!.push({ ...pageview, visitor_id: 1000 + i, url_path: `/story-${i % 2}`, title: 'Story', referrer_host: '', utm_source: '', utm_medium: '', utm_campaign: '', browser: 'Chrome', os: 'Linux', viewport_w: width, viewport_h: height, doc_h: 5000 });
    rows.engagement!.push({ ...same(5_000), engaged_ms: 1_000 + next(20_000), max_scroll_pct: depth, doc_h: 5000, is_first: 1, scroll_gain: depth });
    rows.viewport_spans!.push({ ...same(1_000), scroll_y: next(3000), viewport_h: height, doc_h: 5000, duration_ms: 400 + next(3000) });
    rows.viewport_spans!.push({ ...same(4_500), scroll_y: next(3000), viewport_h: height, doc_h: 5000, duration_ms: 400 + next(3000) });
    rows.clicks!.push({ ...same(7_000), viewport_w: width, doc_h: 5000, x: next(width), y: next(5000), selector: '#lead', offset_x: 0.25, offset_y: 0.5 });
    const impression = crypto.randomUUID();
    const ad = { ad_unit_id: UNIT, impression_id: impression, in_view_ms: 0, max_in_view_pct: 0, width: 300, height: 250, position_y: 1200 };
    rows.ad_events!.push({ ...same(2_000), ...ad, kind: 'impression' });
    if (next(3) > 0) rows.ad_events!.push({ ...same(3_500), ...ad, kind: 'viewable', in_view_ms: 1_200, max_in_view_pct: 80 });
    if (next(10) === 0) rows.ad_events!.push({ ...same(9_000), ...ad, kind: 'click' });
  }
  return rows;
}

/** A store that also keeps the raw rows of every query, in order. */
function recording(store: EventStore, answers: unknown[][]): EventStore {
  return {
    ...store,
    async query<Row>(...args: Parameters<EventStore['query']>): Promise<Row[]> {
      const rows = await store.query<Row>(...args);
      answers.push(rows);
      return rows;
    },
  };
}

/** What `read` returns from each engine, and the raw rows of every query it sent to each. */
async function onBoth<T>(read: (store: EventStore) => Promise<T>) {
  const answers = { server: [] as unknown[][], chdb: [] as unknown[][] };
  const server = await read(recording(adapter, answers.server));
  const embedded = await read(recording(chdb, answers.chdb));
  return { server, embedded, answers };
}

let dir: string;
let shim: ClickHouseShim;
let adapter: EventStore;
let chdb: EventStore;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'foldline-event-engines-'));
  shim = await startClickHouseShim({ dataDir: dir });
  adapter = await openEventStore({ dataDir: dir, clickhouseUrl: shim.url });
  chdb = openChdbStore(dir);
  // Written as the collector writes: the events, their page counts and heatmap cells, each table under a token.
  const rows = events();
  const all = { ...rows, page_events_log: pageCountsOf(rows), heatmap_cells_hourly: heatmapCellsOf(rows) };
  for (const [table, values] of Object.entries(all)) await adapter.insert(`foldline.${table}`, values, { deduplicationToken: `fixture:${table}` });
});
afterAll(async () => {
  await adapter.close();
  await chdb.close();
  await shim.close();
  rmSync(dir, { recursive: true, force: true });
});

const QUERIES: Record<string, AnalyticsQuery> = {
  'top pages': {
    metrics: ['sessions', 'events', 'avg_engagement_ms', 'avg_scroll_depth', 'viewability', 'ctr', 'ad_clicks'],
    dimensions: ['page_id'],
    filters: { websiteIds: [WEBSITE] },
    range: window(24 * 30),
    orderBy: [{ field: 'sessions', direction: 'desc' }],
    limit: 10,
  },
  'timeseries by day in the website’s zone, against the previous period': {
    metrics: ['pageviews', 'impressions', 'viewability', 'ctr'],
    dimensions: ['day'],
    filters: { websiteIds: [WEBSITE] },
    range: window(36),
    comparison: { start: new Date(NOW.getTime() - 72 * HOUR), end: new Date(NOW.getTime() - 36 * HOUR) },
    timezone: 'America/New_York',
  },
  'timeseries by hour, one device': {
    metrics: ['pageviews', 'sessions', 'events'],
    dimensions: ['hour'],
    filters: { websiteIds: [WEBSITE], device: 'mobile' },
    range: window(24),
  },
  'ad units per device with comparison': {
    metrics: ['impressions', 'viewable_impressions', 'ad_clicks', 'viewability'],
    dimensions: ['ad_unit_id', 'device'],
    filters: { websiteIds: [WEBSITE], pageIds: PAGES },
    range: window(24),
    comparison: { start: new Date(NOW.getTime() - 48 * HOUR), end: new Date(NOW.getTime() - 24 * HOUR) },
  },
};

describe('the same answers from a server as from chDB', () => {
  for (const [name, query] of Object.entries(QUERIES)) {
    it(name, async () => {
      const { server, embedded, answers } = await onBoth((store) => runQuery(store, query));
      expect(answers.server).toEqual(answers.chdb);
      expect(server).toEqual(embedded);
      expect(server.length).toBeGreaterThan(1);
    });
  }

  it('heatmap cells', async () => {
    const request = { websiteId: WEBSITE, pageId: PAGES[0]!, device: 'desktop' as const, range: window(72), detail: ['click', 'dwell'] as const, totals: ['fold', 'doc'] as const };
    const { server, embedded, answers } = await onBoth((store) => readCells(store, request));
    expect(answers.server).toEqual(answers.chdb);
    expect(server).toEqual(embedded);
    expect(server.length).toBeGreaterThan(2);
  });

  it("the engagement map's shares (raw spans and rests)", async () => {
    const request = { websiteId: WEBSITE, pageId: PAGES[0]!, device: 'desktop' as const, range: window(72) };
    const { server, embedded, answers } = await onBoth((store) => readEngagementShares(store, request));
    expect(answers.server).toEqual(answers.chdb);
    expect(server).toEqual(embedded);
    expect(server.readers).toBeGreaterThan(5);
  });

  it('the recommendations’ evidence', async () => {
    const range = window(72);
    const { server, embedded, answers } = await onBoth(async (store) => {
      const traffic = await readTraffic(store, [WEBSITE], PAGES, range);
      const units = await readUnitOutcomes(store, [WEBSITE], PAGES, range);
      const requests = traffic.map((row) => ({ ...row, websiteId: WEBSITE, probes: [{ y: 0, height: 600, share: 0.5 }, { y: 1200, height: 250, share: 0.3 }] }));
      const seen = await readSeenCounts(store, [WEBSITE], requests, range);
      // One statement per page and device, as when a website's many pages would overflow a server's URL: the same counts.
      const ordered = (counts: typeof seen) => counts.map((count) => JSON.stringify(count)).sort();
      expect(ordered(await readSeenCounts(store, [WEBSITE], requests, range, 1))).toEqual(ordered(seen));
      return { traffic, units, seen };
    });
    expect(answers.server).toEqual(answers.chdb);
    expect(server).toEqual(embedded);
    expect(server.seen.some((row) => row.seen > 0)).toBe(true);
  });

  it('the recommendations’ seen counts with the settled days kept, stored, and read back by a process that kept none', async () => {
    const range = window(72);
    // One at a time: both engines hold the same tables, so what one stores the other would read.
    for (const store of [adapter, chdb]) {
      await discardSeenDays(store, [WEBSITE]);
      const traffic = await readTraffic(store, [WEBSITE], PAGES, range);
      const requests = traffic.map((row) => ({ ...row, websiteId: WEBSITE, probes: [{ y: 0, height: 600, share: 0.5 }, { y: 1200, height: 250, share: 0.3 }] }));
      const seenOnes = (counts: ProbeCount[]) => counts.filter((count) => count.seen > 0).map((count) => JSON.stringify(count)).sort();
      const expected = seenOnes(await readSeenCounts(store, [WEBSITE], requests, range));
      expect(expected.length).toBeGreaterThan(2);
      expect(seenOnes(await seenCounts(store, [WEBSITE], requests, range))).toEqual(expected);
      forgetSeenDays(store);
      const [stored] = await store.query<{ n: number }>('SELECT count() AS n FROM foldline.seen_day_counts WHERE website_id = {website:UUID}', { website: WEBSITE });
      expect(Number(stored?.n)).toBe(requests.length * 2);
      expect(seenOnes(await seenCounts(store, [WEBSITE], requests, range))).toEqual(expected);
    }
  });
});
