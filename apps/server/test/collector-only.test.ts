// SERVE=collector: a process that only collects, to scale ingestion apart from the dashboard. It stores beacons and
// serves the tracker and health, and nothing else: no sign-in, no dashboard API, no web app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beacon, collect, insertWebsite, pageviewEvent } from './collect-factory.ts';
import { createTestApp, type TestApp } from './test-app.ts';

describe('collector-only process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { SERVE: 'collector', DEMO: '1' }, serveWebApp: true });
  });
  afterAll(() => t.close());

  it('stores beacons and serves the tracker and health', async () => {
    const site = await insertWebsite(t.app);
    const payload = beacon(site, [pageviewEvent()]);
    expect((await collect(t.app, payload)).json()).toMatchObject({ ok: true });
    await t.app.ingest.flush();
    const rows = await t.app.events.query('SELECT 1 FROM foldline.pageviews WHERE pageview_id = {pv:UUID}', { pv: payload.pv });
    expect(rows).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/tracker.js' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ status: 'ok' });
  });

  it('serves no sign-in, dashboard API or web app, and seeds no demo', async () => {
    for (const [method, url] of [
      ['POST', '/api/auth/login'],
      ['GET', '/api/websites'],
      ['GET', '/api/analytics/top-pages'],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.message).toMatch(/^No API route/);
    }
    expect((await t.app.inject({ method: 'GET', url: '/dashboard' })).statusCode).toBe(404);
    const users = await t.app.metadata.db.selectFrom('users').select('email').execute();
    expect(users.map((user) => user.email)).not.toContain('demo@foldline.local');
  });
});
