// Page metrics of a segment (issue 26), from beacons sent through the collector against figures worked out by hand:
// each traffic source and browser narrows the unique sessions, average time on page and scroll depth, on one device and
// on every device; without a segment the figures are the rollups' and say no segment; bad segment values 400, another
// user's page 404, no token 401.
import { randomUUID } from 'node:crypto';
import type { CollectEvent, PageMetricsResponse } from '@foldline/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DAY, insertWebsite, type FixtureWebsite } from './analytics-fixture.ts';
import { createTestApp, describeEachDialect, signUp, type TestApp } from './test-app.ts';

const UA = {
  chrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  safari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
} as const;

/** An engagement update: `ms` engaged since the last, the deepest scroll so far, and the one before (-1: the first). */
const eng = (ms: number, sd: number, pd = -1): CollectEvent => ({ k: 'eng', a: 0, ms, sd, pd, dh: 4000 });

interface Reader {
  /** The session: two pageviews of one session share it. */
  session: string;
  /** The query string of the page's address (UTM parameters). */
  query?: string;
  referrer?: string;
  ua: keyof typeof UA;
  engagement: CollectEvent[];
  /** Days before now the beacon arrived (8: outside the week). */
  daysAgo?: number;
  width?: number;
}

// Readers of the story, one pageview each: source, browser, engaged time and deepest scroll.
const READERS: Reader[] = [
  // search (referrer), Chrome, session A: 4 s to 40 %, then 2 s more to 80 %: 6 s, 80 %.
  { session: 'A', referrer: 'https://www.google.de/', ua: 'chrome', engagement: [eng(4000, 40), eng(2000, 80, 40)] },
  // search (tagged), Firefox, session B: 10 s, 100 %.
  { session: 'B', query: '?utm_source=bing&utm_medium=cpc', ua: 'firefox', engagement: [eng(10_000, 100)] },
  // social (referrer), Chrome, session C: 3 s, 30 %.
  { session: 'C', referrer: 'https://l.facebook.com/', ua: 'chrome', engagement: [eng(3000, 30)] },
  // direct, Chrome, session A again (the search reader's second pageview, from within the site): 1 s, 10 %.
  { session: 'A', ua: 'chrome', engagement: [eng(1000, 10)] },
  // referral, Safari, session D: 8 s, 60 %.
  { session: 'D', referrer: 'https://example.org/blog', ua: 'safari', engagement: [eng(8000, 60)] },
  // direct, Firefox, session E: left at once, no engagement (a session, no time).
  { session: 'E', ua: 'firefox', engagement: [] },
  // A phone reader from search, Chrome, session F: 20 s, 100 % — only with every device or mobile.
  { session: 'F', referrer: 'https://www.google.com/', ua: 'chrome', width: 390, engagement: [eng(20_000, 100)] },
  // The week before, search, Chrome, session G: outside the week.
  { session: 'G', referrer: 'https://www.google.com/', ua: 'chrome', daysAgo: 8, engagement: [eng(50_000, 100)] },
];

describeEachDialect('page metrics segments', (dialect) => {
  let t: TestApp;
  let app: FastifyInstance;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let stranger: Awaited<ReturnType<typeof signUp>>;
  let site: FixtureWebsite;
  let pageId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    app = t.app;
    owner = await signUp(app);
    stranger = await signUp(app);
    site = await insertWebsite(app, owner.user.user_id);
    const sessions = new Map<string, string>();
    for (const [i, reader] of READERS.entries()) {
      const width = reader.width ?? 1280;
      const sid = sessions.get(reader.session) ?? sessions.set(reader.session, randomUUID()).get(reader.session)!;
      const events: CollectEvent[] = [{ k: 'pv', a: 0, t: 'Story', r: reader.referrer ?? '', vw: width, vh: 800, dh: 4000 }, ...reader.engagement];
      const payload = { site: site.trackingCode, u: `https://${site.domain}/story${reader.query ?? ''}`, pv: randomUUID(), sid, vw: width, e: events };
      const receivedAt = Date.now() - (reader.daysAgo ?? 0) * DAY - 3_600_000 + i * 60_000;
      const result = await app.ingest.accept(payload, { ip: `203.0.113.${i + 1}`, userAgent: UA[reader.ua], receivedAt });
      expect(result.outcome).toBe('stored');
    }
    await app.ingest.flush?.();
    pageId = (await app.metadata.db.selectFrom('pages').select('id').where('website_id', '=', site.id).executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t?.close());

  const get = (path: string, auth: { authorization: string } | null = owner.auth) =>
    app.inject({ method: 'GET', url: `/api/analytics/page-metrics?${path}`, ...(auth ? { headers: auth } : {}) });
  const metrics = async (segment: string, device = 'desktop') => {
    const response = await get(`pageId=${pageId}&period=week&deviceType=${device}${segment}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as PageMetricsResponse;
  };
  /** [unique sessions, average engaged ms, average deepest scroll %]. */
  const figures = ({ metrics: m }: PageMetricsResponse) => [m.totalViews, m.avgTimeOnPage, m.avgScrollDepth];

  it('reads every visitor from the rollups, with no segment said', async () => {
    const all = await metrics('');
    // Sessions A–E; five engaged pageviews: 6 + 10 + 3 + 1 + 8 = 28 s, 80 + 100 + 30 + 10 + 60 = 280 %.
    expect(figures(all)).toEqual([5, 5600, 56]);
    expect(all.segment).toBeUndefined();
  });

  it('narrows to each traffic source and browser on one device', async () => {
    const cases: [string, number[]][] = [
      ['&source=search', [2, 8000, 90]],
      ['&source=social', [1, 3000, 30]],
      // Session A's second pageview and session E, whose time was not measured.
      ['&source=direct', [2, 1000, 10]],
      ['&source=referral', [1, 8000, 60]],
      ['&browser=Chrome', [2, 10_000 / 3, 40]],
      ['&browser=chrome', [2, 10_000 / 3, 40]],
      ['&browser=Firefox', [2, 10_000, 100]],
      ['&browser=Safari', [1, 8000, 60]],
      ['&source=search&browser=Firefox', [1, 10_000, 100]],
      ['&source=direct&browser=Safari', [0, 0, 0]],
      ['&browser=Opera', [0, 0, 0]],
    ];
    for (const [segment, expected] of cases) {
      const [sessions, ms, depth] = figures(await metrics(segment));
      expect(sessions, segment).toBe(expected[0]);
      expect(ms, segment).toBeCloseTo(expected[1]!, 6);
      expect(depth, segment).toBeCloseTo(expected[2]!, 6);
    }
    expect((await metrics('&source=search&browser=Firefox')).segment).toEqual({ source: 'search', browser: 'Firefox' });
    expect((await metrics('&browser=Chrome')).segment).toEqual({ browser: 'Chrome' });
  });

  it('narrows every device, and a phone, alike', async () => {
    // Search on every device: sessions A, B and the phone's F; (6 + 10 + 20) / 3 s, (80 + 100 + 100) / 3 %.
    const [sessions, ms, depth] = figures(await metrics('&source=search', 'all'));
    expect(sessions).toBe(3);
    expect(ms).toBeCloseTo(12_000, 6);
    expect(depth).toBeCloseTo(280 / 3, 6);
    expect(figures(await metrics('&source=search', 'mobile'))).toEqual([1, 20_000, 100]);
    expect(figures(await metrics('&source=social', 'mobile'))).toEqual([0, 0, 0]);
    expect(figures(await metrics('&browser=Chrome', 'all'))).toEqual([3, 30_000 / 4, 220 / 4]);
  });

  it('answers bad segment values with 400 and a message', async () => {
    const cases: [string, string][] = [
      [`pageId=${pageId}&source=email`, 'source must be one of: search, social, direct, referral'],
      [`pageId=${pageId}&source=Search`, 'source must be one of'],
      [`pageId=${pageId}&browser=`, 'browser must be a browser name such as Chrome'],
      [`pageId=${pageId}&browser=%20`, 'browser must be a browser name such as Chrome'],
      [`pageId=${pageId}&browser=${'x'.repeat(65)}`, 'browser must be at most 64 characters'],
      [`pageId=${pageId}&source=search&deviceType=watch`, 'deviceType must be one of: all, desktop, tablet, mobile'],
      ['source=search', 'pageId is required'],
    ];
    for (const [path, message] of cases) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().error.message, path).toContain(message);
    }
  });

  it("answers another user's page like a missing one, and no token with 401", async () => {
    for (const path of [`pageId=${pageId}&source=search`, `pageId=${pageId}&browser=Chrome&deviceType=all`]) {
      const response = await get(path, stranger.auth);
      expect(response.statusCode, path).toBe(404);
      expect(response.json()).toEqual({ error: { message: 'Page not found' } });
      expect((await get(path, null)).statusCode, path).toBe(401);
    }
    expect((await get(`pageId=${randomUUID()}&source=search`)).statusCode).toBe(404);
  });
});
