// The engagement map from fixture beacons (issue 26): each reader counts by the share of their own time, so a long
// reader no longer paints the page; the figures are given per content block of the rendering's outline (the headline,
// each paragraph), never over the empty margins, and a pointer parked in a margin is left out; a segment's map is read the same way, and the segments' maps, weighted by
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
  /** The blocks' shares, rounded, and their number. */
  const sharesOf = (body: PointHeatmapResponse) => [...new Set(body.meta.blocks!.map((block) => Number(block.share.toFixed(9))))];

  it("gives each content block the share of readers' own time it was in view: the long reader's 80 s no longer paint the page", async () => {
    const body = await map();
    expect(body.meta).toMatchObject({ pageviews: 2, timedPageviews: 2, layout: { captured: true }, content: COLUMN, documentHeight: 3000 });
    // The rendering's outline: the headline, then the six paragraphs, in reading order, all on the first screen.
    const blocks = body.meta.blocks!;
    expect(blocks.map((block) => [block.kind, block.tag])).toEqual([['heading', 'h1'], ...Array.from({ length: 6 }, () => ['paragraph', 'p'])]);
    expect(blocks[0]!.text).toBe('Ferry timetable');
    expect(Math.max(...blocks.map((block) => block.box[1] + block.box[3]))).toBeLessThan(900);
    // Each wholly on the first screen, which held (5 s of 5 + 20 s of 100) / 2 readers = 60 % of a reader's time. Summed
    // time would have given it 25 s against the empty lower screen's 80 s.
    expect(sharesOf(body)).toEqual([0.6]);
    expect(body.meta.maxValue).toBeCloseTo(0.6, 9);
    // The points are the pointer rests alone, drawn over the blocks: 4 s of the long reader's 100 s over 2 readers =
    // 2 %, 100 px into the column as the reader saw it (its 10 px cell's middle, 245, moved with the centred column:
    // 565), where scaling 245 of 1,280 to 1,920 px would have put it in the margin (367); y 1,525 within its per mille
    // cell. The parked pointer's 3 s are nowhere.
    expect(body.data).toHaveLength(1);
    expect(body.data[0]!.value).toBeCloseTo(0.02, 9);
    expect(body.data[0]!.x).toBe(565);
    expect(Math.abs(body.data[0]!.y - 1525)).toBeLessThanOrEqual(3);
  });

  it('draws nothing over the empty margins beside the column', async () => {
    const body = await map();
    for (const point of body.data) {
      expect(point.x).toBeGreaterThanOrEqual(COLUMN.x);
      expect(point.x).toBeLessThanOrEqual(COLUMN.x + COLUMN.width);
    }
    for (const { box: [x, , width] } of body.meta.blocks!) {
      expect(x).toBeGreaterThanOrEqual(COLUMN.x);
      expect(x + width).toBeLessThanOrEqual(COLUMN.x + COLUMN.width);
    }
    // The parked pointer would have been at 60 + (1,920 − 1,280) / 2 = 380 px, or 90 px scaled: neither is drawn.
    expect(body.data.some((point) => point.x < COLUMN.x)).toBe(false);
  });

  it("reads a segment's map the same way, and the segments' maps, weighted by their readers, make up the whole", async () => {
    const search = await map('&source=search');
    expect(search.meta).toMatchObject({ pageviews: 1, timedPageviews: 1, segment: { source: 'search' } });
    // The short reader alone spent all of their time on the first screen, with every block on it; no pointer rests.
    expect(search.meta.maxValue).toBeCloseTo(1, 9);
    expect(sharesOf(search)).toEqual([1]);
    expect(search.data).toEqual([]);
    const direct = await map('&source=direct');
    expect(direct.meta).toMatchObject({ pageviews: 1, timedPageviews: 1 });
    // The long reader alone: 20 % on the first screen, 4 % with the pointer resting.
    expect(sharesOf(direct)).toEqual([0.2]);
    expect(direct.data.map((point) => Number(point.value.toFixed(9)))).toEqual([0.04]);
    // 100 % × 1 reader + 20 % × 1 reader = 60 % × 2 readers, the blocks of the whole map.
    expect(search.meta.blocks![0]!.share + direct.meta.blocks![0]!.share).toBeCloseTo((await map()).meta.blocks![0]!.share * 2, 9);
    expect((await map('&source=social')).data).toEqual([]);
  });
});
