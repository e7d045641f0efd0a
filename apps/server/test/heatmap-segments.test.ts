// Heatmap segments and comparison (issue 26), from beacons sent through the collector against figures worked out by
// hand: each traffic source and browser narrows the click, scroll and engagement maps, the element list and the
// segment counts; the four sources add up to the unsegmented maps (raw rows and rollups agree); the previous period is
// its own map; bad segment values 400, another user's page 404, no token 401.
import { randomUUID } from 'node:crypto';
import type { ClickedElementsResponse, CollectEvent, HeatmapSegmentsResponse, PointHeatmapResponse, ScrollHeatmapResponse } from '@foldline/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DAY, insertWebsite, type FixtureWebsite } from './analytics-fixture.ts';
import { createTestApp, describeEachDialect, signUp, type TestApp } from './test-app.ts';

const UA = {
  chrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  safari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
} as const;
const SIDE = { key: 'div-gpt-ad-side', name: '/1/side', sel: '#div-gpt-ad-side', x: 900, y: 400, w: 300, h: 250 };

const click = (s: string, x = 500, y = 700): CollectEvent => ({ k: 'click', a: 0, x, y, vw: 1280, dh: 4000, s, ox: 0.5, oy: 0.5 });
const reach = (sd: number): CollectEvent => ({ k: 'eng', a: 0, ms: 3000, sd, pd: -1, dh: 4000 });

interface Reader {
  /** The query string of the page's address (UTM parameters). */
  query?: string;
  referrer?: string;
  ua: keyof typeof UA;
  events: CollectEvent[];
  /** Days before now the beacon arrived (8: the previous week). */
  daysAgo?: number;
  width?: number;
}

// Desktop readers of the last week, one per line: source, browser, clicks.
const READERS: Reader[] = [
  // search (referrer), Chrome: 2 clicks on the button; reached 50 %; the viewport 8 s on the top 800 px (bands 0–19).
  { referrer: 'https://www.google.co.uk/', ua: 'chrome', events: [click('#subscribe', 600, 300), click('#subscribe', 600, 300), reach(50), { k: 'span', a: 0, y: 0, vh: 800, dh: 4000, d: 8000 }] },
  // search (tagged: a search source, whatever the medium), Firefox: 1 click on the button; reached 100 %.
  { query: '?utm_source=bing&utm_medium=cpc', ua: 'firefox', events: [click('#subscribe', 600, 300), reach(100)] },
  // social (referrer), Chrome: 1 click on the heading; reached 20 %; the viewport 5 s on 2,000–2,800 px (bands 50–69).
  { referrer: 'https://l.facebook.com/', ua: 'chrome', events: [click('main>h2'), reach(20), { k: 'span', a: 0, y: 2000, vh: 800, dh: 4000, d: 5000 }] },
  // social (tagged medium, though the source is a newsletter and the referrer a search engine), Safari: 1 click.
  { query: '?utm_source=newsletter&utm_medium=social', referrer: 'https://duckduckgo.com/', ua: 'safari', events: [click('main>p', 400, 900), reach(20)] },
  // referral, Firefox: 2 clicks on the paragraph; a 4 s pointer rest.
  { referrer: 'https://example.org/blog/post', ua: 'firefox', events: [click('main>p', 400, 900), click('main>p', 400, 900), reach(20), { k: 'att', a: 0, x: 640, y: 2000, vw: 1280, w: 4000, dh: 4000 }] },
  // direct, Chrome: 1 click on the button and 1 on the ad.
  { ua: 'chrome', events: [click('#subscribe', 600, 300), reach(20), { k: 'ad', a: 0, slot: SIDE, imp: 'x', ev: 'impression' }, { k: 'ad', a: 0, slot: SIDE, imp: 'x', ev: 'click' }] },
  // A phone reader from search: not on the desktop maps.
  { referrer: 'https://www.google.com/', ua: 'chrome', width: 390, events: [{ k: 'click', a: 0, x: 100, y: 700, vw: 390, dh: 4000, s: '#subscribe', ox: 0.5, oy: 0.5 }] },
  // The week before, direct, Chrome: 4 clicks on the button.
  { ua: 'chrome', daysAgo: 8, events: [click('#subscribe', 600, 300), click('#subscribe', 600, 300), click('#subscribe', 600, 300), click('#subscribe', 600, 300), reach(100)] },
];

describeEachDialect('heatmap segments', (dialect) => {
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
    for (const [i, reader] of READERS.entries()) {
      const width = reader.width ?? 1280;
      const imp = randomUUID();
      const events: CollectEvent[] = [
        { k: 'pv', a: 0, t: 'Story', r: reader.referrer ?? '', vw: width, vh: 800, dh: 4000 },
        ...reader.events.map((e) => (e.k === 'ad' ? { ...e, imp } : e)),
      ];
      const payload = { site: site.trackingCode, u: `https://${site.domain}/story${reader.query ?? ''}`, pv: randomUUID(), sid: randomUUID(), vw: width, e: events };
      const receivedAt = Date.now() - (reader.daysAgo ?? 0) * DAY - 3_600_000 + i * 60_000;
      const result = await app.ingest.accept(payload, { ip: `203.0.113.${i + 1}`, userAgent: UA[reader.ua], receivedAt });
      expect(result.outcome).toBe('stored');
    }
    await app.ingest.flush?.();
    pageId = (await app.metadata.db.selectFrom('pages').select('id').where('website_id', '=', site.id).executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t?.close());

  const get = (path: string, auth: { authorization: string } | null = owner.auth) =>
    app.inject({ method: 'GET', url: `/api/analytics/${path}`, ...(auth ? { headers: auth } : {}) });
  const json = async <T>(path: string): Promise<T> => {
    const response = await get(path);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  const map = (type: 'click' | 'engagement', segment = '') => json<PointHeatmapResponse>(`heatmap/${type}?pageId=${pageId}&period=week&deviceType=desktop${segment}`);
  const scroll = (segment = '') => json<ScrollHeatmapResponse>(`heatmap/scroll?pageId=${pageId}&period=week&deviceType=desktop${segment}`);
  const sum = (points: readonly { value: number }[]) => points.reduce((total, point) => total + point.value, 0);

  it('narrows the click map to each traffic source and browser', async () => {
    const all = await map('click');
    expect(all.meta).toMatchObject({ pageviews: 6, clicks: 8 });
    expect(all.meta.segment).toBeUndefined();
    const cases: [string, number, number][] = [
      ['&source=search', 2, 3],
      ['&source=social', 2, 2],
      ['&source=referral', 1, 2],
      ['&source=direct', 1, 1],
      ['&browser=Chrome', 3, 4],
      ['&browser=chrome', 3, 4],
      ['&browser=Firefox', 2, 3],
      ['&browser=Safari', 1, 1],
      ['&source=search&browser=Firefox', 1, 1],
      ['&source=direct&browser=Firefox', 0, 0],
      ['&browser=Opera', 0, 0],
    ];
    for (const [segment, pageviews, clicks] of cases) {
      const body = await map('click', segment);
      expect(body.meta, segment).toMatchObject({ pageviews, clicks });
      expect(sum(body.data), segment).toBe(clicks);
    }
    const search = await map('click', '&source=search');
    expect(search.meta.segment).toEqual({ source: 'search' });
    // The search readers' three clicks are all on the button, at one spot.
    expect(search.data).toHaveLength(1);
    expect(search.data[0]).toMatchObject({ value: 3 });
    expect((await map('click', '&source=direct&browser=Firefox')).data).toEqual([]);
  });

  it('adds the four sources up to the unsegmented maps: raw rows read as the rollups are', async () => {
    const sources = ['search', 'social', 'direct', 'referral'];
    const clickMaps = await Promise.all(sources.map((source) => map('click', `&source=${source}`)));
    const all = await map('click');
    expect(clickMaps.reduce((total, m) => total + m.meta.pageviews, 0)).toBe(all.meta.pageviews);
    expect(clickMaps.reduce((total, m) => total + sum(m.data), 0)).toBe(sum(all.data));
    const scrolls = await Promise.all(sources.map((source) => scroll(`&source=${source}`)));
    const allScroll = await scroll();
    for (let depth = 0; depth <= 100; depth++) {
      expect(scrolls.reduce((total, s) => total + (s.data[depth]?.count ?? 0), 0), `depth ${depth}`).toBe(allScroll.data[depth]!.count);
    }
    // Engagement figures are averages over each map's timed pageviews: weighted by them, the sources make up the whole.
    const engagement = await Promise.all(sources.map((source) => map('engagement', `&source=${source}`)));
    const allEngagement = await map('engagement');
    expect(engagement.reduce((total, m) => total + (m.meta.timedPageviews ?? 0), 0)).toBe(allEngagement.meta.timedPageviews);
    const weighted = (m: PointHeatmapResponse) => sum(m.data) * (m.meta.timedPageviews ?? 0);
    expect(engagement.reduce((total, m) => total + weighted(m), 0)).toBeCloseTo(weighted(allEngagement), 9);
  });

  it('narrows the scroll and engagement maps', async () => {
    const search = await scroll('&source=search');
    const at = (depth: number) => search.data[depth]!.count;
    // Reached 50 % and 100 %.
    expect([at(0), at(50), at(51), at(100)]).toEqual([2, 2, 1, 1]);
    expect(search.meta).toMatchObject({ pageviews: 2, maxValue: 2, segment: { source: 'search' } });
    expect((await scroll('&browser=Opera')).data).toEqual([]);

    // The search readers: one spent its 8 s on the top 800 px of a 4,000 px page (bands 0–19), all of its time; the
    // other has no time measured. So 100 % on those bands, nothing below, over 1 timed pageview of 2.
    const searchDwell = await map('engagement', '&source=search');
    expect(searchDwell.meta).toMatchObject({ pageviews: 2, timedPageviews: 1 });
    expect(new Set(searchDwell.data.map((p) => p.value))).toEqual(new Set([1]));
    expect(Math.max(...searchDwell.data.map((p) => p.y))).toBeLessThanOrEqual(800);
    // The social readers: one spent its 5 s on 2,000–2,800 px.
    const socialDwell = await map('engagement', '&source=social');
    expect(socialDwell.meta).toMatchObject({ pageviews: 2, timedPageviews: 1, maxValue: 1 });
    expect(Math.min(...socialDwell.data.map((p) => p.y))).toBeGreaterThanOrEqual(2000);
    // The referral reader's pointer rest, its only measured time: all of it, and no viewport dwell.
    expect((await map('engagement', '&source=referral')).data.map((p) => p.value)).toEqual([1]);
  });

  it('compares with the previous period: its own map, segmented or not', async () => {
    const previous = await map('click', '&window=previous');
    expect(previous.meta).toMatchObject({ pageviews: 1, clicks: 4, maxValue: 4 });
    // The week before the current one (each request has its own "now", a moment later).
    const current = await map('click');
    const [start, end] = [previous.meta.timeRange.start, previous.meta.timeRange.end].map((time) => new Date(time).getTime()) as [number, number];
    expect(end - start).toBe(7 * DAY);
    expect(new Date(current.meta.timeRange.start).getTime() - end).toBeGreaterThanOrEqual(0);
    expect(new Date(current.meta.timeRange.start).getTime() - end).toBeLessThan(10_000);
    expect((await map('click', '&window=previous&source=direct')).meta).toMatchObject({ pageviews: 1, clicks: 4 });
    expect((await map('click', '&window=previous&source=search')).meta).toMatchObject({ pageviews: 0, clicks: 0 });
    expect((await scroll('&window=previous')).data[100]!.count).toBe(1);
    const elements = await json<ClickedElementsResponse>(`clicked-elements?pageId=${pageId}&period=week&deviceType=desktop&window=previous&source=direct`);
    expect(elements.data).toMatchObject({ pageviews: 1, clicks: 4, elements: [{ selector: '#subscribe', clicks: 4, click_share: 100 }] });
  });

  it("narrows the element list, the ad unit's clicks included", async () => {
    const list = (segment: string) => json<ClickedElementsResponse>(`clicked-elements?pageId=${pageId}&period=week&deviceType=desktop${segment}`);
    const search = (await list('&source=search')).data;
    expect(search).toMatchObject({ pageviews: 2, clicks: 3, more: 0 });
    expect(search.elements).toHaveLength(1);
    expect(search.elements[0]).toMatchObject({ selector: '#subscribe', clicks: 3, click_share: 100, pageviews: 2, pageview_share: 100 });
    const direct = (await list('&source=direct')).data;
    expect(direct).toMatchObject({ pageviews: 1, clicks: 2 });
    expect(direct.elements.map((e) => [e.kind === 'ad' ? e.label : e.selector, e.clicks, e.click_share])).toEqual(
      expect.arrayContaining([
        ['#subscribe', 1, 50],
        ['/1/side', 1, 50],
      ]),
    );
    const firefox = (await list('&browser=Firefox')).data;
    expect(firefox).toMatchObject({ pageviews: 2, clicks: 3 });
    expect(firefox.elements.map((e) => [e.selector, e.clicks, e.pageviews, e.pageview_share])).toEqual([
      ['main>p', 2, 1, 50],
      ['#subscribe', 1, 1, 50],
    ]);
    expect((await list('&browser=Opera')).data).toEqual({ pageviews: 0, clicks: 0, elements: [], more: 0 });
  });

  it("reads a segment's pageviews once a request, in two statements for each map and the element list", async () => {
    // On the embedded engine each statement costs some 15–25 ms before it reads anything (heatmaps/heatmap-segment.ts).
    const events = app.events;
    const query = events.query.bind(events);
    let statements = 0;
    events.query = ((...args: Parameters<typeof query>) => ((statements += 1), query(...args))) as typeof events.query;
    const counted = async (path: string) => {
      statements = 0;
      await json(path);
      return statements;
    };
    try {
      for (const segment of ['&source=social', '&browser=Chrome', '&source=search&browser=Chrome']) {
        for (const type of ['click', 'scroll', 'engagement']) expect(await counted(`heatmap/${type}?pageId=${pageId}&period=week&deviceType=desktop${segment}`), `${type} ${segment}`).toBe(2);
        expect(await counted(`clicked-elements?pageId=${pageId}&period=week&deviceType=desktop${segment}`), segment).toBe(2);
      }
    } finally {
      events.query = query;
    }
  });

  it('counts the pageviews of each source and browser for the selectors', async () => {
    const { data } = await json<HeatmapSegmentsResponse>(`heatmap-segments?pageId=${pageId}&period=week&deviceType=desktop`);
    expect(data).toEqual({
      pageviews: 6,
      sources: [
        { source: 'search', pageviews: 2 },
        { source: 'social', pageviews: 2 },
        { source: 'direct', pageviews: 1 },
        { source: 'referral', pageviews: 1 },
      ],
      browsers: [
        { browser: 'Chrome', pageviews: 3 },
        { browser: 'Firefox', pageviews: 2 },
        { browser: 'Safari', pageviews: 1 },
      ],
    });
    const phone = (await json<HeatmapSegmentsResponse>(`heatmap-segments?pageId=${pageId}&period=week&deviceType=mobile`)).data;
    expect(phone).toMatchObject({ pageviews: 1, browsers: [{ browser: 'Chrome', pageviews: 1 }] });
    expect(phone.sources.find((s) => s.source === 'search')).toEqual({ source: 'search', pageviews: 1 });
  });

  it('answers bad segment values with 400 and a message, on every route that takes them', async () => {
    const cases: [string, string][] = [
      [`heatmap/click?pageId=${pageId}&source=email`, 'source must be one of: search, social, direct, referral'],
      [`heatmap/scroll?pageId=${pageId}&browser=`, 'browser must be a browser name such as Chrome'],
      [`heatmap/engagement?pageId=${pageId}&browser=${'x'.repeat(65)}`, 'browser must be at most 64 characters'],
      [`heatmap/click?pageId=${pageId}&window=last`, 'window must be one of: current, previous'],
      [`clicked-elements?pageId=${pageId}&source=Search`, 'source must be one of'],
      [`clicked-elements?pageId=${pageId}&browser=%20`, 'browser must be a browser name such as Chrome'],
      [`heatmap-segments?pageId=${pageId}&period=year`, 'period must be one of: day, week, month, quarter'],
      ['heatmap-segments?pageId=42', 'pageId must be a valid id'],
    ];
    for (const [path, message] of cases) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().error.message, path).toContain(message);
    }
  });

  it("answers another user's page like a missing one, and no token with 401", async () => {
    const paths = [`heatmap/click?pageId=${pageId}&source=search`, `heatmap/scroll?pageId=${pageId}&browser=Chrome&window=previous`, `clicked-elements?pageId=${pageId}&source=social`, `heatmap-segments?pageId=${pageId}`];
    for (const path of paths) {
      const response = await get(path, stranger.auth);
      expect(response.statusCode, path).toBe(404);
      expect(response.json()).toEqual({ error: { message: 'Page not found' } });
      expect((await get(path, null)).statusCode, path).toBe(401);
    }
    expect((await get(`heatmap-segments?pageId=${randomUUID()}`)).statusCode).toBe(404);
  });
});
