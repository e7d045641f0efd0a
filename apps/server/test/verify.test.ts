// GET /api/verify/:websiteId: verified by recent events or by the snippet on the home page; owner only; a success is
// kept (it lets the website's screenshots be taken).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { trackingScript } from '@foldline/contracts';
import { isWebsiteVerified } from '@foldline/metadata/websites/website-verifications.repository';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPage } from '../src/routes/api/verify/home-page.ts';
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
    expect(missing.message).toContain(`https://127.0.0.1:${homePort}/ could not be fetched (the TLS handshake failed)`);
    expect(missing.message).toContain(`http://127.0.0.1:${homePort}/ does not contain the tracking script with data-site="${site.trackingCode}"`);
  });

  it('keeps a success, which verifies the website for screenshots from then on, also once the snippet is gone', async () => {
    const owner = await signUp(t.app);
    const site = await insertWebsite(t.app, { userId: owner.user.user_id, domain: `127.0.0.1:${homePort}` });
    homeHtml = '<html><head><script src="/other.js"></script></head></html>';
    expect((await verify(site.id, owner.auth)).json().verified).toBe(false);
    expect(await isWebsiteVerified(t.app.metadata.db, site.id)).toBe(false);

    homeHtml = `<html><head>${trackingScript('http://localhost:3000', site.trackingCode)}</head><body>Hi</body></html>`;
    expect((await verify(site.id, owner.auth)).json().verified).toBe(true);
    expect(await isWebsiteVerified(t.app.metadata.db, site.id)).toBe(true);
    // The check's success is what it proved: the domain's owner put this website's snippet there.
    homeHtml = '<html><body>Redesigned</body></html>';
    expect((await verify(site.id, owner.auth)).json().verified).toBe(false);
    expect(await isWebsiteVerified(t.app.metadata.db, site.id)).toBe(true);
    const row = await t.app.metadata.db.selectFrom('website_verifications').selectAll().where('website_id', '=', site.id).execute();
    expect(row).toHaveLength(1);
  });
});

describeEachDialect('verify without private fetches', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // No ALLOW_PRIVATE_FETCH: refusing is the default.
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('refuses to fetch a home page on a loopback address and says so', async () => {
    const owner = await signUp(t.app);
    const site = await insertWebsite(t.app, { userId: owner.user.user_id, domain: 'localhost' });
    const response = await t.app.inject({ method: 'GET', url: `/api/verify/${site.id}`, headers: owner.auth });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.verified).toBe(false);
    expect(body.message).toContain(
      'https://localhost/ could not be fetched (localhost is not an allowed address)',
    );
  });

  it('says a domain could not be resolved without the resolver\'s own text', async () => {
    const owner = await signUp(t.app);
    const site = await insertWebsite(t.app, { userId: owner.user.user_id, domain: 'no-such-site.invalid' });
    const body = (await t.app.inject({ method: 'GET', url: `/api/verify/${site.id}`, headers: owner.auth })).json();
    expect(body.message).toBe(
      'No events received from no-such-site.invalid in the last 24 hours, and https://no-such-site.invalid/ could not be fetched (no-such-site.invalid could not be resolved); ' +
        'http://no-such-site.invalid/ could not be fetched (no-such-site.invalid could not be resolved).',
    );
  });
});

describe('home page fetch', () => {
  let server: Server;
  let port = 0;
  const hits: string[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      hits.push(`${request.headers.host}${request.url}`);
      if (request.url === '/to-loopback') return response.writeHead(302, { location: `http://127.0.0.1:${port}/secret` }).end();
      if (request.url === '/to-sibling') return response.writeHead(302, { location: `http://home.localhost:${port}/landing` }).end();
      response.writeHead(200, { 'content-type': 'text/html' }).end('<p>home</p>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('checks every redirect hop: the one host the operator allows may redirect within itself, not to loopback', async () => {
    const policy = { allowPrivate: false, allowedHosts: [`home.localhost:${port}`] };
    expect(await fetchPage(`http://home.localhost:${port}/to-sibling`, policy)).toMatchObject({ url: `http://home.localhost:${port}/landing`, status: 200 });
    await expect(fetchPage(`http://home.localhost:${port}/to-loopback`, policy)).rejects.toThrow('127.0.0.1 is not an allowed address');
    expect(hits).not.toContain(`127.0.0.1:${port}/secret`);
    await expect(fetchPage(`http://other.localhost:${port}/`, policy)).rejects.toThrow('other.localhost is not an allowed address');
  });
});
