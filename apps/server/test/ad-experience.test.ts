// GET /api/analytics/ad-experience: fill, time in view, refreshes and layout shift per unit, and the page's layout
// shift from ads and from the rest, from beacons sent through the collector, against figures worked out by hand.
import { randomUUID } from 'node:crypto';
import type { CollectEvent } from '@foldline/contracts/collect';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertWebsite, type FixtureWebsite } from './analytics-fixture.ts';
import { createTestApp, describeEachDialect, signUp, type TestApp } from './test-app.ts';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15';
const TOP = { key: 'div-gpt-ad-top', name: '/1/top', sel: '#div-gpt-ad-top', x: 0, y: 100, w: 728, h: 90 };
const SIDE = { key: 'div-gpt-ad-side', name: '/1/side', sel: '#div-gpt-ad-side', x: 800, y: 400, w: 300, h: 250 };
const RAIL = { key: 'div-gpt-ad-rail', name: '/1/rail', sel: '#div-gpt-ad-rail', x: 800, y: 2000, w: 300, h: 600 };

/** One reader: the top unit's impressions (in view ms, viewable, the shift it caused), the side unit's, the page's shift. */
interface Reader {
  ua: string;
  top: Array<{ iv: number; viewable?: boolean; ls?: number }>;
  sideEmpty?: boolean;
  /** A rail unit that refreshes: its renders in order, each one's time in view (ms). */
  rail?: number[];
  pageShift: number;
}
// Four readers. The top unit: 5 renders (reader 1's refreshed once), in view 6 s, 2 s, 0 s, 9 s, 1 s; viewable: the
// 6 s, 2 s and 9 s ones. Its shifts: reader 1 0.12 (Chrome), reader 2 0.05 (Chrome), reader 3 0.3 (Safari: never
// reported by a real Safari, and not counted). The side unit: 4 renders, one of them empty. The rail unit refreshes: in
// reader 2's pageview a first render never in view, then one seen 4 s; in reader 4's one seen 3 s, then two never seen.
const READERS: Reader[] = [
  { ua: CHROME, top: [{ iv: 6000, viewable: true, ls: 0.12 }, { iv: 2000, viewable: true }], pageShift: 0.2 },
  { ua: CHROME, top: [{ iv: 0, ls: 0.05 }], rail: [0, 4000], pageShift: 0.05 },
  { ua: SAFARI, top: [{ iv: 9000, viewable: true, ls: 0.3 }], pageShift: 0.3 },
  { ua: CHROME, top: [{ iv: 1000 }], sideEmpty: true, rail: [3000, 0, 0], pageShift: 0 },
];

describeEachDialect('ad experience', (dialect) => {
  let t: TestApp;
  let app: FastifyInstance;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let stranger: Awaited<ReturnType<typeof signUp>>;
  let site: FixtureWebsite;
  let pageId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    app = t.app;
    owner = await signUp(app);
    stranger = await signUp(app);
    site = await insertWebsite(app, owner.user.user_id);
    const at = Date.now() - 3_600_000;
    for (const [i, reader] of READERS.entries()) {
      const base = { site: site.trackingCode, u: `https://${site.domain}/story`, pv: randomUUID(), sid: randomUUID(), vw: 1280 };
      const meta = { ip: `203.0.113.${i + 1}`, userAgent: reader.ua };
      const events: CollectEvent[] = [{ k: 'pv', a: 0, t: 'Story', r: '', vw: 1280, vh: 800, dh: 4000 }];
      for (const impression of reader.top) {
        const imp = randomUUID();
        events.push({ k: 'ad', a: 0, slot: TOP, imp, ev: 'impression' });
        if (impression.viewable) events.push({ k: 'ad', a: 0, slot: TOP, imp, ev: 'viewable', mp: 100 });
        // Time in view comes in pieces, one per flush.
        events.push({ k: 'ad', a: 0, slot: TOP, imp, ev: 'view_time', iv: impression.iv / 2, mp: 100, ...(impression.ls ? { ls: impression.ls } : {}) });
        events.push({ k: 'ad', a: 0, slot: TOP, imp, ev: 'view_time', iv: impression.iv / 2, mp: 100 });
      }
      events.push({ k: 'ad', a: 0, slot: SIDE, imp: randomUUID(), ev: reader.sideEmpty ? 'empty' : 'impression' });
      // Each refresh 30 s after the one before: the first render is the oldest event.
      for (const [n, iv] of (reader.rail ?? []).entries()) {
        const imp = randomUUID();
        const a = (reader.rail!.length - n) * 30_000;
        events.push({ k: 'ad', a, slot: RAIL, imp, ev: 'impression' });
        if (iv > 0) events.push({ k: 'ad', a: a - 1, slot: RAIL, imp, ev: 'view_time', iv, mp: 100 });
      }
      events.push({ k: 'eng', a: 0, ms: 5000, sd: 50, pd: -1, dh: 4000, ...(reader.pageShift ? { ls: reader.pageShift } : {}) });
      const result = await app.ingest.accept({ ...base, e: events }, { ...meta, receivedAt: at + i * 60_000 });
      expect(result.outcome).toBe('stored');
    }
    await app.ingest.flush?.();
    pageId = (await app.metadata.db.selectFrom('pages').select('id').where('website_id', '=', site.id).executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t?.close());

  const get = (url: string, auth?: { authorization: string }) => app.inject({ method: 'GET', url: `/api/analytics${url}`, ...(auth ? { headers: auth } : {}) });

  it('gives fill, time in view, refreshes and the layout shift each unit caused, as worked out by hand', async () => {
    const response = await get(`/ad-experience?pageId=${pageId}&period=day`, owner.auth);
    expect(response.statusCode, response.body).toBe(200);
    const { page, units } = response.json().data;
    // Three Chrome pageviews are measured; per pageview the ads' shift is 0.12, 0.05, 0 and the rest 0.08, 0, 0. The
    // 75th percentile is taken as ClickHouse's quantileExact does: the value at rank ⌊0.75 n⌋ (from 0) of the sorted ones.
    expect(page).toEqual({ pageviews: 4, measured_pageviews: 3, layout_shift_ads_p75: 0.12, layout_shift_other_p75: 0.08 });
    const top = units.find((unit: { name: string }) => unit.name.includes('top'));
    expect(top).toMatchObject({
      impressions: 5,
      empty: 0,
      fill_rate: 100,
      // (6 + 2 + 0 + 9 + 1) / 5; the viewable ones (6 + 2 + 9) / 3.
      time_in_view: 3.6,
      viewable_time: 5.7,
      // Two of five in view 5 s or more (6 s and 9 s).
      long_views: 40,
      // Five renders over four pageviews.
      renders_per_pageview: 1.25,
      // Of the three measured pageviews it shifted two (0.12, 0.05, 0).
      shifting_pageviews: 66.7,
      layout_shift_p75: 0.12,
      // It shifts the content, but over three measured pageviews: too few to tell a publisher to change the slot.
      reserve: null,
    });
    const side = units.find((unit: { name: string }) => unit.name.includes('side'));
    expect(side).toMatchObject({ impressions: 3, empty: 1, fill_rate: 75, renders_per_pageview: 1, refreshes: 0, unseen_refreshes: 0, shifting_pageviews: 0, layout_shift_p75: 0 });
    // Five renders in two pageviews: three refreshes, two of them never in view (a first render never seen is no refresh).
    const rail = units.find((unit: { name: string }) => unit.name.includes('rail'));
    expect(rail).toMatchObject({ impressions: 5, renders_per_pageview: 2.5, refreshes: 3, unseen_refreshes: 2 });
    expect(top).toMatchObject({ refreshes: 1, unseen_refreshes: 0 });
    // The Ad Units tab shows the same time in view per impression: 18 s over 5 for the top unit, 7 s over 5 for the rail.
    const tab = await get(`/ad-units?websiteId=${site.id}&period=day`, owner.auth);
    expect(tab.statusCode, tab.body).toBe(200);
    const rows: Array<{ ad_unit_id: string; name: string }> = tab.json().ad_units;
    const figures = await get(`/ad-units/figures?websiteId=${site.id}&period=day&adUnitIds=${rows.map((row) => row.ad_unit_id).join(',')}`, owner.auth);
    expect(figures.statusCode, figures.body).toBe(200);
    const inView = Object.fromEntries(figures.json().data.units.map((unit: { time_in_view: number | null }, i: number) => [rows[i]!.name, unit.time_in_view]));
    expect(inView).toMatchObject({ [top.name]: 3.6, [rail.name]: 1.4 });
  });

  it('tells a unit that shifts the content to reserve the tallest likely creative\'s height', async () => {
    // 40 Chrome readers of another story; its mid unit rendered 250 px tall for 33 of them, 280 px for 6 and 600 px for
    // one (2.5 %: not a likely creative), and moved the content below it for 10 (25 % of the measured pageviews).
    const MID = { key: 'div-gpt-ad-mid', name: '/1/mid', sel: '#div-gpt-ad-mid', x: 0, y: 900, w: 300, h: 250 };
    const at = Date.now() - 3_000_000;
    // Side by side, as readers' beacons arrive: group commit writes them together (one by one, each waits for its own
    // write). The unit keeps the fields of its latest sighting whatever the order (registry.ts).
    const beacons = Array.from({ length: 40 }, (_, i) => {
      const imp = randomUUID();
      const h = i < 33 ? 250 : i < 39 ? 280 : 600;
      const events: CollectEvent[] = [
        { k: 'pv', a: 0, t: 'Mid story', r: '', vw: 1280, vh: 800, dh: 4000 },
        { k: 'ad', a: 0, slot: { ...MID, h }, imp, ev: 'impression' },
        { k: 'ad', a: 0, slot: { ...MID, h }, imp, ev: 'view_time', iv: 1000, mp: 100, ...(i % 4 === 0 ? { ls: 0.06 } : {}) },
      ];
      const beacon = { site: site.trackingCode, u: `https://${site.domain}/mid-story`, pv: randomUUID(), sid: randomUUID(), vw: 1280, e: events };
      return app.ingest.accept(beacon, { ip: `198.51.100.${i + 1}`, userAgent: CHROME, receivedAt: at + i * 1000 });
    });
    expect((await Promise.all(beacons)).map((result) => result.outcome)).toEqual(Array.from({ length: 40 }, () => 'stored'));
    await app.ingest.flush?.();
    const page = await app.metadata.db.selectFrom('pages').select('id').where('website_id', '=', site.id).where('url_path', '=', '/mid-story').executeTakeFirstOrThrow();
    const response = await get(`/ad-experience?pageId=${page.id}&period=day`, owner.auth);
    expect(response.statusCode, response.body).toBe(200);
    const mid = response.json().data.units.find((unit: { name: string }) => unit.name.includes('mid'));
    expect(mid).toMatchObject({
      shifting_pageviews: 25,
      reserve: { height: 280, heights: [{ height: 250, share: 82.5 }, { height: 280, share: 15 }, { height: 600, share: 2.5 }] },
    });
  });

  it('filters by device, and answers 400, 404 and 401 as every analytics route', async () => {
    const phone = (await get(`/ad-experience?pageId=${pageId}&period=day&deviceType=mobile`, owner.auth)).json().data;
    expect(phone.page).toEqual({ pageviews: 0, measured_pageviews: 0, layout_shift_ads_p75: null, layout_shift_other_p75: null });
    expect(phone.units.every((unit: { impressions: number; fill_rate: number | null }) => unit.impressions === 0 && unit.fill_rate === null)).toBe(true);
    expect((await get(`/ad-experience?pageId=not-an-id`, owner.auth)).statusCode).toBe(400);
    expect((await get(`/ad-experience?pageId=${pageId}`, stranger.auth)).statusCode).toBe(404);
    expect((await get(`/ad-experience?pageId=${pageId}`)).statusCode).toBe(401);
  });
});
