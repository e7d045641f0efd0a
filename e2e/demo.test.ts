// The demo site in real Chromium: http://news.localhost:<port>/ renders its GPT and AdSense slots with local creatives,
// and a visit to it reaches the demo account's data like a visit to any tracked site. In the dashboard, every screen of
// the demo website says in one line that its data is simulated (issue 22), at 1280 px and on a 375 px phone.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { SessionResponse } from '@foldline/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toEventTime, type EVENT_TABLES } from '@foldline/event-store';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { BROWSER_UA } from '../apps/server/test/collect-factory.ts';
import { checkA11y, expectNoHorizontalOverflow, launchBrowser, makeUser, MOBILE_WIDTH, screenshot, signInWithSession, WIDTHS } from './support/browser.ts';
import { freePort } from './support/server.ts';

let app: FastifyInstance;
let browser: Browser;
let port: number;
const dataDir = mkdtempSync(path.join(tmpdir(), 'foldline-e2e-demo-'));

beforeAll(async () => {
  port = await freePort();
  // PUBLIC_URL is where the demo pages load the tracker from and where it sends its beacons.
  const env = { DATA_DIR: dataDir, DEMO: '1', LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: `http://localhost:${port}` };
  // The web app too, for the dashboard's screens of the demo website. No live readers: the visit test below counts the
  // views of one article, and a simulated reader could open it as well.
  app = await buildApp(loadConfig(env), { logger: false, demoLiveReaders: false });
  await app.ready();
  // A one-day history first, so the seed that starts on listen finds it done and the browser runs on a quiet machine.
  await app.demo.seed({ days: 1 });
  await app.listen({ port, host: '127.0.0.1' });
  // Headless Chromium says so in its user agent and the collector drops it as a bot: browse as a reader's Chrome.
  browser = await launchBrowser({ userAgent: BROWSER_UA });
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('demo site', () => {
  it('renders GPT and AdSense ads on news.localhost at desktop width', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    const events: string[] = [];
    await page.exposeFunction('recordGptEvent', (type: string) => events.push(type));
    await page.addInitScript(() => {
      const w = window as unknown as { googletag: { cmd: Array<() => void> }; recordGptEvent(type: string): void };
      w.googletag = { cmd: [] } as never;
      w.googletag.cmd.push(() => {
        const pubads = (window as unknown as { googletag: { pubads(): { addEventListener(t: string, f: (e: { isEmpty?: boolean }) => void): void } } }).googletag.pubads();
        pubads.addEventListener('slotRenderEnded', (e) => w.recordGptEvent(e.isEmpty ? 'empty' : 'rendered'));
      });
    });
    await page.goto(`http://news.localhost:${port}/`);
    await expect.poll(() => page.locator('div[id^="div-gpt-ad"] iframe, div[id^="div-gpt-ad"]:empty').count()).toBeGreaterThan(0);
    const slots = await page.locator('div[id^="div-gpt-ad"]').count();
    expect(slots).toBe(3); // 970x90 top, 300x250 rail (alone in the home page's side column), 728x90 bottom; the mobile slots were removed
    await expect.poll(() => events.length).toBe(slots);
    expect(events.filter((e) => e === 'rendered').length).toBeGreaterThan(0);
    await expect.poll(() => page.locator('ins.adsbygoogle[data-ad-status]').count()).toBe(1);
    const creative = page.frameLocator('div[id^="div-gpt-ad"] iframe').first().locator('img');
    await expect.poll(() => creative.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.close();
  });

  it('shows the 320x50 banners instead of the sidebar on a phone', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 664 } });
    await page.goto(`http://news.localhost:${port}/local/tram-extension-approved`);
    const ids = await page.locator('div[id^="div-gpt-ad"]').evaluateAll((els) => els.map((el) => el.id));
    expect(ids).toContain('div-gpt-ad-article-top-320x50');
    expect(ids).toContain('div-gpt-ad-article-anchor-320x50');
    expect(ids.some((id) => id.endsWith('160x600'))).toBe(false);
    await page.close();
  });

  it('stores a visit to the demo site within seconds, with its scroll and click', async () => {
    const websiteId = (await app.events.query<{ id: string }>('SELECT toString(website_id) AS id FROM foldline.pageviews LIMIT 1'))[0]!.id;
    // An article no other test here opens: their visits are stored too, now that the browser is no bot.
    const articlePath = '/business/harbour-freight-third-quarter';
    const startedAt = toEventTime(Date.now() - 1000);
    const articleViews = () =>
      app.events.query<{ pageview_id: string }>(
        `SELECT toString(pageview_id) AS pageview_id FROM foldline.pageviews
         WHERE website_id = {id:UUID} AND ts > {since:DateTime64(3, 'UTC')} AND url_path = {path:String}`,
        { id: websiteId, since: startedAt, path: articlePath },
      );
    const countOfView = async (table: (typeof EVENT_TABLES)[number], pageviewId: string) =>
      Number((await app.events.query<{ n: string }>(`SELECT count() AS n FROM foldline.${table} WHERE pageview_id = {pv:UUID}`, { pv: pageviewId }))[0]!.n);
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await page.goto(`http://news.localhost:${port}${articlePath}`);
    await page.mouse.wheel(0, 2500);
    // A paragraph, not a point on the screen: under load the scroll may not have settled, and a point can then fall
    // on an ad's cross-origin frame, whose clicks the page never sees.
    await page.locator('#article-body > p').nth(3).click();
    await page.waitForTimeout(500);
    // Leaving the page hides it: the tracker sends what it gathered.
    await page.goto(`http://news.localhost:${port}/`);
    await expect.poll(async () => (await articleViews()).length, { timeout: 10_000 }).toBe(1);
    const [view] = await articleViews();
    for (const table of ['clicks', 'viewport_spans', 'ad_events'] as const) {
      await expect.poll(() => countOfView(table, view!.pageview_id), { timeout: 10_000, message: table }).toBeGreaterThan(0);
    }
    await page.close();
  });
});

const NOTICE = "Simulated data: this demo website's visitors are generated by Foldline's reader simulator.";
const NOTICE_AMONG_OTHERS = "Simulated data: the demo website's visitors are generated by Foldline's reader simulator.";

/** The dashboard at `width`, on the app's own host (PUBLIC_URL), signed in with `session`. */
async function dashboard(width: number, session: SessionResponse, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: `http://localhost:${port}`, viewport: { width, height: width < 768 ? 812 : 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signInWithSession(page, session, path);
  return page;
}

async function apiCall<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const response = await fetch(`http://127.0.0.1:${port}/api${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The notice is there, whole, and one line: no taller than one line of its text at 1280 px. */
async function expectNotice(page: Page, text: string, width: number, context: string): Promise<void> {
  const notice = page.getByText(text, { exact: true });
  await notice.waitFor({ state: 'visible' });
  expect(await notice.count(), context).toBe(1);
  const { height, lineHeight } = await notice.evaluate((element) => ({ height: element.getBoundingClientRect().height, lineHeight: parseFloat(getComputedStyle(element).lineHeight) }));
  if (width !== MOBILE_WIDTH) expect(height, `${context}: the notice wraps`).toBeLessThan(lineHeight * 1.5);
}

describe.each(WIDTHS)('the demo website in the dashboard at %i px', (width) => {
  it('says on every screen of it that its data is simulated: dashboard, overview, pages, ad units, page analytics and heatmaps', async () => {
    const password = readFileSync(path.join(dataDir, 'demo-password'), 'utf8').trim();
    const session = await apiCall<SessionResponse>('/auth/login', { method: 'POST', body: JSON.stringify({ email: 'demo@foldline.local', password }) });
    const token = session.tokens.accessToken;
    const [demo] = (await apiCall<{ websites: { website_id: string }[] }>('/websites', { token })).websites;
    const { website } = await apiCall<{ website: { pages: { page_id: string; url_path: string }[] } }>(`/websites/${demo!.website_id}`, { token });
    const article = website.pages.find((p) => p.url_path.split('/').length > 2) ?? website.pages[0]!;

    const page = await dashboard(width, session, '/dashboard');
    await page.getByText(/Showing data from/).waitFor();
    await expectNotice(page, NOTICE_AMONG_OTHERS, width, 'dashboard');

    await page.goto(`/dashboard/websites/${demo!.website_id}`);
    await page.getByRole('heading', { name: 'Ads Metrics' }).waitFor();
    await expectNotice(page, NOTICE, width, 'website overview');
    await checkA11y(page, `demo website overview at ${width}`);
    await screenshot(page, `demo-notice-overview-${width}`);
    for (const tab of ['Pages', 'Ad Units', 'Settings']) {
      await page.getByRole('tab', { name: tab }).click();
      await expectNotice(page, NOTICE, width, `${tab} tab`);
    }
    await page.goto(`/dashboard/websites/${demo!.website_id}/edit`);
    await expectNotice(page, NOTICE, width, 'edit screen');

    await page.goto(`/dashboard/pages/${article.page_id}`);
    await page.getByRole('tab', { name: 'Click Heatmap' }).waitFor();
    await expectNotice(page, NOTICE, width, 'page analytics');
    for (const tab of ['Scroll Depth', 'Engagement', 'Ad Performance']) {
      await page.getByRole('tab', { name: tab }).click();
      await expectNotice(page, NOTICE, width, `${tab} tab`);
    }
    if (width === MOBILE_WIDTH) await expectNoHorizontalOverflow(page, 'page analytics of the demo');
    await screenshot(page, `demo-notice-page-${width}`);
    await page.context().close();
  });

  it('says nothing of the kind to a user whose websites are their own, even on the demo host', async () => {
    const user = makeUser();
    const session = await apiCall<SessionResponse>('/auth/register', { method: 'POST', body: JSON.stringify({ name: user.name, email: user.email, password: user.password }) });
    const { data } = await apiCall<{ data: { website: { website_id: string } } }>('/websites', {
      method: 'POST',
      token: session.tokens.accessToken,
      body: JSON.stringify({ name: 'My local news', domain: 'news.localhost' }),
    });
    const page = await dashboard(width, session, '/dashboard');
    await page.getByText(/Showing data from/).waitFor();
    await page.goto(`/dashboard/websites/${data.website.website_id}`);
    await page.getByRole('heading', { name: 'Ads Metrics' }).waitFor();
    expect(await page.getByText(/^Simulated data/).count()).toBe(0);
    await page.context().close();
  });
});
