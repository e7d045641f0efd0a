// The engagement map's weighting (issue 26): each pageview's share of its own time, averaged over the pageviews, so a
// long reader no longer outweighs a short one. Worked by hand on the function, then the statement against the function
// on chDB (the same figures, segmented or not, outside the period left out), and the statement as a snapshot.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openEventStore, toEventTime, type EventStore } from '@foldline/event-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileEngagementQuery, engagementSharesOf, MAX_REST_CELLS, readEngagementShares, type RestRow, type SpanRow } from '../src/heatmaps/engagement-shares.ts';
import { expectSameShares } from './support/engagement.ts';

const span = (pageview_id: string, scroll_y: number, duration_ms: number, viewport_h = 900, doc_h = 3000): SpanRow => ({ pageview_id, scroll_y, viewport_h, doc_h, duration_ms });
const rest = (pageview_id: string, x: number, y: number, weight_ms: number, viewport_w = 1280, doc_h = 3000): RestRow => ({ pageview_id, x, y, viewport_w, doc_h, weight_ms });
const range = (bands: readonly number[], from: number, to: number) => bands.slice(from, to + 1);

describe('engagementSharesOf', () => {
  it("counts each reader by the share of their own time, so a long reader does not outweigh a short one", () => {
    // The short reader: 5 s on the top screen (0–900 px of 3,000: bands 0–29). The long reader: 20 s there, then 80 s
    // on 2,000–2,900 px (bands 66–96), with a 4 s pointer rest at (240, 1,525).
    const shares = engagementSharesOf([span('short', 0, 5_000), span('long', 0, 20_000), span('long', 2_000, 80_000)], [rest('long', 240, 1525, 4_000)]);
    expect(shares.readers).toBe(2);
    // Top: (5/5 + 20/100) / 2 = 60 %. Lower: (0 + 80/100) / 2 = 40 %. Summing time instead would make the lower part
    // the hottest, 80 s against 25 s.
    expect(new Set(range(shares.bands, 0, 29))).toEqual(new Set([0.6]));
    expect(new Set(range(shares.bands, 66, 96))).toEqual(new Set([0.4]));
    expect(new Set([...range(shares.bands, 30, 65), ...range(shares.bands, 97, 99)])).toEqual(new Set([0]));
    // The rest: 4 s of the long reader's 100 s, over two readers: 2 %, at its 10 px cell and per mille of the page.
    expect(shares.rests).toEqual([{ viewportWidth: 1280, x: 245, yPerMille: 508, share: 0.02 }]);
  });

  it('gives a reader with pointer rests but no span its rests as its time, and ignores spans that say nothing', () => {
    const shares = engagementSharesOf(
      [span('a', 0, 0), span('b', 0, 3_000, 900, 0), span('c', 3_000, 2_000)],
      [rest('d', 100, 300, 1_000), rest('d', 500, 300, 3_000), rest('e', 100, 300, 500, 0)],
    );
    // Only d was timed: its rests are its 4 s.
    expect(shares.readers).toBe(1);
    expect(shares.bands.every((share) => share === 0)).toBe(true);
    expect(shares.rests).toEqual([
      { viewportWidth: 1280, x: 505, yPerMille: 100, share: 0.75 },
      { viewportWidth: 1280, x: 105, yPerMille: 100, share: 0.25 },
    ]);
  });

  it("counts a pageview open across midnight as a reader of each UTC day, with each day's share of that day's time", () => {
    const before = Date.parse('2026-11-20T23:59:50Z');
    const after = before + 20_000;
    // a: 5 s on the top screen before midnight, 15 s on 2,000–2,900 px after it; b: 10 s on the top screen after it.
    const shares = engagementSharesOf([{ ...span('a', 0, 5_000), ts: before }, { ...span('a', 2_000, 15_000), ts: after }, { ...span('b', 0, 10_000), ts: after }], []);
    expect(shares.readers).toBe(3);
    // Top: (1 + 0 + 1) / 3. Lower: (0 + 1 + 0) / 3. Counted as one reader, a would be 25 % and 75 %.
    expect(new Set(range(shares.bands, 0, 29)).size).toBe(1);
    expect(shares.bands[0]).toBeCloseTo(2 / 3, 12);
    expect(shares.bands[70]).toBeCloseTo(1 / 3, 12);
  });

  it('keeps each band at most the whole of a reader\'s time, with the bottom band covered', () => {
    // 10 s on the last screen of the page: bands 70–99, all of the reader's time.
    const shares = engagementSharesOf([span('a', 2_100, 10_000)], []);
    expect(new Set(range(shares.bands, 70, 99))).toEqual(new Set([1]));
    expect(shares.bands[69]).toBe(0);
    expect(engagementSharesOf([], [])).toEqual({ readers: 0, bands: new Array(100).fill(0), rests: [] });
  });
});

const WEBSITE = '0b7c0e5e-5d8f-4a53-9a43-3f1f1d0c9a11';
const PAGE = '7d8f2c1a-2b3c-4d5e-8f90-1a2b3c4d5e6f';
const OTHER_PAGE = '7d8f2c1a-2b3c-4d5e-8f90-1a2b3c4d5e70';
const NOW = new Date('2026-11-22T10:17:30.250Z');
const HOUR = 3_600_000;
const WEEK = { start: new Date(NOW.getTime() - 7 * 24 * HOUR), end: NOW };

type Stored = { page_id: string; device: string; ts: number; browser: string };
const fixture = (() => {
  let seed = 11;
  const next = (below: number) => ((seed = (seed * 48271) % 2147483647), seed % below);
  const spans: Array<SpanRow & Stored> = [];
  const rests: Array<RestRow & Stored> = [];
  const pageviews: Array<{ pageview_id: string } & Stored> = [];
  for (let i = 0; i < 40; i += 1) {
    // Mostly the page on desktop in the week; some on a phone, another page, or the week before.
    const stored: Stored = {
      page_id: i % 9 === 8 ? OTHER_PAGE : PAGE,
      device: i % 5 === 4 ? 'mobile' : 'desktop',
      ts: NOW.getTime() - (i % 11 === 10 ? 8 * 24 * HOUR : next(6 * 24 * HOUR)) - 60_000,
      browser: i % 3 === 0 ? 'Firefox' : 'Chrome',
    };
    const id = crypto.randomUUID();
    pageviews.push({ ...stored, pageview_id: id });
    const doc = 3000 + next(3000);
    for (let k = next(4); k >= 0; k -= 1) spans.push({ ...stored, ts: stored.ts + k * 1000, ...span(id, next(doc), 500 + next(60_000), 600 + next(400), doc) });
    for (let k = next(3); k > 0; k -= 1) rests.push({ ...stored, ts: stored.ts + k * 500, ...rest(id, next(1280), next(doc), 300 + next(5_000), 1280, doc) });
  }
  return { spans, rests, pageviews };
})();

const inWeek = <T extends Stored>(rows: readonly T[], browser?: string) =>
  rows.filter((row) => row.page_id === PAGE && row.device === 'desktop' && row.ts >= WEEK.start.getTime() - (WEEK.start.getTime() % HOUR) && row.ts < NOW.getTime() && (!browser || row.browser === browser));

describe('the statement', () => {
  let dir: string;
  let store: EventStore;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'foldline-engagement-'));
    store = await openEventStore({ dataDir: dir });
    const common = (row: Stored & { pageview_id: string }) => ({ website_id: WEBSITE, ts: toEventTime(row.ts), page_id: row.page_id, pageview_id: row.pageview_id, session_id: row.pageview_id, device: row.device });
    await store.insert('foldline.viewport_spans', fixture.spans.map((s) => ({ ...common(s), scroll_y: s.scroll_y, viewport_h: s.viewport_h, doc_h: s.doc_h, duration_ms: s.duration_ms })));
    await store.insert('foldline.attention', fixture.rests.map((r) => ({ ...common(r), x: r.x, y: r.y, viewport_w: r.viewport_w, doc_h: r.doc_h, weight_ms: r.weight_ms })));
    await store.insert(
      'foldline.pageviews',
      fixture.pageviews.map((p) => ({ ...common(p), visitor_id: 1, url_path: '/story', title: 'Story', referrer_host: '', utm_source: '', utm_medium: '', utm_campaign: '', browser: p.browser, os: 'Linux', viewport_w: 1280, viewport_h: 900, doc_h: 3000 })),
    );
  }, 60_000);
  afterAll(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const request = { websiteId: WEBSITE, pageId: PAGE, device: 'desktop' as const, range: WEEK };

  it("answers what the function answers over the page's rows of the device and period", async () => {
    const expected = engagementSharesOf(inWeek(fixture.spans), inWeek(fixture.rests));
    expect(expected.readers).toBeGreaterThan(15);
    expect(expected.rests.length).toBeGreaterThan(10);
    expectSameShares(await readEngagementShares(store, request), expected);
  });

  it("answers the same for a segment's pageviews", async () => {
    const expected = engagementSharesOf(inWeek(fixture.spans, 'Firefox'), inWeek(fixture.rests, 'Firefox'));
    expect(expected.readers).toBeGreaterThan(3);
    expectSameShares(await readEngagementShares(store, { ...request, segment: { browser: 'firefox' } }), expected);
    expect((await readEngagementShares(store, { ...request, segment: { browser: 'Opera' } })).readers).toBe(0);
  });

  it('reads raw rows of one page, device and whole hours, bounded in rests, with values bound', () => {
    const { sql, params } = compileEngagementQuery(request);
    expect(sql).toMatch(/FROM foldline\.viewport_spans/);
    expect(sql).toMatch(/FROM foldline\.attention/);
    expect(sql).not.toContain(PAGE);
    expect(params).toMatchObject({ pageId: PAGE, from: '2026-11-15 10:00:00.000', to: '2026-11-22 11:00:00.000', maxRests: MAX_REST_CELLS });
    expect({ sql, params }).toMatchSnapshot();
    expect(compileEngagementQuery({ ...request, segment: { source: 'search' } }).sql).toMatch(/pageview_id IN \(SELECT pageview_id FROM foldline\.pageview_segments/);
  });
});
