// End to end: the tracker served by the real server, installed with the real snippet on a publisher page,
// driven in Chromium; its beacons go through the collector into the event store and the metadata store.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { trackingScript } from '@foldline/contracts';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BROWSER_UA, insertWebsite, type TestWebsite } from './collect-factory.ts';
import { createTestApp, describeEachDialect, type TestApp } from './test-app.ts';
import { CHROMIUM_FLAGS } from '@foldline/screenshots/chromium-path';

describeEachDialect('tracker through the collector', (dialect) => {
  let t: TestApp;
  let site: TestWebsite;
  let publisher: Server;
  let publisherOrigin = '';
  let browser: Browser;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const foldline = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    // The publisher's site runs on 127.0.0.1 too; its website's domain is that host.
    site = await insertWebsite(t.app, { domain: '127.0.0.1' });
    const html = `<!doctype html><html><head><title>Publisher article</title>${trackingScript(foldline, site.trackingCode)}</head>
<body style="margin:0"><main style="height:3000px;display:flow-root"><h1>News</h1>
<div id="div-gpt-ad-top" style="width:728px;height:90px"><img alt="" style="display:block;width:728px;height:90px" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></div>
<button id="more" style="width:200px;height:40px">More</button></main></body></html>`;
    publisher = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(html));
    await new Promise<void>((resolve) => publisher.listen(0, '127.0.0.1', resolve));
    publisherOrigin = `http://127.0.0.1:${(publisher.address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...CHROMIUM_FLAGS],
    });
  });
  afterAll(async () => {
    await browser?.close();
    publisher?.close();
    await t?.close();
  });

  it('stores the pageview, the click and the ad impression of a real visit, and registers page and ad unit', async () => {
    // A headless browser is a bot to the collector: this visit presents an ordinary browser's user agent.
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, userAgent: BROWSER_UA });
    const page = await context.newPage();
    await page.goto(`${publisherOrigin}/articles/first?utm_source=test`);
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/collect') && response.status() === 200);
    await page.click('#more');
    expect(await (await answered).json()).toEqual({ ok: true, prefs: { clicks: true, scroll: true, engagement: true, ads: true } });
    // Leaving the page sends the rest with sendBeacon.
    await page.goto('about:blank');
    await context.close();

    const db = t.app.metadata.db;
    await expect
      .poll(async () => (await db.selectFrom('ad_units').select('slot_key').where('website_id', '=', site.id).execute()).map((u) => u.slot_key), { timeout: 10_000 })
      .toEqual(['div-gpt-ad-top']);
    const page1 = await db.selectFrom('pages').selectAll().where('website_id', '=', site.id).executeTakeFirstOrThrow();
    expect(page1).toMatchObject({ url_path: '/articles/first', title: 'Publisher article', status: 'active' });

    const count = async (sql: string) => Number((await t.app.events.query<{ n: string }>(sql, { id: site.id }))[0]!.n);
    await expect.poll(() => count('SELECT count() AS n FROM foldline.clicks WHERE website_id = {id:UUID}'), { timeout: 10_000 }).toBe(1);
    expect(await t.app.events.query('SELECT url_path, utm_source, device, browser FROM foldline.pageviews WHERE website_id = {id:UUID}', { id: site.id })).toEqual([
      { url_path: '/articles/first', utm_source: 'test', device: 'desktop', browser: 'Chrome' },
    ]);
    const [click] = await t.app.events.query<Record<string, unknown>>('SELECT selector, toString(page_id) AS page_id FROM foldline.clicks WHERE website_id = {id:UUID}', { id: site.id });
    expect(click).toEqual({ selector: '#more', page_id: page1.id });
    await expect
      .poll(() => count("SELECT count() AS n FROM foldline.ad_events WHERE website_id = {id:UUID} AND kind = 'impression'"), { timeout: 10_000 })
      .toBe(1);
  });
});
