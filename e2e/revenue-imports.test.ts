// Browser tests of the Settings tab's 'Revenue reports' card against the real server and the system Chromium: a
// fixture Ad Manager export uploaded through the file picker, its result (detected source, days, rows, matched units,
// currency) and unmatched units shown, a bad file's line and column, the exchange rates a report carries, and the card
// at 375 px.
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Website } from '@foldline/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, expectNoHorizontalOverflow, holdRequests, launchBrowser, MOBILE_WIDTH, newPage, screenshot, signUpAndSignIn } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';

const fixture = (name: string) => fileURLToPath(new URL(`../packages/analytics/test/revenue-imports/fixtures/${name}`, import.meta.url));

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

/** A website of a fresh user with the units of the fixture's network, on its Settings tab. */
async function settingsOfNewWebsite(width?: number): Promise<{ page: Page; website: Website }> {
  const page = await newPage(browser, server, { width });
  page.setDefaultTimeout(15_000);
  const { session } = await signUpAndSignIn(page, server, '/dashboard/websites');
  const response = await fetch(`${server.url}/api/websites`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.tokens.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Harbour News', domain: `news-${randomUUID().slice(0, 8)}.example.com` }),
  });
  const website = ((await response.json()) as { data: { website: Website } }).data.website;
  const db = server.app.metadata.db;
  const pageId = randomUUID();
  const now = new Date().toISOString();
  await db.insertInto('pages').values({ id: pageId, website_id: website.website_id, url_path: '/', title: 'Home', status: 'active', created_at: now, last_activity: now, origin: null }).execute();
  for (const path of ['/1234/news/article_top', '/1234/news/article_rail']) {
    await db
      .insertInto('ad_units')
      .values({
        id: randomUUID(),
        website_id: website.website_id,
        page_id: pageId,
        slot_key: `div-gpt-ad-${path.split('/').at(-1)}`,
        name: path,
        google_ad_slot_id: path,
        ad_format: '300x250',
        position_selector: '#ad',
        position_x: 0,
        position_y: 300,
        width: 300,
        height: 250,
        status: 'active',
        created_at: now,
        last_detected: now,
      })
      .execute();
  }
  await page.goto(`/dashboard/websites/${website.website_id}`);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('heading', { name: 'Revenue reports' }).waitFor();
  return { page, website };
}

/** The figures the result lists, by their label. */
async function resultFigures(page: Page): Promise<Record<string, string>> {
  const result = page.getByTestId('revenue-import-result');
  const labels = await result.locator('dt').allTextContents();
  const values = await result.locator('dd').allTextContents();
  return Object.fromEntries(labels.map((label, index) => [label, values[index]!]));
}

describe('revenue reports card', () => {
  it('uploads an Ad Manager export and shows the detected source, days, rows, matched units, currency and the unmatched unit', async () => {
    const { page } = await settingsOfNewWebsite();
    await page.getByText('No revenue report imported yet.').waitFor();
    const importButton = page.getByRole('button', { name: 'Import Report' });
    expect(await importButton.isDisabled()).toBe(true);

    await page.getByLabel('Report file (CSV)').setInputFiles(fixture('ad-manager-eur.csv'));
    // While the server reads the file, the button says so and takes no second click.
    const held = await holdRequests(page, '**/api/websites/*/revenue-imports*');
    await importButton.click();
    await page.getByRole('button', { name: 'Importing...' }).waitFor();
    expect(await page.getByRole('button', { name: 'Importing...' }).isDisabled()).toBe(true);
    await held.release();
    await page.getByTestId('revenue-import-result').getByText('Report imported').waitFor();
    expect(await resultFigures(page)).toEqual({
      Source: 'Google Ad Manager (detected)',
      Days: '2026-11-01 to 2026-11-02',
      Rows: '6',
      'Matched units': '2',
      Currency: 'EUR',
      Revenue: '€88.42',
    });
    const unmatched = page.getByRole('region', { name: 'Unmatched ad units' });
    expect(await unmatched.locator('tbody tr').allInnerTexts()).toEqual([expect.stringMatching(/news » newsletter_banner\s+2\s+810\s+€0\.41/)]);
    // What is stored, from the list the card reads again after the import.
    await page.getByText(/Google Ad Manager: 2026-11-01 to 2026-11-02 \(2 days\), €88\.42, 2 units matched, 1 unmatched/).waitFor();
    await checkA11y(page, 'revenue reports card');
    await screenshot(page, 'website-settings-revenue-import-1280');

    // Again, as AdSense: the columns say otherwise, and nothing is stored.
    await page.getByLabel('Source').selectOption('adsense');
    await importButton.click();
    await page.getByRole('alert').filter({ hasText: "This looks like an Ad Manager report (its columns are Ad Manager's), not an AdSense one" }).waitFor();
    await page.getByLabel('Source').selectOption('detect');

    // A bad file: its line and column.
    await page.getByLabel('Report file (CSV)').setInputFiles(fixture('adsense-bad-line.csv'));
    await importButton.click();
    await page.getByRole('alert').filter({ hasText: "Line 14, column 'Impressions': '12x' is not a number." }).waitFor();
    await screenshot(page, 'website-settings-revenue-import-error-1280');
    await page.context().close();
  });

  it('works at 375 px', async () => {
    const { page } = await settingsOfNewWebsite(MOBILE_WIDTH);
    await page.getByLabel('Report file (CSV)').setInputFiles(fixture('ad-manager-eur.csv'));
    await page.getByRole('button', { name: 'Import Report' }).click();
    await page.getByTestId('revenue-import-result').getByText('Report imported').waitFor();
    await page.getByRole('region', { name: 'Unmatched ad units' }).getByText('news » newsletter_banner').waitFor();
    await expectNoHorizontalOverflow(page, 'revenue reports card 375');
    await checkA11y(page, 'revenue reports card 375');
    await screenshot(page, 'website-settings-revenue-import-375');
    await page.context().close();
  });

  it.each([
    ['1280', undefined],
    ['375', MOBILE_WIDTH],
  ])('says which exchange rates came with a report at %s px', async (name, width) => {
    const { page, website } = await settingsOfNewWebsite(width);
    // A dollar website: the report's bare 'Exchange rate' column is in its currency.
    await server.app.metadata.db.updateTable('websites').set({ settings: JSON.stringify({ ...website.settings, ads: { currency: 'USD' } }) }).where('id', '=', website.website_id).execute();
    await page.getByLabel('Report file (CSV)').setInputFiles(fixture('ad-manager-exchange-rate.csv'));
    await page.getByRole('button', { name: 'Import Report' }).click();
    await page.getByTestId('revenue-import-result').getByText('Report imported').waitFor();
    expect(await page.getByTestId('revenue-import-rates').innerText()).toBe(
      'Rates from the report: 1 EUR = 1.0791–1.0842 USD on 3 days. They convert its revenue where your own exchange rates name none.',
    );
    await page.getByText('Rates from its reports: 1 EUR = 1.0791–1.0842 USD on 3 days').waitFor();
    if (width) await expectNoHorizontalOverflow(page, 'revenue import rates 375');
    await checkA11y(page, `revenue import rates ${name}`);
    await page.getByTestId('revenue-import-rates').scrollIntoViewIfNeeded();
    await screenshot(page, `website-settings-revenue-import-rates-${name}`);
    await page.context().close();
  });
});
