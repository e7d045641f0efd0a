// A heatmap look with its settled days kept (kept-sums.ts) and its open part counted from raw rows in the process
// (heatmaps/open-rows.ts) gives the cells and engagement shares one statement over the whole range gives: on the first
// look (settled days read beside the open rows) and later ones (the open rows alone, plain reads), unsegmented and of
// segments, with a reader whose pageview crosses the midnight where the kept days end; a scope with more raw rows than
// a look reads is counted by the statement, and left to it after. On every engine.
import { heatmapCellsOf, HEATMAP_CELLS_TABLE, toEventTime, type EventStore } from '@foldline/event-store';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestStore, describeEachEngine, type TestStore } from '../../event-store/test/support/test-stores.ts';
import { QUERY_OPTIONS } from '../src/execute.ts';
import { readEngagementShares, sharesRead } from '../src/heatmaps/engagement-shares.ts';
import { cellsRead, readCells, type CellRow, type CellsRequest } from '../src/heatmaps/heatmap-cells.ts';
import { readSegmentPageviews } from '../src/heatmaps/heatmap-segment.ts';
import { OPEN_ROWS_MAX } from '../src/heatmaps/open-rows.ts';
import { forgetKeptSums } from '../src/kept-sums.ts';
import { wholeHours } from '../src/periods.ts';
import { queryTogether } from '../src/together.ts';
import { expectSameShares } from './support/engagement.ts';

const WEBSITE = '5e0c3a1b-7d2f-4c8e-9a61-2b4d6f8a0c21';
const PAGE = '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c61';
const BUSY_PAGE = '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c62';
const HOUR = 3_600_000;
const NOW = new Date('2026-11-22T10:17:30.250Z');
/** A week's whole hours: settled days 16–20 November, the open part the 15th from 10:00 and the 21st to now. */
const RANGE = wholeHours({ start: new Date(NOW.getTime() - 7 * 24 * HOUR), end: NOW });
const KEPT_END = Date.parse('2026-11-21T00:00:00Z');
const REFERRERS = ['google.com', 'l.facebook.com', '', 'example.org'];

/** Pageviews over the week on two devices, from four sources in two browsers, each with clicks, engagement, viewport
 * spans and pointer rests over the next minutes; one reader's spans either side of the midnight the kept days end. */
function fixture(page: string) {
  let seed = 5;
  const next = (below: number) => ((seed = (seed * 48271) % 2147483647), seed % below);
  const rows: Record<string, Record<string, unknown>[]> = { pageviews: [], clicks: [], viewport_spans: [], attention: [], engagement: [] };
  for (let i = 0; i < 80; i += 1) {
    const id = crypto.randomUUID();
    const at = i === 0 ? KEPT_END - 30_000 : RANGE.start.getTime() + 60_000 + next(7 * 24 * HOUR - 2 * HOUR);
    const common = (ts: number) => ({ website_id: WEBSITE, ts: toEventTime(ts), page_id: page, pageview_id: id, session_id: id, device: i % 4 === 3 ? 'mobile' : 'desktop' });
    const referrer = REFERRERS[i % REFERRERS.length]!;
    rows.pageviews!.push({ ...common(at), referrer_host: referrer, utm_source: '', utm_medium: '', utm_campaign: '', visitor_id: 1, url_path: '/story', title: 'Story', browser: i % 3 === 0 ? 'Firefox' : 'Chrome', os: 'Linux', viewport_w: 1280, viewport_h: 700 + next(300), doc_h: 3000 + next(2000) });
    for (let k = 0; k < 1 + next(3); k += 1) rows.clicks!.push({ ...common(at + 5_000 + k * 20_000), viewport_w: 1280, doc_h: 4000, x: next(1280), y: next(4000), selector: `main>p:nth-of-type(${next(5)})`, offset_x: 0.5, offset_y: 0.25 });
    // The first reader's spans are 25 s apart from 30 s before midnight: either side of it.
    for (let k = 0; k < 2 + next(2); k += 1) rows.viewport_spans!.push({ ...common(at + 10_000 + k * 25_000), scroll_y: next(3000), viewport_h: 800, doc_h: 4000, duration_ms: 500 + next(30_000) });
    for (let k = 0; k < next(3); k += 1) rows.attention!.push({ ...common(at + 15_000 + k * 25_000), viewport_w: 1280, x: next(1280), y: next(4000), doc_h: 4000, weight_ms: 300 + next(4000) });
    for (const k of [0, 1]) rows.engagement!.push({ ...common(at + 20_000 + k * 30_000), engaged_ms: 1000, max_scroll_pct: 30 + k * 40 + next(20), doc_h: 4000, is_first: k === 0 ? 1 : 0, scroll_gain: k === 0 ? 30 : 40 });
  }
  return rows;
}

describeEachEngine('a heatmap look from kept days and open raw rows', (engine) => {
  let test: TestStore;
  let store: EventStore;
  const statements: string[] = [];
  let watched: EventStore;

  const write = async (rows: Record<string, Record<string, unknown>[]>) => {
    for (const [table, list] of Object.entries(rows)) await store.insert(`foldline.${table}`, list);
    // As the collector writes them: the heatmap cells of the same rows (the daily tier follows by its view).
    await store.insert(HEATMAP_CELLS_TABLE, heatmapCellsOf(rows));
  };

  beforeAll(async () => {
    test = await createTestStore(engine);
    store = test.store;
    watched = { ...store, engine: store.engine, query: (sql, params, options) => (statements.push(sql), store.query(sql, params, options)) };
    await write(fixture(PAGE));
  });
  afterAll(() => test.close());

  const where = { websiteId: WEBSITE, pageId: PAGE, device: 'desktop' as const, range: RANGE };
  const MAPS = [
    ['click map', { detail: ['click'], totals: ['fold', 'doc'] }],
    ['scroll map', { detail: ['reach'], totals: ['fold', 'doc', 'click'] }],
    ['engagement map', { detail: [], totals: ['fold', 'doc', 'click'] }],
  ] as const;
  const SEGMENTS = [undefined, { source: 'search' as const }, { source: 'direct' as const, browser: 'chrome' }, { browser: 'Firefox' }];

  /** A look as the heatmap route makes it: its statements sent together, then its cells. */
  const lookAtCells = async (request: CellsRequest) => {
    statements.length = 0;
    const read = cellsRead(watched, request, NOW);
    const cells = await read.cells(await queryTogether(watched, read.statements, QUERY_OPTIONS));
    return { cells: sorted(cells), sent: read.statements.map((statement) => statement.sql) };
  };

  it.each(MAPS)("gives the %s's cells of the whole range, unsegmented and of segments", async (_, kinds) => {
    forgetKeptSums(watched);
    for (const segment of SEGMENTS) {
      const segmentPageviews = segment && (await readSegmentPageviews(store, { ...where, segment }));
      const request: CellsRequest = { ...where, ...kinds, ...(segment ? { segment, segmentPageviews: segmentPageviews! } : {}) };
      const whole = sorted(await readCells(store, request));
      expect(whole.length, JSON.stringify(segment)).toBeGreaterThan(0);
      const first = await lookAtCells(request);
      expect(first.cells).toEqual(whole);
      const later = await lookAtCells(request);
      expect(later.cells).toEqual(whole);
      // Later looks read plain rows: no grouping to plan.
      expect(later.sent.length).toBeGreaterThan(0);
      expect(later.sent.length).toBeLessThan(first.sent.length);
      for (const sql of later.sent) expect(sql).not.toMatch(/GROUP BY/);
    }
  });

  const lookAtShares = async (request: Parameters<typeof sharesRead>[1]) => {
    statements.length = 0;
    const read = sharesRead(watched, request, NOW);
    return { shares: await read.shares(await queryTogether(watched, read.statements, QUERY_OPTIONS)), sent: read.statements.map((statement) => statement.sql) };
  };

  it('gives the engagement shares of the whole range, with a reader either side of the kept days\' end', async () => {
    forgetKeptSums(watched);
    for (const segment of SEGMENTS) {
      const segmentPageviews = segment && (await readSegmentPageviews(store, { ...where, segment }));
      const request = { ...where, ...(segment ? { segment, segmentPageviews: segmentPageviews!, withClicks: true } : {}) };
      const whole = await readEngagementShares(store, request);
      expect(whole.readers, JSON.stringify(segment)).toBeGreaterThan(1);
      const first = await lookAtShares(request);
      expectSameShares(first.shares, whole);
      const later = await lookAtShares(request);
      expectSameShares(later.shares, whole);
      for (const sql of later.sent) expect(sql).not.toMatch(/GROUP BY/);
    }
    // The reader across midnight is a reader of each day: one more than its pageviews.
    const [counted] = await store.query<{ n: string }>(
      "SELECT count(DISTINCT pageview_id) AS n FROM foldline.viewport_spans WHERE page_id = {page:UUID} AND device = 'desktop' AND ts >= {from:DateTime64(3, 'UTC')} AND ts < {to:DateTime64(3, 'UTC')}",
      { page: PAGE, from: toEventTime(RANGE.start), to: toEventTime(RANGE.end) },
    );
    expect((await readEngagementShares(store, where)).readers).toBe(Number(counted!.n) + 1);
  });

  it('counts an open part of more rows than a look reads by the statement, and leaves that scope to it after', async () => {
    const busy = { ...where, pageId: BUSY_PAGE };
    const today = Date.parse('2026-11-22T01:00:00Z');
    const many = Array.from({ length: OPEN_ROWS_MAX + 1 }, (_, i) => {
      const id = crypto.randomUUID();
      return { website_id: WEBSITE, ts: toEventTime(today + i * 1000), page_id: BUSY_PAGE, pageview_id: id, session_id: id, device: 'desktop', viewport_w: 1280, doc_h: 4000, x: i % 1280, y: i % 4000, selector: '#cta', offset_x: 0.5, offset_y: 0.5 };
    });
    await write({ ...fixture(BUSY_PAGE), clicks: many });
    const request: CellsRequest = { ...busy, detail: ['click'], totals: ['fold', 'doc'] };
    const whole = sorted(await readCells(store, request));
    const first = await lookAtCells(request);
    expect(first.cells).toEqual(whole);
    // The open part's statement was sent after the plain reads found too many rows.
    expect(statements.filter((sql) => /GROUP BY/.test(sql))).toHaveLength(2);
    const later = await lookAtCells(request);
    expect(later.cells).toEqual(whole);
    expect(later.sent).toHaveLength(1);
    expect(later.sent[0]).toMatch(/GROUP BY/);
  });
});

function sorted(cells: readonly CellRow[]): CellRow[] {
  const key = (c: CellRow) => `${c.kind}|${c.selector}|${c.ox}|${c.oy}|${c.x}|${c.y}`;
  return [...cells].sort((a, b) => key(a).localeCompare(key(b)));
}
