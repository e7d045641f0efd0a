// GET /api/analytics/clicked-elements: the element list beside the click map, from beacons sent through the collector,
// against counts worked out by hand — clicks, shares, rage clicks (3 within 1 s and 30 px, and not 3 spread over
// 1.6 s), an ad unit's estimated clicks under its name; bad input 400, another user's page 404, no token 401.
import { randomUUID } from 'node:crypto';
import type { ClickedElementsResponse, CollectEvent } from '@foldline/contracts';
import { nameOf } from '@foldline/analytics/heatmaps/clicked-elements';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWebsite, type FixtureWebsite } from './analytics-fixture.ts';
import { createTestApp, describeEachDialect, signUp, type TestApp } from './test-app.ts';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const SIDE = { key: 'div-gpt-ad-side', name: '/1/side', sel: '#div-gpt-ad-side', x: 900, y: 400, w: 300, h: 250 };

/** A click `age` ms before the beacon at (x, y) on `s`. */
const click = (s: string, age: number, x = 500, y = 700): CollectEvent => ({ k: 'click', a: age, x, y, vw: 1280, dh: 4000, s, ox: 0.5, oy: 0.5 });
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
