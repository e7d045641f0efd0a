// GET /api/verify/:websiteId: verified by recent events or by the snippet on the home page; owner only.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { trackingScript } from '@foldline/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { beacon, collect, insertWebsite, pageviewEvent } from './collect-factory.ts';
import { createTestApp, describeEachDialect, signUp, type TestApp } from './test-app.ts';

describeEachDialect('verify', (dialect) => {
  let t: TestApp;
  let home: Server;
  let homeHtml = '';
  let homePort = 0;
  beforeAll(async () => {
    // The operator allows private fetches here so that a local home page can stand in for a publisher's.
    t = await createTestApp(dialect, { env: { ALLOW_PRIVATE_FETCH: '1' } });
    home = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(homeHtml));
    await new Promise<void>((resolve) => home.listen(0, '127.0.0.1', resolve));
    homePort = (home.address() as AddressInfo).port;
  });
  afterAll(async () => {
    home.close();
    await t.close();
  });

  const verify = (websiteId: string, auth?: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api/verify/${websiteId}`, headers: auth });

  it('answers 401 without a token and 404 for another user\'s website', async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const site = await insertWebsite(t.app, { userId: owner.user.user_id });
    expect((await verify(site.id)).statusCode).toBe(401);
    const foreign = await verify(site.id, stranger.auth);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: { message: 'Website not found' } });
  });

  it('verifies a website that sent events in the last 24 hours', async () => {
    const owner = await signUp(t.app);
    const site = await insertWebsite(t.app, { userId: owner.user.user_id });
    expect((await collect(t.app, beacon(site, [pageviewEvent()]))).statusCode).toBe(200);
    const response = await verify(site.id, owner.auth);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ verified: true, message: `Tracking code verified: 1 pageview received from ${site.domain} in the last 24 hours.` });
  });

  it('verifies by the snippet on the home page, and says what it checked when the snippet is missing', async () => {
    const owner = await signUp(t.app);
    // The home page is the local server: the domain carries its port.
    const site = await insertWebsite(t.app, { userId: owner.user.user_id, domain: `127.0.0.1:${homePort}` });
    homeHtml = `<html><head>${trackingScript('http://localhost:3000', site.trackingCode)}</head><body>Hi</body></html>`;
    const found = await verify(site.id, owner.auth);
    expect(found.json()).toEqual({
      verified: true,
      message: `Tracking code verified: the snippet with ${site.trackingCode} was found on http://127.0.0.1:${homePort}/. Data will appear as visitors arrive.`,
    });

    homeHtml = '<html><head><script src="/other.js"></script></head></html>';
    const missing = (await verify(site.id, owner.auth)).json();
    expect(missing.verified).toBe(false);
    expect(missing.message).toContain(`No events received from 127.0.0.1:${homePort} in the last 24 hours`);
    expect(missing.message).toContain(`https://127.0.0.1:${homePort}/ could not be fetched`);
    expect(missing.message).toContain(`http://127.0.0.1:${homePort}/ does not contain the tracking script with data-site="${site.trackingCode}"`);
  });
});

describeEachDialect('verify without private fetches', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { ALLOW_PRIVATE_FETCH: '0' } });
  });
  afterAll(() => t.close());

  it('refuses to fetch a home page on a loopback address and says so', async () => {
    const owner = await signUp(t.app);
    const site = await insertWebsite(t.app, { userId: owner.user.user_id, domain: 'localhost' });
    const response = await t.app.inject({ method: 'GET', url: `/api/verify/${site.id}`, headers: owner.auth });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.verified).toBe(false);
    expect(body.message).toContain('https://localhost/ could not be fetched (localhost resolves to a private or loopback address, which is not fetched)');
  });
});
