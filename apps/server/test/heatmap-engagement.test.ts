// The engagement map from fixture beacons (issue 26): each reader counts by the share of their own time, so a long
// reader no longer paints the page; the figures are drawn across the article's column, never its empty margins, and a
// pointer parked in a margin is left out; a segment's map is read the same way, and the segments' maps, weighted by
// their readers, make up the whole map. Figures worked out by hand below; the page is rendered by Chromium.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CollectEvent, PointHeatmapResponse } from '@foldline/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { beacon, collect, insertWebsite, pageviewEvent, type TestWebsite } from './collect-factory.ts';
import { createTestApp, describeOnLastDialect, signUp, type TestApp } from './test-app.ts';

const PARAGRAPH = 'The harbour ferry runs every twenty minutes from the north pier, later on weekends. ';
/** An article column 1,000 px wide, centred: 460–1,460 px at 1,920 px, 140–1,140 px at 1,280; 3,000 px tall. */
const FIXTURE_PAGE = `<!doctype html><html><head><meta name="viewport" content="width=device-width,initial-scale=1"><title>Ferry timetable</title>
<style>
  body { margin: 0; font: 16px sans-serif; }
  article { width: 1000px; margin: 0 auto; height: 3000px; }
  h1 { margin: 0; height: 60px; } p { margin: 0 0 24px; }
  @media (max-width: 1099px) { article { width: auto; margin: 0 40px; } }
</style></head>
<body><article><h1>Ferry timetable</h1>${Array.from({ length: 6 }, () => `<p>${PARAGRAPH.repeat(3)}</p>`).join('')}</article></body></html>`;
const COLUMN = { x: 460, width: 1000 };

describeOnLastDialect('engagement heatmap', (dialect) => {
  let t: TestApp;
  let fixture: Server;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let site: TestWebsite;
  let pageId: string;

  beforeAll(async () => {
    fixture = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(FIXTURE_PAGE));
    await new Promise<void>((resolve) => fixture.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}/ferry`;
    // The fixture publisher is on loopback, which only an operator's ALLOW_PRIVATE_FETCH lets the renderer reach.
    t = await createTestApp(dialect, { env: { ALLOW_PRIVATE_FETCH: '1' } });
    owner = await signUp(t.app);
    site = await insertWebsite(t.app, { userId: owner.user.user_id, domain: '127.0.0.1' });
    const send = async (events: CollectEvent[], pv: string) => {
      const response = await collect(t.app, beacon(site, events, { u: url, pv, vw: 1280 }));
      expect(response.statusCode).toBe(200);
    };
    // The short reader, from a search engine: 5 s on the first screen (0–900 px of 3,000: bands 0–29), then gone.
    await send([pageviewEvent({ vw: 1280, vh: 900, dh: 3000, r: 'https://www.google.com/' }), { k: 'span', a: 0, y: 0, vh: 900, dh: 3000, d: 5_000 }], randomUUID());
    // The long reader, direct: 20 s on the first screen, 80 s on 2,000–2,900 px (bands 66–96); the pointer rested 4 s
    // 100 px into the column at 1,525 px and 3 s parked in the left margin (x 60 of 1,280: the column starts at 140).
    const long = randomUUID();
    await send([pageviewEvent({ vw: 1280, vh: 900, dh: 3000 }), { k: 'span', a: 0, y: 0, vh: 900, dh: 3000, d: 20_000 }], long);
    await send(
      [
        { k: 'span', a: 0, y: 2000, vh: 900, dh: 3000, d: 80_000 },
        { k: 'att', a: 0, x: 240, y: 1525, vw: 1280, w: 4_000, dh: 3000 },
        { k: 'att', a: 0, x: 60, y: 500, vw: 1280, w: 3_000, dh: 3000 },
      ],
      long,
    );
    pageId = (await t.app.metadata.db.selectFrom('pages').select('id').where('website_id', '=', site.id).executeTakeFirstOrThrow()).id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => fixture?.close(resolve));
  });

  const map = async (segment = '') => {
    const response = await t.app.inject({ method: 'GET', url: `/api/analytics/heatmap/engagement?pageId=${pageId}&period=week&deviceType=desktop${segment}`, headers: owner.auth });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as PointHeatmapResponse;
  };
  /** The band points (every one but the rest) by their figure, and where they lie down the page. */
  const bandsOf = (body: PointHeatmapResponse) => {
    const byValue = new Map<number, number[]>();
    for (const point of body.data) byValue.set(Math.round(point.value * 1e9) / 1e9, [...(byValue.get(Math.round(point.value * 1e9) / 1e9) ?? []), point.y]);
    return byValue;
  };

  it("counts each reader by the share of their own time: the long reader's 80 s no longer make the page's hottest place", async () => {
    const body = await map();
    expect(body.meta).toMatchObject({ pageviews: 2, timedPageviews: 2, layout: { captured: true }, content: COLUMN, documentHeight: 3000 });
    const bands = bandsOf(body);
    // The first screen: (5 s of 5 + 20 s of 100) / 2 readers = 60 %. Summed time would have given it 25 s against the
    // lower screen's 80 s.
    expect(body.meta.maxValue).toBeCloseTo(0.6, 9);
    expect(body.data[0]!.value).toBeCloseTo(0.6, 9);
    // Bands 0–29 (0–900 px): rows of points across the column from the top to just above 900 px, 40 px apart or less.
    const top = bands.get(0.6)!;
    expect(Math.min(...top)).toBeLessThanOrEqual(40);
    expect(Math.max(...top)).toBeGreaterThanOrEqual(900 - 40);
    expect(Math.max(...top)).toBeLessThan(900);
    // The lower screen: (0 + 80 s of 100) / 2 = 40 %, bands 66–96 (1,980–2,910 px).
    const lower = bands.get(0.4)!;
    expect(Math.min(...lower)).toBeGreaterThanOrEqual(1980);
    expect(Math.min(...lower)).toBeLessThanOrEqual(1980 + 40);
    expect(Math.max(...lower)).toBeLessThan(2910);
    expect(Math.max(...lower)).toBeGreaterThanOrEqual(2910 - 40);
    // The rest: 4 s of the long reader's 100 s over 2 readers = 2 %, 100 px into the column as the reader saw it (its
    // 10 px cell's middle, 245, moved with the centred column: 565), where scaling 245 of 1,280 to 1,920 px would have
    // put it in the margin (367); y 1,525 within its per mille cell.
    const rest = body.data.find((point) => Math.abs(point.value - 0.02) < 1e-9)!;
    expect(rest.x).toBe(565);
    expect(Math.abs(rest.y - 1525)).toBeLessThanOrEqual(3);
    // Nothing else: no band between the screens, and the parked pointer's 3 s nowhere.
    expect([...bands.keys()].sort()).toEqual([0.02, 0.4, 0.6]);
  });

  it('draws nothing over the empty margins beside the column', async () => {
    const body = await map();
    for (const point of body.data) {
      expect(point.x).toBeGreaterThanOrEqual(COLUMN.x);
      expect(point.x).toBeLessThanOrEqual(COLUMN.x + COLUMN.width);
    }
    // The parked pointer would have been at 60 + (1,920 − 1,280) / 2 = 380 px, or 90 px scaled: neither is drawn.
    expect(body.data.some((point) => point.x < COLUMN.x)).toBe(false);
  });

  it("reads a segment's map the same way, and the segments' maps, weighted by their readers, make up the whole", async () => {
    const search = await map('&source=search');
    expect(search.meta).toMatchObject({ pageviews: 1, timedPageviews: 1, segment: { source: 'search' } });
    // The short reader alone spent all of their time on the first screen.
    expect(search.meta.maxValue).toBeCloseTo(1, 9);
    expect([...bandsOf(search).keys()]).toEqual([1]);
    const direct = await map('&source=direct');
    expect(direct.meta).toMatchObject({ pageviews: 1, timedPageviews: 1 });
    // The long reader alone: 80 % on the lower screen, 20 % on the first, 4 % with the pointer resting.
    expect([...bandsOf(direct).keys()].sort()).toEqual([0.04, 0.2, 0.8]);
    // 100 % × 1 reader + 20 % × 1 reader = 60 % × 2 readers, the first screen of the whole map.
    expect(search.meta.maxValue * 1 + 0.2 * 1).toBeCloseTo((await map()).meta.maxValue * 2, 9);
    expect((await map('&source=social')).data).toEqual([]);
  });
});
