// The browser-test harness itself: server up with the built app, Chromium driven, a user signed in by each helper.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, launchBrowser, makeUser, newPage, registerThroughUi, signUpAndSignIn } from './support/browser.ts';
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

describe('e2e harness', () => {
  it('serves the built web app for deep links', async () => {
    const response = await fetch(`${server.url}/dashboard/websites`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root">');
  });

  it('signs a user in through the API helper and through the registration form', async () => {
    const page = await newPage(browser, server);
    const { user } = await signUpAndSignIn(page, server, '/dashboard');
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await expect.poll(() => page.getByText(user.email).isVisible()).toBe(true);
    await page.context().close();

    const other = await newPage(browser, server);
    const registered = await registerThroughUi(other, makeUser());
    expect(await other.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null')?.email)).toBe(registered.email);
    await checkA11y(other, 'dashboard');
    await other.context().close();
  });
});
