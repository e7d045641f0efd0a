// Browser tests of the tracker in Chromium: fixture pages, a fake page clock, and the exact beacons it sends.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTracker, gzippedSize, TRACKER_GZIP_BUDGET } from '../src/build.ts';
import { fixturePage, startFixtureServer, type Beacon, type FixtureServer } from './fixture-server.ts';
import { buildPrebid } from './prebid.ts';
import { CHROMIUM_FLAGS } from '@foldline/screenshots/chromium-path';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const START = 1_800_000_000_000;
const UUID = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

let source: string;
let browser: Browser;
let server: FixtureServer;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  source = await buildTracker();
  server = await startFixtureServer(source);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_FLAGS],
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

beforeEach(async () => {
  server.beacons.length = 0;
  server.invalid.length = 0;
  server.prefs = { clicks: true, scroll: true, engagement: true, ads: true };
  await setUp({});
});

/** A fresh context and page with test-driven visibility and a paused fake clock. */
async function setUp(options: { hasTouch?: boolean; isMobile?: boolean; width?: number }): Promise<void> {
  context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 720 }, hasTouch: options.hasTouch, isMobile: options.isMobile });
  page = await context.newPage();
  // The page's visibility is driven by the test (a headless page is always visible).
  await page.addInitScript(() => {
    const w = window as unknown as { __hidden: boolean };
    w.__hidden = false;
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (w.__hidden ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => w.__hidden });
  });
  await page.clock.install({ time: START });
  // Paused from here on: time moves only when a test runs the clock.
  await page.clock.pauseAt(START + 5_000);
}
afterEach(async () => {
  await context.close();
  // Whatever a test asserted, every beacon the tracker sent must pass the collector's schema.
  expect(server.invalid).toEqual([]);
});

async function open(path: string, body: string, title?: string): Promise<void> {
  server.page(path, fixturePage(server.origin, body, title));
  // Deferred scripts run before the load event that goto waits for.
  await page.goto(server.origin + path);
}

async function setHidden(hidden: boolean): Promise<void> {
  await page.evaluate((value) => {
    (window as unknown as { __hidden: boolean }).__hidden = value;
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

/** Hides the page (which sends what waits) and waits until that beacon arrived. A beacon sent earlier (the
 * pageview's, one second after load) must have arrived first, or it would be taken for this one: tests await it
 * with beacons(1). */
async function hideAndCollect(): Promise<void> {
  const before = server.beacons.length;
  await setHidden(true);
  await expect.poll(() => server.beacons.length, { timeout: 10_000 }).toBeGreaterThan(before);
}

/** Waits until the server holds at least n beacons. */
async function beacons(n: number): Promise<Beacon[]> {
  await expect.poll(() => server.beacons.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(n);
  return server.beacons;
}

const events = (kind: string) => server.beacons.flatMap((b) => b.e.filter((e) => e.k === kind));
const adEvents = (ev: string) => events('ad').filter((e) => e.ev === ev);

/** Lets IntersectionObserver and scroll events be delivered: they follow real rendering frames, not the fake clock. */
const frames = () => page.waitForTimeout(150);

describe('tracker', () => {
  it('fits the size budget', () => {
    expect(gzippedSize(source)).toBeLessThanOrEqual(TRACKER_GZIP_BUDGET);
  });

  it('sends the pageview one second after load with title, referrer, viewport and document height', async () => {
    await open('/articles/one', '<main style="height:3000px">Article</main>', 'First article');
    await page.clock.runFor(1000);
    const [first] = await beacons(1);
    expect(first).toEqual({
      site: 'FL-TEST',
      u: `${server.origin}/articles/one`,
      pv: UUID,
      sid: UUID,
      vw: 1280,
      e: [
        { k: 'pv', a: 1000, t: 'First article', r: '', vw: 1280, vh: 720, dh: 3000 },
        // The first second: the viewport stood at the top, the reader was engaged, and saw 720 of 3000 px.
        { k: 'span', a: 1000, y: 0, vh: 720, dh: 3000, d: 1000 },
        { k: 'eng', a: 0, ms: 1000, sd: 24, pd: -1, dh: 3000 },
      ],
    });
  });

  it('starts a new pageview on history navigation and popstate, in the same session', async () => {
    await open('/app', '<main style="height:1000px">App</main>', 'App');
    await page.clock.runFor(1000);
    await beacons(1);
    await page.evaluate(() => history.pushState({}, '', '/app/settings'));
    await page.clock.runFor(1000);
    await page.evaluate(() => history.back());
    await page.waitForFunction(() => location.pathname === '/app');
    await page.clock.runFor(1000);
    await expect.poll(() => events('pv').length, { timeout: 10_000 }).toBe(3);
    const views = server.beacons.filter((b) => b.e.some((e) => e.k === 'pv'));
    expect(views.map((b) => new URL(b.u).pathname)).toEqual(['/app', '/app/settings', '/app']);
    expect(new Set(views.map((b) => b.pv)).size).toBe(3);
    expect(new Set(views.map((b) => b.sid)).size).toBe(1);
    expect(views[1]!.e.find((e) => e.k === 'pv')).toMatchObject({ r: `${server.origin}/app` });
  });

  it('records clicks with document coordinates, viewport width, a stable selector and the offset inside the element', async () => {
    await open(
      '/click',
      '<main style="height:2000px;display:flow-root"><p>intro</p><p>second</p><button id="cta" style="position:absolute;left:100px;top:1200px;width:200px;height:50px">Buy</button></main>',
    );
    await page.evaluate(() => window.scrollTo(0, 900));
    await page.mouse.click(150, 1200 - 900 + 10);
    await page.mouse.click(20, 10);
    await page.clock.runFor(1000);
    await beacons(1);
    // The click on the page's background waits its second (dead or not); leaving sends it.
    await hideAndCollect();
    await expect.poll(() => events('click').length, { timeout: 10_000 }).toBe(2);
    const [button, other] = events('click');
    expect(button).toEqual({ k: 'click', a: expect.any(Number), x: 150, y: 1210, vw: 1280, dh: 2000, s: '#cta', ox: 0.25, oy: 0.2 });
    expect(other).toMatchObject({ x: 20, y: 910, s: 'body>main' });
  });

  describe('dead clicks', () => {
    // A plain heading; a heading whose listener (addEventListener: invisible to the tracker) toggles a class on it; a
    // link whose listener does nothing at all; a heading whose listener opens the panel after it; a long page to scroll.
    const DEAD_PAGE = `<main style="height:3000px">
<h2 id="plain">Plain heading</h2>
<h2 id="toggle">Toggling heading</h2>
<p><a id="link" href="/elsewhere">A link that does nothing</a></p>
<section><h3 id="opens">Opens the panel after it</h3><div id="panel" hidden>Panel</div></section>
</main>
<script>
document.getElementById('toggle').addEventListener('click', (e) => e.currentTarget.classList.toggle('open'));
document.getElementById('link').addEventListener('click', (e) => e.preventDefault());
document.getElementById('opens').addEventListener('click', () => setTimeout(() => (document.getElementById('panel').hidden = false), 300));
</script>`;

    /** Opens the page and lets its pageview's first batch go, so that later batches hold only what a test does. */
    async function openDeadPage(): Promise<void> {
      await open('/dead', DEAD_PAGE);
      await page.clock.runFor(1000);
      await beacons(1);
    }

    it('flags a click on a plain heading after a second in which nothing happened', async () => {
      await openDeadPage();
      await page.click('#plain');
      await page.clock.runFor(1000);
      await hideAndCollect();
      expect(events('click')).toEqual([expect.objectContaining({ s: '#plain', dd: 1 })]);
    });

    it('does not flag a click that changed the DOM around it: a class on the element, a panel next to it', async () => {
      await openDeadPage();
      await page.click('#toggle');
      await page.click('#opens');
      await page.clock.runFor(1000);
      expect(await page.evaluate(() => [document.getElementById('toggle')!.className, document.getElementById('panel')!.hidden])).toEqual(['open', false]);
      await hideAndCollect();
      expect(events('click').map((e) => [e.s, e.dd])).toEqual([
        ['#toggle', undefined],
        ['#opens', undefined],
      ]);
    });

    it('never holds or flags a click on a link: it goes with the next batch while a heading waits its second', async () => {
      await open('/dead', DEAD_PAGE);
      await page.click('#link');
      await page.click('#plain');
      // The pageview's batch one second after load leaves before the heading's second is over.
      await page.clock.runFor(1000);
      const [first] = await beacons(1);
      expect(first!.e.filter((e) => e.k === 'click')).toEqual([expect.objectContaining({ s: '#link' })]);
      expect(first!.e.find((e) => e.k === 'click')).not.toHaveProperty('dd');
      await hideAndCollect();
      expect(events('click').map((e) => [e.s, e.dd])).toEqual([
        ['#link', undefined],
        ['#plain', 1],
      ]);
    });

    it('does not flag a click followed by a scroll within the second', async () => {
      await openDeadPage();
      await page.click('#plain');
      await page.evaluate(() => window.scrollTo(0, 600));
      await frames();
      await page.clock.runFor(1000);
      await hideAndCollect();
      expect(events('click')).toEqual([expect.objectContaining({ s: '#plain' })]);
      expect(events('click')[0]).not.toHaveProperty('dd');
    });

    it('does not flag a click followed by a navigation: a new view, or the page left', async () => {
      await openDeadPage();
      await page.click('#plain');
      await page.evaluate(() => history.pushState({}, '', '/dead/next'));
      await page.click('#plain');
      await hideAndCollect();
      expect(events('click').map((e) => [e.s, e.dd])).toEqual([
        ['#plain', undefined],
        ['#plain', undefined],
      ]);
    });
  });

  it('reports the deepest scroll and the viewport spans with how long each stood', async () => {
    await open('/long', '<main style="height:4000px">Long</main>');
    await page.clock.runFor(1000);
    await beacons(1);
    await page.evaluate(() => window.scrollTo(0, 1000));
    await frames();
    await page.clock.runFor(250);
    await page.clock.runFor(3000);
    await page.evaluate(() => window.scrollTo(0, 500));
    await frames();
    await page.clock.runFor(250);
    await page.clock.runFor(1000);
    await hideAndCollect();
    const engagement = events('eng');
    expect(engagement.at(-1)).toMatchObject({ sd: Math.round(((1000 + 720) / 4000) * 100), dh: 4000 });
    // Each pageview's updates name the depth reported before them: -1 for its first, then the previous one's.
    const pageviews = [...new Set(server.beacons.flatMap((b) => (b.e.some((e) => e.k === 'eng') ? [b.pv] : [])))];
    for (const pv of pageviews) {
      // Beacons may arrive out of order; depths never fall, so ordering by them restores the sequence.
      const updates = server.beacons
        .filter((b) => b.pv === pv)
        .flatMap((b) => b.e.filter((e) => e.k === 'eng'))
        .sort((a, b) => Number(a.pd) - Number(b.pd) || Number(a.sd) - Number(b.sd));
      expect(updates.map((e) => e.pd)).toEqual([-1, ...updates.slice(0, -1).map((e) => e.sd)]);
    }
    const spans = events('span');
    const at1000 = spans.filter((s) => s.y === 1000);
    expect(at1000).toHaveLength(1);
    expect(at1000[0]).toEqual({ k: 'span', a: expect.any(Number), y: 1000, vh: 720, dh: 4000, d: 3250 });
    // Spans change when the 250 ms scroll throttle fires, so the new position starts 250 ms after the scroll.
    expect(spans.filter((s) => s.y === 500).map((s) => s.d)).toEqual([1000]);
    // Engaged the whole visible time: input (scrolls) kept it active.
    const engagedMs = engagement.reduce((sum, e) => sum + Number(e.ms), 0);
    expect(engagedMs).toBe(1000 + 250 + 3000 + 250 + 1000);
  });

  it('pauses engaged time after 30 s without input', async () => {
    await open('/idle', '<main style="height:1000px">Idle</main>');
    await page.clock.runFor(60_000);
    await setHidden(true);
    // Periodic batches at 1, 15 and 30 s carry the engaged time; after 30 s idle there is nothing left to report.
    await expect.poll(() => events('eng').reduce((sum, e) => sum + Number(e.ms), 0), { timeout: 10_000 }).toBe(30_000);
  });

  describe('ads', () => {
    // A 300x250 slot at y 2000 of a 4000 px page; scrollY decides how much of it is in the 720 px viewport.
    const adPage = '<main style="height:4000px;position:relative"><div id="side-ad" data-ad-slot="1234567890" style="position:absolute;top:2000px;left:100px;width:300px;height:250px"><img alt="" style="display:block;width:300px;height:250px" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></div></main>';
    const scrollToShare = async (share: number) => {
      await page.evaluate((y) => window.scrollTo(0, y), 2000 - (720 - 250 * share));
      await frames();
      await frames();
    };

    async function renderAd(): Promise<void> {
      await open('/ad', adPage);
      await page.clock.runFor(1000);
      await expect.poll(() => adEvents('impression').length, { timeout: 10_000 }).toBe(1);
    }

    it('detects the slot and reports its impression with position and size', async () => {
      await renderAd();
      expect(adEvents('impression')[0]).toEqual({
        k: 'ad',
        a: expect.any(Number),
        slot: { key: 'side-ad', name: 'side-ad', gid: '1234567890', sel: '#side-ad', x: 100, y: 2000, w: 300, h: 250 },
        imp: UUID,
        ev: 'impression',
      });
    });

    it('counts an impression viewable at 60 % in view for 1.2 s', async () => {
      await renderAd();
      await scrollToShare(0.6);
      await page.clock.runFor(1200);
      await setHidden(true);
      await expect.poll(() => adEvents('viewable').length, { timeout: 10_000 }).toBe(1);
      expect(adEvents('viewable')[0]).toMatchObject({ imp: adEvents('impression')[0]!.imp, mp: 60 });
      expect(adEvents('view_time').reduce((sum, e) => sum + Number(e.iv), 0)).toBeGreaterThanOrEqual(1200);
    });

    it('does not count 40 % in view, however long', async () => {
      await renderAd();
      await scrollToShare(0.4);
      await page.clock.runFor(5000);
      await setHidden(true);
      await expect.poll(() => adEvents('view_time').length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(adEvents('viewable')).toEqual([]);
      expect(Math.max(...events('ad').map((e) => Number(e.mp ?? 0)))).toBe(40);
    });

    it('does not count 0.8 s in view', async () => {
      await renderAd();
      await scrollToShare(0.6);
      await page.clock.runFor(800);
      await scrollToShare(0);
      await page.clock.runFor(5000);
      await setHidden(true);
      await expect.poll(() => adEvents('view_time').length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(adEvents('viewable')).toEqual([]);
      expect(adEvents('view_time').reduce((sum, e) => sum + Number(e.iv), 0)).toBe(800);
    });

    it('stops the viewability clock while the tab is hidden', async () => {
      await renderAd();
      await scrollToShare(0.6);
      await page.clock.runFor(600);
      await setHidden(true);
      await page.clock.runFor(2000);
      await setHidden(false);
      await page.clock.runFor(600);
      await setHidden(true);
      await expect.poll(() => server.beacons.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
      expect(adEvents('viewable')).toEqual([]);
      await setHidden(false);
      await page.clock.runFor(1000);
      await setHidden(true);
      await expect.poll(() => adEvents('viewable').length, { timeout: 10_000 }).toBe(1);
    });

    it('follows Google Publisher Tag events: a render is an impression, a refresh a new one, impressionViewable counts', async () => {
      // A stand-in with GPT's public surface (cmd queue, pubads().addEventListener, event objects): no network here.
      const gpt = `<script>
        window.googletag = { cmd: { push: (f) => f() }, listeners: {}, pubads() { const l = this.listeners; return { addEventListener: (type, f) => (l[type] = l[type] || []).push(f) }; } };
        window.fireGpt = (type, extra) => {
          const slot = { getSlotElementId: () => 'div-gpt-ad-top', getAdUnitPath: () => '/1234/home/top' };
          (googletag.listeners[type] || []).forEach((f) => f(Object.assign({ slot }, extra)));
        };
      </script>`;
      await open('/gpt', `${gpt}<main style="height:3000px"><div id="div-gpt-ad-top" style="width:728px;height:90px;margin-left:20px"></div></main>`);
      await page.clock.runFor(1000);
      await beacons(1);
      const fire = (type: string, extra: object = {}) => page.evaluate(([t, e]) => (window as unknown as { fireGpt(t: unknown, e: unknown): void }).fireGpt(t, e), [type, extra] as const);
      await fire('slotRenderEnded', { isEmpty: false, size: [728, 90] });
      await fire('impressionViewable');
      await fire('slotRenderEnded', { isEmpty: false, size: [728, 90] });
      await fire('slotRenderEnded', { isEmpty: true, size: null });
      await hideAndCollect();
      // Each new render sends what came before it, so beacons can arrive in any order: wait for all four, then pair
      // them by impression id.
      const lifecycleOf = () => events('ad').filter((e) => e.ev !== 'view_time');
      await expect.poll(() => lifecycleOf().length, { timeout: 10_000 }).toBe(4);
      const lifecycle = lifecycleOf();
      expect(lifecycle.map((e) => e.ev).sort()).toEqual(['empty', 'impression', 'impression', 'viewable']);
      const viewable = lifecycle.find((e) => e.ev === 'viewable')!.imp;
      const first = lifecycle.find((e) => e.ev === 'impression' && e.imp === viewable)!;
      const refresh = lifecycle.find((e) => e.ev === 'impression' && e.imp !== viewable)!;
      const empty = lifecycle.find((e) => e.ev === 'empty')!;
      expect(first.slot).toEqual({ key: 'div-gpt-ad-top', name: '/1234/home/top', gid: '/1234/home/top', sel: '#div-gpt-ad-top', x: 20, y: 0, w: 728, h: 90 });
      expect(new Set([first.imp, refresh.imp, empty.imp]).size).toBe(3);
    });

    it('counts a tap on an ad followed by leaving the page as an estimated ad click (touch variant)', async () => {
      await context.close();
      await setUp({ hasTouch: true, isMobile: true, width: 375 });
      await open('/touch-ad', '<main style="height:2000px"><div data-ad-slot="555" style="width:320px;height:50px;margin:20px"><img alt="" style="display:block;width:320px;height:50px" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></div></main>');
      await page.clock.runFor(1000);
      await expect.poll(() => adEvents('impression').length, { timeout: 10_000 }).toBe(1);
      await page.touchscreen.tap(100, 40);
      // The advertiser's page opens: this one is hidden right after the tap.
      await setHidden(true);
      await page.clock.runFor(100);
      await expect.poll(() => adEvents('click').length, { timeout: 10_000 }).toBe(1);
      expect(adEvents('click')[0]).toMatchObject({ imp: adEvents('impression')[0]!.imp, slot: { key: '555', w: 320, h: 50 } });
    });

    it('does not count a tap on an ad when the reader stays', async () => {
      await context.close();
      await setUp({ hasTouch: true, isMobile: true, width: 375 });
      await open('/touch-stay', '<main style="height:2000px"><div data-ad-slot="556" style="width:320px;height:50px;margin:20px"><img alt="" style="display:block;width:320px;height:50px" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></div></main>');
      await page.clock.runFor(1000);
      await expect.poll(() => adEvents('impression').length, { timeout: 10_000 }).toBe(1);
      await page.touchscreen.tap(100, 40);
      await page.clock.runFor(2000);
      await hideAndCollect();
      expect(adEvents('click')).toEqual([]);
    });

    it('counts a click into the ad iframe as an estimated ad click', async () => {
      const iframeAd = `<main style="height:2000px"><div id="div-gpt-ad-top" style="width:300px;height:250px;margin:50px"><iframe title="ad" srcdoc="<button style='width:280px;height:230px'>Ad</button>" style="width:300px;height:250px;border:0"></iframe></div></main>`;
      await open('/iframe-ad', iframeAd);
      await page.clock.runFor(1000);
      await expect.poll(() => adEvents('impression').length, { timeout: 10_000 }).toBe(1);
      await page.mouse.move(150, 150);
      await page.mouse.move(200, 175);
      await page.mouse.down();
      await page.mouse.up();
      await page.clock.runFor(100);
      await expect.poll(() => adEvents('click').length, { timeout: 10_000 }).toBe(1);
      expect(adEvents('click')[0]).toMatchObject({ imp: adEvents('impression')[0]!.imp, slot: { key: 'div-gpt-ad-top' } });
    });
  });

  describe('layout shift', () => {
    // A slot in the flow of the text, its creative 250 px tall, then grown to 280 px (a creative of another size): the
    // paragraph under it moves down. Then a banner is put at the page's top: the whole page moves, no ad's doing.
    const flowPage =
      '<main><p style="height:100px;margin:0">Intro</p><div id="flow-ad" data-ad-slot="2222222222" style="width:300px"><img id="creative" alt="" style="display:block;width:300px;height:250px" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></div><p id="after" style="height:800px;margin:0">Text under the ad</p></main>';

    it("counts the shift of the content an ad pushed as the ad's, and every shift as the page's", async () => {
      await open('/shift', flowPage);
      await page.clock.runFor(1000);
      await expect.poll(() => adEvents('impression').length, { timeout: 10_000 }).toBe(1);
      await frames();
      await page.evaluate(() => ((document.getElementById('creative') as HTMLElement).style.height = '280px'));
      await frames();
      await frames();
      await setHidden(true);
      await expect.poll(() => adEvents('view_time').filter((e) => Number(e.ls ?? 0) > 0).length, { timeout: 10_000 }).toBe(1);
      const byAd = adEvents('view_time').reduce((sum, e) => sum + Number(e.ls ?? 0), 0);
      const byPage = events('eng').reduce((sum, e) => sum + Number(e.ls ?? 0), 0);
      expect(byAd).toBeGreaterThan(0);
      expect(byPage).toBeCloseTo(byAd, 4);

      // A shift above the slot moves it and everything else: the page's, not the ad's.
      await setHidden(false);
      await page.evaluate(() => document.body.prepend(Object.assign(document.createElement('div'), { style: 'height:120px' })));
      await frames();
      await frames();
      const before = server.beacons.length;
      await setHidden(true);
      await expect.poll(() => server.beacons.length, { timeout: 10_000 }).toBeGreaterThan(before);
      expect(adEvents('view_time').reduce((sum, e) => sum + Number(e.ls ?? 0), 0)).toBeCloseTo(byAd, 4);
      expect(events('eng').reduce((sum, e) => sum + Number(e.ls ?? 0), 0)).toBeGreaterThan(byPage);
    });
  });

  describe('Prebid.js', () => {
    // Real Prebid.js (tests/prebid.ts), its bids answered on this machine by its debugging module, in front of a GPT
    // stand-in (GPT's public surface: cmd, pubads().addEventListener, event objects) that decides which demand renders.
    // The page sets Prebid up as Prebid documents it (pbjs.que); Prebid itself loads after the tracker or before it.
    type Intercept = [code: string, bidder: string, cpm: number];
    interface PrebidPage {
      pbjs: { libLoaded?: boolean; getBidResponseByAdId(adId: string, options: { markAsUsed: boolean }): unknown };
      /** Auctions Prebid called back for, bidWon events Prebid emitted. */
      auctions: number;
      wins: number;
      auction(codes: string[], bids: Intercept[]): void;
      renderWinner(code: string, slotId: string, bidder: string): string;
      fireGpt(id: string, type: string, extra?: object): void;
    }
    const setup = `<script>
      window.pbjs = window.pbjs || {};
      pbjs.que = pbjs.que || [];
      window.googletag = { cmd: { push: (f) => f() }, listeners: {}, pubads() { const l = this.listeners; return { addEventListener: (type, f) => (l[type] = l[type] || []).push(f) }; } };
      window.fireGpt = (id, type, extra) => {
        const slot = { getSlotElementId: () => id, getAdUnitPath: () => '/1234/home/' + id.slice(11) };
        (googletag.listeners[type] || []).forEach((f) => f(Object.assign({ slot }, extra)));
      };
      const banner = (w, h) => ({ banner: { sizes: [[w, h]] } });
      pbjs.que.push(() => {
        pbjs.setConfig({ userSync: { syncEnabled: false }, bidderTimeout: 1000 });
        // The top unit's code is its slot's element id, the side unit's its GPT ad unit path.
        pbjs.addAdUnits([
          { code: 'div-gpt-ad-top', mediaTypes: banner(728, 90), bids: [{ bidder: 'appnexus', params: { placementId: 1 } }, { bidder: 'rubicon', params: { accountId: 1, siteId: 2, zoneId: 3 } }] },
          { code: '/1234/home/side', mediaTypes: banner(300, 250), bids: [{ bidder: 'appnexus', params: { placementId: 2 } }] },
          { code: 'ad-box', mediaTypes: banner(300, 250), bids: [{ bidder: 'appnexus', params: { placementId: 3 } }, { bidder: 'rubicon', params: { accountId: 1, siteId: 2, zoneId: 4 } }] },
        ]);
      });
      window.auctions = 0;
      window.wins = 0;
      pbjs.que.push(() => pbjs.onEvent('bidWon', () => (window.wins += 1)));
      // An auction of these codes whose bids the debugging module answers: [code, bidder, cpm] each.
      window.auction = (codes, bids) =>
        pbjs.que.push(() => {
          const intercept = bids.map(([adUnitCode, bidder, cpm]) => ({ when: { adUnitCode, bidder }, then: { cpm, currency: 'USD', netRevenue: bidder === 'appnexus', ad: '<p>ad</p>' } }));
          pbjs.setConfig({ debugging: { enabled: true, intercept } });
          pbjs.requestBids({ adUnitCodes: codes, bidsBackHandler: () => (window.auctions += 1) });
        });
      // A bidder's best unrendered bid of a code rendered into its slot, as the ad server's line item for that bidder
      // renders it (with price buckets, the ad server may pick a bidder whose bid is not the highest).
      window.renderWinner = (code, slotId, bidder) => {
        const bid = pbjs.getBidResponsesForAdUnitCode(code).bids.filter((b) => b.bidderCode === bidder && b.status !== 'rendered').sort((a, b) => b.cpm - a.cpm)[0];
        const frame = document.createElement('iframe');
        frame.style.cssText = 'display:block;border:0;width:' + bid.width + 'px;height:' + bid.height + 'px';
        document.getElementById(slotId).appendChild(frame);
        pbjs.renderAd(frame.contentDocument, bid.adId);
        return bid.adId;
      };
    </script>`;
    const slots = '<main style="height:3000px"><div id="div-gpt-ad-top" style="width:728px;height:90px"></div><div id="div-gpt-ad-side" style="width:300px;height:250px;margin-top:40px"></div><div id="ad-box" data-ad-slot="777" style="width:300px;height:250px;margin-top:40px"></div></main>';
    const fireGpt = (id: string, type: string, extra: object = {}) =>
      page.evaluate(([i, t, e]) => (window as unknown as PrebidPage).fireGpt(i, t, e), [id, type, extra] as const);
    const renderWinner = (code: string, slotId: string, bidder: string) =>
      page.evaluate(([c, s, b]) => (window as unknown as PrebidPage).renderWinner(c, s, b), [code, slotId, bidder] as const);
    const counted = () => page.evaluate(() => {
      const w = window as unknown as PrebidPage;
      return { auctions: w.auctions, wins: w.wins };
    });

    /** Runs an auction and the page's clock until Prebid called back. */
    async function auction(codes: string[], bids: Intercept[]): Promise<void> {
      const before = (await counted()).auctions;
      await page.evaluate(([c, b]) => (window as unknown as PrebidPage).auction(c, b), [codes, bids] as const);
      await expect
        .poll(async () => {
          await page.clock.runFor(50);
          return (await counted()).auctions;
        }, { timeout: 10_000 })
        .toBe(before + 1);
    }
    async function loadPrebid(): Promise<void> {
      await page.evaluate(() => document.head.appendChild(Object.assign(document.createElement('script'), { src: '/prebid.js' })));
      await page.waitForFunction(() => (window as unknown as PrebidPage).pbjs.libLoaded === true);
    }

    beforeAll(async () => {
      server.page('/prebid.js', await buildPrebid());
    });
    beforeEach(async () => {
      // Nothing leaves the machine: with debugging on, Prebid would also fetch a module of its own from a CDN.
      await page.route((url) => url.hostname !== '127.0.0.1', (route) => route.abort());
    });

    const bid = (fields: Record<string, unknown>) => ({ k: 'ad', a: expect.any(Number), slot: expect.any(Object), imp: UUID, ev: 'bid', ...fields });

    it('records each impression\'s auction once: the won bid and its CPM, or the best bid when Prebid lost', async () => {
      await open('/prebid', `${setup}${slots}`);
      await page.clock.runFor(1000);
      await beacons(1);
      // Prebid loads after the tracker, as an async tag does; the page queued its set-up before either.
      await loadPrebid();
      await auction(['div-gpt-ad-top', '/1234/home/side'], [['div-gpt-ad-top', 'appnexus', 1.5], ['div-gpt-ad-top', 'rubicon', 2.25], ['/1234/home/side', 'appnexus', 0.8]]);
      // The top slot: the ad server's own demand beats Prebid's 2.25; the render is seen viewable.
      await fireGpt('div-gpt-ad-top', 'slotRenderEnded', { isEmpty: false, size: [728, 90] });
      await fireGpt('div-gpt-ad-top', 'impressionViewable');
      // The side slot: Prebid's 0.8 wins and renders.
      await fireGpt('div-gpt-ad-side', 'slotRenderEnded', { isEmpty: false, size: [300, 250] });
      await fireGpt('div-gpt-ad-side', 'impressionViewable');
      const sideAd = await renderWinner('/1234/home/side', 'div-gpt-ad-side', 'appnexus');
      // The top slot refreshes: Prebid wins the new auction with rubicon's 3.1 (appnexus bid 3.15), and the win
      // comes before the ad server's render.
      await auction(['div-gpt-ad-top'], [['div-gpt-ad-top', 'appnexus', 3.15], ['div-gpt-ad-top', 'rubicon', 3.1]]);
      await renderWinner('div-gpt-ad-top', 'div-gpt-ad-top', 'rubicon');
      await fireGpt('div-gpt-ad-top', 'slotRenderEnded', { isEmpty: false, size: [728, 90] });
      // The side slot refreshes without an auction; then Prebid tells the side slot's old win again.
      await fireGpt('div-gpt-ad-side', 'slotRenderEnded', { isEmpty: false, size: [300, 250] });
      await page.evaluate((adId) => (window as unknown as PrebidPage).pbjs.getBidResponseByAdId(adId, { markAsUsed: true }), sideAd);
      await hideAndCollect();
      // Each render sent what came before it: beacons may arrive in any order, so wait for all of them.
      await expect.poll(() => ['impression', 'viewable', 'bid'].map((ev) => adEvents(ev).length), { timeout: 10_000 }).toEqual([4, 2, 3]);
      expect(await counted()).toEqual({ auctions: 2, wins: 3 });

      // Each slot's first render is its one viewable impression: the refreshes were not in view for a second.
      const renders = (key: string) => {
        const ofSlot = (ev: string) => adEvents(ev).filter((e) => (e.slot as { key: string }).key === key).map((e) => e.imp);
        const [first, ...others] = ofSlot('viewable');
        expect(others).toEqual([]);
        const all = ofSlot('impression');
        expect(all).toHaveLength(2);
        return [first, all.find((imp) => imp !== first)];
      };
      const [firstTop, secondTop] = renders('div-gpt-ad-top');
      const [firstSide, secondSide] = renders('div-gpt-ad-side');
      const bidOf = (imp: unknown) => adEvents('bid').filter((e) => e.imp === imp);
      // Lost: reported when the refresh ended the impression, with the best bid of its auction.
      expect(bidOf(firstTop)).toEqual([bid({ imp: firstTop, cpm: 0, best: 2.25, cur: 'USD', bidder: 'rubicon', net: 0, won: 0 })]);
      // Won before its render: held, then recorded on the refresh's impression with its auction's best bid.
      expect(bidOf(secondTop)).toEqual([bid({ imp: secondTop, cpm: 3.1, best: 3.15, cur: 'USD', bidder: 'rubicon', net: 0, won: 1 })]);
      // Matched by the GPT ad unit path, recorded once: the win told again went to no later impression.
      expect(bidOf(firstSide)).toEqual([bid({ imp: firstSide, cpm: 0.8, best: 0.8, cur: 'USD', bidder: 'appnexus', net: 1, won: 1 })]);
      expect(bidOf(firstSide)[0]!.slot).toEqual({ key: 'div-gpt-ad-side', name: '/1234/home/side', gid: '/1234/home/side', sel: '#div-gpt-ad-side', x: 0, y: 130, w: 300, h: 250 });
      expect(bidOf(secondSide)).toEqual([]);
      // The markup slot had no auction: nothing of Prebid's.
      expect(adEvents('bid').filter((e) => (e.slot as { key: string }).key === 'ad-box')).toEqual([]);
    });

    it('holds a win that comes before its slot is seen, and attaches it to the impression that follows', async () => {
      // Prebid loaded before the tracker this time: a plain script in the body runs before the deferred tracker.
      await open('/prebid-first', `${setup}<script src="/prebid.js"></script>${slots}`);
      await page.clock.runFor(1000);
      await beacons(1);
      await auction(['ad-box'], [['ad-box', 'appnexus', 4.25], ['ad-box', 'rubicon', 4.2]]);
      // Prebid renders straight into the markup slot; the tracker sees the creative at its next look (every 2 s).
      await renderWinner('ad-box', 'ad-box', 'rubicon');
      // Sent with the impression, by the next batch (every 15 s), not when the impression ends.
      await page.clock.runFor(15_000);
      await expect.poll(() => adEvents('bid').length, { timeout: 10_000 }).toBe(1);
      expect(await counted()).toEqual({ auctions: 1, wins: 1 });
      const [impression, ...others] = adEvents('impression');
      expect(others).toEqual([]);
      expect(impression!.slot).toMatchObject({ key: 'ad-box', gid: '777' });
      expect(adEvents('bid')).toEqual([bid({ imp: impression!.imp, cpm: 4.2, best: 4.25, cur: 'USD', bidder: 'rubicon', net: 0, won: 1 })]);
      await hideAndCollect();
      expect(adEvents('bid')).toHaveLength(1);
    });

    it('reports an auction Prebid lost when the page is hidden, its impression ending there', async () => {
      await open('/prebid-lost', `${setup}<script src="/prebid.js"></script>${slots}`);
      await page.clock.runFor(1000);
      await beacons(1);
      await auction(['ad-box'], [['ad-box', 'appnexus', 0.9], ['ad-box', 'rubicon', 1.1]]);
      // The ad server's own creative fills the slot.
      await page.evaluate(() => {
        const frame = Object.assign(document.createElement('iframe'), { title: 'ad' });
        frame.style.cssText = 'display:block;border:0;width:300px;height:250px';
        document.getElementById('ad-box')!.appendChild(frame);
      });
      await page.clock.runFor(15_000);
      await expect.poll(() => adEvents('impression').length, { timeout: 10_000 }).toBe(1);
      expect(adEvents('bid')).toEqual([]);
      await hideAndCollect();
      await expect.poll(() => adEvents('bid').length, { timeout: 10_000 }).toBe(1);
      expect(adEvents('bid')).toEqual([bid({ imp: adEvents('impression')[0]!.imp, cpm: 0, best: 1.1, cur: 'USD', bidder: 'rubicon', net: 0, won: 0 })]);
    });

    it('sends nothing new from a page without Prebid', async () => {
      await open('/no-prebid', slots);
      await page.clock.runFor(1000);
      await beacons(1);
      await page.evaluate(() => {
        const frame = Object.assign(document.createElement('iframe'), { title: 'ad' });
        frame.style.cssText = 'display:block;border:0;width:300px;height:250px';
        document.getElementById('ad-box')!.appendChild(frame);
      });
      await page.clock.runFor(2000);
      await hideAndCollect();
      await expect.poll(() => adEvents('impression').length, { timeout: 10_000 }).toBe(1);
      // Ad events with the keys and kinds they always had (the exact beacons of the tests above hold as well).
      const keys = new Set(events('ad').flatMap((e) => Object.keys(e)));
      expect([...keys].filter((key) => !['k', 'a', 'slot', 'imp', 'ev', 'iv', 'mp'].includes(key))).toEqual([]);
      expect(events('ad').filter((e) => !['impression', 'viewable', 'view_time'].includes(e.ev as string))).toEqual([]);
      // The tracker left Prebid's documented queue for a Prebid that may come later, and nothing else.
      expect(await page.evaluate(() => Object.keys((window as unknown as { pbjs: object }).pbjs))).toEqual(['que']);
    });
  });

  it('sets no cookie and stores nothing in localStorage', async () => {
    await open('/private', '<main style="height:2000px"><button id="b">Go</button></main>');
    await page.click('#b');
    await page.clock.runFor(1000);
    await beacons(1);
    expect(await context.cookies()).toEqual([]);
    expect(await page.evaluate(() => [document.cookie, localStorage.length])).toEqual(['', 0]);
  });

  it('stops collecting the kinds the website switched off', async () => {
    server.prefs = { clicks: false, scroll: false, engagement: false, ads: false };
    await open(
      '/off',
      '<main style="height:3000px"><button id="b">Go</button><div data-ad-slot="99" style="margin-top:10px;width:300px;height:250px"><img alt="" style="display:block;width:300px;height:250px" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></div></main>',
    );
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/collect'));
    await page.clock.runFor(1000);
    await (await answered).finished();
    // The first batch was sent before the answer came; everything after follows the answer once it was read.
    await page.evaluate(() => new Promise((resolve) => queueMicrotask(() => resolve(null))));
    const before = server.beacons.length;
    await page.click('#b');
    await page.evaluate(() => window.scrollTo(0, 1500));
    await frames();
    await page.clock.runFor(3000);
    await setHidden(true);
    await page.clock.runFor(100);
    await setHidden(false);
    await page.clock.runFor(16_000);
    const later = server.beacons.slice(before).flatMap((b) => b.e);
    expect(later.filter((e) => ['click', 'span', 'att', 'ad', 'eng'].includes(e.k))).toEqual([]);
  });
});
