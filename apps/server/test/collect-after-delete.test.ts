// The collector after a website's data is cleared or the website deleted: it must not keep using what it
// remembered (website settings, page and ad-unit ids) for the deleted rows.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adSlot, beacon, collect, pageviewEvent } from './collect-factory.ts';
import { createTestApp, describeEachDialect, signUp, type TestApp } from './test-app.ts';

describeEachDialect('collector after clear and delete', (dialect) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await signUp(t.app);
  });
  afterAll(() => t.close());

  async function createSite() {
    const response = await t.app.inject({ method: 'POST', url: '/api/websites', headers: owner.auth, payload: { name: 'Gazette', domain: 'news.example.com' } });
    const website = response.json().data.website as { website_id: string; tracking_code: string };
    return { id: website.website_id, userId: owner.user.user_id, trackingCode: website.tracking_code, domain: 'news.example.com' };
  }

  const visit = (site: Awaited<ReturnType<typeof createSite>>) =>
    collect(t.app, beacon(site, [pageviewEvent(), { k: 'ad', a: 0, slot: adSlot(), imp: crypto.randomUUID(), ev: 'impression' }]));

  it('registers pages and ad units afresh on the first visit after "Clear Website Data"', async () => {
    const site = await createSite();
    expect((await visit(site)).statusCode).toBe(200);
    const before = (await t.app.inject({ method: 'GET', url: `/api/websites/${site.id}`, headers: owner.auth })).json().website.pages;
    expect(before).toHaveLength(1);

    const cleared = await t.app.inject({ method: 'DELETE', url: `/api/websites/${site.id}/data`, headers: owner.auth });
    expect(cleared.json().deleted.adUnits).toBe(1);

    expect((await visit(site)).statusCode).toBe(200);
    const after = (await t.app.inject({ method: 'GET', url: `/api/websites/${site.id}`, headers: owner.auth })).json().website.pages;
    expect(after).toHaveLength(1);
    expect(after[0].page_id).not.toBe(before[0].page_id);
    const stored = await t.app.events.query<{ page_id: string }>('SELECT DISTINCT page_id FROM foldline.pageviews WHERE website_id = {w:UUID}', { w: site.id });
    expect(stored).toEqual([{ page_id: after[0].page_id }]);
    const units = await t.app.metadata.db.selectFrom('ad_units').select('page_id').where('website_id', '=', site.id).execute();
    expect(units).toEqual([{ page_id: after[0].page_id }]);
  });

  it('drops beacons of a deleted website at once instead of failing on its deleted rows', async () => {
    const site = await createSite();
    expect((await visit(site)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/websites/${site.id}`, headers: owner.auth })).statusCode).toBe(200);

    const late = await visit(site);
    expect(late.statusCode).toBeLessThan(500);
    const rows = await t.app.events.query<{ n: number }>('SELECT count() AS n FROM foldline.pageviews WHERE website_id = {w:UUID}', { w: site.id });
    expect(Number(rows[0]?.n)).toBe(0);
  });
});
