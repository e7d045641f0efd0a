// POST /api/collect end to end: beacons through the real pipeline into chDB and the metadata store.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adSlot, beacon, collect, insertWebsite, pageviewEvent, type TestWebsite } from './collect-factory.ts';
import { createTestApp, describeEachDialect, type TestApp } from './test-app.ts';

describeEachDialect('collect', (dialect) => {
  let t: TestApp;
  let site: TestWebsite;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    site = await insertWebsite(t.app);
  });
  afterAll(() => t.close());

  it('stores a pageview with its page, device, browser and visitor hash, and registers the page', async () => {
    const payload = beacon(site, [pageviewEvent({ vw: 390, t: 'First article', r: 'https://www.google.com/search?q=x' })]);
    const response = await collect(t.app, payload);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, prefs: { clicks: true, scroll: true, engagement: true, ads: true } });
    expect(response.headers['access-control-allow-origin']).toBe('*');

    const page = await t.app.metadata.db.selectFrom('pages').selectAll().where('website_id', '=', site.id).executeTakeFirstOrThrow();
    expect(page).toMatchObject({ url_path: '/articles/one', title: 'First article', status: 'active' });
    const rows = await t.app.events.query<Record<string, unknown>>(
      'SELECT toString(page_id) AS page_id, device, url_path, title, referrer_host, utm_source, browser, os, toString(visitor_id) AS visitor FROM foldline.pageviews WHERE pageview_id = {pv:UUID}',
      { pv: payload.pv },
    );
    expect(rows).toEqual([
      { page_id: page.id, device: 'mobile', url_path: '/articles/one', title: 'First article', referrer_host: 'google.com', utm_source: 'newsletter', browser: 'Chrome', os: 'Windows', visitor: expect.stringMatching(/^\d+$/) },
    ]);
  });
});
