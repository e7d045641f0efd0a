// Browser tests of the revenue figures (issue 23) against the real server and the system Chromium: Prebid bids sent
// through the real collector (POST /api/collect), an Ad Manager report imported through its API, and the Revenue and
// RPM cards of the dashboard and the website overview, the Ad Units tab's revenue columns (sorted by revenue) and page
// analytics' Ad Performance, at 1280 and 375 px, with the table's Layout shift column (issue 24) and its name column
// kept in view while the table scrolls sideways; and the empty state leading to the website's Settings tab.
import { randomUUID } from 'node:crypto';
import type { AdUnitFiguresResponse, AdUnitsResponse, DashboardKpiResponse, Website } from '@foldline/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPageviews, DAY, HOUR, sendPageview, type FixtureWebsite } from '../apps/server/test/analytics-fixture.ts';
import { checkA11y, DESKTOP_WIDTH, expectNoHorizontalOverflow, launchBrowser, MOBILE_WIDTH, newPage, registerByApi, screenshot, signInWithSession } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';

let server: TestServer;
let browser: Browser;
let token: string;
let website: Website;
let bare: Website;
let session: Awaited<ReturnType<typeof registerByApi>>['session'];

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${server.url}/api${path}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers } });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const SLOT = { key: 'top-banner', name: 'Top banner', sel: '#top-banner', x: 10, y: 0, w: 728, h: 90 };
const SIDEBAR = { key: 'sidebar', name: 'Sidebar box', sel: '#sidebar', x: 10, y: 600, w: 300, h: 250 };
/** A rate as the app writes it: one decimal. */
const percent = (value: number) => `${new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value)}%`;

/** A reader's pageview and its ads, as the tracker sends them, through the collector's HTTP route. */
async function collect(path: string, width: number, ads: Array<Record<string, unknown>>): Promise<void> {
  const payload = {
    site: website.tracking_code,
    u: `https://${website.domain}${path}`,
    pv: randomUUID(),
    sid: randomUUID(),
    vw: width,
    e: [{ k: 'pv', a: 0, t: path === '/' ? 'Front page' : 'Harbour story', r: '', vw: width, vh: 800, dh: 3000 }, ...ads.map((ad) => ({ k: 'ad', a: 0, ...ad }))],
  };
  const response = await fetch(`${server.url}/api/collect`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36' },
    body: JSON.stringify(payload),
  });
  const body = (await response.json()) as { ok: boolean };
  if (!response.ok || !body.ok) throw new Error(`collect: ${response.status} ${JSON.stringify(body)}`);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  ({ session } = await registerByApi(server));
  token = session.tokens.accessToken;
  const create = (name: string) => api<{ data: { website: Website } }>('/websites', { method: 'POST', body: JSON.stringify({ name, domain: `${name.toLowerCase().replace(/ /g, '-')}-${Date.now()}.example.com` }) });
  website = (await create('Harbour Times')).data.website;
  bare = (await create('No Ads Yet')).data.website;
  // Months of readers (impressions, no bids) through the ingest pipeline, as in the analytics browser tests.
  const site: FixtureWebsite = { id: website.website_id, domain: website.domain, trackingCode: website.tracking_code, timezone: website.timezone };
  const pages = [
    { website: site, path: '/', title: 'Front page' },
    { website: site, path: '/story', title: 'Harbour story' },
  ];
  await Promise.all(buildPageviews(Date.now(), pages, 80, 11).map((pv) => sendPageview(server.app, pv)));
  await Promise.all(
    buildPageviews(Date.now(), [{ website: { id: bare.website_id, domain: bare.domain, trackingCode: bare.tracking_code, timezone: bare.timezone }, path: '/', title: 'Quiet' }], 10, 5).map((pv) =>
      sendPageview(server.app, pv),
    ),
  );
  // Today's readers with Prebid through the real collector (in Chrome, which reports layout shift): wins, a lost
  // auction, a late win, an empty sidebar; the top banner pushes the content down for one reader in three.
  for (let i = 0; i < 12; i += 1) {
    const top = randomUUID();
    const side = randomUUID();
    const bid = (imp: string, cpm: number, won: 0 | 1) => ({ slot: SLOT, imp, ev: 'bid', cpm, best: Math.max(cpm, 1.1), cur: 'USD', bidder: 'appnexus', net: 1, won });
    await collect(i % 2 ? '/' : '/story', i % 3 ? 1440 : 375, [
      { slot: SLOT, imp: top, ev: 'impression' },
      ...(i % 4 === 0 ? [] : [{ slot: SLOT, imp: top, ev: 'viewable' }]),
      { slot: SLOT, imp: top, ev: 'view_time', iv: 2000, mp: 100, ...(i % 3 === 1 ? { ls: 0.05 + i / 100 } : {}) },
      ...(i % 3 === 0 ? [bid(top, 0, 0)] : [bid(top, 1.5 + i / 10, 1)]),
      ...(i % 6 === 0 ? [bid(top, 2.4, 1)] : []),
      ...(i % 5 === 0 ? [{ slot: SIDEBAR, imp: side, ev: 'empty' }] : [{ slot: SIDEBAR, imp: side, ev: 'impression' }]),
    ]);
  }
  await server.app.ingest.flush();
  // The ad server's report for the last 40 days: the top banner and the sidebar, in dollars.
  const day = (offset: number) => new Date(Date.now() - offset).toISOString().slice(0, 10);
  const lines = ['Date,Ad unit,Total impressions,Total CPM and CPC revenue (USD)'];
  for (let d = 1; d <= 40; d += 1) lines.push(`${day(d * DAY)},top-banner,${1000 + d},$${(2 + (d % 5) / 2).toFixed(2)}`, `${day(d * DAY + HOUR)},sidebar,${800 + d},$${(1 + (d % 3) / 4).toFixed(2)}`);
  const imported = await fetch(`${server.url}/api/websites/${website.website_id}/revenue-imports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: lines.join('\n'),
  });
  if (!imported.ok) throw new Error(`import: ${imported.status} ${await imported.text()}`);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function signedIn(path: string, width = DESKTOP_WIDTH): Promise<Page> {
  const page = await newPage(browser, server, { width });
  page.setDefaultTimeout(15_000);
  await signInWithSession(page, session, path);
  return page;
}

/** The first dollar amount in a text ('$1,945.99' → 1945.99), or NaN. */
const dollars = (text: string | null) => Number(text?.match(/\$([\d,]+\.\d\d)/)?.[1]?.replace(/,/g, '') ?? NaN);
/** Imported revenue is spread over a day's 24 hours, so a figure read a moment after the API's moves by a little: the
 * card's amount must be the API's within 1 %. */
const near = (expected: number) => (text: string | null) => Math.abs(dollars(text) - expected) <= expected * 0.01;

/** A KPI card by its title. */
function kpiCard(page: Page, title: string) {
  return page.locator('div', { has: page.getByRole('heading', { name: title, exact: true }) }).last();
}

describe('revenue figures', () => {
  it('dashboard and website overview show Revenue and RPM in dollars with their change', async () => {
    const kpi = await api<DashboardKpiResponse>(`/analytics/dashboard-kpi?period=month&websiteId=${website.website_id}`);
    expect(kpi.revenue).toMatchObject({ currency: 'USD', sources: { prebid: true, imported: true } });
    expect(kpi.revenue!.revenue.value).toBeGreaterThan(0);
    expect(kpi.revenue!.revenue.change).not.toBeNull();
    const page = await signedIn('/dashboard');
    await page.getByLabel('Website', { exact: true }).selectOption(website.website_id);
    await expect.poll(async () => near(kpi.revenue!.revenue.value)(await kpiCard(page, 'Revenue').textContent())).toBe(true);
    await kpiCard(page, 'Revenue').getByText('from previous period').waitFor();
    await expect.poll(async () => near(kpi.revenue!.rpm.value)(await kpiCard(page, 'RPM').textContent())).toBe(true);
    await kpiCard(page, 'RPM').getByText('Revenue per 1,000 pageviews').waitFor();
    // The specification's four cards are still there.
    for (const title of ['Total Ad Impressions', 'Average Viewability', 'Average Click-Through Rate', 'Optimization Potential']) await page.getByRole('heading', { name: title }).waitFor();
    await checkA11y(page, 'dashboard with revenue');
    await screenshot(page, 'revenue-dashboard-1280');

    await page.goto(`/dashboard/websites/${website.website_id}`);
    await page.getByRole('heading', { name: 'Ads Metrics' }).waitFor();
    const week = await api<DashboardKpiResponse>(`/analytics/dashboard-kpi?period=week&websiteId=${website.website_id}`);
    await expect.poll(async () => near(week.revenue!.revenue.value)(await kpiCard(page, 'Revenue').textContent())).toBe(true);
    await kpiCard(page, 'RPM').getByText('vs previous period').waitFor();
    await checkA11y(page, 'website overview with revenue');
    await screenshot(page, 'revenue-overview-1280');
    await page.context().close();
  });

  it('Ad Units tab has Revenue, eCPM, vCPM, Fill and Prebid win, sorted by revenue on a click', async () => {
    const page = await signedIn(`/dashboard/websites/${website.website_id}`);
    await page.getByRole('tab', { name: 'Ad Units' }).click();
    const table = page.getByRole('region', { name: 'Ad units' });
    await table.getByText('Top banner').waitFor();
    for (const column of ['Revenue', 'eCPM', 'vCPM', 'Fill', 'Prebid win']) await table.getByRole('columnheader', { name: column }).waitFor();
    await table.getByRole('button', { name: 'Revenue' }).click();
    const byRevenue = await api<AdUnitsResponse>(`/analytics/ad-units?websiteId=${website.website_id}&period=week&sort=revenue&order=desc`);
    expect(byRevenue.ad_units.map((unit) => unit.revenue)).toEqual([...byRevenue.ad_units.map((unit) => unit.revenue)].sort((a, b) => b! - a!));
    await expect.poll(() => table.getByRole('columnheader', { name: 'Revenue' }).getAttribute('aria-sort')).toBe('descending');
    const first = byRevenue.ad_units[0]!;
    await expect.poll(async () => near(first.revenue!)(await table.locator('tbody tr').first().textContent())).toBe(true);
    const top = byRevenue.ad_units.find((unit) => unit.unit_key === 'top-banner')!;
    const row = table.locator('tbody tr', { hasText: 'Top banner' });
    // Its eCPM: the row's second amount, after its revenue.
    const amounts = (text: string | null) => [...(text ?? '').matchAll(/\$([\d,]+\.\d\d)/g)].map((match) => Number(match[1]!.replace(/,/g, '')));
    await expect.poll(async () => Math.abs((amounts(await row.first().textContent())[1] ?? NaN) - top.ecpm!) <= top.ecpm! * 0.01).toBe(true);
    expect(top.prebid_win_share).toBeGreaterThan(0);
    await row.getByText(percent(top.prebid_win_share!), { exact: true }).waitFor();
    const side = byRevenue.ad_units.find((unit) => unit.unit_key === 'sidebar')!;
    expect(side.fill_rate).toBeLessThan(100);
    await table.locator('tbody tr', { hasText: 'Sidebar box' }).getByText(percent(side.fill_rate!), { exact: true }).waitFor();
    await page.getByText('Total Revenue').waitFor();
    // Layout shift per unit as the API gives it, read after the rows (every reader here is in Chrome, so every unit is
    // measured).
    const ids = byRevenue.ad_units.map((unit) => unit.ad_unit_id).join(',');
    const { data: figures } = await api<AdUnitFiguresResponse>(`/analytics/ad-units/figures?websiteId=${website.website_id}&period=week&adUnitIds=${ids}`);
    expect(figures.units.find((unit) => unit.ad_unit_id === top.ad_unit_id)!.shifting_pageviews).toBeGreaterThan(0);
    for (const unit of byRevenue.ad_units) {
      const shift = figures.units.find((row) => row.ad_unit_id === unit.ad_unit_id)!;
      const cell = table.locator('tbody tr', { hasText: unit.name }).locator('td[data-label="Layout shift"]');
      await cell.getByText(`p75 ${shift.layout_shift_p75!.toFixed(3)}`, { exact: true }).waitFor();
      expect(await cell.textContent(), unit.name).toBe(`${percent(shift.shifting_pageviews!)} of viewsp75 ${shift.layout_shift_p75!.toFixed(3)}`);
    }
    await checkA11y(page, 'ad units with revenue');
    // The sort button scrolled the Revenue header into view: back to the start, as the tab opens.
    await table.evaluate((element) => element.scrollTo({ left: 0 }));
    await screenshot(page, 'revenue-ad-units-1280');
    // Scrolled sideways to its last column, the table keeps each row's name in view at its left edge, over the figures.
    await table.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    await expect.poll(() => table.evaluate((element) => element.scrollLeft)).toBeGreaterThan(300);
    const names = await table.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return [...element.querySelectorAll<HTMLElement>('tbody tr td:first-child')].map((cell) => {
        const rect = cell.getBoundingClientRect();
        const hit = document.elementFromPoint(rect.left + 12, rect.top + rect.height / 2);
        return { text: cell.textContent?.trim() ?? '', left: rect.left - box.left, onTop: hit !== null && cell.contains(hit) };
      });
    });
    expect(names.map((name) => name.text).sort()).toEqual(byRevenue.ad_units.map((unit) => unit.name).sort());
    for (const name of names) expect(name, name.text).toMatchObject({ left: expect.closeTo(0, 0), onTop: true });
    await table.locator('tbody tr', { hasText: 'Top banner' }).locator('td[data-label="Prebid win"]').evaluate((cell) => {
      const rect = cell.getBoundingClientRect();
      if (rect.right > window.innerWidth) throw new Error('the last column is not in view once scrolled');
    });
    await screenshot(page, 'revenue-ad-units-scrolled-1280');
    await page.context().close();
  });

  it("page analytics' Ad Performance gives each unit its revenue figures", async () => {
    const pages = await server.app.metadata.db.selectFrom('pages').select(['id', 'url_path']).where('website_id', '=', website.website_id).execute();
    const story = pages.find((p) => p.url_path === '/story')!;
    const page = await signedIn(`/dashboard/pages/${story.id}`);
    await page.getByRole('tab', { name: 'Ad Performance' }).click();
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Ad Performance', exact: true }) });
    await card.getByText('Top banner').waitFor();
    for (const label of ['Revenue $', 'eCPM $', 'vCPM $', 'Fill ', 'Prebid win ']) await card.getByText(label, { exact: false }).first().waitFor();
    await checkA11y(page, 'ad performance with revenue');
    await screenshot(page, 'revenue-ad-performance-1280');
    await page.context().close();
  });

  it('works at 375 px: cards, the ad units as cards with their revenue lines, no sideways scroll', async () => {
    const page = await signedIn('/dashboard', MOBILE_WIDTH);
    await page.getByLabel('Website', { exact: true }).selectOption(website.website_id);
    await kpiCard(page, 'Revenue').getByText(/\$\d/).waitFor();
    await kpiCard(page, 'RPM').waitFor();
    await expectNoHorizontalOverflow(page, 'dashboard with revenue 375');
    await screenshot(page, 'revenue-dashboard-375');
    await page.goto(`/dashboard/websites/${website.website_id}?tab=ad-units`);
    const table = page.getByRole('region', { name: 'Ad units' });
    await table.getByText('Top banner').waitFor();
    await page.getByLabel('Sort ad units by').selectOption('revenue desc');
    // A phone shows each unit as a card of labelled lines.
    const card = table.locator('tbody tr', { hasText: 'Top banner' });
    for (const label of ['Layout shift', 'Revenue', 'eCPM', 'vCPM', 'Fill', 'Prebid win']) expect(await card.locator(`td[data-label="${label}"]`).count(), label).toBe(1);
    await card.locator('td[data-label="Layout shift"]').getByText(/^p75 \d\.\d{3}$/).waitFor();
    await expectNoHorizontalOverflow(page, 'ad units with revenue 375');
    await checkA11y(page, 'ad units with revenue 375');
    await screenshot(page, 'revenue-ad-units-375');
    await page.context().close();
  });

  it('says when there is no revenue data yet, and leads to the website\'s Settings', async () => {
    for (const width of [DESKTOP_WIDTH, MOBILE_WIDTH]) {
      const page = await signedIn(`/dashboard/websites/${bare.website_id}`, width);
      const empty = page.getByTestId('revenue-empty');
      await empty.getByText('No revenue data yet: connect Prebid or import an ad server report in').waitFor();
      expect(await kpiCard(page, 'Revenue').count()).toBe(0);
      await expectNoHorizontalOverflow(page, `overview without revenue ${width}`);
      await screenshot(page, `revenue-empty-overview-${width}`);
      await empty.getByRole('link', { name: 'Settings' }).click();
      await page.getByRole('heading', { name: 'Revenue reports' }).waitFor();
      expect(await page.getByRole('tab', { name: 'Settings' }).getAttribute('aria-selected')).toBe('true');
      await page.context().close();
    }
  });
});
