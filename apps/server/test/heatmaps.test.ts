// /api/analytics/heatmap/{type}: click, scroll and engagement maps of a page from fixture beacons, drawn on the page
// as Chromium renders it at the device's reference width. The fixture page reflows: its call-to-action button sits
// elsewhere at 1,280, 1,920 and 375 px, so a click re-anchored on its element lands somewhere a scaled one would not.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CollectEvent, PointHeatmapResponse, ScrollHeatmapResponse } from '@foldline/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { beacon, collect, insertWebsite, pageviewEvent, type TestWebsite } from './collect-factory.ts';
import { createTestApp, describeOnLastDialect, signUp, type TestApp } from './test-app.ts';

/** The column is 1,000 px wide and centred from 1,100 px up, the whole width below; the button 100 px into it. */
const FIXTURE_PAGE = `<!doctype html><html><head><meta name="viewport" content="width=device-width,initial-scale=1"><title>Fixture article</title>
<style>
  body { margin: 0; font: 16px sans-serif; }
  h1 { margin: 0; height: 60px; }
  .column { position: relative; width: 1000px; margin: 0 auto; height: 3000px; }
  #cta { position: absolute; left: 100px; top: 1500px; width: 200px; height: 50px; }
  @media (max-width: 1099px) { .column { width: auto; margin: 0 40px; } }
  @media (max-width: 767px) { .column { margin: 0 15px; height: 4000px; } #cta { left: 20px; top: 2500px; width: 300px; height: 60px; } }
</style></head>
<body><div class="column"><h1 id="headline">Fixture article</h1><button id="cta">Subscribe</button></div></body></html>`;

/** Where the button is at each width (document px): x, y, width, height. */
const CTA = {
  1280: [240, 1500, 200, 50],
  1920: [560, 1500, 200, 50],
  375: [35, 2500, 300, 60],
} as const;

/** A click in the middle of the button as the tracker reports it at a viewport width. */
function ctaClick(width: 1280 | 375): CollectEvent {
  const [x, y, w, h] = CTA[width];
  return { k: 'click', a: 0, x: x + w / 2, y: y + h / 2, vw: width, dh: width === 375 ? 4000 : 3000, s: '#cta', ox: 0.5, oy: 0.5 };
}

describeOnLastDialect('heatmaps', (dialect) => {
  let t: TestApp;
  let fixture: Server;
  let origin: string;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let site: TestWebsite;
  let pageId: string;

  const get = (path: string, headers: Record<string, string> = owner.auth) => t.app.inject({ method: 'GET', url: `/api/analytics/heatmap/${path}`, headers });

  beforeAll(async () => {
    fixture = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(FIXTURE_PAGE));
    await new Promise<void>((resolve) => fixture.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;
    // The fixture publisher is on loopback, which only an operator's ALLOW_PRIVATE_FETCH lets the renderer reach.
    t = await createTestApp(dialect, { env: { ALLOW_PRIVATE_FETCH: '1' } });
    owner = await signUp(t.app);
    // The publisher is on loopback here: the collector only takes pages on the website's own domain.
    site = await insertWebsite(t.app, { userId: owner.user.user_id, domain: '127.0.0.1' });

    const url = `${origin}/article`;
    const send = async (events: CollectEvent[], pv = randomUUID()) => {
      const response = await collect(t.app, beacon(site, events, { u: url, pv, vw: events[0]?.k === 'pv' ? events[0].vw : undefined }));
      expect(response.statusCode).toBe(200);
    };
    // Desktop readers at 1,280 px: three clicks on the button, one on the headline; reach 0–30 % then 31–80 %, and 0–50 %.
    const first = randomUUID();
    await send([pageviewEvent({ vw: 1280, vh: 900, dh: 3000 }), ctaClick(1280), ctaClick(1280), { k: 'eng', a: 0, ms: 5000, sd: 30, pd: -1, dh: 3000 }], first);
    await send([{ k: 'eng', a: 0, ms: 5000, sd: 80, pd: 30, dh: 3000 }, { k: 'att', a: 0, x: 240, y: 1525, vw: 1280, w: 4000, dh: 3000 }], first);
    await send([
      pageviewEvent({ vw: 1280, vh: 600, dh: 3000 }),
      ctaClick(1280),
      { k: 'click', a: 0, x: 200, y: 20, vw: 1280, dh: 3000, s: '#headline', ox: 0.1, oy: 0.5 },
      { k: 'eng', a: 0, ms: 2000, sd: 50, pd: -1, dh: 3000 },
      { k: 'span', a: 0, y: 0, vh: 600, dh: 3000, d: 8000 },
    ]);
    // A phone reader at 375 px: one click on the button, far down the phone layout.
    await send([pageviewEvent({ vw: 375, vh: 700, dh: 4000 }), ctaClick(375), { k: 'eng', a: 0, ms: 3000, sd: 70, pd: -1, dh: 4000 }]);
    const page = await t.app.metadata.db.selectFrom('pages').select('id').where('website_id', '=', site.id).executeTakeFirstOrThrow();
    pageId = page.id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => fixture?.close(resolve));
  });

  const inside = (point: { x: number; y: number }, [x, y, w, h]: readonly [number, number, number, number]) => point.x >= x && point.x <= x + w && point.y >= y && point.y <= y + h;

  it('puts desktop clicks on the element in the 1,920 px layout, where scaled coordinates would miss it', async () => {
    const response = await get(`click?pageId=${pageId}&period=week&deviceType=desktop`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as PointHeatmapResponse;
    expect(body.meta).toMatchObject({ device: 'desktop', referenceWidth: 1920, pageviews: 2, clicks: 4, anchoredClicks: 4, maxValue: 3, layout: { captured: true } });
    expect(body.meta.documentHeight).toBe(3000);
    const hottest = body.data[0]!;
    expect(hottest).toMatchObject({ value: 3, viewport: { width: 1920 } });
    expect(inside(hottest, CTA[1920])).toBe(true);
    // The visitor's own x (340 of 1,280) scaled to 1,920 px is 510: left of the button there.
    expect(inside({ x: (340 / 1280) * 1920, y: hottest.y }, CTA[1920])).toBe(false);
    expect(body.data.reduce((sum, p) => sum + p.value, 0)).toBe(4);
  });

  it("treats 'all' as desktop, as the specification says", async () => {
    const all = (await get(`click?pageId=${pageId}&period=week&deviceType=all`)).json() as PointHeatmapResponse;
    expect(all.meta.device).toBe('desktop');
    expect(all.data[0]).toEqual((await get(`click?pageId=${pageId}&period=week&deviceType=desktop`)).json().data[0]);
  });

  it('puts phone clicks on the element in the 375 px layout', async () => {
    const body = (await get(`click?pageId=${pageId}&period=week&deviceType=mobile`)).json() as PointHeatmapResponse;
    expect(body.meta).toMatchObject({ device: 'mobile', referenceWidth: 375, pageviews: 1, clicks: 1, anchoredClicks: 1 });
    expect(body.data).toHaveLength(1);
    expect(inside(body.data[0]!, CTA[375])).toBe(true);
  });

  it('counts the pageviews whose viewport reached each depth, and the average fold', async () => {
    const response = await get(`scroll?pageId=${pageId}&period=week&deviceType=desktop`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as ScrollHeatmapResponse;
    expect(body.data).toHaveLength(101);
    const at = (depth: number) => body.data[depth]!.count;
    expect([at(0), at(30), at(31), at(50), at(51), at(80), at(81), at(100)]).toEqual([2, 2, 2, 2, 1, 1, 0, 0]);
    // First screens of 900 and 600 px on a 3,000 px page: 30 % and 20 %.
    expect(body.meta).toMatchObject({ pageviews: 2, clicks: 4, maxValue: 2, averageFold: 25 });
  });

  it("draws each reader's share of their own time: viewport dwell per content block it covered, pointer rests where they were", async () => {
    const body = (await get(`engagement?pageId=${pageId}&period=week&deviceType=desktop`)).json() as PointHeatmapResponse;
    expect(body.meta).toMatchObject({ layout: { captured: true }, pageviews: 2, timedPageviews: 2, content: { x: 460, width: 1000 } });
    // The first reader's only measured time is a 4 s rest at (240, 1,525) of 1,280 px: all of it, over 2 readers, 50 %;
    // at 1,920 px it stays 100 px into the centred column (per mille cells: a few px), not scaled into the margin.
    const rest = body.data.filter((p) => p.y > 600);
    expect(rest).toHaveLength(1);
    expect(rest[0]!.value).toBeCloseTo(0.5, 9);
    expect(Math.abs(rest[0]!.x - 565)).toBeLessThanOrEqual(5);
    expect(Math.abs(rest[0]!.y - 1525)).toBeLessThanOrEqual(4);
    // The second reader's 8 s on the top 600 px, all of its time, per content block of the rendering's outline: the
    // headline (0–60 px) in view all of it, 50 %; the button (1,500 px) never.
    expect(body.meta.blocks!.map((block) => [block.selector, block.box, Number(block.share.toFixed(9))])).toEqual([
      ['#headline', [460, 0, 1000, 60], 0.5],
      ['#cta', [560, 1500, 200, 50], 0],
    ]);
    // The points are then the rests alone.
    expect(body.data).toEqual(rest);
    expect(body.meta.maxValue).toBeCloseTo(0.5, 9);
  });

  it('answers a page without data with empty maps, without rendering it', async () => {
    for (const type of ['click', 'scroll', 'engagement']) {
      const body = (await get(`${type}?pageId=${pageId}&period=week&deviceType=tablet`)).json();
      expect(body.data).toEqual([]);
      expect(body.meta).toMatchObject({ device: 'tablet', referenceWidth: 768, pageviews: 0, clicks: 0, layout: { captured: false } });
    }
  });

  it('answers bad parameters with 400 and a message', async () => {
    const cases: [string, string][] = [
      [`hover?pageId=${pageId}`, 'heatmap type must be one of: click, scroll, engagement'],
      [`click?pageId=${pageId}&period=year`, 'period must be one of: day, week, month, quarter'],
      [`click?pageId=${pageId}&deviceType=watch`, 'deviceType must be one of: all, desktop, tablet, mobile'],
      ['click', 'pageId is required'],
      ['click?pageId=42', 'pageId must be a valid id'],
      // Segments and comparison (heatmap-segments.test.ts has their figures).
      [`click?pageId=${pageId}&source=newsletter`, 'source must be one of: search, social, direct, referral'],
      [`scroll?pageId=${pageId}&browser=`, 'browser must be a browser name such as Chrome'],
      [`engagement?pageId=${pageId}&window=yesterday`, 'window must be one of: current, previous'],
    ];
    for (const [path, message] of cases) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
  });

  it("answers another user's page like a missing one, and no token with 401", async () => {
    const stranger = await signUp(t.app);
    for (const headers of [stranger.auth]) {
      const response = await get(`click?pageId=${pageId}&period=week`, headers);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { message: 'Page not found' } });
    }
    expect((await get(`click?pageId=${randomUUID()}`)).statusCode).toBe(404);
    expect((await get(`click?pageId=${pageId}`, {})).statusCode).toBe(401);
  });
});
