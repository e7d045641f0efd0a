// The daily fetch of an ad server's report (issue 23 §2: "points Foldline at the file's address for a daily fetch";
// docs/notes/revenue.md, "The daily fetch"): GET and PUT /api/websites/:websiteId/revenue-imports/fetch against a
// local HTTP server serving a CSV. Saved and on, the report is fetched at once and imported as an upload is; the
// background fetch takes due fetches (a day after the last, an hour after a failed one), a second fetch of the same
// days replaces them, a bad file or a failed download stores its message and keeps the data; http:// and private
// addresses are refused where the operator does not allow them; another user's website 404, no token 401.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REVENUE_IMPORT_MAX_BYTES, type RevenueFetchResponse } from '@foldline/contracts';
import { importedRevenue } from '@foldline/metadata/revenue-days/revenue-days.repository';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadReport } from '../src/services/report-download.ts';
import { createTestApp, describeEachDialect, signUp, type TestApp } from './test-app.ts';
import { createWebsite, insertPage } from './website-fixtures.ts';

type Auth = { authorization: string };
const HOUR = 3_600_000;

/** An AdSense export of two days and two units, one of them matching none of the website's; `scale` changes the
 * figures (a second fetch of the same days). */
const adsenseReport = (scale = 1) =>
  [
    'Date,Ad unit ID,Impressions,Estimated earnings (USD)',
    `2026-11-20,ca-pub-4815162342000000:7395012846,${1000 * scale},${(1.5 * scale).toFixed(2)}`,
    `2026-11-21,ca-pub-4815162342000000:7395012846,${1200 * scale},${(1.8 * scale).toFixed(2)}`,
    `2026-11-21,ca-pub-4815162342000000:5160248937,${300 * scale},${(0.3 * scale).toFixed(2)}`,
  ].join('\n');
const BAD_REPORT = 'Date,Ad unit ID,Impressions,Estimated earnings (USD)\n2026-11-20,ca-pub-1:7395012846,1000,1.50\n2026-11-21,ca-pub-1:7395012846,12x,1.80\n';

/** The stand-in for the publisher's file host: what it serves at each path, changed by the tests. */
function fileHost() {
  const files = new Map<string, { status?: number; body: string | Buffer; chunked?: boolean }>();
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push(path);
    if (path === '/moved') return response.writeHead(302, { location: '/report.csv' }).end();
    if (path === '/hangs') return; // never answers
    const file = files.get(path);
    if (!file) return response.writeHead(404).end('Not found');
    if (file.chunked) {
      // No length announced: the limit is found while reading.
      response.writeHead(file.status ?? 200, { 'content-type': 'text/csv' });
      const body = Buffer.from(file.body);
      for (let at = 0; at < body.length; at += 1024 * 1024) response.write(body.subarray(at, at + 1024 * 1024));
      return response.end();
    }
    response.writeHead(file.status ?? 200, { 'content-type': 'text/csv' }).end(file.body);
  });
  return {
    files,
    requests,
    server,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function insertSlot(app: FastifyInstance, websiteId: string, pageId: string, googleAdSlotId: string) {
  const now = new Date().toISOString();
  await app.metadata.db
    .insertInto('ad_units')
    .values({
      id: randomUUID(),
      website_id: websiteId,
      page_id: pageId,
      slot_key: `slot-${randomUUID().slice(0, 8)}`,
      name: googleAdSlotId,
      google_ad_slot_id: googleAdSlotId,
      ad_format: '300x250',
      position_selector: '#ad',
      position_x: 0,
      position_y: 400,
      width: 300,
      height: 250,
      status: 'active',
      created_at: now,
      last_detected: now,
    })
    .execute();
}

describeEachDialect('revenue report fetch', (dialect) => {
  const host = fileHost();
  let base: string;
  beforeAll(async () => {
    base = await host.start();
  });
  afterAll(() => host.close());

  describe('where the operator allows private addresses', () => {
    let t: TestApp;
    let owner: Auth;
    let websiteId: string;
    const url = () => `/api/websites/${websiteId}/revenue-imports/fetch`;
    const get = async (auth: Auth = owner) => t.app.inject({ method: 'GET', url: url(), headers: auth });
    const put = (payload: unknown, auth: Auth = owner, id = websiteId) =>
      t.app.inject({ method: 'PUT', url: `/api/websites/${id}/revenue-imports/fetch`, headers: auth, payload: payload as object });
    const stored = () => importedRevenue(t.app.metadata.db, [websiteId], '2026-11-01', '2026-11-30');
    const storedRows = async () =>
      Number((await t.app.metadata.db.selectFrom('revenue_days').select((eb) => eb.fn.countAll().as('n')).where('website_id', '=', websiteId).executeTakeFirstOrThrow()).n);

    beforeAll(async () => {
      // The operator allows private fetches here, so that a local server can stand in for the publisher's file host.
      t = await createTestApp(dialect, { env: { ALLOW_PRIVATE_FETCH: '1' } });
      owner = (await signUp(t.app)).auth;
      websiteId = (await createWebsite(t.app, owner)).website_id;
      await insertSlot(t.app, websiteId, (await insertPage(t.app, websiteId, '/')).id, '7395012846');
    });
    afterAll(() => t.close());

    it('has no fetch until one is saved', async () => {
      const response = await get();
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ fetch: null } satisfies RevenueFetchResponse);
    });

    it('fetches the report as soon as it is saved on, and imports it as an upload', async () => {
      host.files.set('/report.csv', { body: adsenseReport() });
      const before = Date.now();
      const response = await put({ url: `${base}/report.csv`, source: 'adsense', enabled: true });
      expect(response.statusCode, response.body).toBe(200);
      const { fetch } = response.json() as RevenueFetchResponse;
      expect(fetch).toEqual({
        url: `${base}/report.csv`,
        source: 'adsense',
        enabled: true,
        last: { at: expect.any(String), ok: true, error: null, days: { from: '2026-11-20', to: '2026-11-21' }, dayCount: 2, units: 2, unmatchedUnits: 1, currency: 'USD' },
        next: expect.any(String),
      });
      // The next one a day after this one began.
      expect(Date.parse(fetch!.next!) - before).toBeGreaterThanOrEqual(24 * HOUR - 1000);
      expect(Date.parse(fetch!.next!) - Date.now()).toBeLessThanOrEqual(24 * HOUR);
      expect(await stored()).toEqual([
        { websiteId, day: '2026-11-20', unitKey: '7395012846', currency: 'USD', impressions: 1000, revenueMicros: 1_500_000 },
        { websiteId, day: '2026-11-21', unitKey: '7395012846', currency: 'USD', impressions: 1200, revenueMicros: 1_800_000 },
      ]);
      expect(await storedRows()).toBe(3);
      expect((await get()).json()).toEqual(response.json());
    });

    it('fetches a due report in the background: a second fetch of the same days replaces them, never doubles', async () => {
      // Not due yet.
      expect(await t.app.revenueFetch.runDue()).toBe(0);
      host.files.set('/report.csv', { body: adsenseReport(2) });
      expect(await t.app.revenueFetch.runDue(new Date(Date.now() + 25 * HOUR))).toBe(1);
      expect(await storedRows()).toBe(3);
      expect((await stored()).map((row) => row.revenueMicros)).toEqual([3_000_000, 3_600_000]);
      expect((await get()).json().fetch.last).toMatchObject({ ok: true, dayCount: 2, units: 2 });
      // Taken now: not due again for a day.
      expect(await t.app.revenueFetch.runDue(new Date(Date.now() + 23 * HOUR))).toBe(0);
    });

    it("stores a bad file's error with its line and column, keeps the data, and tries again an hour later", async () => {
      host.files.set('/report.csv', { body: BAD_REPORT });
      expect(await t.app.revenueFetch.runDue(new Date(Date.now() + 25 * HOUR))).toBe(1);
      const { fetch } = (await get()).json() as RevenueFetchResponse;
      expect(fetch!.last).toEqual({
        at: expect.any(String),
        ok: false,
        error: "Line 3, column 'Impressions': '12x' is not a number.",
        days: null,
        dayCount: null,
        units: null,
        unmatchedUnits: null,
        currency: null,
      });
      expect(Date.parse(fetch!.next!) - Date.now()).toBeLessThanOrEqual(HOUR);
      expect((await stored()).map((row) => row.revenueMicros)).toEqual([3_000_000, 3_600_000]);
      // Not within the hour; after it, yes.
      expect(await t.app.revenueFetch.runDue(new Date(Date.now() + 30 * 60_000))).toBe(0);
      host.files.delete('/report.csv');
      expect(await t.app.revenueFetch.runDue(new Date(Date.now() + 2 * HOUR))).toBe(1);
      expect((await get()).json().fetch.last).toMatchObject({ ok: false, error: 'The report could not be fetched: the address answered HTTP 404.' });
    });

    it('follows a redirect, refuses a file over 20 MB, and fetches nothing while off', async () => {
      host.files.set('/report.csv', { body: adsenseReport(3) });
      const moved = await put({ url: `${base}/moved`, source: 'adsense', enabled: true });
      expect(moved.json().fetch.last).toMatchObject({ ok: true, dayCount: 2 });
      expect((await stored()).map((row) => row.revenueMicros)).toEqual([4_500_000, 5_400_000]);

      host.files.set('/huge.csv', { body: Buffer.alloc(REVENUE_IMPORT_MAX_BYTES + 1, 'a'), chunked: true });
      const huge = await put({ url: `${base}/huge.csv`, source: 'adsense', enabled: true });
      expect(huge.json().fetch.last).toMatchObject({
        ok: false,
        error: 'The report could not be fetched: the file is over 20.0 MB, the most a report may be. Export fewer days at once.',
      });
      expect(await storedRows()).toBe(3);

      // Off: saved, not fetched, and never due; another address forgets the last outcome.
      const requests = host.requests.length;
      const off = await put({ url: `${base}/report.csv`, source: 'ad_manager', enabled: false });
      expect(off.json()).toEqual({ fetch: { url: `${base}/report.csv`, source: 'ad_manager', enabled: false, last: null, next: null } });
      expect(await t.app.revenueFetch.runDue(new Date(Date.now() + 100 * HOUR))).toBe(0);
      expect(host.requests.length).toBe(requests);
    });

    it('refuses what is not a web address, and a missing source, with a 400', async () => {
      for (const payload of [
        { url: 'ftp://files.example.com/report.csv', source: 'adsense', enabled: true },
        { url: 'not an address', source: 'adsense', enabled: true },
        { url: `https://example.com/${'a'.repeat(2000)}`, source: 'adsense', enabled: true },
        { url: `${base}/report.csv`, enabled: true },
        { url: `${base}/report.csv`, source: 'dfp', enabled: true },
        { url: `${base}/report.csv`, source: 'adsense', enabled: 'yes' },
      ]) {
        const response = await put(payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().error.message).toEqual(expect.any(String));
      }
      expect((await put({ url: 'ftp://files.example.com/report.csv', source: 'adsense', enabled: true })).json()).toEqual({
        error: { message: "The report's address must be a web address, such as https://reports.example.com/revenue.csv" },
      });
    });

    it("answers 404 for another user's website and 401 without a token, saving nothing", async () => {
      const intruder = (await signUp(t.app)).auth;
      const before = (await get()).json();
      expect((await get(intruder)).statusCode).toBe(404);
      const foreign = await put({ url: `${base}/report.csv`, source: 'adsense', enabled: true }, intruder);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ error: { message: 'Website not found' } });
      expect((await put({ url: `${base}/report.csv`, source: 'adsense', enabled: true }, owner, randomUUID())).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: url() })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'PUT', url: url(), payload: { url: `${base}/report.csv`, source: 'adsense', enabled: true } })).statusCode).toBe(401);
      expect((await get()).json()).toEqual(before);
    });
  });

  describe('where it does not (the default)', () => {
    let t: TestApp;
    let owner: Auth;
    let websiteId: string;
    beforeAll(async () => {
      t = await createTestApp(dialect);
      owner = (await signUp(t.app)).auth;
      websiteId = (await createWebsite(t.app, owner)).website_id;
    });
    afterAll(() => t.close());

    it('refuses http:// and private addresses with a 400, saving nothing and fetching nothing', async () => {
      host.files.set('/report.csv', { body: adsenseReport() });
      const requests = host.requests.length;
      const put = (address: string) =>
        t.app.inject({ method: 'PUT', url: `/api/websites/${websiteId}/revenue-imports/fetch`, headers: owner, payload: { url: address, source: 'adsense', enabled: true } });
      const port = new URL(base).port;
      expect((await put(`${base}/report.csv`)).json()).toEqual({
        error: { message: "The report's address must start with https://: reports are only fetched over an encrypted connection." },
      });
      for (const [address, host] of [
        [`https://127.0.0.1:${port}/report.csv`, '127.0.0.1'],
        [`https://localhost:${port}/report.csv`, 'localhost'],
        ['https://[::1]/report.csv', '::1'],
        ['https://10.0.0.8/report.csv', '10.0.0.8'],
      ] as const) {
        const response = await put(address);
        expect(response.statusCode, address).toBe(400);
        expect(response.json()).toEqual({ error: { message: `The report could not be fetched: ${host} is not an allowed address.` } });
      }
      expect((await t.app.inject({ method: 'GET', url: `/api/websites/${websiteId}/revenue-imports/fetch`, headers: owner })).json()).toEqual({ fetch: null });
      expect(host.requests.length).toBe(requests);
    });

    it('refuses a private address again at fetch time (a public one that now resolves privately, or a redirect)', async () => {
      // As if saved while it resolved publicly: the fetch goes through the guard again.
      await t.app.metadata.db
        .insertInto('revenue_fetches')
        .values({
          website_id: websiteId, url: `https://127.0.0.1:${new URL(base).port}/report.csv`, source: 'adsense', enabled: 1, updated_at: new Date().toISOString(), attempt_at: null,
          fetched_at: null, outcome: null, error: null, from_day: null, to_day: null, day_count: null, units: null, unmatched_units: null, currency: null,
        })
        .execute();
      expect(await t.app.revenueFetch.runDue()).toBe(1);
      const { fetch } = (await t.app.inject({ method: 'GET', url: `/api/websites/${websiteId}/revenue-imports/fetch`, headers: owner })).json() as RevenueFetchResponse;
      expect(fetch!.last).toMatchObject({ ok: false, error: 'The report could not be fetched: 127.0.0.1 is not an allowed address.' });
    });
  });
});

describe('report download', () => {
  const host = fileHost();
  let base: string;
  const allowed = { allowPrivate: true, allowedHosts: [] };
  beforeAll(async () => {
    base = await host.start();
  });
  afterAll(() => host.close());

  it('gives up after its deadline and past its size limit', async () => {
    await expect(downloadReport(`${base}/hangs`, { policy: allowed, maxBytes: 1000, timeoutMs: 300 })).rejects.toThrow('The report could not be fetched: no complete answer within 1 s.');
    host.files.set('/small.csv', { body: 'x'.repeat(2000) });
    await expect(downloadReport(`${base}/small.csv`, { policy: allowed, maxBytes: 1000 })).rejects.toThrow(/the file is over/);
    host.files.set('/small.csv', { body: 'x'.repeat(2000), chunked: true });
    await expect(downloadReport(`${base}/small.csv`, { policy: allowed, maxBytes: 1000 })).rejects.toThrow(/the file is over/);
    expect((await downloadReport(`${base}/small.csv`, { policy: allowed, maxBytes: 2000 })).length).toBe(2000);
  });
});
