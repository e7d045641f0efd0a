// A segment's pageviews read once a request (heatmaps/heatmap-segment.ts): the ids are the pageviews of the source that
// started in the period or the day before it, by the function's rules; bound into the statements, they give the same
// cells and engagement shares as the statements selecting the segment themselves (chDB, fixture events), the read's own
// fold and doc cells and pageview count included, with fewer statements; a segment past the bound leaves the statements
// to select it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TRAFFIC_SOURCES } from '@foldline/contracts';
import { openEventStore, toEventTime, trafficSourceOf, type EventStore } from '@foldline/event-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEngagementShares } from '../src/heatmaps/engagement-shares.ts';
import { compileCellsQuery, readCells } from '../src/heatmaps/heatmap-cells.ts';
import { wholeHours } from '../src/periods.ts';
import { MAX_BOUND_PAGEVIEWS, readSegmentPageviews, SEGMENT_LOOKBACK_MS } from '../src/heatmaps/heatmap-segment.ts';

const WEBSITE = '5e0c3a1b-7d2f-4c8e-9a61-2b4d6f8a0c13';
const PAGE = '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d';
const BUSY_PAGE = '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5e';
const HOUR = 3_600_000;
const NOW = new Date('2026-11-22T10:17:30.250Z');
const WEEK = { start: new Date(NOW.getTime() - 7 * 24 * HOUR), end: NOW };
const REFERRALS = [
  { referrer_host: 'google.com', utm_source: '', utm_medium: '' },
  { referrer_host: 'l.facebook.com', utm_source: '', utm_medium: '' },
  { referrer_host: '', utm_source: '', utm_medium: '' },
  { referrer_host: 'example.org', utm_source: '', utm_medium: '' },
  { referrer_host: '', utm_source: 'newsletter', utm_medium: 'social' },
];

interface Pageview {
  pageview_id: string;
  ts: number;
  device: string;
  browser: string;
  referral: (typeof REFERRALS)[number];
}

const fixture = (() => {
  let seed = 7;
  const next = (below: number) => ((seed = (seed * 48271) % 2147483647), seed % below);
  const pageviews: Pageview[] = [];
  for (let i = 0; i < 60; i += 1) {
    // Mostly in the week; some the day before it (their events still count), some earlier (theirs do not).
    const ago = i % 10 === 9 ? 7 * 24 * HOUR + next(20 * HOUR) : i % 13 === 12 ? 9 * 24 * HOUR : next(7 * 24 * HOUR - HOUR);
    pageviews.push({
      pageview_id: crypto.randomUUID(),
      ts: NOW.getTime() - ago,
      device: i % 4 === 3 ? 'mobile' : 'desktop',
      browser: i % 3 === 0 ? 'Firefox' : 'Chrome',
      referral: REFERRALS[i % REFERRALS.length]!,
    });
  }
  // Each pageview's events follow it by up to two days, so some of an earlier pageview's fall in the week.
  const later = (p: Pageview, k: number) => p.ts + (p.ts < WEEK.start.getTime() ? 30 * HOUR : 0) + k * 20_000 + next(10_000);
  const common = (p: Pageview, ts: number) => ({ website_id: WEBSITE, ts: toEventTime(ts), page_id: PAGE, pageview_id: p.pageview_id, session_id: p.pageview_id, device: p.device });
  const rows = {
    pageviews: pageviews.map((p) => ({
      ...common(p, p.ts),
      ...p.referral,
      visitor_id: 1,
      url_path: '/story',
      title: 'Story',
      utm_campaign: '',
      browser: p.browser,
      os: 'Linux',
      viewport_w: 1280,
      viewport_h: 700 + next(300),
      doc_h: 3000 + next(2000),
    })),
    clicks: pageviews.flatMap((p) =>
      Array.from({ length: next(4) }, (_, k) => ({ ...common(p, later(p, k)), viewport_w: 1280, doc_h: 4000, x: next(1280), y: next(4000), selector: `main>p:nth-of-type(${next(5)})`, offset_x: 0.5, offset_y: 0.25 })),
    ),
    viewport_spans: pageviews.flatMap((p) =>
      Array.from({ length: 1 + next(3) }, (_, k) => ({ ...common(p, later(p, k)), scroll_y: next(3000), viewport_h: 800, doc_h: 4000, duration_ms: 500 + next(30_000) })),
    ),
    attention: pageviews.flatMap((p) =>
      Array.from({ length: next(3) }, (_, k) => ({ ...common(p, later(p, k)), viewport_w: 1280, x: next(1280), y: next(4000), doc_h: 4000, weight_ms: 300 + next(4000) })),
    ),
    engagement: pageviews.flatMap((p) =>
      [0, 1].map((k) => ({ ...common(p, later(p, k)), engaged_ms: 1000, max_scroll_pct: 30 + k * 40, doc_h: 4000, is_first: k === 0 ? 1 : 0, scroll_gain: k === 0 ? 30 : 40 })),
    ),
  };
  return { pageviews, rows };
})();

describe("a segment's pageviews read once", () => {
  let dir: string;
  let store: EventStore;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'foldline-heatmap-segment-'));
    store = await openEventStore({ dataDir: dir });
    for (const [table, rows] of Object.entries(fixture.rows)) await store.insert(`foldline.${table}`, rows);
  }, 60_000);
  afterAll(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const where = { websiteId: WEBSITE, pageId: PAGE, device: 'desktop' as const };
  const hours = wholeHours(WEEK);

  it('are the pageviews of the source that started in the period or the day before it', async () => {
    for (const source of TRAFFIC_SOURCES) {
      const expected = fixture.pageviews.filter(
        (p) =>
          p.device === 'desktop' &&
          p.ts >= hours.start.getTime() - SEGMENT_LOOKBACK_MS &&
          p.ts < hours.end.getTime() &&
          trafficSourceOf({ referrerHost: p.referral.referrer_host, utmSource: p.referral.utm_source, utmMedium: p.referral.utm_medium }) === source,
      );
      expect(expected.length, source).toBeGreaterThan(2);
      const read = await readSegmentPageviews(store, { ...where, range: hours, segment: { source } });
      expect(read?.ids.sort()).toEqual(expected.map((p) => p.pageview_id).sort());
      expect(read?.pageviews).toBe(expected.filter((p) => p.ts >= hours.start.getTime()).length);
    }
  });

  it('give the same cells and engagement shares as the statements selecting the segment', async () => {
    for (const segment of [{ source: 'search' as const }, { source: 'social' as const, browser: 'chrome' }, { source: 'direct' as const }, { browser: 'Firefox' }]) {
      const ids = await readSegmentPageviews(store, { ...where, range: hours, segment });
      expect(ids?.ids.length).toBeGreaterThan(0);
      for (const kinds of [
        { detail: ['click'], totals: ['fold', 'doc'] },
        { detail: ['reach'], totals: ['fold', 'doc', 'click'] },
      ] as const) {
        const selected = await readCells(store, { ...where, range: WEEK, ...kinds, segment });
        const bound = await readCells(store, { ...where, range: WEEK, ...kinds, segment, segmentPageviews: ids! });
        expect(selected.length).toBeGreaterThan(1);
        expect(sorted(bound)).toEqual(sorted(selected));
      }
      const selected = await readEngagementShares(store, { ...where, range: WEEK, segment });
      const bound = await readEngagementShares(store, { ...where, range: WEEK, segment, segmentPageviews: ids! });
      expect(selected.readers).toBeGreaterThan(0);
      expect(bound.readers).toBe(selected.readers);
      bound.bands.forEach((share, band) => expect(share).toBeCloseTo(selected.bands[band]!, 12));
      expect(bound.rests.length).toBe(selected.rests.length);
      // The clicks counted with the shares are the map's click total.
      const [clicks] = (await readCells(store, { ...where, range: WEEK, detail: [], totals: ['click'], segment })).map((row) => row.value);
      const withClicks = await readEngagementShares(store, { ...where, range: WEEK, segment, segmentPageviews: ids!, withClicks: true });
      expect(withClicks.clicks).toBe(clicks);
      expect(withClicks.clicks).toBeGreaterThan(0);
      expect(withClicks.bands).toEqual(bound.bands);
    }
  });

  it("take the segment's fold and doc cells from the read, the other kinds in one statement", async () => {
    const segment = { source: 'search' as const };
    const read = await readSegmentPageviews(store, { ...where, range: hours, segment });
    const counted = counting(store);
    const totals = await readCells(counted.store, { ...where, range: WEEK, detail: [], totals: ['fold', 'doc'], segment, segmentPageviews: read! });
    expect(counted.statements()).toBe(0);
    expect(sorted(totals)).toEqual(sorted(await readCells(store, { ...where, range: WEEK, detail: [], totals: ['fold', 'doc'], segment })));
    expect(totals.find((row) => row.kind === 'fold')?.value).toBe(read!.pageviews);
    await readEngagementShares(counted.store, { ...where, range: WEEK, segment, segmentPageviews: read!, withClicks: true });
    expect(counted.statements()).toBe(1);
  });

  it('bind an empty list when the segment has no pageview', async () => {
    const ids = await readSegmentPageviews(store, { ...where, range: hours, segment: { source: 'search', browser: 'Opera' } });
    expect(ids).toEqual({ ids: [], pageviews: 0, cells: [] });
    expect(await readCells(store, { ...where, range: WEEK, detail: ['click'], totals: ['fold'], segment: { source: 'search', browser: 'Opera' }, segmentPageviews: ids! })).toEqual([]);
  });

  it('are left to each statement past the bound', async () => {
    const busy = Array.from({ length: MAX_BOUND_PAGEVIEWS + 1 }, (_, i) => ({
      website_id: WEBSITE,
      ts: toEventTime(NOW.getTime() - HOUR - i * 1000),
      page_id: BUSY_PAGE,
      pageview_id: crypto.randomUUID(),
      device: 'desktop',
      referrer_host: 'bing.com',
      browser: 'Chrome',
    }));
    await store.insert('foldline.pageviews', busy);
    expect(await readSegmentPageviews(store, { ...where, pageId: BUSY_PAGE, range: hours, segment: { source: 'search' } })).toBeUndefined();
  });
});

/** The store, and how many statements it has run through this wrapper since the last look. */
function counting(store: EventStore): { store: EventStore; statements: () => number } {
  let statements = 0;
  const wrapped: EventStore = {
    ...store,
    query: <Row,>(...args: Parameters<EventStore['query']>) => {
      statements += 1;
      return store.query<Row>(...args);
    },
  };
  return {
    store: wrapped,
    statements: () => {
      const seen = statements;
      statements = 0;
      return seen;
    },
  };
}

const sorted = <T extends { kind: string; selector: string; x: number; y: number; ox: number; oy: number }>(rows: T[]) =>
  [...rows].sort((a, b) => `${a.kind}|${a.selector}|${a.x}|${a.y}|${a.ox}|${a.oy}`.localeCompare(`${b.kind}|${b.selector}|${b.x}|${b.y}|${b.ox}|${b.oy}`));

describe('segmented heatmap statement', () => {
  const request = {
    websiteId: '0b7c0e5e-5d8f-4a53-9a43-3f1f1d0c9a11',
    pageId: '7d8f2c1a-2b3c-4d5e-8f90-1a2b3c4d5e6f',
    device: 'desktop' as const,
    range: { start: new Date('2026-11-15T10:17:30.250Z'), end: new Date('2026-11-22T10:17:30.250Z') },
    detail: ['click'] as const,
    totals: ['fold', 'doc'] as const,
  };

  it('reads the raw rows of the segment pageviews, over the same whole hours, and no rollup', () => {
    const { sql, params } = compileCellsQuery({ ...request, segment: { source: 'search', browser: 'Chrome' } });
    expect(sql).not.toMatch(/heatmap_cells_(hourly|daily)/);
    expect(sql).toMatch(/FROM foldline\.clicks WHERE .* AND pageview_id IN \(SELECT pageview_id FROM foldline\.pageview_segments/s);
    // The fold and page-height cells from the segment's rows of pageview_segments, the source as stored there.
    expect(sql).toMatch(/FROM foldline\.pageview_segments WHERE .* AND source = \{segmentSource:String\} AND lowerUTF8\(browser\) = \{segmentBrowser:String\}/s);
    expect(sql).not.toMatch(/FROM foldline\.pageviews\b/);
    expect(params).toMatchObject({ from: '2026-11-15 10:00:00.000', to: '2026-11-22 11:00:00.000', segmentFrom: '2026-11-14 10:00:00.000', segmentBrowser: 'chrome', segmentSource: 'search' });
  });

  it('keeps an empty segment on the rollups', () => {
    expect(compileCellsQuery({ ...request, segment: {} })).toEqual(compileCellsQuery(request));
    expect(compileCellsQuery(request).sql).toMatch(/heatmap_cells_daily/);
  });
});
