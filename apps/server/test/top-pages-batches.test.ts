// Top pages reads the first batch's sessions with its revenue in one statement (reports/top-pages.ts); a page ranked
// from a later batch (pages-by-sessions.ts) has its revenue read after. Here the top page by sessions has fewer
// pageviews than 39 others, so it is counted in the second batch, and its revenue still shows.
import { randomUUID } from 'node:crypto';
import type { CollectEvent } from '@foldline/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HOUR, insertWebsite, type FixtureWebsite } from './analytics-fixture.ts';
import { createTestApp, describeEachDialect, signUp, type TestApp } from './test-app.ts';

const META = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36' };
const SLOT = { key: 'top', name: 'Top banner', w: 728, h: 90, y: 0, sel: '#top', x: 10 };

describeEachDialect('top pages ranked beyond the first batch', (dialect) => {
  let t: TestApp;
  let app: FastifyInstance;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let site: FixtureWebsite;

  async function pageview(path: string, sessionId: string, at: number, ads: CollectEvent[] = []) {
    const base = { site: site.trackingCode, u: `https://${site.domain}${path}`, pv: randomUUID(), sid: sessionId, vw: 1440 };
    const stored = await app.ingest.accept({ ...base, e: [{ k: 'pv', a: 0, t: `Title ${path}`, r: '', vw: 1440, vh: 800, dh: 3000 }, ...ads] }, { ...META, receivedAt: at });
    expect(stored.outcome).toBe('stored');
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    app = t.app;
    owner = await signUp(app);
    site = await insertWebsite(app, owner.user.user_id, { name: 'Many pages' });
    const at = Date.now() - 2 * HOUR;
    // 39 pages of three pageviews in one session each: they come first by pageviews, one session each. Sent at once,
    // so that the collector writes them together.
    const sent: Promise<void>[] = [];
    for (let p = 0; p < 39; p++) {
      const session = randomUUID();
      for (let v = 0; v < 3; v++) sent.push(pageview(`/page-${p}`, session, at + v * 1000));
    }
    // The top page by sessions: two pageviews in two sessions, one with a won Prebid bid of 2.50 USD.
    const imp = randomUUID();
    sent.push(
      pageview('/top', randomUUID(), at, [
        { k: 'ad', a: 0, slot: SLOT, imp, ev: 'impression' },
        { k: 'ad', a: 0, slot: SLOT, imp, ev: 'bid', cpm: 2.5, best: 2.5, cur: 'USD', bidder: 'appnexus', net: 1, won: 1 },
      ]),
      pageview('/top', randomUUID(), at + 1000),
    );
    await Promise.all(sent);
  }, 120_000);
  afterAll(() => t?.close());

  it('gives the page its sessions and its revenue', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/analytics/top-pages?period=week&limit=5&websiteId=${site.id}`, headers: owner.auth });
    expect(response.statusCode, response.body).toBe(200);
    const [top] = response.json().pages;
    expect(top).toMatchObject({ url_path: '/top', session_count: 2 });
    expect(top.revenue_metrics.currency).toBe('USD');
    expect(top.revenue_metrics.revenue).toBeCloseTo(0.0025, 12);
    expect(top.revenue_metrics.revenue_per_1000_sessions).toBeCloseTo(1.25, 9);
  });
});
