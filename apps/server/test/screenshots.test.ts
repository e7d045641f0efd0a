// GET /api/screenshots: pages of the signed-in user's own domains only, once Foldline has seen the website's tracking
// code, private addresses refused unless the operator allows them, the JPEG at the device's reference width with its
// headers, cached per website, refreshed on request.
import { SCREENSHOT_HEADERS } from '@foldline/contracts';
import { recordVerification } from '@foldline/metadata/websites/website-verifications.repository';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jpegSize, startFixtureSite, type FixtureSite } from '../../../packages/screenshots/test/fixture-site.ts';
import { beacon, collect, insertWebsite, pageviewEvent, type TestWebsite } from './collect-factory.ts';
import { createTestApp, describeEachDialect, signUp, type TestApp } from './test-app.ts';

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
<body style="margin:0"><main style="height:2400px">Article</main></body></html>`;

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
  site.page('/article', PAGE);
});
afterAll(() => site?.close());

const screenshot = (t: TestApp, query: Record<string, string>, auth?: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/screenshots', query, headers: auth });
/** A failed capture's answer, said in the assertion: a 502 names why (a timeout, a refused connection). */
const failure = (response: { statusCode: number; body: string }) => (response.statusCode === 200 ? '' : response.body);

/** A reader's pageview of `url` accepted from the website's tracking code: Foldline has seen it on the domain. */
async function seen(t: TestApp, website: TestWebsite, url: string): Promise<void> {
  expect((await collect(t.app, beacon(website, [pageviewEvent()], { u: url }))).json()).toMatchObject({ ok: true });
}

describeEachDialect('screenshots', (dialect) => {
  /** The operator allows private fetches, so the fixture site on loopback stands in for a publisher's. */
  let open: TestApp;
  beforeAll(async () => {
    open = await createTestApp(dialect, { env: { ALLOW_PRIVATE_FETCH: '1' } });
  });
  afterAll(() => open?.close());

  it('answers 401 without a token, and 400 for a missing or bad url, device or refresh', async () => {
    const owner = await signUp(open.app);
    expect((await screenshot(open, { url: 'https://shop.example/' })).statusCode).toBe(401);
    for (const [query, message] of [
      [{}, 'url is required'],
      [{ url: 'not a url' }, 'url must be an http or https address'],
      [{ url: 'javascript:alert(1)' }, 'url must be an http or https address'],
      [{ url: 'https://shop.example/', deviceType: 'watch' }, 'deviceType must be one of: all, desktop, tablet, mobile'],
      [{ url: 'https://shop.example/', refresh: 'maybe' }, 'refresh must be 0, 1, true or false'],
    ] as const) {
      const response = await screenshot(open, query, owner.auth);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { message } });
    }
  });

  it('answers 404 for a URL outside the user\'s own domains', async () => {
    const owner = await signUp(open.app);
    const stranger = await signUp(open.app);
    await insertWebsite(open.app, { userId: owner.user.user_id, domain: 'shop.example' });
    await insertWebsite(open.app, { userId: stranger.user.user_id, domain: 'rival.example' });
    for (const url of ['https://rival.example/', 'https://www.rival.example/', 'https://evilshop.example/', 'https://shop.example.evil.com/', 'http://127.0.0.1/']) {
      const response = await screenshot(open, { url }, owner.auth);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { message: `${new URL(url).hostname} is not the domain of one of your websites` } });
    }
  });

  it('captures a page of the user\'s domain or a subdomain at the device\'s width, from the cache the second time', async () => {
    const owner = await signUp(open.app);
    const website = await insertWebsite(open.app, { userId: owner.user.user_id, domain: 'shop.localhost' });
    const url = `http://shop.localhost:${site.port}/article`;
    await seen(open, website, url);

    // 'all' is drawn on the desktop layout.
    const desktop = await screenshot(open, { url, deviceType: 'all' }, owner.auth);
    expect(desktop.statusCode, failure(desktop)).toBe(200);
    expect(desktop.headers['content-type']).toBe('image/jpeg');
    expect(desktop.headers['cache-control']).toBe('private, max-age=300');
    expect(desktop.headers[SCREENSHOT_HEADERS.documentHeight]).toBe('2400');
    expect(desktop.headers[SCREENSHOT_HEADERS.truncated]).toBe('0');
    const capturedAt = String(desktop.headers[SCREENSHOT_HEADERS.capturedAt]);
    expect(Date.now() - Date.parse(capturedAt)).toBeLessThan(60_000);
    expect(jpegSize(desktop.rawPayload)).toEqual({ width: 1920, height: 2400 });

    const mobile = await screenshot(open, { url: `http://www.shop.localhost:${site.port}/article`, deviceType: 'mobile' }, owner.auth);
    expect(mobile.statusCode, failure(mobile)).toBe(200);
    expect(jpegSize(mobile.rawPayload)).toEqual({ width: 375, height: 2400 });

    // From the cache: the same capture time and the same bytes (no second capture, which would take seconds).
    const cached = await screenshot(open, { url, deviceType: 'desktop' }, owner.auth);
    expect(cached.headers[SCREENSHOT_HEADERS.capturedAt]).toBe(capturedAt);
    expect(cached.rawPayload.equals(desktop.rawPayload)).toBe(true);

    const refreshed = await screenshot(open, { url, deviceType: 'desktop', refresh: '1' }, owner.auth);
    expect(refreshed.statusCode, failure(refreshed)).toBe(200);
    expect(Date.parse(String(refreshed.headers[SCREENSHOT_HEADERS.capturedAt]))).toBeGreaterThan(Date.parse(capturedAt));
  }, 60_000);

  it('refuses a website whose tracking code was never seen, saying how to fix it, and takes it once a beacon came from its domain', async () => {
    const owner = await signUp(open.app);
    const website = await insertWebsite(open.app, { userId: owner.user.user_id, domain: 'fresh.localhost' });
    const url = `http://fresh.localhost:${site.port}/article`;
    // The fixture site serves every dialect's run: this run's requests are those after this one.
    const before = site.hits.length;
    const refused = await screenshot(open, { url }, owner.auth);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: { message: 'Screenshots are taken once Foldline has seen your tracking code on fresh.localhost: install the snippet, or run the installation check.' },
    });
    // Nothing was fetched from the domain.
    expect(site.hits.slice(before).filter((hit) => hit.host.startsWith('fresh.localhost'))).toEqual([]);

    await seen(open, website, url);
    const taken = await screenshot(open, { url }, owner.auth);
    expect(taken.statusCode, failure(taken)).toBe(200);
    expect(jpegSize(taken.rawPayload)).toEqual({ width: 1920, height: 2400 });

    // Or once the installation check found the snippet (verify.test.ts), before any reader came.
    const checked = await insertWebsite(open.app, { userId: owner.user.user_id, domain: 'checked.localhost' });
    const checkedUrl = `http://checked.localhost:${site.port}/article`;
    expect((await screenshot(open, { url: checkedUrl, deviceType: 'mobile' }, owner.auth)).statusCode).toBe(409);
    await recordVerification(open.app.metadata.db, checked.id);
    expect((await screenshot(open, { url: checkedUrl, deviceType: 'mobile' }, owner.auth)).statusCode).toBe(200);
  }, 60_000);

  it('keeps each website\'s captures its own: two accounts with the same domain never share one, nor replace it by a refresh', async () => {
    site.page('/same-domain', PAGE);
    const url = `http://same.localhost:${site.port}/same-domain`;
    const first = await signUp(open.app);
    const second = await signUp(open.app);
    const before = site.hits.length;
    for (const account of [first, second]) await seen(open, await insertWebsite(open.app, { userId: account.user.user_id, domain: 'same.localhost' }), url);
    const capturedAt = (response: { headers: Record<string, unknown> }) => Date.parse(String(response.headers[SCREENSHOT_HEADERS.capturedAt]));

    const mine = await screenshot(open, { url }, first.auth);
    const theirs = await screenshot(open, { url }, second.auth);
    expect([mine.statusCode, theirs.statusCode]).toEqual([200, 200]);
    // The second account's is a capture of its own, not the first one's from the cache.
    expect(capturedAt(theirs)).toBeGreaterThan(capturedAt(mine));
    expect(site.hits.slice(before).filter((hit) => hit.path === '/same-domain')).toHaveLength(2);

    const refreshed = await screenshot(open, { url, refresh: '1' }, second.auth);
    expect(capturedAt(refreshed)).toBeGreaterThan(capturedAt(theirs));
    const mineAgain = await screenshot(open, { url }, first.auth);
    expect(capturedAt(mineAgain)).toBe(capturedAt(mine));
    expect(mineAgain.rawPayload.equals(mine.rawPayload)).toBe(true);
    expect(capturedAt(await screenshot(open, { url }, second.auth))).toBe(capturedAt(refreshed));
  }, 60_000);
});

describeEachDialect('screenshots with the default fetch policy and no Chromium', (dialect) => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp(dialect, { env: { CHROMIUM_PATH: '/nonexistent/chromium' } });
  });
  afterAll(() => strict?.close());

  it('refuses a loopback address unless the operator allows private fetches, and says so', async () => {
    const owner = await signUp(strict.app);
    const url = `http://shop.localhost:${site.port}/article`;
    await seen(strict, await insertWebsite(strict.app, { userId: owner.user.user_id, domain: 'shop.localhost' }), url);
    const response = await screenshot(strict, { url }, owner.auth);
    expect(response.statusCode).toBe(400);
    // Never what the name resolves to (issue 22 item 7).
    expect(response.json()).toEqual({ error: { message: 'shop.localhost is not an allowed address' } });
  });

  it('answers 503 naming the package when Chromium is missing', async () => {
    const owner = await signUp(strict.app);
    // A public address passes the guard without DNS; then Chromium is needed and missing.
    await seen(strict, await insertWebsite(strict.app, { userId: owner.user.user_id, domain: '93.184.216.34' }), 'http://93.184.216.34/');
    const response = await screenshot(strict, { url: 'http://93.184.216.34/' }, owner.auth);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: { message: 'Screenshots need Chromium, but CHROMIUM_PATH (/nonexistent/chromium) is not an executable file.' } });
  });
});
