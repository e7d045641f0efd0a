// Browser tests of the account settings screen: profile, password (every check in order), clearing data and deleting
// the account, against the real server and the system Chromium at 1280 and 375 px.
import type { SessionResponse, Website } from '@foldline/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, expectGoneAfter, launchBrowser, makeUser, MOBILE_WIDTH, newPage, screenshot, signUpAndSignIn, type TestUser } from './support/browser.ts';
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

async function signedIn(width?: number): Promise<{ page: Page; user: TestUser; session: SessionResponse }> {
  const page = await newPage(browser, server, { width });
  // Fail in seconds rather than the 30 s default: every wait here is for something the app shows quickly.
  page.setDefaultTimeout(15_000);
  const { user, session } = await signUpAndSignIn(page, server, '/dashboard/settings');
  await page.getByRole('heading', { name: 'Profile' }).waitFor();
  return { page, user, session };
}

async function login(email: string, password: string): Promise<number> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}

async function listWebsites(token: string): Promise<Website[]> {
  const response = await fetch(`${server.url}/api/websites`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { websites: Website[] }).websites;
}

const alertText = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

describe('account settings', () => {
  it('validates and saves the profile, updating the stored user', async () => {
    const { page, user } = await signedIn();
    // Its success message is moved on by the clock, not waited out (expectGoneAfter).
    await page.clock.install();
    const name = page.getByLabel('Full name');
    const email = page.getByLabel('Email address');
    expect(await name.inputValue()).toBe(user.name);
    expect(await email.inputValue()).toBe(user.email);
    await checkA11y(page, 'account settings');
    await screenshot(page, 'account-settings-1280');

    const save = page.getByRole('button', { name: 'Save Profile' });
    await name.fill('');
    await save.click();
    await alertText(page, 'Name and email are required fields').waitFor();
    await name.fill('Renamed Person');
    await email.fill('');
    await save.click();
    await alertText(page, 'Name and email are required fields').waitFor();
    await email.fill('not-an-address');
    await save.click();
    await alertText(page, 'Please enter a valid email address').waitFor();
    // The previous error is replaced, not stacked.
    expect(await alertText(page, 'Name and email are required fields').count()).toBe(0);

    const newEmail = `renamed-${user.email}`;
    await email.fill(newEmail);
    await save.click();
    const success = page.getByText('Profile updated successfully!');
    await success.waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null') as { name: string; email: string } | null);
    expect(stored).toMatchObject({ name: 'Renamed Person', email: newEmail });
    // The top bar follows the stored user.
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menu').getByText(newEmail).waitFor();
    await page.keyboard.press('Escape');
    expect(await login(newEmail, user.password)).toBe(200);
    // Success messages go after 3 s.
    await expectGoneAfter(page, success, 3_000);
    await page.context().close();
  });

  it('checks the password fields in the specification order, then changes the password', async () => {
    const { page, user } = await signedIn();
    // Its success message is moved on by the clock, not waited out (expectGoneAfter).
    await page.clock.install();
    const current = page.getByLabel('Current password');
    const next = page.getByLabel('New password');
    const confirm = page.getByLabel('Confirm password');
    const update = page.getByRole('button', { name: 'Update Password' });

    await update.click();
    await alertText(page, 'All password fields are required').waitFor();
    await current.fill('short');
    await next.fill('short');
    await update.click();
    await alertText(page, 'All password fields are required').waitFor();
    await confirm.fill('shorT');
    await update.click();
    await alertText(page, 'New password and confirmation do not match').waitFor();
    await confirm.fill('short');
    await update.click();
    await alertText(page, 'New password should be unique from current password').waitFor();
    await next.fill('tiny');
    await confirm.fill('tiny');
    await update.click();
    await alertText(page, 'Password must be at least 8 characters long').waitFor();
    await screenshot(page, 'account-settings-password-error-1280');

    // A wrong current password: the server's message.
    await current.fill('not my password');
    await next.fill('a brand new password');
    await confirm.fill('a brand new password');
    await update.click();
    await alertText(page, 'Current password is incorrect').waitFor();

    await current.fill(user.password);
    await update.click();
    const success = page.getByText('Password updated successfully!');
    await success.waitFor();
    expect(await current.inputValue()).toBe('');
    expect(await login(user.email, 'a brand new password')).toBe(200);
    expect(await login(user.email, user.password)).toBe(401);
    await expectGoneAfter(page, success, 3_000);
    await page.context().close();
  });

  it('clears all data behind a confirmation, keeping the account', async () => {
    const { page, user, session } = await signedIn();
    // Its success message is moved on by the clock, not waited out (expectGoneAfter).
    await page.clock.install();
    const token = session.tokens.accessToken;
    const created = await fetch(`${server.url}/api/websites`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'To be cleared', domain: 'cleared.example.com' }),
    });
    expect(created.status).toBe(201);
    expect(await listWebsites(token)).toHaveLength(1);

    await page.getByRole('button', { name: 'Clear All Data' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText(
        'Are you sure you want to clear all your data? All of your websites, analytics, and tracking information will be permanently removed, but your account will remain active. This action cannot be undone.',
      )
      .waitFor();
    await checkA11y(page, 'clear all data dialog');
    await screenshot(page, 'account-clear-data-dialog-1280');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await listWebsites(token)).toHaveLength(1);

    await page.getByRole('button', { name: 'Clear All Data' }).click();
    await dialog.getByRole('button', { name: 'Clear All Data' }).click();
    const success = page.getByText('All user data has been successfully cleared!');
    await success.waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(await listWebsites(token)).toEqual([]);
    expect(await login(user.email, user.password)).toBe(200);
    await expectGoneAfter(page, success, 3_000);
    await page.context().close();
  });

  it('deletes the account behind a confirmation, signs out and goes to /auth/login', async () => {
    const { page, user } = await signedIn();
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText('Are you sure you want to delete your account? All of your data will be permanently removed. This action cannot be undone.')
      .waitFor();
    await checkA11y(page, 'delete account dialog');
    await screenshot(page, 'account-delete-dialog-1280');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await login(user.email, user.password)).toBe(200);

    await page.getByRole('button', { name: 'Delete Account' }).click();
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await page.waitForURL('**/auth/login');
    const storage = await page.evaluate(() => ['accessToken', 'refreshToken', 'userInfo'].map((key) => localStorage.getItem(key) ?? sessionStorage.getItem(key)));
    expect(storage).toEqual([null, null, null]);
    expect(await login(user.email, user.password)).toBe(401);
    // Signed out: the dashboard sends back to sign-in.
    await page.goto('/dashboard/settings');
    await page.waitForURL('**/auth/login');
    await page.context().close();
  });

  it('shows the server message when the profile save is refused', async () => {
    const other = makeUser();
    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(other),
    });
    expect(registered.status).toBe(201);
    const { page } = await signedIn();
    // Another account already uses this address.
    await page.getByLabel('Email address').fill(other.email);
    await page.getByRole('button', { name: 'Save Profile' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).not.toBe('');
    expect(await alert.textContent()).not.toContain('Profile updated successfully!');
    await page.context().close();
  });

  it('works at 375 px', async () => {
    const { page } = await signedIn(MOBILE_WIDTH);
    await page.getByRole('heading', { name: 'Data Management' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE_WIDTH);
    await checkA11y(page, 'account settings 375');
    await screenshot(page, 'account-settings-375');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).waitFor();
    await screenshot(page, 'account-delete-dialog-375');
    await page.context().close();
  });
});
