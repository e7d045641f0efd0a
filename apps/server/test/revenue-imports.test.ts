// POST and GET /api/websites/:websiteId/revenue-imports on real stores: real-shaped AdSense and Ad Manager exports
// imported and matched to the website's units by AdSense slot and ad unit path, a re-import of the same days replacing
// them, unmatched units kept and reported, a bad file refused with its line and column and nothing stored, the body
// limit raised for this route only, and another user's website answering 404.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { RevenueImportListResponse, RevenueImportResponse } from '@foldline/contracts';
import { importedRevenue } from '@foldline/metadata/revenue-days/revenue-days.repository';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, signUp, type TestApp } from './test-app.ts';
import { createWebsite, insertPage } from './website-fixtures.ts';

const fixture = (name: string) => readFileSync(new URL(`../../../packages/analytics/test/revenue-imports/fixtures/${name}`, import.meta.url));

type Auth = { authorization: string };

/** A detected slot of a unit, as the collector stores it: the GPT path or AdSense slot in google_ad_slot_id. */
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

describeEachDialect('revenue imports', (dialect) => {
  let t: TestApp;
  let owner: Auth;
  let websiteId: string;

  const upload = (body: string | Buffer, query = '', auth: Auth = owner, contentType = 'text/csv', id = websiteId) =>
    t.app.inject({ method: 'POST', url: `/api/websites/${id}/revenue-imports${query}`, headers: { ...auth, 'content-type': contentType }, payload: body });
  const storedRows = async () => Number((await t.app.metadata.db.selectFrom('revenue_days').select((eb) => eb.fn.countAll().as('n')).where('website_id', '=', websiteId).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = (await signUp(t.app)).auth;
    websiteId = (await createWebsite(t.app, owner)).website_id;
    const home = await insertPage(t.app, websiteId, '/');
    const article = await insertPage(t.app, websiteId, '/news/story');
    // Two AdSense units, and one GPT unit seen on two pages (two slots, one unit).
    await insertSlot(t.app, websiteId, home.id, '7395012846');
    await insertSlot(t.app, websiteId, article.id, '4821596307');
    await insertSlot(t.app, websiteId, home.id, '/1234/news/article_top');
    await insertSlot(t.app, websiteId, article.id, '/1234/news/article_top');
    await insertSlot(t.app, websiteId, article.id, '/1234/news/article_rail');
  });
  afterAll(() => t.close());

  it('imports an AdSense export, telling the source from its columns, matching units by slot and keeping the others', async () => {
    const response = await upload(fixture('adsense-usd.csv'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      source: 'adsense',
      days: { from: '2026-11-12', to: '2026-11-13' },
      rows: 5,
      unitDays: 5,
      replaced: 0,
      currency: 'USD',
      impressions: 22_061,
      revenue: 29.59,
      matchedUnits: 2,
      unmatched: [{ unit: 'Section in-feed (ca-pub-4815162342000000:5160248937)', source: 'adsense', currency: 'USD', days: 1, impressions: 1002, revenue: 1.07 }],
    } satisfies RevenueImportResponse);

    // Again: the same days are replaced, never added twice.
    const again = await upload(fixture('adsense-usd.csv'), '?source=adsense');
    expect(again.json()).toMatchObject({ replaced: 5, unitDays: 5 });
    expect(await storedRows()).toBe(5);
    expect(await importedRevenue(t.app.metadata.db, [websiteId], '2026-11-13', '2026-11-13')).toEqual([
      { websiteId, day: '2026-11-13', unitKey: '4821596307', currency: 'USD', impressions: 7712, revenueMicros: 10_460_000 },
      { websiteId, day: '2026-11-13', unitKey: '7395012846', currency: 'USD', impressions: 2940, revenueMicros: 3_970_000 },
    ]);
  });

  it('imports an Ad Manager export, matching units by ad unit path; GET lists both sources', async () => {
    const response = await upload(fixture('ad-manager-eur.csv'), '?source=ad_manager', owner, 'text/plain; charset=utf-8');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      source: 'ad_manager',
      days: { from: '2026-11-01', to: '2026-11-02' },
      rows: 6,
      currency: 'EUR',
      revenue: 88.42,
      matchedUnits: 2,
      unmatched: [{ unit: 'news » newsletter_banner', days: 2, impressions: 810, revenue: 0.41 }],
    });
    const [top] = (await importedRevenue(t.app.metadata.db, [websiteId], '2026-11-01', '2026-11-01')).filter((row) => row.unitKey === '/1234/news/article_top');
    expect(top).toMatchObject({ impressions: 12_345, revenueMicros: 18_520_000, currency: 'EUR' });

    const list = await t.app.inject({ url: `/api/websites/${websiteId}/revenue-imports`, headers: owner });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      imports: [
        {
          source: 'ad_manager',
          days: { from: '2026-11-01', to: '2026-11-02' },
          dayCount: 2,
          unitDays: 6,
          impressions: 46_150,
          revenue: [{ currency: 'EUR', amount: 88.42 }],
          matchedUnits: 2,
          unmatchedUnits: 1,
          lastImportedAt: expect.any(String),
        },
        {
          source: 'adsense',
          days: { from: '2026-11-12', to: '2026-11-13' },
          dayCount: 2,
          unitDays: 5,
          impressions: 22_061,
          revenue: [{ currency: 'USD', amount: 29.59 }],
          matchedUnits: 2,
          unmatchedUnits: 1,
          lastImportedAt: expect.any(String),
        },
      ],
      unmatched: [
        { unit: 'Section in-feed (ca-pub-4815162342000000:5160248937)', source: 'adsense', currency: 'USD', days: 1, impressions: 1002, revenue: 1.07 },
        { unit: 'news » newsletter_banner', source: 'ad_manager', currency: 'EUR', days: 2, impressions: 810, revenue: 0.41 },
      ],
    } satisfies RevenueImportListResponse);
  });

  it('refuses a bad file with its line and column, and stores nothing of it', async () => {
    const before = await storedRows();
    const response = await upload(fixture('adsense-bad-line.csv'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { message: "Line 14, column 'Impressions': '12x' is not a number." } });
    expect(await storedRows()).toBe(before);

    expect((await upload('')).json()).toEqual({ error: { message: 'Choose a report file: the request has no CSV in its body.' } });
    expect((await upload(fixture('adsense-usd.csv'), '?source=dfp')).statusCode).toBe(400);
    const json = await upload(JSON.stringify({ csv: 'Date,Ad unit' }), '', owner, 'application/json');
    expect(json.statusCode).toBe(415);
    expect(json.json().error.message).toBe('Unsupported content type');
    // A report that names no currency takes the one asked for.
    const plain = 'Date,Ad unit ID,Impressions,Revenue\n2026-10-01,ca-pub-1:7395012846,10,0.05\n';
    expect((await upload(plain)).json().error.message).toMatch(/^The report does not say its currency/);
    expect((await upload(plain, '?currency=chf')).json()).toMatchObject({ source: 'adsense', currency: 'CHF', matchedUnits: 1 });
  });

  it('takes reports above the 1 MB every other route allows, up to 20 MB', async () => {
    const lines = ['Date,Ad unit,Total impressions,Total CPM and CPC revenue ($)'];
    for (let day = 1; day <= 28; day += 1) {
      for (let unit = 0; unit < 1200; unit += 1) lines.push(`2026-09-${String(day).padStart(2, '0')},news » section_${unit},"${(1000 + unit).toLocaleString('en-US')}",$${(unit / 100).toFixed(2)}`);
    }
    const body = lines.join('\n');
    expect(body.length).toBeGreaterThan(1024 * 1024);
    const response = await upload(body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ source: 'ad_manager', unitDays: 28 * 1200, matchedUnits: 0 });

    const tooLarge = await upload(Buffer.alloc(20 * 1024 * 1024 + 1, 'a'));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ error: { message: 'The request body is too large' } });
  }, 60_000);

  it("answers 404 for another user's website and 401 without a token, storing nothing", async () => {
    const intruder = (await signUp(t.app)).auth;
    const before = await storedRows();
    const post = await upload(fixture('adsense-usd.csv'), '', intruder);
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ error: { message: 'Website not found' } });
    expect((await t.app.inject({ url: `/api/websites/${websiteId}/revenue-imports`, headers: intruder })).statusCode).toBe(404);
    expect((await upload(fixture('adsense-usd.csv'), '', intruder, 'text/csv', randomUUID())).statusCode).toBe(404);
    expect((await upload(fixture('adsense-usd.csv'), '', {} as Auth)).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/websites/${websiteId}/revenue-imports` })).statusCode).toBe(401);
    expect(await storedRows()).toBe(before);
  });
});
