// Browser tests of website management: list, create, edit, detail header and tabs, and the Settings tab, against the
// real server and the system Chromium at 1280 and 375 px.
import { randomUUID } from 'node:crypto';
import type { Website, WebsiteWithPages } from '@foldline/contracts';
import { EVENT_TABLES } from '@foldline/event-store';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, expectGoneAfter, expectNoHorizontalOverflow, holdRequests, launchBrowser, MOBILE_WIDTH, newPage, signUpAndSignIn, screenshot } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Calls the API as the signed-in user, failing loudly on an unexpected status. */
async function apiCall<T>(token: string, method: string, path: string, body?: unknown, expected = 200): Promise<T> {
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status !== expected) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function createSite(token: string, name: string, domain: string, status: 'active' | 'inactive' = 'active'): Promise<Website> {
  const result = await apiCall<{ data: { website: Website } }>(token, 'POST', '/websites', { name, domain, status }, 201);
  return result.data.website;
}

/** A signed-in page of a fresh user at `path`. */
async function signedIn(path: string, width?: number): Promise<{ page: Page; token: string }> {
  const page = await newPage(browser, server, { width });
  // Fail in seconds rather than the 30 s default: every wait here is for something the app shows quickly.
  page.setDefaultTimeout(15_000);
  const { session } = await signUpAndSignIn(page, server, path);
  return { page, token: session.tokens.accessToken };
}

const alertText = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

const uniqueDomain = (label: string) => `${label}-${randomUUID().slice(0, 8)}.example.com`;

describe('website list', () => {
  it('shows the empty state with Add Website, then searches and filters websites', async () => {
    const { page, token } = await signedIn('/dashboard/websites');
    await page.getByRole('heading', { name: 'Websites', exact: true }).waitFor();
    await page.getByText('No websites found').waitFor();
    await page.getByText('Get started by adding a new website.').waitFor();
    // One in the header, one in the empty state.
    expect(await page.getByRole('link', { name: 'Add Website' }).count()).toBe(2);
    await checkA11y(page, 'website list (empty)');
    await screenshot(page, 'websites-list-empty-1280');

    const blog = await createSite(token, 'Cooking Blog', uniqueDomain('recipes'));
    await createSite(token, 'Old Shop', uniqueDomain('shop'), 'inactive');
    await page.reload();
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    const blogRow = rows.filter({ hasText: 'Cooking Blog' });
    expect(await blogRow.locator('td').nth(1).textContent()).toBe(blog.domain);
    expect(await blogRow.locator('td').nth(2).textContent()).toBe('active');
    expect(await blogRow.locator('td').nth(2).locator('span').getAttribute('class')).toContain('green');
    expect(await rows.filter({ hasText: 'Old Shop' }).locator('td').nth(2).locator('span').getAttribute('class')).toContain('yellow');
    expect(await blogRow.locator('td').nth(3).textContent()).toBe(blog.tracking_code);
    expect(await blogRow.locator('td').nth(3).getAttribute('class')).toContain('font-mono');
    const localDate = await page.evaluate((iso) => new Date(iso).toLocaleDateString(), blog.created_at);
    expect(await blogRow.locator('td').nth(4).textContent()).toBe(localDate);
    await checkA11y(page, 'website list');
    await screenshot(page, 'websites-list-1280');

    const search = page.getByPlaceholder('Search websites');
    // By name, case-insensitively.
    await search.fill('cooking');
    await expect.poll(() => rows.count()).toBe(1);
    // By domain.
    await search.fill('shop-');
    await expect.poll(() => rows.allTextContents()).toEqual([expect.stringContaining('Old Shop')]);
    await search.fill('');
    const status = page.getByLabel('Status');
    expect(await status.inputValue()).toBe('all');
    expect(await status.locator('option').allTextContents()).toEqual(['All Status', 'Active', 'Inactive']);
    await status.selectOption('inactive');
    await expect.poll(() => rows.allTextContents()).toEqual([expect.stringContaining('Old Shop')]);
    await status.selectOption('active');
    await search.fill('shop');
    await page.getByText("Try adjusting your search or filter to find what you're looking for.").waitFor();
    // No Add Website button in a filtered empty state: only the header's.
    expect(await page.getByRole('link', { name: 'Add Website' }).count()).toBe(1);

    await status.selectOption('all');
    await search.fill('');
    await blogRow.getByRole('link', { name: 'View Cooking Blog' }).click();
    await page.waitForURL(`**/dashboard/websites/${blog.website_id}`);
    await page.goBack();
    await page.getByRole('link', { name: 'Edit Cooking Blog' }).click();
    await page.waitForURL(`**/dashboard/websites/${blog.website_id}/edit`);
    await page.context().close();
  });

  it('works at 375 px: each website is a card with every figure on screen, nothing scrolls sideways', async () => {
    const { page, token } = await signedIn('/dashboard/websites', MOBILE_WIDTH);
    await createSite(token, 'A website with a rather long name', uniqueDomain('a-very-long-subdomain-name'));
    await page.reload();
    await page.locator('tbody tr').first().waitFor();
    const region = page.getByRole('region', { name: 'Websites' });
    const { scrollWidth, clientWidth } = await region.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await region.getByText('A website with a rather long name').waitFor();
    for (const label of ['Domain', 'Status', 'Tracking Code', 'Created At']) {
      const box = await region.locator(`td[data-label="${label}"]`).first().boundingBox();
      expect(box!.x + box!.width, label).toBeLessThanOrEqual(MOBILE_WIDTH);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE_WIDTH);
    await checkA11y(page, 'website list 375');
    await screenshot(page, 'websites-list-375');
    await page.context().close();
  });
});

describe('add website', () => {
  it('validates on submit, creates the website and shows its tracking code', async () => {
    const { page, token } = await signedIn('/dashboard/websites/new');
    await page.getByRole('heading', { name: 'Add New Website' }).waitFor();
    await page.getByText('Add a website to start tracking user behavior').waitFor();
    expect(await page.getByLabel('Timezone').locator('option').allTextContents()).toEqual([
      'UTC',
      'America/New_York',
      'America/Los_Angeles',
      'Europe/London',
      'Europe/Paris',
      'Asia/Tokyo',
      'Australia/Sydney',
    ]);
    expect(await page.getByLabel('Engagement Threshold (ms)').inputValue()).toBe('2000');
    expect(await page.getByLabel('Scroll Depth Threshold (%)').inputValue()).toBe('70');
    await page.getByText('min 500, max 10000').waitFor();
    await page.getByText('min 10, max 100').waitFor();
    await checkA11y(page, 'add website');
    await screenshot(page, 'website-new-1280');

    const create = page.getByRole('button', { name: 'Create Website' });
    await create.click();
    await page.getByRole('alert').filter({ hasText: 'Name and domain are required fields' }).waitFor();
    await page.getByLabel('Website Name').fill('Travel Notes');
    await create.click();
    await page.getByRole('alert').filter({ hasText: 'Name and domain are required fields' }).waitFor();
    await page.getByLabel('Domain').fill('not a domain');
    await create.click();
    await page.getByRole('alert').filter({ hasText: 'Please enter a valid domain name (e.g., example.com)' }).waitFor();
    await screenshot(page, 'website-new-validation-1280');

    const domain = uniqueDomain('travel');
    await page.getByLabel('Domain').fill(domain.toUpperCase());
    await page.getByLabel('Timezone').selectOption('Asia/Tokyo');
    await page.getByLabel('Status').selectOption('inactive');
    await page.getByLabel('Engagement Threshold (ms)').fill('not a number');
    await page.getByLabel('Scroll Depth Threshold (%)').fill('');
    await create.click();
    await page.getByText('Website created successfully!').waitFor();

    const { websites } = await apiCall<{ websites: Website[] }>(token, 'GET', '/websites');
    expect(websites).toHaveLength(1);
    const created = websites[0]!;
    expect(created).toMatchObject({ name: 'Travel Notes', domain, timezone: 'Asia/Tokyo', status: 'inactive' });
    // Empty or non-numeric thresholds fall back to the defaults.
    expect(created.settings.thresholds).toMatchObject({ engagement: 2000, scrollDepth: 70 });
    const code = await page.locator('pre code').textContent();
    expect(code).toBe(created.tracking_script);
    expect(code).toContain(created.tracking_code);
    await page.getByRole('button', { name: 'Copy to clipboard' }).waitFor();
    await checkA11y(page, 'add website (created)');
    await screenshot(page, 'website-new-created-1280');

    await page.getByRole('link', { name: 'Go to Website Dashboard' }).click();
    await page.waitForURL(`**/dashboard/websites/${created.website_id}`);
    await page.getByRole('heading', { name: 'Travel Notes' }).waitFor();
    await page.context().close();
  });

  it('shows the server message when the create is refused', async () => {
    const { page } = await signedIn('/dashboard/websites/new');
    await page.getByLabel('Website Name').fill('x'.repeat(201));
    await page.getByLabel('Domain').fill(uniqueDomain('long'));
    await page.getByRole('button', { name: 'Create Website' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    // The server's own message, not the generic fallback.
    expect(await alert.textContent()).not.toContain('Failed to create website');
    expect((await alert.textContent())?.trim().length).toBeGreaterThan(0);
    await page.context().close();
  });
});

describe('edit website', () => {
  it('keeps the domain read-only, saves, and hides the success message after 4 s', async () => {
    const { page, token } = await signedIn('/dashboard/websites');
    // Its success message is moved on by the clock, not waited out (expectGoneAfter).
    await page.clock.install();
    const site = await createSite(token, 'Garden Tips', uniqueDomain('garden'));
    await page.goto(`/dashboard/websites/${site.website_id}/edit`);
    await page.getByRole('heading', { name: 'Edit Website: Garden Tips' }).waitFor();
    await page.getByText('Update your website settings and configuration.').waitFor();
    const domain = page.getByLabel('Domain');
    expect(await domain.inputValue()).toBe(site.domain);
    expect(await domain.getAttribute('readonly')).not.toBeNull();
    await page.getByText('Domain cannot be changed after website creation').waitFor();
    await checkA11y(page, 'edit website');
    await screenshot(page, 'website-edit-1280');

    await page.getByLabel('Website Name').fill('');
    await page.getByRole('button', { name: 'Update Website' }).click();
    await page.getByRole('alert').filter({ hasText: 'Name and domain are required fields' }).waitFor();

    await page.getByLabel('Website Name').fill('Garden Tips Weekly');
    await page.getByLabel('Engagement Threshold (ms)').fill('4500');
    await page.getByLabel('Scroll Depth Threshold (%)').fill('55');
    await page.getByRole('button', { name: 'Update Website' }).click();
    const success = page.getByText('Website updated successfully!');
    await success.waitFor();
    await page.getByRole('heading', { name: 'Edit Website: Garden Tips Weekly' }).waitFor();
    const { website } = await apiCall<{ website: WebsiteWithPages }>(token, 'GET', `/websites/${site.website_id}`);
    expect(website).toMatchObject({ name: 'Garden Tips Weekly', domain: site.domain });
    expect(website.settings.thresholds).toMatchObject({ engagement: 4500, scrollDepth: 55, viewability: 50, viewTime: 1000 });
    // The message goes by itself after 4 s.
    await expectGoneAfter(page, success, 4_000);
    await page.context().close();
  });

  it('shows the failure text and no form when the website cannot be loaded', async () => {
    const { page } = await signedIn(`/dashboard/websites/${randomUUID()}/edit`);
    await page.getByText('Failed to load website details: Website not found').waitFor();
    expect(await page.getByLabel('Website Name').count()).toBe(0);
    expect(await page.locator('form').count()).toBe(0);
    await page.getByRole('link', { name: 'Return to websites' }).waitFor();
    await checkA11y(page, 'edit website (failed load)');
    await screenshot(page, 'website-edit-failed-1280');
    await page.context().close();
  });
});

describe('website detail', () => {
  it('shows the header, switches tabs with a refetch each time, and deletes the website', async () => {
    const { page, token } = await signedIn('/dashboard/websites');
    const site = await createSite(token, 'Daily News', uniqueDomain('news'));
    await page.goto(`/dashboard/websites/${site.website_id}`);
    await page.getByRole('heading', { name: 'Daily News' }).waitFor();
    await page.getByText(site.domain).waitFor();
    const created = await page.evaluate((iso) => new Date(iso).toLocaleDateString(), site.created_at);
    await page.getByText(created).waitFor();
    const tabs = page.getByRole('tab');
    expect(await tabs.allTextContents()).toEqual(['Overview', 'Pages', 'Ad Units', 'Settings']);
    expect(await tabs.first().getAttribute('aria-selected')).toBe('true');
    await checkA11y(page, 'website detail');
    await screenshot(page, 'website-detail-1280');

    for (const name of ['Pages', 'Ad Units', 'Settings', 'Overview']) {
      const refetch = page.waitForRequest((request) => request.method() === 'GET' && request.url().endsWith(`/api/websites/${site.website_id}`));
      await page.getByRole('tab', { name }).click();
      await refetch;
      expect(await page.getByRole('tab', { name }).getAttribute('aria-selected')).toBe('true');
    }

    // Window focus refetches too (TanStack Query listens to visibility changes).
    const onFocus = page.waitForRequest((request) => request.method() === 'GET' && request.url().endsWith(`/api/websites/${site.website_id}`));
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await onFocus;

    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.waitForURL(`**/dashboard/websites/${site.website_id}/edit`);
    await page.goBack();

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure you want to delete this website? This action cannot be undone.').waitFor();
    await checkA11y(page, 'delete website dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await apiCall(token, 'GET', `/websites/${site.website_id}`);

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL('**/dashboard/websites');
    await page.getByText('No websites found').waitFor();
    await apiCall(token, 'GET', `/websites/${site.website_id}`, undefined, 404);
    await page.context().close();
  });

  it('shows the failure text with a way back when the website cannot be loaded', async () => {
    const { page } = await signedIn(`/dashboard/websites/${randomUUID()}`);
    await page.getByText('Failed to load website details: Website not found').waitFor();
    await page.getByRole('link', { name: 'Return to websites' }).click();
    await page.waitForURL('**/dashboard/websites');
    await page.context().close();
  });

  it('works at 375 px', async () => {
    const { page, token } = await signedIn('/dashboard/websites', MOBILE_WIDTH);
    const site = await createSite(token, 'Pocket Site', uniqueDomain('pocket'));
    await page.goto(`/dashboard/websites/${site.website_id}`);
    await page.getByRole('heading', { name: 'Pocket Site' }).waitFor();
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Advanced Settings' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE_WIDTH);
    await checkA11y(page, 'website settings 375');
    await screenshot(page, 'website-detail-settings-375');
    await page.goto(`/dashboard/websites/${site.website_id}/edit`);
    await page.getByRole('heading', { name: 'Edit Website: Pocket Site' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE_WIDTH);
    await checkA11y(page, 'edit website 375');
    await screenshot(page, 'website-edit-375');
    await page.goto('/dashboard/websites/new');
    await page.getByRole('heading', { name: 'Add New Website' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE_WIDTH);
    await checkA11y(page, 'add website 375');
    await screenshot(page, 'website-new-375');
    await page.context().close();
  });
});

/** Story n of a website with many pages: 'Harbour' in every 40th title; last activities a permutation of n (37 is
 * prime to 120), so the earliest is story 55 and the latest story 42; every tenth story inactive. */
const STORIES = 120;
const storyPath = (n: number) => `/story-${String(n).padStart(3, '0')}`;
async function insertStories(websiteId: string): Promise<void> {
  await server.app.metadata.db
    .insertInto('pages')
    .values(
      Array.from({ length: STORIES }, (_, n) => ({
        id: randomUUID(),
        website_id: websiteId,
        url_path: storyPath(n),
        title: n % 40 === 7 ? `Harbour story ${n}` : `Story ${n}`,
        status: n % 10 === 0 ? 'inactive' : 'active',
        created_at: '2026-01-01T00:00:00.000Z',
        last_activity: new Date(Date.UTC(2026, 1, 1) + (((n * 37) + 5) % STORIES) * 3_600_000).toISOString(),
        origin: null,
      })),
    )
    .execute();
}

describe('Pages tab', () => {
  /** The Pages table and what it shows: the first column's names, and the line under it. */
  const pagesTable = (page: Page) => page.getByRole('region', { name: 'Pages', exact: true });
  const names = (page: Page) => pagesTable(page).locator('tbody tr td:first-child').allTextContents();
  const showing = (page: Page) => page.getByRole('navigation', { name: 'Pagination' }).locator('p').textContent();

  it('pages, searches (debounced) and sorts on the server', async () => {
    const { page, token } = await signedIn('/dashboard/websites');
    const site = await createSite(token, 'Harbour Times', uniqueDomain('harbour'));
    await insertStories(site.website_id);
    // The website itself carries only its first pages and the count.
    const { website } = await apiCall<{ website: WebsiteWithPages }>(token, 'GET', `/websites/${site.website_id}`);
    expect(website.pages_total).toBe(STORIES);
    expect(website.pages.length).toBeLessThan(STORIES);

    await page.goto(`/dashboard/websites/${site.website_id}`);
    await page.getByRole('tab', { name: 'Pages' }).click();
    await pagesTable(page).waitFor();
    // URL Path ascending, 50 a page.
    await expect.poll(() => showing(page)).toBe('Showing 1–50 of 120 pages');
    expect((await names(page))[0]).toBe('Story 0');
    expect(await names(page)).toHaveLength(50);
    await page.getByText('Page 1 of 3').waitFor();
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    expect(await pagesTable(page).getByRole('columnheader', { name: 'URL Path' }).getAttribute('aria-sort')).toBe('ascending');
    await checkA11y(page, 'website pages tab');
    await screenshot(page, 'website-pages-1280');

    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => showing(page)).toBe('Showing 51–100 of 120 pages');
    expect((await names(page))[0]).toBe('Story 50');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => showing(page)).toBe('Showing 101–120 of 120 pages');
    expect(await names(page)).toHaveLength(20);
    await page.getByText('Page 3 of 3').waitFor();
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    // A row opens the page's analytics.
    expect(await pagesTable(page).getByRole('link', { name: 'Story 119' }).getAttribute('href')).toMatch(/^\/dashboard\/pages\/[0-9a-f-]{36}$/);

    // Typing asks the server once it pauses, not once a key, and starts again from the first page.
    const searches: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/pages') && url.searchParams.has('search')) searches.push(url.searchParams.get('search')!);
    });
    await page.getByPlaceholder('Search pages...').pressSequentially('HARBOUR', { delay: 40 });
    await expect.poll(() => showing(page)).toBe('Showing 1–3 of 3 pages');
    expect(await names(page)).toEqual(['Harbour story 7', 'Harbour story 47', 'Harbour story 87']);
    expect(searches.at(-1)).toBe('HARBOUR');
    expect(searches.length).toBeLessThan('HARBOUR'.length);

    // The column headers sort: a new column ascending, the same column again descending.
    await pagesTable(page).getByRole('button', { name: 'Page Name' }).click();
    await expect.poll(() => names(page)).toEqual(['Harbour story 47', 'Harbour story 7', 'Harbour story 87']);
    await pagesTable(page).getByRole('button', { name: 'Page Name' }).click();
    await expect.poll(() => names(page)).toEqual(['Harbour story 87', 'Harbour story 7', 'Harbour story 47']);
    expect(await page.getByLabel('Sort by').inputValue()).toBe('title');
    await page.getByRole('button', { name: 'Descending' }).waitFor();

    await page.getByPlaceholder('Search pages...').fill('no such story');
    await page.getByText('No matching pages').waitFor();
    await screenshot(page, 'website-pages-no-match-1280');
    await page.getByRole('button', { name: 'Clear Search' }).click();
    await expect.poll(() => showing(page)).toBe('Showing 1–50 of 120 pages');

    // 'Sort by' picks a field and starts ascending; the toggle flips it. Last activity: story 55 first, 42 last.
    await page.getByLabel('Sort by').selectOption('last_activity');
    await page.getByRole('button', { name: 'Ascending' }).waitFor();
    await expect.poll(async () => (await names(page))[0]).toBe('Story 55');
    expect(await pagesTable(page).getByRole('columnheader', { name: 'Last Activity' }).getAttribute('aria-sort')).toBe('ascending');
    await page.getByRole('button', { name: 'Ascending' }).click();
    await expect.poll(async () => (await names(page))[0]).toBe('Story 42');
    // Status, descending: the inactive stories first, in path order descending.
    await page.getByLabel('Sort by').selectOption('status');
    await page.getByRole('button', { name: 'Ascending' }).click();
    await expect.poll(async () => (await names(page)).slice(0, 2)).toEqual(['Story 110', 'Story 100']);
    await page.context().close();
  });

  it('shows the loading state, then No pages detected for a website without pages', async () => {
    const { page, token } = await signedIn('/dashboard/websites');
    const site = await createSite(token, 'Brand New', uniqueDomain('new'));
    await page.goto(`/dashboard/websites/${site.website_id}`);
    await page.getByRole('heading', { name: 'Brand New' }).waitFor();
    const held = await holdRequests(page, `**/api/websites/${site.website_id}/pages*`);
    await page.getByRole('tab', { name: 'Pages' }).click();
    await page.getByText('Loading pages...').waitFor();
    await held.release();
    await page.getByText('No pages detected').waitFor();
    await page.getByRole('button', { name: 'Verify Tracking Installation' }).waitFor();
    expect(await page.getByPlaceholder('Search pages...').count()).toBe(0);
    await checkA11y(page, 'website pages tab (empty)');
    await page.context().close();
  });

  it('works at 375 px: each page is a card, the controls and paging fit', async () => {
    const { page, token } = await signedIn('/dashboard/websites', MOBILE_WIDTH);
    const site = await createSite(token, 'Pocket News', uniqueDomain('pocket-news'));
    await insertStories(site.website_id);
    await page.goto(`/dashboard/websites/${site.website_id}`);
    await page.getByRole('tab', { name: 'Pages' }).click();
    await expect.poll(() => showing(page)).toBe('Showing 1–50 of 120 pages');
    for (const label of ['URL Path', 'Status', 'Last Activity']) {
      const box = await pagesTable(page).locator(`td[data-label="${label}"]`).first().boundingBox();
      expect(box!.x + box!.width, label).toBeLessThanOrEqual(MOBILE_WIDTH);
    }
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => showing(page)).toBe('Showing 51–100 of 120 pages');
    await page.getByPlaceholder('Search pages...').fill('harbour');
    await expect.poll(() => showing(page)).toBe('Showing 1–3 of 3 pages');
    await expectNoHorizontalOverflow(page, 'pages tab 375');
    await checkA11y(page, 'website pages tab 375');
    await screenshot(page, 'website-pages-375');
    await page.context().close();
  });
});

/** What the event store holds for a website, counted here independently of the server's delete code. */
async function countStored(websiteId: string): Promise<{ impressions: number; events: number; sessions: number }> {
  const where = 'website_id = {websiteId:UUID}';
  const [row] = await server.app.events.query<Record<string, number | string>>(
    `SELECT ${EVENT_TABLES.map((table) => `(SELECT count() FROM foldline.${table} WHERE ${where})`).join(' + ')} AS events,
      (SELECT countIf(kind = 'impression') FROM foldline.ad_events WHERE ${where}) AS impressions,
      (SELECT uniqExact(session_id) FROM foldline.pageviews WHERE ${where}) AS sessions`,
    { websiteId },
  );
  return { impressions: Number(row?.impressions), events: Number(row?.events), sessions: Number(row?.sessions) };
}

/** Sends one real beacon (pageview, click, ad impression) through the collector, as a browser would. */
async function collect(trackingCode: string, domain: string): Promise<void> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/collect',
    headers: {
      'content-type': 'text/plain',
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
    },
    payload: JSON.stringify({
      site: trackingCode,
      u: `https://${domain}/articles/first`,
      pv: randomUUID(),
      sid: randomUUID(),
      e: [
        { k: 'pv', a: 30, t: 'First article', r: '', vw: 1280, vh: 800, dh: 3000 },
        { k: 'click', a: 20, x: 100, y: 200, vw: 1280, dh: 3000, s: 'main > p', ox: 0.5, oy: 0.5 },
        {
          k: 'ad',
          a: 10,
          slot: { key: 'div-gpt-top', name: '/1234/top', sel: '#div-gpt-top', x: 0, y: 0, w: 728, h: 90 },
          imp: randomUUID(),
          ev: 'impression',
        },
      ],
    }),
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toMatchObject({ ok: true });
}

describe('Settings tab', () => {
  it('saves and cancels the advanced settings with the whole website object', async () => {
    const { page, token } = await signedIn('/dashboard/websites');
    // Its success message is moved on by the clock, not waited out (expectGoneAfter).
    await page.clock.install();
    const site = await createSite(token, 'Recipes', uniqueDomain('recipes'));
    await page.goto(`/dashboard/websites/${site.website_id}`);
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Website Information' }).waitFor();
    const labels = ['Collect click data', 'Collect scroll data', 'Collect engagement data', 'Auto-detect ad units'];
    for (const label of labels) expect(await page.getByLabel(label).isChecked()).toBe(true);
    await page.getByText('Track hover and time spent', { exact: false }).waitFor();
    await page.getByText('Automatically detect ad manager ad slots', { exact: false }).waitFor();
    await checkA11y(page, 'website settings');
    await screenshot(page, 'website-detail-settings-1280');

    await page.getByLabel('Collect click data').uncheck();
    await page.getByLabel('Auto-detect ad units').uncheck();
    await page.getByRole('button', { name: 'Cancel' }).click();
    for (const label of labels) expect(await page.getByLabel(label).isChecked()).toBe(true);

    await page.getByLabel('Collect click data').uncheck();
    const put = page.waitForRequest((request) => request.method() === 'PUT' && request.url().endsWith(`/api/websites/${site.website_id}`));
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const body = (await put).postDataJSON() as WebsiteWithPages;
    // The whole website object goes back, with the new preference.
    expect(body).toMatchObject({ website_id: site.website_id, name: 'Recipes', domain: site.domain, tracking_code: site.tracking_code });
    expect(body.settings.preference).toEqual({ collectClickData: false, collectScrollData: true, collectEngagementData: true, autoDetectAdUnits: true });
    const saved = page.getByText('Advanced settings updated successfully!');
    await saved.waitFor();
    const { website } = await apiCall<{ website: WebsiteWithPages }>(token, 'GET', `/websites/${site.website_id}`);
    expect(website.settings.preference.collectClickData).toBe(false);
    await expectGoneAfter(page, saved, 4_000);

    // The Website Information form of the tab saves too.
    await page.getByLabel('Website Name').fill('Recipes & More');
    await page.getByRole('button', { name: 'Update Website' }).click();
    await page.getByText('Website updated successfully!').waitFor();
    await page.getByRole('heading', { name: 'Recipes & More' }).waitFor();
    await page.context().close();
  });

  it('clears the website data behind a modal and reports the real deleted counts', async () => {
    const { page, token } = await signedIn('/dashboard/websites');
    // Its success message is moved on by the clock, not waited out (expectGoneAfter).
    await page.clock.install();
    const site = await createSite(token, 'Sports Desk', uniqueDomain('sports'));
    await collect(site.tracking_code, site.domain);
    const before = await countStored(site.website_id);
    expect(before.events).toBeGreaterThan(0);
    expect(before.impressions).toBe(1);
    expect(before.sessions).toBe(1);

    await page.goto(`/dashboard/websites/${site.website_id}`);
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Danger Zone' }).waitFor();

    await page.getByRole('button', { name: 'Delete Website' }).click();
    await page.getByRole('dialog').getByText('Are you sure you want to delete this website? This action cannot be undone.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Clear Website Data' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('All tracking information, heatmaps, ad unit data and analytics will be permanently removed.', { exact: false }).waitFor();
    await dialog.getByText('This action cannot be undone.').waitFor();
    await checkA11y(page, 'clear website data dialog');
    await screenshot(page, 'website-clear-data-dialog-1280');
    // A click outside the panel closes it.
    await page.mouse.click(5, 5);
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Clear Website Data' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Clear Website Data' }).click();
    await dialog.getByRole('button', { name: 'Yes, clear all data' }).click();
    const message = page.getByText('Website data cleared successfully!');
    await message.waitFor();
    expect(await message.textContent()).toContain(
      `Deleted: ${before.impressions} impressions, ${before.events} events, 1 ad units, ${before.sessions} sessions`,
    );
    expect(await countStored(site.website_id)).toEqual({ impressions: 0, events: 0, sessions: 0 });
    await screenshot(page, 'website-clear-data-done-1280');
    await expectGoneAfter(page, message, 4_000);
    await page.context().close();
  });

  it("shows the server's message when the website went away in another tab", async () => {
    const { page, token } = await signedIn('/dashboard/websites');
    const site = await createSite(token, 'Vanishing', uniqueDomain('vanishing'));
    await page.goto(`/dashboard/websites/${site.website_id}`);
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Danger Zone' }).waitFor();
    await apiCall(token, 'DELETE', `/websites/${site.website_id}`);

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await alertText(page, 'Website not found').waitFor();
    await page.getByRole('button', { name: 'Update Website' }).click();
    await expect.poll(() => alertText(page, 'Website not found').count()).toBe(2);
    await page.getByRole('button', { name: 'Clear Website Data' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, clear all data' }).click();
    // The dialog closes when the call finishes, also on error, and the error stays on the page.
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await expect.poll(() => alertText(page, 'Website not found').count()).toBe(3);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await expect.poll(() => alertText(page, 'Website not found').count()).toBe(4);
    expect(page.url()).toContain(`/dashboard/websites/${site.website_id}`);
    await page.context().close();
  });
});
