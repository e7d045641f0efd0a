// Browser test of the Settings tab's 'Ads & revenue' card against the real server and the system Chromium, at 1280 and
// 375 px: the defaults as placeholders, the contract's objection before any request, a save that the API keeps and a
// reload shows, fields emptied back to their defaults.
import type { Website, WebsiteWithPages } from '@foldline/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, DESKTOP_WIDTH, expectNoHorizontalOverflow, launchBrowser, MOBILE_WIDTH, newPage, screenshot, signUpAndSignIn } from './support/browser.ts';
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

async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A fresh user's new website, its Settings tab open at the card. */
async function openCard(width: number): Promise<{ page: Page; token: string; site: Website }> {
  const page = await newPage(browser, server, { width });
  page.setDefaultTimeout(15_000);
  const { session } = await signUpAndSignIn(page, server, '/dashboard/websites');
  const token = session.tokens.accessToken;
  const domain = `ads-${width}-${Date.now()}.example.com`;
  const site = (await api<{ data: { website: Website } }>(token, 'POST', '/websites', { name: 'Daily Paper', domain })).data.website;
  await page.goto(`/dashboard/websites/${site.website_id}`);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('heading', { name: 'Ads & revenue' }).waitFor();
  return { page, token, site };
}

const card = (page: Page) => page.getByRole('form', { name: 'Ads and revenue settings' });
const field = (page: Page, name: string) => card(page).getByLabel(name, { exact: true });

describe('Ads & revenue settings', () => {
  for (const width of [DESKTOP_WIDTH, MOBILE_WIDTH]) {
    it(`sets the density limit, format values and currency, saves, and finds them kept after a reload at ${width} px`, async () => {
      const { page, token, site } = await openCard(width);
      // The defaults are the placeholders; phones are said to be fixed.
      expect(await field(page, 'Ad density limit on desktop and tablet (%)').getAttribute('placeholder')).toBe('30');
      expect(await field(page, '728x90 on desktop').getAttribute('placeholder')).toBe('0.9');
      expect(await field(page, '320x50 on mobile').getAttribute('placeholder')).toBe('0.35');
      expect(await field(page, '970x250 on tablet').getAttribute('placeholder')).toBe('1.8');
      await card(page).getByText('On phones the limit is fixed at 30 % by the Better Ads Standards.', { exact: false }).waitFor();
      await expectNoHorizontalOverflow(page, `ads settings ${width}`);
      await checkA11y(page, `ads settings ${width}`);

      // Out of bounds: the card says so with the API's words and sends nothing.
      let puts = 0;
      page.on('request', (request) => request.method() === 'PUT' && (puts += 1));
      await field(page, '300x600 on desktop').fill('25');
      await card(page).getByRole('button', { name: 'Save Ads Settings' }).click();
      await card(page).getByRole('alert').filter({ hasText: 'The value of a 300x600 on desktop must be between 0.01 and 20 (a 300x250 is 1)' }).waitFor();
      expect(await field(page, '300x600 on desktop').getAttribute('aria-invalid')).toBe('true');
      expect(puts).toBe(0);
      await expectNoHorizontalOverflow(page, `ads settings with an error ${width}`);

      await field(page, '300x600 on desktop').fill('2.5');
      await field(page, 'Ad density limit on desktop and tablet (%)').fill('25');
      await field(page, '320x50 on mobile').fill('0,5');
      await card(page).getByLabel('Revenue currency').selectOption('EUR');
      const put = page.waitForRequest((request) => request.method() === 'PUT' && request.url().endsWith(`/api/websites/${site.website_id}`));
      await card(page).getByRole('button', { name: 'Save Ads Settings' }).click();
      // The whole website object goes back, as with the Advanced Settings card.
      expect((await put).postDataJSON()).toMatchObject({ website_id: site.website_id, name: 'Daily Paper', settings: { preference: site.settings.preference } });
      await card(page).getByText('Ads & revenue settings updated successfully!').waitFor();
      await screenshot(page, `website-ads-settings-${width}`);
      const ads = { desktopDensityPercent: 25, formatValues: { desktop: { '300x600': 2.5 }, mobile: { '320x50': 0.5 } }, currency: 'EUR' };
      expect((await api<{ website: WebsiteWithPages }>(token, 'GET', `/websites/${site.website_id}`)).website.settings.ads).toEqual(ads);

      await page.reload();
      await page.getByRole('tab', { name: 'Settings' }).click();
      await page.getByRole('heading', { name: 'Ads & revenue' }).waitFor();
      expect(await field(page, 'Ad density limit on desktop and tablet (%)').inputValue()).toBe('25');
      expect(await field(page, '300x600 on desktop').inputValue()).toBe('2.5');
      expect(await field(page, '320x50 on mobile').inputValue()).toBe('0.5');
      expect(await field(page, '728x90 on desktop').inputValue()).toBe('');
      expect(await card(page).getByLabel('Revenue currency').inputValue()).toBe('EUR');

      // Emptied, a field is back to its default; Discard Changes restores what is saved.
      await field(page, 'Ad density limit on desktop and tablet (%)').fill('');
      await field(page, '320x50 on mobile').fill('');
      await card(page).getByRole('button', { name: 'Save Ads Settings' }).click();
      await card(page).getByText('Ads & revenue settings updated successfully!').waitFor();
      expect((await api<{ website: WebsiteWithPages }>(token, 'GET', `/websites/${site.website_id}`)).website.settings.ads).toEqual({
        formatValues: { desktop: { '300x600': 2.5 } },
        currency: 'EUR',
      });
      await field(page, '300x600 on desktop').fill('3');
      await card(page).getByRole('button', { name: 'Discard Changes' }).click();
      await expect.poll(() => field(page, '300x600 on desktop').inputValue()).toBe('2.5');
      await page.context().close();
    });
  }
});
