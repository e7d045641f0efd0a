// Heatmap cells: the writer's form (heatmapCellsOf) and the SQL form (migration 017's, for bulk loads and rebuilds)
// give the same cells for the same events; the daily tier follows the hourly one; a window rebuild keeps both equal
// to the raw rows.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EventStore } from '../src/event-store.ts';
import { HEATMAP_CELLS_TABLE, HEATMAP_DAILY_TABLE, HEATMAP_SOURCE_TABLES, heatmapCellsInsertSql, heatmapCellsOf } from '../src/heatmap-cells.ts';
import { deleteWebsiteEventsBetween } from '../src/website-data.ts';
import { createTestStore, describeEachEngine, type TestStore } from './support/test-stores.ts';

const WEBSITE = '00000000-0000-4000-8000-000000000001';
const PAGE = '00000000-0000-4000-8000-000000000002';
const SESSION = '00000000-0000-4000-8000-000000000003';
const PV = ['00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-0000000000a3'];

const common = (pv: number, ts: string, device = 'desktop') => ({ website_id: WEBSITE, ts, page_id: PAGE, pageview_id: PV[pv], session_id: SESSION, device });

/** Three pageviews over two days, on awkward numbers: offsets that are not exact in Float32, spans past the page's
 * end, a page shorter than its viewport, a depth gain of nothing. */
const EVENTS = {
  pageviews: [
    { ...common(0, '2026-11-01 10:00:00.000'), visitor_id: 1, url_path: '/a', title: 'A', referrer_host: '', utm_source: '', utm_medium: '', utm_campaign: '', browser: 'Chrome', os: 'Linux', viewport_w: 1280, viewport_h: 800, doc_h: 4000 },
    { ...common(1, '2026-11-01 10:59:59.999', 'mobile'), visitor_id: 2, url_path: '/a', title: 'A', referrer_host: '', utm_source: '', utm_medium: '', utm_campaign: '', browser: 'Safari', os: 'iOS', viewport_w: 390, viewport_h: 844, doc_h: 7000 },
    { ...common(2, '2026-11-02 08:30:00.000'), visitor_id: 3, url_path: '/a', title: 'A', referrer_host: '', utm_source: '', utm_medium: '', utm_campaign: '', browser: 'Chrome', os: 'Linux', viewport_w: 1920, viewport_h: 1000, doc_h: 900 },
  ],
  engagement: [
    { ...common(0, '2026-11-01 10:00:05.000'), engaged_ms: 4000, max_scroll_pct: 20, doc_h: 4000, is_first: 1, scroll_gain: 20 },
    { ...common(0, '2026-11-01 10:00:20.000'), engaged_ms: 9000, max_scroll_pct: 55, doc_h: 4000, is_first: 0, scroll_gain: 35 },
    { ...common(0, '2026-11-01 10:00:35.000'), engaged_ms: 3000, max_scroll_pct: 55, doc_h: 4000, is_first: 0, scroll_gain: 0 },
    { ...common(1, '2026-11-01 11:00:10.000', 'mobile'), engaged_ms: 2000, max_scroll_pct: 100, doc_h: 7000, is_first: 1, scroll_gain: 100 },
    { ...common(2, '2026-11-02 08:30:05.000'), engaged_ms: 1000, max_scroll_pct: 100, doc_h: 900, is_first: 1, scroll_gain: 100 },
  ],
  viewport_spans: [
    { ...common(0, '2026-11-01 10:00:00.000'), scroll_y: 0, viewport_h: 800, doc_h: 4000, duration_ms: 5000 },
    { ...common(0, '2026-11-01 10:00:05.000'), scroll_y: 1399, viewport_h: 800, doc_h: 4000, duration_ms: 12000 },
    { ...common(0, '2026-11-01 10:00:17.000'), scroll_y: 3700, viewport_h: 800, doc_h: 4000, duration_ms: 700 },
    { ...common(1, '2026-11-01 11:00:00.000', 'mobile'), scroll_y: 6999, viewport_h: 844, doc_h: 7000, duration_ms: 300 },
    { ...common(2, '2026-11-02 08:30:00.000'), scroll_y: 0, viewport_h: 1000, doc_h: 900, duration_ms: 2500 },
  ],
  clicks: [
    { ...common(0, '2026-11-01 10:00:07.000'), viewport_w: 1280, doc_h: 4000, x: 640, y: 1500, selector: '#lead-story', offset_x: 0.29, offset_y: 0.335 },
    { ...common(0, '2026-11-01 10:00:09.000'), viewport_w: 1280, doc_h: 4000, x: 641, y: 1501, selector: '#lead-story', offset_x: 0.29, offset_y: 0.335 },
    { ...common(1, '2026-11-01 11:00:05.000', 'mobile'), viewport_w: 390, doc_h: 7000, x: 389, y: 6999, selector: 'body>div:nth-of-type(2)', offset_x: 1, offset_y: 0.999 },
  ],
  attention: [
    { ...common(0, '2026-11-01 10:00:12.000'), viewport_w: 1280, x: 300, y: 1700, weight_ms: 2400, doc_h: 4000 },
    // Sent by a tracker from before `dh`: it stays out of the map.
    { ...common(0, '2026-11-01 10:00:14.000'), viewport_w: 1280, x: 310, y: 1710, weight_ms: 900, doc_h: 0 },
  ],
};

type Cell = Record<string, unknown>;
const keyOf = (c: Cell) => [c.website_id, String(c.hour).slice(0, 19), c.page_id, c.device, c.kind, c.selector, c.ox, c.oy, c.x, c.y].join('|');
// Cells that sum to nothing are no cells (the SummingMergeTree drops them too).
const asMap = (cells: Cell[]) => new Map(cells.filter((c) => Number(c.value) !== 0).map((c) => [keyOf(c), Number(c.value)]));
const CELL_SELECT = `SELECT toString(website_id) AS website_id, toString(hour) AS hour, toString(page_id) AS page_id, device, kind, selector, ox, oy, x, y, sum(value) AS value
  FROM ${HEATMAP_CELLS_TABLE} GROUP BY website_id, hour, page_id, device, kind, selector, ox, oy, x, y HAVING value != 0`;

describeEachEngine('heatmap cells', (engine) => {
  let test: TestStore;
  let store: EventStore;

  beforeAll(async () => {
    test = await createTestStore(engine);
    store = test.store;
    for (const [table, rows] of Object.entries(EVENTS)) await store.insert(`foldline.${table}`, rows);
  });
  afterAll(() => test.close());

  it('the writer and the SQL form give the same cells', async () => {
    for (const table of HEATMAP_SOURCE_TABLES) await store.command(heatmapCellsInsertSql(table));
    const fromSql = asMap(await store.query<Cell>(CELL_SELECT));
    const fromWriter = asMap(heatmapCellsOf(EVENTS));
    expect(fromSql).toEqual(fromWriter);
  });

  it('places each kind as migration 017 says', () => {
    const cells = heatmapCellsOf(EVENTS);
    const of = (kind: string, device = 'desktop') => cells.filter((c) => c.kind === kind && c.device === device);
    // Two clicks on one element at one offset and nearly one place: one cell of two.
    expect(of('click')).toEqual([expect.objectContaining({ selector: '#lead-story', ox: 28, oy: 33, x: 500, y: 375, value: 2 })]);
    expect(of('click', 'mobile')).toEqual([expect.objectContaining({ ox: 100, oy: 99, x: 997, y: 999, value: 1 })]);
    expect(of('attention')).toEqual([expect.objectContaining({ x: 234, y: 425, value: 2400 })]);
    // Dwell as differences: the first span covers bands 0–19 (+5 s at 0, -5 s at 20 %); the one at 3,700 px runs past
    // the end, so nothing takes it off again.
    const dwell = new Map(of('dwell').filter((c) => c.hour.startsWith('2026-11-01')).map((c) => [c.y, c.value]));
    expect(dwell).toEqual(new Map([[0, 5000], [200, -5000], [340, 12000], [550, -12000], [920, 700]]));
    // Reach of the first pageview: 0–20 %, then 21–55 % (its -1 and +1 at 21 cancel); the update without a gain adds
    // nothing.
    const reach = of('reach').filter((c) => c.hour.startsWith('2026-11-01'));
    expect(new Map(reach.map((c) => [c.y, c.value]))).toEqual(new Map([[0, 1], [21, 0], [56, -1]]));
    expect(of('fold').map((c) => [c.y, c.value])).toEqual([[20, 1], [100, 1]]);
    expect(of('doc').reduce((sum, c) => sum + c.value, 0)).toBe(4900);
  });

  it('the daily tier holds the sums of the hourly one', async () => {
    const daily = await store.query<{ day: string; kind: string; value: string }>(
      `SELECT toString(day) AS day, kind, sum(value) AS value FROM ${HEATMAP_DAILY_TABLE} GROUP BY day, kind ORDER BY day, kind`,
    );
    const hourly = await store.query<{ day: string; kind: string; value: string }>(
      `SELECT toString(toDate(hour)) AS day, kind, sum(value) AS value FROM ${HEATMAP_CELLS_TABLE} GROUP BY day, kind ORDER BY day, kind`,
    );
    expect(daily).toEqual(hourly);
    expect(daily.length).toBeGreaterThan(0);
  });

  it('a window rebuild leaves both tiers equal to the cells of the raw rows that remain', async () => {
    await deleteWebsiteEventsBetween(store, WEBSITE, '2026-11-01 10:59:00.000', '2026-11-01 12:00:00.000');
    const remaining = Object.fromEntries(
      Object.entries(EVENTS).map(([table, rows]) => [table, rows.filter((row) => row.ts < '2026-11-01 10:59:00.000' || row.ts >= '2026-11-01 12:00:00.000')]),
    );
    expect(asMap(await store.query<Cell>(CELL_SELECT))).toEqual(asMap(heatmapCellsOf(remaining)));
    const daily = await store.query<{ kind: string; value: string }>(`SELECT kind, sum(value) AS value FROM ${HEATMAP_DAILY_TABLE} GROUP BY kind ORDER BY kind`);
    const expected = new Map<string, number>();
    for (const cell of heatmapCellsOf(remaining)) expected.set(cell.kind, (expected.get(cell.kind) ?? 0) + cell.value);
    expect(new Map(daily.map((row) => [row.kind, Number(row.value)]))).toEqual(new Map([...expected].filter(([, value]) => value !== 0)));
  });
});
