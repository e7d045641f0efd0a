// Changes end to end (issue 25): a publisher page served in two versions (its MPU at 400 px, then at 2,400 px), read in
// real Chromium with the real tracker by three kinds of reader — one who leaves at once, one who glances at the top,
// one who scrolls down to the MPU's new place — before and after the move. The Changes sections of page analytics and
// of the website's Ad Units tab show the move on its day, and a fall of the unit's view rate that the readers'
// behaviour explains; the applied recommendation's promise against what it delivered, and the advice's record on the
// Recommendations panel.
//
// A move must be seen over weeks, which a test cannot wait for: the publisher's server relays the tracker's beacons to
// the test instead of the collector, and each real visit is replayed through the collector's pipeline
// (`app.ingest.accept`, what POST /api/collect calls) on the past days of its version, with fresh ids, as
// apps/server/test/changes.test.ts places its beacons.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChangesResponse, CollectPayload } from '@foldline/contracts';
import { forgetAnalyses } from '@foldline/analytics';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, HOUR, MINUTE } from '../apps/server/test/analytics-fixture.ts';
import { BROWSER_UA, insertWebsite, type TestWebsite } from '../apps/server/test/collect-factory.ts';
import { checkA11y, expectNoHorizontalOverflow, launchBrowser, MOBILE_WIDTH, newPage, registerByApi, screenshot, signInWithSession } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';

/** Days of history, the last one yesterday; days ago (UTC) that the publisher moved the MPU down the page. */
const DAYS = 40;
const MOVED = 20;
/** The MPU's top (document px) in each version of the page. */
const PLACES = { before: 400, after: 2400 } as const;
type Version = keyof typeof PLACES;
const ARTICLE = '/news/harbour-ferry-timetable';
/** A day's readers, by what they do: 8 pageviews a day stay under the 300 desktop pageviews in 30 days that advice
 * needs, so the Recommendations panel answers at once (no rendering of the page) with its record line. */
const BEHAVIOURS = ['bounce', 'glance', 'scroll'] as const;
type Behaviour = (typeof BEHAVIOURS)[number];
const DAILY: readonly Behaviour[] = ['bounce', 'bounce', 'glance', 'glance', 'scroll', 'scroll', 'scroll', 'scroll'];
const GIF = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';

/** The article: a leaderboard at the top, the MPU beside the text at `mpuTop`; the tracker from the publisher's own
 * origin, so its beacons come back here (the tracker posts to `collect` beside its script). */
const articlePage = (code: string, mpuTop: number) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Harbour ferry timetable</title>
<script async src="/api/tracker.js" data-site="${code}"></script>
<style>
  body { margin: 0; font: 16px sans-serif; }
  main { position: relative; width: 1000px; height: 4000px; margin: 0 auto; background: linear-gradient(#fff, #e2e8f0); }
  h1 { margin: 0; height: 60px; }
  .ad { position: absolute; } .ad img { display: block; width: 100%; height: 100%; }
</style></head>
<body><main><h1>Harbour ferry timetable</h1>
<div id="top-banner" class="ad" data-ad-slot="/21700045/harbour_herald/top_banner" style="top:100px;left:136px;width:728px;height:90px"><img alt="" src="${GIF}"></div>
<div id="story-mpu" class="ad" data-ad-slot="/21700045/harbour_herald/story_mpu" style="top:${mpuTop}px;left:700px;width:300px;height:250px"><img alt="" src="${GIF}"></div>
</main></body></html>`;

interface Beacon {
  payload: CollectPayload;
  userAgent: string;
  at: number;
}
/** One real reader's pageview: its beacons, each with its delay after the first. */
interface Visit {
  behaviour: Behaviour;
  version: Version;
  beacons: Array<{ payload: CollectPayload; userAgent: string; offset: number }>;
}

let server: TestServer;
let publisher: Server;
let readers: Browser;
let browser: Browser;
let session: Awaited<ReturnType<typeof registerByApi>>['session'];
let site: TestWebsite;
let pageId: string;
let mpuId: string;
let today: number;
let version: Version = 'before';
const relayed: Beacon[] = [];
const visits = new Map<string, Visit>();
const dayOf = (daysAgo: number) => new Date((today - daysAgo) * DAY).toISOString().slice(0, 10);
const visitOf = (behaviour: Behaviour, v: Version) => visits.get(`${behaviour} ${v}`)!;
/** Whether the reader saw the MPU (in view for a second) on that visit, as the tracker reported it. */
const sawMpu = (visit: Visit) => visit.beacons.some((b) => b.payload.e.some((e) => e.k === 'ad' && e.ev === 'viewable' && e.slot.key === 'story-mpu'));

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${server.url}/api${path}`, { headers: { authorization: `Bearer ${session.tokens.accessToken}` } });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The publisher: the article in the version of the moment, the tracker (fetched from Foldline), a page to leave to,
 * and the beacons kept for the test. */
async function servePublisher(trackerSource: string): Promise<string> {
  publisher = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    if (request.method === 'POST' && path === '/api/collect') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        relayed.push({ payload: JSON.parse(body) as CollectPayload, userAgent: request.headers['user-agent'] ?? '', at: Date.now() });
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, prefs: { clicks: true, scroll: true, engagement: true, ads: true } }));
      });
      return;
    }
    if (path === '/api/tracker.js') return void response.writeHead(200, { 'content-type': 'application/javascript' }).end(trackerSource);
    if (path === ARTICLE) return void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(articlePage(site.trackingCode, PLACES[version]));
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><html lang="en"><title>Elsewhere</title></html>');
  });
  await new Promise<void>((resolve) => publisher.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(publisher.address() as AddressInfo).port}`;
}

/** Waits (outside a test: expect.poll is not allowed there) until `done`, for at most 10 seconds. */
async function until(done: () => boolean, what: string): Promise<void> {
  for (const deadline = Date.now() + 10_000; !done(); await new Promise((resolve) => setTimeout(resolve, 100))) {
    if (Date.now() > deadline) throw new Error(`never came: ${what}`);
  }
}

/** A real reader's visit at 1,280 px: leave at once (before the MPU's first second in view), glance at the top for a
 * few seconds, or glance and then scroll down to where the MPU went and read there. Leaving is a navigation away, which
 * sends the tracker's last beacon. */
async function read(origin: string, behaviour: Behaviour): Promise<void> {
  const context = await readers.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const first = relayed.length;
  await page.goto(`${origin}${ARTICLE}`);
  if (behaviour === 'bounce') await page.waitForTimeout(100);
  else await page.waitForTimeout(2500);
  if (behaviour === 'scroll') {
    for (const y of [600, 1200, 1800, 2200]) {
      await page.mouse.wheel(0, y - (await page.evaluate(() => window.scrollY)));
      await page.waitForTimeout(250);
    }
    // The MPU's new place (2,400–2,650 px) wholly in the 900 px window.
    const scrolled = await page.evaluate(() => window.scrollY);
    if (scrolled < 1750) throw new Error(`the reader scrolled to ${scrolled} px only`);
    await page.waitForTimeout(2500);
  }
  const left = Date.now();
  await page.goto(`${origin}/elsewhere`);
  await until(() => relayed.slice(first).some((b) => b.at >= left), `the leaving beacon of a ${behaviour} reader`);
  await context.close();
  const beacons = relayed.slice(first);
  // One pageview: every beacon of the visit names it.
  if (new Set(beacons.map((b) => b.payload.pv)).size !== 1) throw new Error(`one visit, several pageviews: ${JSON.stringify(beacons)}`);
  visits.set(`${behaviour} ${version}`, { behaviour, version, beacons: beacons.map((b) => ({ payload: b.payload, userAgent: b.userAgent, offset: b.at - beacons[0]!.at })) });
}

/** Replays a visit as a new pageview at `at` through the collector's pipeline: fresh pageview, session and impression
 * ids, the beacons in their order and at their delays. */
async function replay(visit: Visit, at: number, ip: string): Promise<void> {
  const pv = randomUUID();
  const sid = randomUUID();
  const impressions = new Map<string, string>();
  const imp = (id: string) => impressions.get(id) ?? impressions.set(id, randomUUID()).get(id)!;
  for (const beacon of visit.beacons) {
    const events = beacon.payload.e.map((event) => (event.k === 'ad' ? { ...event, imp: imp(event.imp) } : event));
    const result = await server.app.ingest.accept({ ...beacon.payload, site: site.trackingCode, pv, sid, e: events }, { ip, userAgent: beacon.userAgent, receivedAt: at + beacon.offset });
    if (result.outcome !== 'stored') throw new Error(`beacon not stored: ${JSON.stringify(result)}`);
  }
}

beforeAll(async () => {
  // The publisher is on loopback, which only an operator's ALLOW_PRIVATE_FETCH lets the renderer reach (the changes
  // are drawn on the page's screenshot).
  server = await startServer({ ALLOW_PRIVATE_FETCH: '1' });
  ({ session } = await registerByApi(server));
  site = await insertWebsite(server.app, { userId: session.user.user_id, domain: '127.0.0.1' });
  const origin = await servePublisher(await (await fetch(`${server.url}/api/tracker.js`)).text());

  // Readers' Chrome, not HeadlessChrome, which the collector drops as a bot: each kind of reader on each version.
  readers = await launchBrowser({ userAgent: BROWSER_UA });
  for (const v of ['before', 'after'] as const) {
    version = v;
    for (const behaviour of BEHAVIOURS) await read(origin, behaviour);
  }
  await readers.close();

  today = Math.floor(Date.now() / DAY);
  const replays: Array<Promise<void>> = [];
  for (let daysAgo = DAYS; daysAgo >= 1; daysAgo--) {
    const v: Version = daysAgo > MOVED ? 'before' : 'after';
    DAILY.forEach((behaviour, i) => {
      const at = (today - daysAgo) * DAY + 10 * HOUR + i * 20 * MINUTE;
      replays.push(replay(visitOf(behaviour, v), at, `198.51.100.${((daysAgo * DAILY.length + i) % 250) + 1}`));
    });
  }
  await Promise.all(replays);
  await server.app.ingest.flush();
  // The background advice may have looked at the website before its history was fed (backdated days, which a real
  // website never gets all at once): what it remembered of it goes.
  forgetAnalyses(server.app.events);
  pageId = (await server.app.metadata.db.selectFrom('pages').select('id').where('website_id', '=', site.id).executeTakeFirstOrThrow()).id;
  mpuId = (await server.app.metadata.db.selectFrom('ad_units').select('id').where('page_id', '=', pageId).where('slot_key', '=', 'story-mpu').executeTakeFirstOrThrow()).id;

  // The advice had told the publisher, three days before the move, to put the MPU at about 2,400 px, promising a view
  // rate of 40–60 % (as the advice plugin records what it gives; see apps/server/test/changes.test.ts).
  const recommendationId = `move_ad_unit:${pageId}:desktop:${mpuId}`;
  const given = `${dayOf(MOVED + 3)}T09:00:00.000Z`;
  await server.app.metadata.db
    .insertInto('recommendation_records')
    .values({
      website_id: site.id,
      recommendation_id: recommendationId,
      page_id: pageId,
      device: 'desktop',
      snapshot: JSON.stringify({
        id: recommendationId,
        page_id: pageId,
        device: 'desktop',
        type: 'move_ad_unit',
        ad_unit_id: mpuId,
        reason: 'Readers who scroll stop at the timetable: a unit beside it is seen longer.',
        recommended_position: { x: 700, y: 2380 },
        expected: { predicted_view_rate: 50, predicted_view_rate_low: 40, predicted_view_rate_high: 60 },
      }),
      first_seen: given,
      last_seen: given,
      status: 'open',
      reason: null,
      status_at: null,
    })
    .execute();
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await readers?.close();
  await browser?.close();
  await new Promise((resolve) => publisher?.close(resolve));
  await server?.close();
});

async function signedIn(path: string, width?: number): Promise<Page> {
  const page = await newPage(browser, server, { width });
  page.setDefaultTimeout(30_000);
  await signInWithSession(page, session, path);
  return page;
}

const changesPanel = (page: Page) => page.locator('section', { has: page.getByRole('heading', { name: 'Changes', exact: true }) });
const recommendationsPanel = (page: Page) => page.locator('section', { has: page.getByRole('heading', { name: 'Recommendations', exact: true }) });
/** The panel's words for a UTC day and a figure with its interval (change-text.ts). */
const longDay = (day: string) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
const estimate = (e: { value: number; low: number; high: number } | null) => (e ? `${e.value.toFixed(1)}% (${e.low.toFixed(1)}–${e.high.toFixed(1)})` : '—');

/** The move as the API answers it, after checking it against what the readers did. */
async function theMove(query: string): Promise<ChangesResponse['data']['changes'][number]> {
  const { changes } = (await api<ChangesResponse>(`/analytics/changes?${query}`)).data;
  expect(changes.map((c) => [c.kind, c.ad_unit_id, c.device, c.day])).toEqual([['moved', mpuId, 'desktop', dayOf(MOVED)]]);
  return changes[0]!;
}

describe('changes', () => {
  it('the readers behaved as planned: the MPU seen at 400 px by all but those who left, at 2,400 px only by those who scrolled', () => {
    expect(BEHAVIOURS.map((b) => [b, sawMpu(visitOf(b, 'before')), sawMpu(visitOf(b, 'after'))])).toEqual([
      ['bounce', false, false],
      ['glance', true, false],
      ['scroll', true, true],
    ]);
  });

  it('the API finds the move on its day, and the view rate the readers gave on each side', async () => {
    const move = await theMove(`pageId=${pageId}`);
    expect(move).toMatchObject({ before: { y: PLACES.before, width: 300, height: 250 }, after: { y: PLACES.after, width: 300, height: 250 } });
    const seen = (v: Version) => DAILY.filter((behaviour) => sawMpu(visitOf(behaviour, v))).length;
    // Two whole weeks each side, 8 pageviews a day: 6 of 8 saw it before, 4 of 8 after.
    expect(move.windows.before?.days).toBe(14);
    expect(move.windows.after?.days).toBe(14);
    expect(move.unit.before).toMatchObject({ pageviews: 14 * DAILY.length, viewable: 14 * seen('before') });
    expect(move.unit.after).toMatchObject({ pageviews: 14 * DAILY.length, viewable: 14 * seen('after') });
    expect(move.unit.view_rate.before?.value).toBe((100 * seen('before')) / DAILY.length);
    expect(move.unit.view_rate.after?.value).toBe((100 * seen('after')) / DAILY.length);
    expect(move.unit.view_rate.verdict).toBe('down');
    // The leaderboard was seen alike on both sides.
    expect(move.other_units.viewable_per_1000.verdict).toBe('within_noise');
    expect(move.recommendation).toMatchObject({ promised: { low: 40, high: 60 }, delivered: 50, within: true });
  });

  it('page analytics shows the move on its day, the figures before and after, the promise kept and the record', async () => {
    const move = await theMove(`pageId=${pageId}&deviceType=desktop`);
    const headline = `${move.ad_unit_name} moved from 400 px to 2,400 px down the page`;
    for (const width of [1280, MOBILE_WIDTH]) {
      const page = await signedIn(`/dashboard/pages/${pageId}`, width);
      await page.getByRole('tab', { name: 'Ad Performance' }).click();
      const panel = changesPanel(page);
      const change = panel.getByRole('listitem').filter({ has: page.getByRole('heading', { name: headline }) });
      await change.waitFor();
      await change.getByText(longDay(dayOf(MOVED)), { exact: true }).waitFor();
      await change.getByText('Desktop', { exact: true }).waitFor();
      await change.getByText(/Compared: 14 days before \(.+\) against 14 days after \(.+\)\./).waitFor();
      await change.getByText(/^The unit's view rate fell from 75\.0% to 50\.0%/).waitFor();
      const viewRate = change.getByRole('row', { name: /^Unit view rate/ });
      await viewRate.getByText(estimate(move.unit.view_rate.before), { exact: true }).waitFor();
      await viewRate.getByText(estimate(move.unit.view_rate.after), { exact: true }).waitFor();
      await viewRate.getByText('Down', { exact: true }).waitFor();
      await change.getByRole('row', { name: /^Other units'/ }).getByText('Within noise', { exact: true }).waitFor();
      await change.getByText('Applied recommendation: promised a view rate of 40.0–60.0%, delivered 50.0% — within its range.').waitFor();
      // Both places drawn on the page's screenshot: before above after, as the unit moved down.
      const picture = change.getByRole('img', { name: 'Desktop screenshot of the page: the unit before at 400 px and after at 2,400 px' });
      await picture.waitFor();
      const [before, after] = await Promise.all([picture.locator('[data-box="current"]').boundingBox(), picture.locator('[data-box="recommended"]').boundingBox()]);
      expect(before!.y + before!.height).toBeLessThan(after!.y);
      // The page's own screen links to no page.
      expect(await change.getByRole('link').count()).toBe(0);
      await recommendationsPanel(page).getByText('1 of 1 applied recommendation delivered within its range.', { exact: true }).waitFor();
      if (width === MOBILE_WIDTH) await expectNoHorizontalOverflow(page, 'page analytics changes');
      await checkA11y(page, `page analytics changes at ${width} px`);
      await screenshot(page, `changes-page-${width}`);

      // Other windows ask again: a week each side.
      if (width === 1280) {
        await panel.getByLabel('Days compared on each side').selectOption('7');
        await change.getByText(/Compared: 7 days before \(.+\) against 7 days after \(.+\)\./).waitFor();
        const weekly = await theMove(`pageId=${pageId}&deviceType=desktop&window=7`);
        await change.getByRole('row', { name: /^Unit view rate/ }).getByText(estimate(weekly.unit.view_rate.after), { exact: true }).waitFor();
        // Phones saw no change.
        await page.getByLabel('Device').selectOption('mobile');
        await panel.getByText('No ad layout changes detected in the last 90 days.', { exact: true }).waitFor();
      }
      await page.close();
    }
  });

  it("the Ad Units tab lists the website's changes with their page, and the record", async () => {
    const move = await theMove(`websiteId=${site.id}&deviceType=all`);
    const headline = `${move.ad_unit_name} moved from 400 px to 2,400 px down the page`;
    for (const width of [1280, MOBILE_WIDTH]) {
      const page = await signedIn(`/dashboard/websites/${site.id}`, width);
      await page.getByRole('tab', { name: 'Ad Units' }).click();
      const change = changesPanel(page).getByRole('listitem').filter({ has: page.getByRole('heading', { name: headline }) });
      await change.waitFor();
      await change.getByText(longDay(dayOf(MOVED)), { exact: true }).waitFor();
      await change.getByRole('row', { name: /^Unit view rate/ }).getByText('Down', { exact: true }).waitFor();
      await recommendationsPanel(page).getByText('1 of 1 applied recommendation delivered within its range.', { exact: true }).waitFor();
      if (width === MOBILE_WIDTH) await expectNoHorizontalOverflow(page, 'ad units changes');
      await checkA11y(page, `ad units changes at ${width} px`);
      await screenshot(page, `changes-ad-units-${width}`);
      if (width === 1280) {
        await change.getByRole('link', { name: 'Harbour ferry timetable' }).click();
        await page.waitForURL(`**/dashboard/pages/${pageId}`);
      }
      await page.close();
    }
  });
});
