// Browser test of the analytics screens with data: dashboard home, the website overview, pages and ad units tabs,
// and page analytics with its heatmap tabs and its metrics cards (of every visitor, or of a segment), against the real
// server (events written through its ingest pipeline) and the system Chromium.
import { randomUUID } from 'node:crypto';
import type { CollectEvent, DashboardKpiResponse, RecommendationsResponse, Website } from '@foldline/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPageviews, MINUTE, sendPageview, type FixturePageview, type FixtureWebsite } from '../apps/server/test/analytics-fixture.ts';
import { BROWSER_UA } from '../apps/server/test/collect-factory.ts';
import { checkA11y, expectNoHorizontalOverflow, holdRequests, launchBrowser, MOBILE_WIDTH, newPage, registerByApi, screenshot, signInWithSession } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';

let server: TestServer;
let browser: Browser;
let token: string;
let website: Website;
let session: Awaited<ReturnType<typeof registerByApi>>['session'];

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${server.url}/api${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  ({ session } = await registerByApi(server));
  token = session.tokens.accessToken;
  const created = await api<{ data: { website: Website } }>('/websites', {
    method: 'POST',
    body: JSON.stringify({ name: 'Daily Gazette', domain: `gazette-${Date.now()}.example.com` }),
  });
  website = created.data.website;
  const site: FixtureWebsite = { id: website.website_id, domain: website.domain, trackingCode: website.tracking_code, timezone: website.timezone };
  const pages = [
    { website: site, path: '/', title: 'Front page' },
    { website: site, path: '/politics/vote', title: 'Vote tonight' },
    { website: site, path: '/sport/final', title: 'Cup final report' },
  ];
  const pageviews = buildPageviews(Date.now(), pages, 90, 3);
  await Promise.all(pageviews.map((pv) => sendPageview(server.app, pv)));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function signedIn(path: string, width?: number): Promise<Page> {
  const page = await newPage(browser, server, { width });
  page.setDefaultTimeout(15_000);
  await signInWithSession(page, session, path);
  return page;
}

/** A KPI card by its title. */
function kpiCard(page: Page, title: string) {
  return page.locator('div', { has: page.getByRole('heading', { name: title, exact: true }) }).last();
}

/** The Recommendations panel (a card titled 'Recommendations'). */
function recommendationsPanel(page: Page) {
  return page.locator('section', { has: page.getByRole('heading', { name: 'Recommendations', exact: true }) });
}

describe('analytics screens', () => {
  it('dashboard home shows its empty states for a new account, and the server\'s message when a call fails', async () => {
    const page = await newPage(browser, server);
    page.setDefaultTimeout(15_000);
    const fresh = await registerByApi(server);
    // A 4xx is not retried, so the failure shows at once.
    await page.route('**/api/analytics/top-pages*', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: { message: 'limit must be one of: 5, 10, 20, 50' } }) }),
    );
    await signInWithSession(page, fresh.session, '/dashboard');
    await page.getByText('No websites', { exact: true }).waitFor();
    await page.getByText('Get started by adding a new website.').waitFor();
    await page.getByText('Failed to load top pages: limit must be one of: 5, 10, 20, 50').waitFor();
    await page.getByRole('heading', { name: 'Total Ad Impressions' }).waitFor();
    await page.unroute('**/api/analytics/top-pages*');
    await page.getByLabel('Time Period').selectOption('week');
    await page.getByText('No pages data').waitFor();
    await page.getByText('No page analytics data is available for the selected period.').waitFor();
    await checkA11y(page, 'dashboard home (empty)');
    await page.close();
  });

  it('dashboard home shows the KPIs, chart, top pages and websites of the chosen period', async () => {
    const page = await signedIn('/dashboard');
    await page.getByText(/Showing data from .+ to .+/).waitFor();
    const kpi = await api<DashboardKpiResponse>('/analytics/dashboard-kpi?period=month');
    const impressionsCard = page.locator('div', { has: page.getByRole('heading', { name: 'Total Ad Impressions' }) }).last();
    await expect.poll(() => impressionsCard.textContent()).toContain(kpi.kpis.impressions.value.toLocaleString('en-US'));
    for (const title of ['Average Viewability', 'Average Click-Through Rate', 'Optimization Potential']) await page.getByRole('heading', { name: title }).waitFor();
    // The potential has no figure kept from the previous period: its card says so instead of a change.
    expect(await page.getByText('from previous period').count()).toBe(3);
    await kpiCard(page, 'Optimization Potential').getByText('No data in the previous period').waitFor();
    // The fixture's pages are far below the engine's minimum sample: the potential says it has nothing behind it.
    expect(kpi.optimization.recommendations).toBe(0);
    await kpiCard(page, 'Optimization Potential').getByText('No open recommendations', { exact: true }).waitFor();
    await page.getByRole('img', { name: /Ad impressions .* and viewability per day/ }).waitFor();
    const topPages = page.getByRole('region', { name: 'Top Performing Pages' });
    await topPages.getByText('Front page').waitFor();
    await topPages.getByText(`https://${website.domain}/`, { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Your Websites' }).getByText('Daily Gazette').waitFor();
    await page.getByRole('link', { name: 'Add Website' }).waitFor();
    await page.getByRole('link', { name: 'View All Websites' }).waitFor();
    await checkA11y(page, 'dashboard home');
    await screenshot(page, 'analytics-dashboard-home-1280');

    await page.getByLabel('Time Period').selectOption('day');
    await page.getByRole('img', { name: /per hour/ }).waitFor();
    await page.getByLabel('Top Pages Limit').selectOption('50');
    await page.getByLabel('Website', { exact: true }).selectOption(website.website_id);
    await topPages.getByText('Front page').waitFor();
    await page.close();
  });

  it('website overview, pages and ad units tabs show the website\'s data', async () => {
    const page = await signedIn(`/dashboard/websites/${website.website_id}`);
    await page.getByRole('heading', { name: 'Ads Metrics' }).waitFor();
    await page.getByText('Tracked pages on this website').waitFor();
    await page.getByRole('heading', { name: 'Click-Through Rate' }).waitFor();
    await kpiCard(page, 'Optimization Potential').getByText('No open recommendations', { exact: true }).waitFor();
    await page.getByText(/\d visitors? now/).waitFor();
    await page.getByRole('img', { name: /Ad impressions/ }).waitFor();
    await page.getByRole('region', { name: 'Top Performing Pages' }).getByText('/politics/vote').first().waitFor();
    await page.getByRole('button', { name: 'Copy to clipboard' }).waitFor();
    await page.getByRole('button', { name: 'Verify Installation' }).click();
    await page.getByText(/Tracking code verified|Verification failed/).first().waitFor();
    await checkA11y(page, 'website overview');
    await screenshot(page, 'analytics-overview-1280');

    await page.getByRole('tab', { name: 'Pages' }).click();
    await page.getByRole('link', { name: /Cup final report/ }).waitFor();
    await page.getByPlaceholder('Search pages...').fill('no such page');
    await page.getByText('No matching pages').waitFor();
    await page.getByRole('button', { name: 'Clear Search' }).click();
    await page.getByLabel('Sort by').selectOption('title');
    // Sorted on the server: wait for the new order.
    const titles = () => page.getByRole('region', { name: 'Pages', exact: true }).locator('tbody tr td:first-child').allTextContents();
    await expect.poll(titles).toEqual(['Cup final report', 'Front page', 'Vote tonight']);
    await page.getByRole('button', { name: 'Ascending' }).click();
    await page.getByRole('button', { name: 'Descending' }).waitFor();
    await expect.poll(titles).toEqual(['Vote tonight', 'Front page', 'Cup final report']);
    await checkA11y(page, 'website pages tab');

    await page.getByRole('tab', { name: 'Ad Units' }).click();
    const table = page.getByRole('region', { name: 'Ad units' });
    await table.getByText('Sidebar box').first().waitFor();
    await page.getByRole('heading', { name: 'Total Ad Units' }).waitFor();
    await page.getByText(/Excellent|Good|Average|Poor/).first().waitFor();
    // One row per unit, whatever number of pages it sits on; its pages open as a breakdown.
    expect(await table.getByText('Sidebar box').count()).toBe(1);
    await page.getByText(/^Showing 1–3 of 3 ad units$/).waitFor();
    await page.getByText(/vs site median$/).first().waitFor();
    const sidebarRow = table.getByRole('row').filter({ hasText: 'Sidebar box' });
    await sidebarRow.getByRole('button', { name: /\d+ pages?$/ }).click();
    const breakdown = page.getByRole('list', { name: 'Pages of Sidebar box' });
    await breakdown.getByRole('link', { name: 'Front page' }).waitFor();
    const frontPageId = new URL(await breakdown.getByRole('link', { name: 'Front page' }).evaluate((a: HTMLAnchorElement) => a.href)).pathname.split('/').at(-1)!;
    // Renamed here, the unit goes by the new name on page analytics too; blank gives the automatic name back.
    await sidebarRow.getByRole('button', { name: 'Rename Sidebar box' }).click();
    await page.getByLabel('Ad unit name').fill('Right rail MPU');
    await page.getByLabel('Ad unit name').press('Enter');
    await table.getByText('Right rail MPU').waitFor();
    const analytics = await signedIn(`/dashboard/pages/${frontPageId}`);
    await analytics.getByRole('tab', { name: 'Ad Performance' }).click();
    await analytics.getByText('Right rail MPU').first().waitFor();
    await analytics.close();
    await table.getByRole('button', { name: 'Rename Right rail MPU' }).click();
    await page.getByLabel('Ad unit name').press('Escape');
    await table.getByRole('button', { name: 'Rename Right rail MPU' }).click();
    await page.getByRole('button', { name: 'Use automatic name' }).click();
    await table.getByText('Sidebar box').waitFor();
    // No page has the engine's minimum of pageviews on any device: the panel says so, and how far each one is.
    const recommendations = await api<RecommendationsResponse>(`/analytics/recommendations?websiteId=${website.website_id}`);
    expect(recommendations.recommendations).toEqual([]);
    expect(recommendations.meta.pages.length).toBeGreaterThan(0);
    const panel = recommendationsPanel(page);
    await panel.getByText('No page has enough readers yet: recommendations need 300 pageviews of a page on one device in the last 30 days.').waitFor({ timeout: 30_000 });
    const first = recommendations.meta.pages[0]!;
    expect(first.message).toMatch(/^\d+ (desktop|mobile|tablet) pageviews? in the last 30 days; recommendations need 300 \(\d+ to go\)\.$/);
    await panel.getByText(first.message).first().waitFor();
    await panel.getByText(`${first.page_title} (${first.device}):`).first().waitFor();
    await page.getByLabel('Ad Format').selectOption('320x50');
    await expect.poll(async () => (await table.getByRole('row').allTextContents()).slice(1).every((row) => row.includes('320x50'))).toBe(true);
    await checkA11y(page, 'website ad units tab');
    await screenshot(page, 'analytics-ad-units-1280');
    await page.close();
  });

  it('page analytics shows metrics and the page\'s ad units, also on a phone', async () => {
    const { pages } = await api<{ pages: { page_id: string; title: string }[] }>(`/analytics/top-pages?period=year&limit=50&websiteId=${website.website_id}`);
    const front = pages.find((p) => p.title === 'Front page')!;
    const page = await signedIn(`/dashboard/pages/${front.page_id}`, MOBILE_WIDTH);
    await page.getByRole('heading', { name: 'Page Analytics: Front page' }).waitFor();
    await page.getByRole('link', { name: /View Page/ }).waitFor();
    expect(await page.getByRole('link', { name: /View Page/ }).getAttribute('href')).toBe(`https://${website.domain}/`);
    await page.getByLabel('Time Range').selectOption('quarter');
    await page.getByLabel('Device').selectOption('mobile');
    await page.getByText('Device: mobile').waitFor();
    // The fixture's visitors never click, so the default tab shows the click map's empty text.
    await page.getByText('No click heatmap data available').waitFor();
    await page.getByRole('heading', { name: /Total Views|No metrics available/ }).first().waitFor();
    await page.getByRole('tab', { name: 'Ad Performance' }).click();
    await page.getByText('Top banner', { exact: true }).waitFor();
    await page.getByText('728x90 (728 x 90)').waitFor();
    // The page's recommendations are of every device; the one shown comes first, and says why it has none.
    const { meta } = await api<RecommendationsResponse>(`/analytics/recommendations?pageId=${front.page_id}`);
    const mobile = meta.pages.find((analysis) => analysis.device === 'mobile');
    const panel = recommendationsPanel(page);
    await panel.getByText('No page has enough readers yet', { exact: false }).waitFor({ timeout: 30_000 });
    if (mobile) await panel.getByText(mobile.message).waitFor();
    await checkA11y(page, 'page analytics');
    await screenshot(page, 'analytics-page-375');
    await expectNoHorizontalOverflow(page, 'page analytics');
    await page.close();
  });

  it('the recommendations panel shows that it is loading, and the server\'s message when its call fails', async () => {
    const page = await newPage(browser, server);
    page.setDefaultTimeout(15_000);
    const held = await holdRequests(page, '**/api/analytics/recommendations*');
    await signInWithSession(page, session, `/dashboard/websites/${website.website_id}`);
    await page.getByRole('tab', { name: 'Ad Units' }).click();
    const panel = recommendationsPanel(page);
    await panel.getByText('Loading recommendations...').waitFor();
    await held.release();
    await panel.getByText('No page has enough readers yet', { exact: false }).waitFor({ timeout: 30_000 });
    await page.close();

    const failing = await newPage(browser, server);
    failing.setDefaultTimeout(15_000);
    // A 4xx is not retried, so the failure shows at once.
    await failing.route('**/api/analytics/recommendations*', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: { message: 'Give exactly one of pageId and websiteId' } }) }),
    );
    await signInWithSession(failing, session, `/dashboard/websites/${website.website_id}`);
    await failing.getByRole('tab', { name: 'Ad Units' }).click();
    await recommendationsPanel(failing).getByText('Failed to load recommendations: Give exactly one of pageId and websiteId').waitFor();
    await failing.close();
  });

  it('dashboard home and website overview fit a 375 px phone', async () => {
    const home = await signedIn('/dashboard', MOBILE_WIDTH);
    await home.getByText(/Showing data from/).waitFor();
    await home.getByText('Performance over time').waitFor();
    await expectNoHorizontalOverflow(home, 'dashboard home');
    await screenshot(home, 'analytics-dashboard-home-375');
    await home.close();

    const overview = await signedIn(`/dashboard/websites/${website.website_id}`, MOBILE_WIDTH);
    await overview.getByText('Ads Metrics').waitFor();
    await overview.getByRole('heading', { name: 'Top Performing Pages' }).waitFor();
    await overview.getByText('Ad impressions').first().waitFor();
    await expectNoHorizontalOverflow(overview, 'website overview');
    await screenshot(overview, 'analytics-overview-375');
    await overview.close();
  });
});

describe('page analytics heatmaps', () => {
  // A website of its own, so the pages added here do not change what the tests above count and list.
  let quietId: string;
  let longReadId: string;

  beforeAll(async () => {
    const created = await api<{ data: { website: Website } }>('/websites', {
      method: 'POST',
      body: JSON.stringify({ name: 'Evening Post', domain: `post-${Date.now()}.example.com` }),
    });
    const site: FixtureWebsite = { id: created.data.website.website_id, domain: created.data.website.domain, trackingCode: created.data.website.tracking_code, timezone: 'UTC' };
    const visit = (path: string, title: string, engagement: FixturePageview['engagement']): FixturePageview => ({
      website: site,
      path,
      title,
      viewportWidth: 1440,
      device: 'desktop',
      sessionId: randomUUID(),
      pageviewId: randomUUID(),
      at: Date.now() - 10 * MINUTE,
      engagement,
      ads: [],
    });
    // A pageview and nothing after it: no clicks, no scrolling, no attention. And a visitor who read on to 60 %.
    await sendPageview(server.app, visit('/quiet', 'Quiet page', []));
    await sendPageview(server.app, visit('/long-read', 'Long read', [{ ms: 4000, scroll: 60 }]));
    const { pages } = await api<{ pages: { page_id: string; title: string }[] }>(`/analytics/top-pages?period=week&limit=50&websiteId=${site.id}`);
    quietId = pages.find((p) => p.title === 'Quiet page')!.page_id;
    longReadId = pages.find((p) => p.title === 'Long read')!.page_id;
  });

  it('each heatmap tab shows its title, the device and its empty text for a page without data, and takes no screenshot', async () => {
    const page = await signedIn(`/dashboard/pages/${quietId}`);
    const screenshots: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/screenshots')) screenshots.push(request.url());
    });
    await page.getByRole('heading', { name: 'Page Analytics: Quiet page' }).waitFor();
    // Exact names: the empty state's own heading ('No click heatmap data available') contains the panel's title.
    await page.getByRole('heading', { name: 'Click Heatmap', exact: true }).waitFor();
    await page.getByText('Device: desktop').waitFor();
    await page.getByText('No click heatmap data available').waitFor();
    await page.getByRole('tab', { name: 'Scroll Depth' }).click();
    await page.getByRole('heading', { name: 'Scroll Depth Analysis', exact: true }).waitFor();
    await page.getByText('No scroll depth data available').waitFor();
    await page.getByRole('tab', { name: 'Engagement' }).click();
    await page.getByRole('heading', { name: 'Engagement Heatmap', exact: true }).waitFor();
    await page.getByText('Device: desktop').waitFor();
    await page.getByText('No engagement heatmap data available').waitFor();
    await page.getByLabel('Device').selectOption('mobile');
    await page.getByText('Device: mobile').waitFor();
    await page.getByText('No engagement heatmap data available').waitFor();
    await checkA11y(page, 'page analytics heatmap (empty)');
    expect(screenshots).toEqual([]);
    await page.close();
  });

  it('a screenshot that cannot be taken shows why, and Retry asks for a new one', async () => {
    const page = await signedIn(`/dashboard/pages/${longReadId}`, MOBILE_WIDTH);
    await page.getByRole('heading', { name: 'Page Analytics: Long read' }).waitFor();
    await page.getByRole('tab', { name: 'Scroll Depth' }).click();
    await page.getByRole('heading', { name: 'Scroll Depth Analysis' }).waitFor();
    await page.getByText('Based on 1 pageview.').waitFor();
    // The website's domain does not exist, so the screenshot service cannot load the page.
    const failure = page.getByText(/^Error loading screenshot: .+/);
    await failure.waitFor({ timeout: 45_000 });
    expect(await failure.textContent()).toContain(`post-`);
    const retried = page.waitForRequest((request) => request.url().includes('/api/screenshots') && new URL(request.url()).searchParams.get('refresh') === '1');
    await page.getByRole('button', { name: 'Retry' }).click();
    await retried;
    await failure.waitFor({ timeout: 45_000 });
    await checkA11y(page, 'page analytics heatmap (screenshot failure)');
    await expectNoHorizontalOverflow(page, 'page analytics heatmap (screenshot failure)');
    await screenshot(page, 'analytics-page-heatmap-error-375');
    await page.close();
  });
});

describe('page metrics of a segment', () => {
  // Readers of one story with known figures (issue 26): where they came from, their browser, engaged time and deepest
  // scroll. Desktop, every visitor: 4 sessions, (6 + 10 + 3 + 1) / 4 = 5 s, (80 + 100 + 30 + 10) / 4 = 55 %.
  const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';
  const readers = [
    // Search: 2 sessions, 8 s, 90 %; search and Firefox: 1, 10 s, 100 %.
    { width: 1280, referrer: 'https://www.google.com/', ua: BROWSER_UA, engagement: [{ ms: 4000, sd: 40 }, { ms: 2000, sd: 80 }] },
    { width: 1280, query: '?utm_source=bing&utm_medium=organic', ua: FIREFOX, engagement: [{ ms: 10_000, sd: 100 }] },
    { width: 1280, referrer: 'https://l.facebook.com/', ua: BROWSER_UA, engagement: [{ ms: 3000, sd: 30 }] },
    { width: 1280, ua: FIREFOX, engagement: [{ ms: 1000, sd: 10 }] },
    // Phones, every visitor: 3 sessions, 6 s, 43.3 %; social: 1, 12 s, 70 %.
    { width: 390, query: '?utm_source=facebook&utm_medium=social', ua: BROWSER_UA, engagement: [{ ms: 12_000, sd: 70 }] },
    { width: 390, ua: BROWSER_UA, engagement: [{ ms: 2000, sd: 20 }] },
    { width: 390, ua: BROWSER_UA, engagement: [{ ms: 4000, sd: 40 }] },
  ];
  let storyId: string;

  beforeAll(async () => {
    const created = await api<{ data: { website: Website } }>('/websites', {
      method: 'POST',
      body: JSON.stringify({ name: 'Morning Star', domain: `star-${Date.now()}.example.com` }),
    });
    const site = created.data.website;
    for (const [i, reader] of readers.entries()) {
      let previous = -1;
      const engagement = reader.engagement.map(({ ms, sd }) => {
        const event: CollectEvent = { k: 'eng', a: 0, ms, sd, pd: previous, dh: 3000 };
        previous = sd;
        return event;
      });
      const payload = {
        site: site.tracking_code,
        u: `https://${site.domain}/story${reader.query ?? ''}`,
        pv: randomUUID(),
        sid: randomUUID(),
        vw: reader.width,
        e: [{ k: 'pv', a: 0, t: 'Story', r: reader.referrer ?? '', vw: reader.width, vh: 800, dh: 3000 } as CollectEvent, ...engagement],
      };
      const result = await server.app.ingest.accept(payload, { ip: `203.0.113.${i + 20}`, userAgent: reader.ua, receivedAt: Date.now() - 30 * MINUTE + i * 1000 });
      expect(result.outcome).toBe('stored');
    }
    await server.app.ingest.flush?.();
    storyId = (await server.app.metadata.db.selectFrom('pages').select('id').where('website_id', '=', site.website_id).executeTakeFirstOrThrow()).id;
  });

  /** The three cards' values, in order. */
  async function cardValues(page: Page): Promise<string[]> {
    return Promise.all(['Total Views', 'Average Time on Page', 'Average Scroll Depth'].map((title) => kpiCard(page, title).locator('p').first().innerText()));
  }

  it('narrows the cards to the heatmap card\'s source and browser, and says so, at 1,280 px', async () => {
    const page = await signedIn(`/dashboard/pages/${storyId}`);
    await page.getByRole('heading', { name: 'Page Analytics: Story' }).waitFor();
    await expect.poll(() => cardValues(page)).toEqual(['4', '5s', '55.0%']);
    expect(await page.getByTestId('page-metrics-segment').count()).toBe(0);

    await page.getByLabel('Source', { exact: true }).selectOption('search');
    const filter = page.getByTestId('page-metrics-segment');
    await filter.getByText('Search visitors', { exact: true }).waitFor();
    await expect.poll(() => cardValues(page)).toEqual(['2', '8s', '90.0%']);
    await kpiCard(page, 'Total Views').getByText('Unique page sessions: Search visitors').waitFor();

    await page.getByLabel('Browser', { exact: true }).selectOption('Firefox');
    await filter.getByText('Search visitors · Firefox', { exact: true }).waitFor();
    await expect.poll(() => cardValues(page)).toEqual(['1', '10s', '100.0%']);
    await kpiCard(page, 'Average Scroll Depth').getByText('Search visitors · Firefox').waitFor();
    await checkA11y(page, 'page metrics of a segment');
    await screenshot(page, 'page-metrics-segment-1280');

    // A segment without visits says so; the segment holds on the Ad Performance tab, and can be left from there.
    await page.getByLabel('Browser', { exact: true }).selectOption('');
    await page.getByLabel('Source', { exact: true }).selectOption('referral');
    await page.getByText('No metrics for Visitors from other sites').waitFor();
    await page.getByRole('tab', { name: 'Ad Performance' }).click();
    await filter.getByRole('button', { name: 'Show all visitors' }).click();
    await expect.poll(() => cardValues(page)).toEqual(['4', '5s', '55.0%']);
    expect(await page.getByTestId('page-metrics-segment').count()).toBe(0);
    await page.getByRole('tab', { name: 'Click Heatmap' }).click();
    expect(await page.getByLabel('Source', { exact: true }).inputValue()).toBe('all');
    await page.close();
  });

  it('narrows the cards on a phone, the mobile readers', async () => {
    const page = await signedIn(`/dashboard/pages/${storyId}`, MOBILE_WIDTH);
    await page.getByRole('heading', { name: 'Page Analytics: Story' }).waitFor();
    await page.getByRole('button', { name: 'Show mobile' }).click();
    await expect.poll(() => cardValues(page)).toEqual(['3', '6s', '43.3%']);
    await page.getByLabel('Source', { exact: true }).selectOption('social');
    await page.getByTestId('page-metrics-segment').getByText('Social visitors', { exact: true }).waitFor();
    await expect.poll(() => cardValues(page)).toEqual(['1', '12s', '70.0%']);
    await page.getByLabel('Source', { exact: true }).selectOption('direct');
    await expect.poll(() => cardValues(page)).toEqual(['2', '3s', '30.0%']);
    await checkA11y(page, 'page metrics of a segment on a phone');
    await expectNoHorizontalOverflow(page, 'page metrics of a segment');
    await screenshot(page, 'page-metrics-segment-375');
    await page.close();
  });
});
