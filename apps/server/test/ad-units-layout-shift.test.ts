// GET /api/analytics/ad-units/figures: each unit's layout shift (issue 24) — its measured pageviews (Chromium's browsers
// report layout shift), the share in which it shifted the content and its p75 — and its time in view, for the rows of
// GET /api/analytics/ad-units, from beacons sent through the collector, against figures worked out by hand, and the
// same figures as page analytics' Ad experience card for the unit on a page.
import { randomUUID } from 'node:crypto';
import type { AdExperienceUnit, AdUnitFigures, AdUnitRow } from '@foldline/contracts';
import type { CollectEvent } from '@foldline/contracts/collect';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertWebsite, type FixtureWebsite } from './analytics-fixture.ts';
import { createTestApp, describeEachDialect, signUp, type TestApp } from './test-app.ts';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15';
// One GPT unit on both stories, one on the first only, one on the second only, and one that never filled.
const TOP = { key: 'div-gpt-ad-top', name: '/1/top', sel: '#div-gpt-ad-top', x: 0, y: 100, w: 728, h: 90 };
const SIDE = { key: 'div-gpt-ad-side', name: '/1/side', sel: '#div-gpt-ad-side', x: 800, y: 400, w: 300, h: 250 };
const RAIL = { key: 'div-gpt-ad-rail', name: '/1/rail', sel: '#div-gpt-ad-rail', x: 800, y: 2000, w: 300, h: 600 };
const FOOT = { key: 'div-gpt-ad-foot', name: '/1/foot', sel: '#div-gpt-ad-foot', x: 0, y: 3000, w: 728, h: 90 };
type Slot = typeof TOP;

/** A reader: the story, the browser, and per unit the shift each of its renders caused in the pageview (0: none). */
interface Reader {
  path: '/story' | '/other';
  ua: string;
  renders: Array<[Slot, number[]]>;
  empty?: Slot;
}
// Measured (Chrome) pageviews and the shift each unit caused in them:
// - top: on /story 0.1, 0.05 (two renders, 0.02 + 0.03), 0; on /other 0.3, 0. Over its five: shifted in 3 (60 %); sorted
//   0, 0, 0.05, 0.1, 0.3, and ClickHouse's quantileExact takes the value at rank ⌊0.75 n⌋ from 0: rank 3, 0.1. On /story
//   alone: 0, 0.05, 0.1 → rank 2, 0.1, two of three (66.7 %); on /other: 0, 0.3 → rank 1, 0.3, one of two (50 %).
// - side (on /story): 0, 0.2, 0 → one of three (33.3 %), p75 0.2.
// The Safari readers' shifts (0.4, 0.1: a real Safari reports none) are not counted: the rail unit, seen in Safari only,
// has no measured pageview; the foot unit never rendered.
const READERS: Reader[] = [
  { path: '/story', ua: CHROME, renders: [[TOP, [0.1]], [SIDE, [0]]], empty: FOOT },
  { path: '/story', ua: CHROME, renders: [[TOP, [0.02, 0.03]], [SIDE, [0.2]]] },
  { path: '/story', ua: CHROME, renders: [[TOP, [0]], [SIDE, [0]]] },
  { path: '/story', ua: SAFARI, renders: [[TOP, [0.4]], [SIDE, [0]]] },
  { path: '/other', ua: CHROME, renders: [[TOP, [0.3]]] },
  { path: '/other', ua: CHROME, renders: [[TOP, [0]]] },
  { path: '/other', ua: SAFARI, renders: [[TOP, [0]], [RAIL, [0.1]]] },
  { path: '/other', ua: SAFARI, renders: [[RAIL, [0]]] },
];

describeEachDialect('ad units: layout shift', (dialect) => {
  let t: TestApp;
  let app: FastifyInstance;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let stranger: Awaited<ReturnType<typeof signUp>>;
  let site: FixtureWebsite;
  let pages: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    app = t.app;
    owner = await signUp(app);
    stranger = await signUp(app);
    site = await insertWebsite(app, owner.user.user_id);
    const at = Date.now() - 3_600_000;
    for (const [i, reader] of READERS.entries()) {
      const events: CollectEvent[] = [{ k: 'pv', a: 0, t: reader.path, r: '', vw: 1280, vh: 800, dh: 4000 }];
      for (const [slot, shifts] of reader.renders) {
        for (const ls of shifts) {
          const imp = randomUUID();
          events.push({ k: 'ad', a: 0, slot, imp, ev: 'impression' });
          events.push({ k: 'ad', a: 0, slot, imp, ev: 'view_time', iv: 1000, mp: 100, ...(ls > 0 ? { ls } : {}) });
        }
      }
      if (reader.empty) events.push({ k: 'ad', a: 0, slot: reader.empty, imp: randomUUID(), ev: 'empty' });
      const beacon = { site: site.trackingCode, u: `https://${site.domain}${reader.path}`, pv: randomUUID(), sid: randomUUID(), vw: 1280, e: events };
      const result = await app.ingest.accept(beacon, { ip: `203.0.113.${i + 1}`, userAgent: reader.ua, receivedAt: at + i * 60_000 });
      expect(result.outcome).toBe('stored');
    }
    await app.ingest.flush?.();
    const rows = await app.metadata.db.selectFrom('pages').select(['id', 'url_path']).where('website_id', '=', site.id).execute();
    pages = Object.fromEntries(rows.map((row) => [row.url_path, row.id]));
  });
  afterAll(() => t?.close());

  const get = (url: string, auth?: { authorization: string }) => app.inject({ method: 'GET', url: `/api/analytics${url}`, ...(auth ? { headers: auth } : {}) });
  /** The figures of the rows of a screen of the table (`query`: its filters and paging), as the tab asks them. */
  const figuresOf = async (query: string): Promise<Array<AdUnitRow & AdUnitFigures>> => {
    const response = await get(`/ad-units?websiteId=${site.id}&period=day${query}`, owner.auth);
    expect(response.statusCode, response.body).toBe(200);
    const rows: AdUnitRow[] = response.json().ad_units;
    const page = /&pageId=[^&]+/.exec(query)?.[0] ?? '';
    const figures = await get(`/ad-units/figures?websiteId=${site.id}&period=day${page}&adUnitIds=${rows.map((row) => row.ad_unit_id).join(',')}`, owner.auth);
    expect(figures.statusCode, figures.body).toBe(200);
    const units: AdUnitFigures[] = figures.json().data.units;
    expect(units.map((unit) => unit.ad_unit_id)).toEqual(rows.map((row) => row.ad_unit_id));
    return rows.map((row, i) => ({ ...row, ...units[i]! }));
  };
  const unitsOf = async (query: string) => Object.fromEntries((await figuresOf(query)).map((unit) => [unit.unit_key, unit]));
  const shiftOf = (unit: Pick<AdUnitFigures, 'measured_pageviews' | 'shifting_pageviews' | 'layout_shift_p75'> | undefined) =>
    unit && { measured_pageviews: unit.measured_pageviews, shifting_pageviews: unit.shifting_pageviews, layout_shift_p75: unit.layout_shift_p75 };

  it('gives each unit its measured pageviews, the share it shifted and its p75 over every page, as worked out by hand', async () => {
    const units = await unitsOf('');
    expect(shiftOf(units[TOP.key])).toEqual({ measured_pageviews: 5, shifting_pageviews: 60, layout_shift_p75: 0.1 });
    expect(shiftOf(units[SIDE.key])).toEqual({ measured_pageviews: 3, shifting_pageviews: 33.3, layout_shift_p75: 0.2 });
    // Seen in Safari only, and never rendered: no measured pageview, no figures (the screen says why).
    expect(shiftOf(units[RAIL.key])).toEqual({ measured_pageviews: 0, shifting_pageviews: null, layout_shift_p75: null });
    expect(units[RAIL.key]!.impressions).toBe(2);
    expect(shiftOf(units[FOOT.key])).toEqual({ measured_pageviews: 0, shifting_pageviews: null, layout_shift_p75: null });
    expect(units[FOOT.key]!.impressions).toBe(0);
  });

  it('agrees with the Ad experience card for the same unit, page and period', async () => {
    for (const [path, expected] of [
      ['/story', { [TOP.key]: { measured_pageviews: 3, shifting_pageviews: 66.7, layout_shift_p75: 0.1 }, [SIDE.key]: { measured_pageviews: 3, shifting_pageviews: 33.3, layout_shift_p75: 0.2 } }],
      ['/other', { [TOP.key]: { measured_pageviews: 2, shifting_pageviews: 50, layout_shift_p75: 0.3 }, [RAIL.key]: { measured_pageviews: 0, shifting_pageviews: null, layout_shift_p75: null } }],
    ] as const) {
      const onPage = await unitsOf(`&pageId=${pages[path]}`);
      const card = await get(`/ad-experience?pageId=${pages[path]}&period=day&deviceType=all`, owner.auth);
      expect(card.statusCode, card.body).toBe(200);
      const cardUnits: AdExperienceUnit[] = card.json().data.units;
      for (const [key, figures] of Object.entries(expected)) {
        expect(shiftOf(onPage[key]), `${key} on ${path}`).toEqual(figures);
        const slot = onPage[key]!.pages[0]!.ad_unit_id;
        const inCard = cardUnits.find((unit) => unit.ad_unit_id === slot);
        expect({ shifting_pageviews: inCard?.shifting_pageviews, layout_shift_p75: inCard?.layout_shift_p75 }, `the card's ${key} on ${path}`).toEqual({
          shifting_pageviews: figures.shifting_pageviews,
          layout_shift_p75: figures.layout_shift_p75,
        });
      }
    }
  });

  it('reads the figures for the units on the screen: a page of one unit has its own', async () => {
    expect((await figuresOf('&sort=name&order=desc&limit=1')).map(shiftOf)).toEqual([{ measured_pageviews: 5, shifting_pageviews: 60, layout_shift_p75: 0.1 }]);
    expect((await figuresOf('&sort=name&order=desc&limit=1&offset=1')).map(shiftOf)).toEqual([{ measured_pageviews: 3, shifting_pageviews: 33.3, layout_shift_p75: 0.2 }]);
    // Time in view per impression: 1 s in each impression's one view_time row; a unit that never rendered has none.
    const units = await unitsOf('');
    expect([units[TOP.key]!.time_in_view, units[FOOT.key]!.time_in_view]).toEqual([1, null]);
  });

  it('answers 400 for bad input, 404 for another user\'s website, page or unit, and 401 without a token', async () => {
    const [top] = await figuresOf('&limit=1');
    const figures = (query: string, auth?: { authorization: string }) => get(`/ad-units/figures?${query}`, auth);
    expect((await figures(`websiteId=${site.id}`, owner.auth)).statusCode).toBe(400);
    expect((await figures(`websiteId=${site.id}&adUnitIds=${top!.ad_unit_id},nope`, owner.auth)).statusCode).toBe(400);
    expect((await figures(`websiteId=${site.id}&adUnitIds=${Array.from({ length: 101 }, () => top!.ad_unit_id).join(',')}`, owner.auth)).statusCode).toBe(400);
    expect((await figures(`websiteId=${site.id}&period=fortnight&adUnitIds=${top!.ad_unit_id}`, owner.auth)).statusCode).toBe(400);
    expect((await figures(`websiteId=${site.id}&adUnitIds=${top!.ad_unit_id}`, stranger.auth)).statusCode).toBe(404);
    const strangers = await insertWebsite(app, stranger.user.user_id);
    // Another website's unit, asked under one's own website; one's own unit under another's page.
    expect((await figures(`websiteId=${strangers.id}&adUnitIds=${top!.ad_unit_id}`, stranger.auth)).statusCode).toBe(404);
    expect((await figures(`websiteId=${site.id}&pageId=${randomUUID()}&adUnitIds=${top!.ad_unit_id}`, owner.auth)).statusCode).toBe(404);
    expect((await figures(`websiteId=${site.id}&adUnitIds=${top!.ad_unit_id}`)).statusCode).toBe(401);
    expect((await get(`/ad-units?websiteId=not-an-id`, owner.auth)).statusCode).toBe(400);
    expect((await get(`/ad-units?websiteId=${site.id}&pageId=not-an-id`, owner.auth)).statusCode).toBe(400);
    expect((await get(`/ad-units?websiteId=${site.id}&period=fortnight`, owner.auth)).statusCode).toBe(400);
    expect((await get(`/ad-units?websiteId=${site.id}`, stranger.auth)).statusCode).toBe(404);
    const theirs = await insertWebsite(app, stranger.user.user_id);
    expect((await get(`/ad-units?websiteId=${theirs.id}&pageId=${pages['/story']}`, stranger.auth)).statusCode).toBe(404);
    expect((await get(`/ad-units?websiteId=${site.id}`)).statusCode).toBe(401);
  });
});
