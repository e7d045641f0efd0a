// End to end: the demo site's real Prebid.js (packages/demo/src/site/prebid.ts) in Chromium, its bids answered on this
// machine, in front of the GPT stand-in, with the real tracker snippet: every auction of the page reaches the event
// store as the tracker's 'bid' event of its slot, won with the rendered bid's CPM or lost with the best bid, and no
// request leaves the machine. Without Prebid the page renders its ads as before.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { trackingScript } from '@foldline/contracts';
import { ARTICLES, articlePath } from '@foldline/demo/site/content';
import { serveDemoSite } from '@foldline/demo/site/site';
import { CHROMIUM_FLAGS } from '@foldline/screenshots/chromium-path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BROWSER_UA, insertWebsite, type TestWebsite } from './collect-factory.ts';
import { createTestApp, describeOnLastDialect, type TestApp } from './test-app.ts';

interface PageBid {
  code: string;
  bidder: string;
  cpm: number;
  currency: string;
  adId: string;
}
interface PageState {
  /** Every bid Prebid received, and the ad ids of the bids it told won. */
  bids: PageBid[];
  won: string[];
  /** The GPT slots on the page, and how many render ends GPT reported. */
  slots: string[];
  renders: number;
}
interface StoredBid {
  slot_key: string;
  cpm: number;
  best_cpm: number;
  currency: string;
  bidder: string;
  prebid_won: number;
  net: number;
}

describeOnLastDialect('the demo site with Prebid.js and the tracker', (dialect) => {
  let t: TestApp;
  let site: TestWebsite;
  let publisher: Server;
  let origin = '';
  let prebid = true;
  let browser: Browser;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const foldline = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    site = await insertWebsite(t.app, { domain: '127.0.0.1' });
    // The demo site as the demo plugin serves it, on its own loopback port, with the website's snippet.
    publisher = createServer((request, response) => {
      void serveDemoSite(new URL(request.url ?? '/', 'http://x').pathname, { trackingScript: trackingScript(foldline, site.trackingCode), prebid }).then(
        (page) => response.writeHead(page.status, { 'content-type': page.contentType }).end(page.body),
        (error: unknown) => response.writeHead(500).end(String(error)),
      );
    });
    await new Promise<void>((resolve) => publisher.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(publisher.address() as AddressInfo).port}`;
    // Headless Chromium names itself in its user agent and the collector drops it as a bot: a reader's Chrome instead,
    // on the command line so that the beacons of a leaving page carry it too.
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...CHROMIUM_FLAGS, `--user-agent=${BROWSER_UA}`] });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    publisher?.close();
    await t?.close();
  });

  /** A desktop visit to `path` in a context of its own: what left the machine, console errors, failed responses. */
  async function visit(path: string): Promise<{ page: Page; context: BrowserContext; offMachine: string[]; problems: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const offMachine: string[] = [];
    const problems: string[] = [];
    await context.route(
      (url) => !['127.0.0.1', ''].includes(url.hostname),
      (route) => {
        offMachine.push(route.request().url());
        return route.abort();
      },
    );
    const page = await context.newPage();
    page.on('console', (message) => void (message.type() === 'error' && problems.push(`console: ${message.text()}`)));
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    context.on('response', (response) => void (response.status() >= 400 && problems.push(`${response.status()} ${response.url()}`)));
    // GPT's render ends, counted as the page's own listeners would.
    await page.addInitScript(() => {
      const w = window as unknown as { googletag: { cmd: Array<() => void>; pubads(): { addEventListener(t: string, f: () => void): void } }; renders: number };
      w.renders = 0;
      w.googletag = { cmd: [] } as never;
      w.googletag.cmd.push(() => w.googletag.pubads().addEventListener('slotRenderEnded', () => (w.renders += 1)));
    });
    await page.goto(`${origin}${path}`);
    return { page, context, offMachine, problems };
  }

  /** Once every GPT slot has rendered: the page's slots, Prebid's bids and the bids it told won. */
  async function pageState(page: Page): Promise<PageState> {
    const read = () =>
      page.evaluate(() => {
        const w = window as unknown as {
          renders: number;
          pbjs: { libLoaded?: boolean; getBidResponses?(): Record<string, { bids: Array<Record<string, unknown>> }>; getAllWinningBids?(): Array<{ adId: string }> };
        };
        const responses = w.pbjs.getBidResponses?.() ?? {};
        return {
          bids: Object.entries(responses).flatMap(([code, { bids }]) =>
            bids.map((b) => ({ code, bidder: String(b.bidderCode), cpm: Number(b.cpm), currency: String(b.currency), adId: String(b.adId) })),
          ),
          won: (w.pbjs.getAllWinningBids?.() ?? []).map((b) => b.adId),
          slots: [...document.querySelectorAll('div[id^="div-gpt-ad"]')].map((el) => el.id),
          renders: w.renders,
        };
      });
    await expect.poll(async () => {
      const state = await read();
      return state.slots.length > 0 && state.renders === state.slots.length;
    }, { timeout: 15_000 }).toBe(true);
    return read();
  }

  /** The 'bid' events stored for the visits of `path`, with their slots' keys. */
  async function storedBids(path: string): Promise<StoredBid[]> {
    const rows = await t.app.events.query<Omit<StoredBid, 'slot_key'> & { unit: string }>(
      `SELECT toString(ad_unit_id) AS unit, cpm, best_cpm, currency, bidder, prebid_won, net FROM foldline.ad_events
       WHERE website_id = {id:UUID} AND kind = 'bid'
         AND pageview_id IN (SELECT pageview_id FROM foldline.pageviews WHERE website_id = {id:UUID} AND url_path = {path:String})`,
      { id: site.id, path },
    );
    const units = await t.app.metadata.db.selectFrom('ad_units').select(['id', 'slot_key']).where('website_id', '=', site.id).execute();
    const keyOf = new Map(units.map((unit) => [unit.id, unit.slot_key]));
    return rows
      .map(({ unit, ...row }) => ({ slot_key: keyOf.get(unit) ?? unit, ...row, cpm: Number(row.cpm), best_cpm: Number(row.best_cpm), prebid_won: Number(row.prebid_won), net: Number(row.net) }))
      .sort((a, b) => a.slot_key.localeCompare(b.slot_key));
  }

  /** What the tracker must have recorded of the page's auctions: per slot with a bid, Prebid's won bid or its best. */
  function expectedBids(state: PageState): StoredBid[] {
    const expected: StoredBid[] = [];
    for (const code of state.slots) {
      const bids = state.bids.filter((bid) => bid.code === code);
      if (bids.length === 0) continue;
      const best = Math.max(...bids.map((bid) => bid.cpm));
      const won = bids.find((bid) => state.won.includes(bid.adId));
      const bidder = won?.bidder ?? bids.find((bid) => bid.cpm === best)!.bidder;
      expected.push({ slot_key: code, cpm: won?.cpm ?? 0, best_cpm: best, currency: 'USD', bidder, prebid_won: won ? 1 : 0, net: 1 });
    }
    return expected.sort((a, b) => a.slot_key.localeCompare(b.slot_key));
  }

  it('records every GPT slot\'s auction: won bids with their CPM, lost ones with the best bid, nothing leaving the machine', async () => {
    prebid = true;
    const outcomes = new Set<number>();
    // Prebid wins where its bid beats the ad server's own price, both drawn at random: articles until both happened.
    for (const article of ARTICLES.slice(0, 6)) {
      const path = articlePath(article);
      const { page, context, offMachine, problems } = await visit(path);
      const state = await pageState(page);
      expect(await page.evaluate(() => (window as unknown as { pbjs: { libLoaded?: boolean } }).pbjs.libLoaded)).toBe(true);
      // Each bidder answered each of the page's slots at most once, in USD, at 0.50 to 3.00.
      expect(state.bids.length).toBeGreaterThan(0);
      for (const bid of state.bids) {
        expect(state.slots).toContain(bid.code);
        expect(['appnexus', 'rubicon']).toContain(bid.bidder);
        expect(bid).toMatchObject({ currency: 'USD', cpm: expect.any(Number) });
        expect(bid.cpm).toBeGreaterThanOrEqual(0.5);
        expect(bid.cpm).toBeLessThanOrEqual(3);
      }
      // A won bid was rendered by Prebid in its slot's frame: Prebid's creative, an advertiser's banner.
      for (const adId of state.won) {
        const code = state.bids.find((bid) => bid.adId === adId)!.code;
        await expect.poll(() => page.frameLocator(`#${code} iframe`).locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      }
      // Leaving the page ends its impressions: the tracker sends the auctions Prebid lost.
      await page.goto('about:blank');
      const expected = expectedBids(state);
      await expect.poll(() => storedBids(path), { timeout: 15_000 }).toEqual(expected);
      expect(offMachine).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
      for (const bid of expected) outcomes.add(bid.prebid_won);
      if (outcomes.size === 2) break;
    }
    expect([...outcomes].sort()).toEqual([0, 1]);
  });

  it('renders the ads as before on a page without Prebid.js (no bundle), and records no bids', async () => {
    prebid = false;
    // The home page: the test above visits articles only.
    const path = '/';
    const { page, context, offMachine, problems } = await visit(path);
    const state = await pageState(page);
    expect(await page.locator('script[src="/assets/prebid.js"]').count()).toBe(0);
    expect(state.bids).toEqual([]);
    expect(await page.locator('div[id^="div-gpt-ad"] iframe').count()).toBeGreaterThan(0);
    await page.goto('about:blank');
    await expect.poll(async () => Number((await t.app.events.query<{ n: string }>(
      `SELECT count() AS n FROM foldline.ad_events WHERE website_id = {id:UUID} AND kind = 'impression'
         AND pageview_id IN (SELECT pageview_id FROM foldline.pageviews WHERE website_id = {id:UUID} AND url_path = {path:String})`,
      { id: site.id, path },
    ))[0]!.n), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await storedBids(path)).toEqual([]);
    expect(offMachine).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
