// Drives the system Chromium with playwright-core: pages at a given width, sign-up helpers, axe checks, screenshots.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Route } from 'playwright-core';
import type { SessionResponse } from '@foldline/contracts';
import type { TestServer } from './server.ts';
import { CHROMIUM_FLAGS } from '@foldline/screenshots/chromium-path';

export const DESKTOP_WIDTH = 1280;
export const MOBILE_WIDTH = 375;
export const WIDTHS = [DESKTOP_WIDTH, MOBILE_WIDTH] as const;


const SCREENSHOT_DIR = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/** `userAgent` replaces HeadlessChrome's own in every request, also the beacons a leaving page sends,
 * which a context's user agent override does not reach. */
export function launchBrowser(options: { userAgent?: string } = {}): Promise<Browser> {
  const args = options.userAgent ? [...CHROMIUM_FLAGS, `--user-agent=${options.userAgent}`] : [...CHROMIUM_FLAGS];
  return chromium.launch({ executablePath: chromiumPath(), args });
}

export interface NewPageOptions {
  width?: number;
  height?: number;
}

/** A page in its own context (own storage), at the given width: 1280 desktop, 375 mobile. */
export async function newPage(browser: Browser, server: TestServer, { width = DESKTOP_WIDTH, height }: NewPageOptions = {}): Promise<Page> {
  const context: BrowserContext = await browser.newContext({
    baseURL: server.url,
    viewport: { width, height: height ?? (width < 768 ? 812 : 900) },
    isMobile: false,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  // Uncaught page errors fail loudly in the test log instead of hiding behind a blank screen.
  page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
  return page;
}

export interface TestUser {
  name: string;
  email: string;
  password: string;
}

/** A fresh user with a unique address. */
export function makeUser(overrides: Partial<TestUser> = {}): TestUser {
  const id = randomUUID().slice(0, 8);
  return { name: `Test User ${id}`, email: `user-${id}@example.com`, password: 'correct-horse-42', ...overrides };
}

/** Registers through the API (fast); returns the session the server answered. */
export async function registerByApi(server: TestServer, user: TestUser = makeUser()): Promise<{ user: TestUser; session: SessionResponse }> {
  const response = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: user.name, email: user.email, password: user.password }),
  });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${await response.text()}`);
  return { user, session: (await response.json()) as SessionResponse };
}

/** Puts a session into the page's localStorage as a remembered sign-in would, then opens `path`. */
export async function signInWithSession(page: Page, session: SessionResponse, path = '/dashboard'): Promise<void> {
  await page.goto('/');
  await page.evaluate((s) => {
    localStorage.setItem('accessToken', s.tokens.accessToken);
    localStorage.setItem('refreshToken', s.tokens.refreshToken);
    localStorage.setItem('userInfo', JSON.stringify(s.user));
  }, session);
  await page.goto(path);
}

/** Registers a fresh user by API and opens `path` signed in: the quickest way to a dashboard screen. */
export async function signUpAndSignIn(page: Page, server: TestServer, path = '/dashboard', user: TestUser = makeUser()): Promise<{ user: TestUser; session: SessionResponse }> {
  const result = await registerByApi(server, user);
  await signInWithSession(page, result.session, path);
  return result;
}

/** Registers through the real form at /auth/register and waits for the dashboard. */
export async function registerThroughUi(page: Page, user: TestUser = makeUser()): Promise<TestUser> {
  await page.goto('/auth/register');
  await page.getByLabel('Full name').fill(user.name);
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/dashboard');
  return user;
}

/** Signs in through the real form at /auth/login ('Remember me' ticked unless told otherwise). */
export async function signInThroughUi(page: Page, user: TestUser, { remember = true }: { remember?: boolean } = {}): Promise<void> {
  if (!page.url().includes('/auth/login')) await page.goto('/auth/login');
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** Runs axe-core in the page and throws on any serious or critical violation, listing them. */
export async function checkA11y(page: Page, context = 'page'): Promise<void> {
  // Evaluated through the browser's debugging protocol, which the app's Content-Security-Policy does not govern: an
  // inline <script> tag would be refused, as it should be. Once per document: its half a megabyte took 0.1–0.4 s to
  // evaluate again on every check of a page the app changed without a reload.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  const serious = (violations as AxeViolation[]).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (serious.length > 0) {
    const lines = serious.map((v) => `- [${v.impact}] ${v.id}: ${v.help}\n    ${v.nodes.map((n) => JSON.stringify(n.target)).join('\n    ')}`);
    throw new Error(`Accessibility violations on ${context} (${page.url()}):\n${lines.join('\n')}`);
  }
}

/** A full-page screenshot in test-results/screenshots/<name>.png (a test artefact, never committed). */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^a-z0-9-_]/gi, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Holds matching requests until `release()`, so a pending state ('Signing in...') can be seen without timing guesses.
 * `url` is a glob or RegExp as in page.route.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<{ release: () => Promise<void> }> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const held: Promise<void>[] = [];
  const handler = (route: Route) => {
    held.push(gate.then(() => route.continue()));
  };
  await page.route(url, handler);
  return {
    release: async () => {
      open();
      // Every held request is sent on before the route goes, so none is handled twice.
      await Promise.all(held);
      await page.unroute(url, handler);
    },
  };
}

/** Makes matching requests fail as if the network dropped (the server never answers). */
export async function failRequests(page: Page, url: string | RegExp): Promise<() => Promise<void>> {
  const handler = (route: Route) => route.abort('failed');
  await page.route(url, handler);
  return () => page.unroute(url, handler);
}

/** Waits until an element with exactly this text is visible; throws (failing the test) if it never appears. */
export async function expectText(page: Page, text: string | RegExp, timeout = 10_000): Promise<void> {
  await page.getByText(text, { exact: typeof text === 'string' }).first().waitFor({ state: 'visible', timeout });
}

/**
 * Waits for a message that goes by itself after `ms` (a success notice) to go, moving the page's clock on by `ms`
 * rather than waiting the delay out. The page's clock must be installed (page.clock.install()) before the message
 * shows; it runs on in real time otherwise, so a message shown after the jump still goes within the wait.
 */
export async function expectGoneAfter(page: Page, message: Locator, ms: number): Promise<void> {
  await page.clock.fastForward(ms);
  await message.waitFor({ state: 'hidden', timeout: 10_000 });
}

/** The three session keys in each storage, for asserting where a session lives. */
export async function storedSession(page: Page): Promise<{ local: (string | null)[]; session: (string | null)[] }> {
  return page.evaluate(() => {
    const keys = ['accessToken', 'refreshToken', 'userInfo'];
    return { local: keys.map((k) => localStorage.getItem(k)), session: keys.map((k) => sessionStorage.getItem(k)) };
  });
}

/** Fails when the page is wider than the viewport (content cut off or a sideways scroll on a phone). */
export async function expectNoHorizontalOverflow(page: Page, context = 'page'): Promise<void> {
  const { scrollWidth, clientWidth, culprits } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('body *')].filter((element) => element.getBoundingClientRect().right > width + 1);
    return {
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: width,
      culprits: wide.slice(0, 5).map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)}`),
    };
  });
  if (scrollWidth > clientWidth) throw new Error(`${context} is ${scrollWidth}px wide in a ${clientWidth}px viewport: ${culprits.join(', ')}`);
}
