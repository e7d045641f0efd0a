// GET /api/analytics/clicked-elements: the element list beside the click map, from beacons sent through the collector,
// against counts worked out by hand — clicks, shares, rage clicks (3 within 1 s and 30 px, and not 3 spread over
// 1.6 s), an ad unit's estimated clicks under its name; bad input 400, another user's page 404, no token 401. Dead
// clicks (the tracker's flag) per element, and the list and the click map narrowed to dead or rage clicks (`only`).
import { randomUUID } from 'node:crypto';
import type { ClickedElementsResponse, CollectEvent, PointHeatmapResponse } from '@foldline/contracts';
import { nameOf } from '@foldline/analytics/heatmaps/clicked-elements';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWebsite, type FixtureWebsite } from './analytics-fixture.ts';
import { createTestApp, describeEachDialect, signUp, type TestApp } from './test-app.ts';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const SIDE = { key: 'div-gpt-ad-side', name: '/1/side', sel: '#div-gpt-ad-side', x: 900, y: 400, w: 300, h: 250 };

/** A click `age` ms before the beacon at (x, y) on `s`. */
const click = (s: string, age: number, x = 500, y = 700): CollectEvent => ({ k: 'click', a: age, x, y, vw: 1280, dh: 4000, s, ox: 0.5, oy: 0.5 });
/** The same, flagged dead by the tracker. */
const dead = (s: string, age: number, x = 500, y = 700): CollectEvent => ({ ...click(s, age, x, y), dd: 1 } as CollectEvent);
// Four readers. The subscribe button: readers 1–3, once each. The heading: reader 1 three times in 600 ms on one spot
// (a rage burst). A paragraph: reader 2 three times, 800 ms apart (1.6 s: no rage). A link: reader 3. An ad: reader 4.
const READERS: CollectEvent[][] = [
  [click('#subscribe', 5000, 600, 300), click('main>h2', 600), click('main>h2', 300, 505, 704), click('main>h2', 0, 498, 702)],
  [click('#subscribe', 5000, 600, 300), click('main>p', 1600, 400, 900), click('main>p', 800, 400, 900), click('main>p', 0, 400, 900)],
  [click('#subscribe', 5000, 600, 300), click('main>p>a>span', 0, 450, 950)],
  [{ k: 'ad', a: 1000, slot: SIDE, imp: 'x', ev: 'impression' }, { k: 'ad', a: 0, slot: SIDE, imp: 'x', ev: 'click' }],
];

describeEachDialect('clicked elements', (dialect) => {
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
    for (const [i, clicks] of READERS.entries()) {
      const imp = randomUUID();
      const events: CollectEvent[] = [{ k: 'pv', a: 10_000, t: 'Story', r: '', vw: 1280, vh: 800, dh: 4000 }, ...clicks.map((e) => (e.k === 'ad' ? { ...e, imp } : e))];
      const payload = { site: site.trackingCode, u: `https://${site.domain}/story`, pv: randomUUID(), sid: randomUUID(), vw: 1280, e: events };
      const result = await app.ingest.accept(payload, { ip: `203.0.113.${i + 1}`, userAgent: CHROME, receivedAt: at + i * 60_000 });
      expect(result.outcome).toBe('stored');
    }
    await app.ingest.flush?.();
    pageId = (await app.metadata.db.selectFrom('pages').select('id').where('website_id', '=', site.id).executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t?.close());

  const get = (query: string, auth: { authorization: string } | null = owner.auth) =>
    app.inject({ method: 'GET', url: `/api/analytics/clicked-elements?${query}`, ...(auth ? { headers: auth } : {}) });

  it('lists the clicked elements by clicks, with their shares and rage clicks, and the ad unit under its name', async () => {
    const response = await get(`pageId=${pageId}&period=day&deviceType=desktop`);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json() as ClickedElementsResponse;
    // 3 + 3 + 3 + 1 page clicks and 1 ad click; 4 pageviews.
    expect(data).toMatchObject({ pageviews: 4, clicks: 11, more: 0 });
    const bySelector = Object.fromEntries(data.elements.map((e) => [e.selector, e]));
    expect(bySelector['#subscribe']).toMatchObject({ label: '#subscribe', clicks: 3, click_share: 27.3, pageviews: 3, pageview_share: 75, rage_pageviews: 0 });
    expect(bySelector['main>h2']).toMatchObject({ label: '<h2>', kind: 'heading', clicks: 3, pageviews: 1, pageview_share: 25, rage_pageviews: 1 });
    expect(bySelector['main>p']).toMatchObject({ clicks: 3, rage_pageviews: 0 });
    expect(bySelector['main>p>a>span']).toMatchObject({ clicks: 1, kind: 'other' });
    const ad = data.elements.find((e) => e.kind === 'ad');
    expect(ad).toMatchObject({ label: '/1/side', clicks: 1, click_share: 9.1, pageviews: 1, selector: '#div-gpt-ad-side' });
    expect(ad?.ad_unit_id).toEqual(expect.any(String));
    // Most clicked first.
    expect(data.elements.map((e) => e.clicks)).toEqual([...data.elements.map((e) => e.clicks)].sort((a, b) => b - a));
  });

  it('has nothing on a device without clicks, and answers 400, 404 and 401 as every analytics route', async () => {
    const phone = (await get(`pageId=${pageId}&period=day&deviceType=mobile`)).json() as ClickedElementsResponse;
    expect(phone.data).toEqual({ pageviews: 0, clicks: 0, elements: [], more: 0 });
    expect((await get('pageId=not-an-id')).statusCode).toBe(400);
    expect((await get(`pageId=${pageId}&period=year`)).statusCode).toBe(400);
    expect((await get(`pageId=${pageId}&source=email`)).statusCode).toBe(400);
    expect((await get(`pageId=${pageId}&source=search`, stranger.auth)).statusCode).toBe(404);
    expect((await get(`pageId=${pageId}`, stranger.auth)).statusCode).toBe(404);
    expect((await get(`pageId=${pageId}`, null)).statusCode).toBe(401);
  });
});

// Another page of four readers, for dead and rage clicks.
// - Reader 1: the heading three times in 600 ms on one spot (a rage burst), each dead; the menu once, dead.
// - Reader 2: the heading once, dead; the paragraph three times 800 ms apart (no burst), the first dead.
// - Reader 3: the subscribe button; the heading once, which changed something (flagged 0).
// - Reader 4: the paragraph once, then four times in 600 ms (one burst of four clicks: the first of the five is not in it).
// Hand-counted:
//   heading    5 clicks, 3 pageviews; dead 4 in 2 pageviews; rage 1 pageview; rage-burst clicks 3 (reader 1)
//   paragraph  8 clicks, 2 pageviews; dead 1 in 1;           rage 1 pageview; rage-burst clicks 4 (reader 4)
//   menu       1 click; dead 1 in 1.  subscribe: 1 click, nothing dead.
//   Dead clicks in all: 6 (heading 4, paragraph 1, menu 1); rage-burst clicks: 7.
const DEAD_READERS: CollectEvent[][] = [
  [dead('main>h2', 3000), dead('main>h2', 2400, 503, 698), dead('main>h2', 2100, 498, 705), dead('#menu', 0, 40, 20)],
  [dead('main>h2', 5000), dead('main>p', 1600, 400, 900), click('main>p', 800, 400, 900), click('main>p', 0, 400, 900)],
  [click('#subscribe', 5000, 600, 300), { ...click('main>h2', 0), dd: 0 } as CollectEvent],
  [click('main>p', 5000, 420, 910), click('main>p', 600, 400, 900), click('main>p', 400, 410, 905), click('main>p', 200, 405, 900), click('main>p', 0, 400, 895)],
];

describeEachDialect('dead and rage clicks', (dialect) => {
  let t: TestApp;
  let app: FastifyInstance;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let stranger: Awaited<ReturnType<typeof signUp>>;
  let pageId: string;
  let firstPageId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    app = t.app;
    owner = await signUp(app);
    stranger = await signUp(app);
    const site = await insertWebsite(app, owner.user.user_id);
    const at = Date.now() - 3_600_000;
    const send = async (path: string, readers: CollectEvent[][]) => {
      for (const [i, clicks] of readers.entries()) {
        const imp = randomUUID();
        const events: CollectEvent[] = [{ k: 'pv', a: 10_000, t: 'Story', r: '', vw: 1280, vh: 800, dh: 4000 }, ...clicks.map((e) => (e.k === 'ad' ? { ...e, imp } : e))];
        const payload = { site: site.trackingCode, u: `https://${site.domain}${path}`, pv: randomUUID(), sid: randomUUID(), vw: 1280, e: events };
        const result = await app.ingest.accept(payload, { ip: `203.0.113.${i + 1}`, userAgent: CHROME, receivedAt: at + i * 60_000 });
        expect(result.outcome).toBe('stored');
      }
    };
    await send('/dead', DEAD_READERS);
    await send('/story', READERS);
    await app.ingest.flush?.();
    const pages = await app.metadata.db.selectFrom('pages').select(['id', 'url_path']).where('website_id', '=', site.id).execute();
    pageId = pages.find((p) => p.url_path === '/dead')!.id;
    firstPageId = pages.find((p) => p.url_path === '/story')!.id;
  });
  afterAll(() => t?.close());

  const get = (path: string, query: string, auth: { authorization: string } | null = owner.auth) =>
    app.inject({ method: 'GET', url: `/api/analytics/${path}?${query}`, ...(auth ? { headers: auth } : {}) });
  const list = async (query: string) => {
    const response = await get('clicked-elements', `pageId=${pageId}&period=day&deviceType=desktop${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as ClickedElementsResponse;
    return { ...body, bySelector: Object.fromEntries(body.data.elements.map((e) => [e.selector, e])) };
  };

  it("gives each element its dead clicks and the pageviews with one, whatever the filter", async () => {
    const { data, meta, bySelector } = await list('');
    expect(meta.only).toBeUndefined();
    expect(data).toMatchObject({ pageviews: 4, clicks: 15, more: 0 });
    expect(bySelector['main>h2']).toMatchObject({ clicks: 5, pageviews: 3, rage_pageviews: 1, dead_clicks: 4, dead_pageviews: 2 });
    expect(bySelector['main>p']).toMatchObject({ clicks: 8, pageviews: 2, rage_pageviews: 1, dead_clicks: 1, dead_pageviews: 1 });
    expect(bySelector['#menu']).toMatchObject({ clicks: 1, dead_clicks: 1, dead_pageviews: 1, rage_pageviews: 0 });
    expect(bySelector['#subscribe']).toMatchObject({ clicks: 1, dead_clicks: 0, dead_pageviews: 0 });
  });

  it('narrows the list to dead clicks: counts and shares of those clicks only', async () => {
    const { data, meta, bySelector } = await list('&only=dead');
    expect(meta.only).toBe('dead');
    expect(data).toMatchObject({ pageviews: 4, clicks: 6, more: 0 });
    expect(Object.keys(bySelector).sort()).toEqual(['#menu', 'main>h2', 'main>p']);
    expect(data.elements[0]!.selector).toBe('main>h2');
    // 4 of 6 dead clicks, in 2 of 4 pageviews; the element's own figures are of all its clicks.
    expect(bySelector['main>h2']).toMatchObject({ clicks: 4, click_share: 66.7, pageviews: 2, pageview_share: 50, dead_clicks: 4, dead_pageviews: 2, rage_pageviews: 1 });
    expect(bySelector['main>p']).toMatchObject({ clicks: 1, click_share: 16.7, pageviews: 1, pageview_share: 25, dead_clicks: 1 });
    expect(bySelector['#menu']).toMatchObject({ clicks: 1, click_share: 16.7, pageviews: 1, pageview_share: 25 });
  });

  it("narrows the list to rage clicks: every click of a burst, no other, and no ad unit", async () => {
    const { data, meta, bySelector } = await list('&only=rage');
    expect(meta.only).toBe('rage');
    expect(data).toMatchObject({ pageviews: 4, clicks: 7, more: 0 });
    expect(Object.keys(bySelector).sort()).toEqual(['main>h2', 'main>p']);
    // Reader 4's burst of four, not the click 5 s before it; reader 2's three clicks over 1.6 s are no burst.
    expect(bySelector['main>p']).toMatchObject({ clicks: 4, click_share: 57.1, pageviews: 1, pageview_share: 25, rage_pageviews: 1, dead_clicks: 1 });
    expect(bySelector['main>h2']).toMatchObject({ clicks: 3, click_share: 42.9, pageviews: 1, rage_pageviews: 1, dead_clicks: 4 });
    // The first page's ad unit (estimated clicks) is left out; its heading's burst stays.
    const first = (await get('clicked-elements', `pageId=${firstPageId}&period=day&deviceType=desktop&only=rage`)).json() as ClickedElementsResponse;
    expect(first.data.elements.map((e) => [e.selector, e.clicks])).toEqual([['main>h2', 3]]);
  });

  it('narrows the click map the same way', async () => {
    const map = async (query: string) => {
      const response = await get('heatmap/click', `pageId=${pageId}&period=day&deviceType=desktop${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as PointHeatmapResponse;
    };
    const all = await map('');
    expect(all.meta).toMatchObject({ clicks: 15, pageviews: 4 });
    expect(all.meta.only).toBeUndefined();
    const deadMap = await map('&only=dead');
    expect(deadMap.meta).toMatchObject({ clicks: 6, pageviews: 4, only: 'dead' });
    expect(deadMap.data.reduce((sum, p) => sum + p.value, 0)).toBe(6);
    const rageMap = await map('&only=rage');
    expect(rageMap.meta).toMatchObject({ clicks: 7, pageviews: 4, only: 'rage' });
    expect(rageMap.data.reduce((sum, p) => sum + p.value, 0)).toBe(7);
    // With a segment too: every reader came direct.
    expect((await map('&only=dead&source=direct')).meta).toMatchObject({ clicks: 6, segment: { source: 'direct' } });
    expect((await map('&only=dead&source=search')).meta).toMatchObject({ clicks: 0, pageviews: 0 });
  });

  it('answers 400 for a bad filter or one on a map without clicks, 404 for another user, 401 without a token', async () => {
    for (const path of ['clicked-elements', 'heatmap/click']) {
      const bad = await get(path, `pageId=${pageId}&only=angry`);
      expect(bad.statusCode, path).toBe(400);
      expect(bad.json().error.message, path).toMatch(/only must be one of: dead, rage/);
      expect((await get(path, `pageId=${pageId}&only=`)).statusCode, path).toBe(400);
      expect((await get(path, `pageId=${pageId}&only=dead`, stranger.auth)).statusCode, path).toBe(404);
      expect((await get(path, `pageId=${pageId}&only=rage`, null)).statusCode, path).toBe(401);
    }
    for (const type of ['scroll', 'engagement']) {
      const response = await get(`heatmap/${type}`, `pageId=${pageId}&only=dead`);
      expect(response.statusCode, type).toBe(400);
      expect(response.json().error.message).toBe('only applies to the click map');
    }
  });
});

describe('nameOf', () => {
  const labels = { 'main>p>a': ['a', 'Read the council report'], '#subscribe': ['button', 'Subscribe'], 'main>img': ['img', 'A tram on the new line'] } as const;
  it("names an element by its own label or its nearest labelled ancestor's, else by its id or tag", () => {
    expect(nameOf('#subscribe', labels)).toEqual({ label: 'Subscribe', kind: 'button' });
    expect(nameOf('main>p>a>span', labels)).toEqual({ label: 'Read the council report', kind: 'link' });
    expect(nameOf('main>img', labels)).toEqual({ label: 'A tram on the new line', kind: 'image' });
    expect(nameOf('main>h2:nth-of-type(2)', labels)).toEqual({ label: '<h2>', kind: 'heading' });
    expect(nameOf('#promo-box', {})).toEqual({ label: '#promo-box', kind: 'other' });
  });
});
