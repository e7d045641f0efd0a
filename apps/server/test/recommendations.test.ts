// GET /api/analytics/recommendations and the optimization potential of the KPIs: the demo's longest story, served by
// a local publisher and rendered by Chromium (its content breaks), read by the simulator's readers through the
// collector. The engine must find the story's deliberately poor placement from the route; bad input answers 400,
// another user's ids 404, no token 401.
import type { DashboardKpiResponse, RecommendationsResponse } from '@foldline/contracts';
import { ARTICLES, articlePath } from '@foldline/demo/site/content';
import { planByPath, type PagePlan } from '@foldline/demo/site/page-plan';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertWebsite, type TestWebsite } from './collect-factory.ts';
import { feedBeacons, serveDemoPublisher, simulateReaders } from './simulated-readers.ts';
import { createTestApp, describeOnLastDialect, signUp, type TestApp } from './test-app.ts';

const article = ARTICLES.find((a) => a.slug === 'reservoir-summer-water-savings');
const plan = planByPath(articlePath(article!)) as PagePlan;
/** Enough for desktop (about half the readers) to pass the 300-pageview minimum, not enough for tablet. */
const READERS = 900;

describeOnLastDialect('recommendations', (dialect) => {
  let t: TestApp;
  let publisher: Awaited<ReturnType<typeof serveDemoPublisher>>;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let stranger: Awaited<ReturnType<typeof signUp>>;
  let site: TestWebsite;
  let pageId: string;

  const get = (query: string, headers: Record<string, string> = owner.auth) => t.app.inject({ method: 'GET', url: `/api/analytics/recommendations?${query}`, headers });

  beforeAll(async () => {
    publisher = await serveDemoPublisher();
    const origin = publisher.origin;
    // The publisher is on loopback, which only an operator's ALLOW_PRIVATE_FETCH lets the renderer reach.
    t = await createTestApp(dialect, { env: { ALLOW_PRIVATE_FETCH: '1' } });
    owner = await signUp(t.app);
    stranger = await signUp(t.app);
    site = await insertWebsite(t.app, { userId: owner.user.user_id, domain: '127.0.0.1' });
    const outcomes = await feedBeacons(t.app, simulateReaders(plan, READERS, origin), site.trackingCode);
    expect([...outcomes.keys()]).toEqual(['stored']);
    pageId = (await t.app.metadata.db.selectFrom('pages').select('id').where('website_id', '=', site.id).executeTakeFirstOrThrow()).id;
    // The panels wait only seconds for a new rendering (a loaded machine can take longer): render first, as a publisher
    // who opened the page's heatmaps would have.
    await Promise.all((['desktop', 'mobile'] as const).map((device) => t.app.screenshots.layout(`${origin}${plan.path}`, device, { website: site.id, account: site.userId })));
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await publisher?.close();
  });

  it("finds the story's in-content unit after its last paragraph and says where desktop readers would see it", async () => {
    const response = await get(`pageId=${pageId}`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as RecommendationsResponse;
    const move = body.recommendations.find((r) => r.type === 'move_ad_unit' && r.ad_unit_name.startsWith('4821596307 · ') && r.device === 'desktop');
    expect(move, JSON.stringify(body.meta.pages)).toBeDefined();
    if (move?.type !== 'move_ad_unit') return;
    expect(move.recommended_position.y).toBeLessThan(move.current_position.y - 2000);
    expect(move.expected.predicted_view_rate_low - move.expected.current_view_rate).toBeGreaterThanOrEqual(10);
    // Said as a place in the story (the rendering's outline), not a pixel depth.
    expect(move.reason).toMatch(/^Only \d+ % of desktop readers see this unit for a second; after paragraph \d+ of the article \(".+"\), \d+ % would\.( As the page reflows, other units' view rates change too \(counted in the gain\): .+\.)?$/);
    expect(move.recommended_place?.selector).toMatch(/^#article-body>p/);
    expect(move.current_place?.description).toMatch(/^after paragraph \d+ of the article/);
    expect(move.evidence.pageviews).toBeGreaterThanOrEqual(300);
    // Sorted by gain; the potential is what they promise at least (their low ends, low-confidence ones left out) over
    // today's viewable impressions.
    const gains = body.recommendations.map((r) => r.expected.extra_viewable_impressions);
    expect(gains).toEqual([...gains].sort((a, b) => b - a));
    const lows = body.recommendations.filter((r) => r.confidence !== 'low').map((r) => Math.max(0, r.expected.extra_viewable_impressions_low));
    expect(body.meta.extra_viewable_impressions).toBe(lows.reduce((a, b) => a + b, 0));
    expect(move.expected.extra_viewable_impressions_low).toBeLessThan(move.expected.extra_viewable_impressions);
    expect(body.meta.optimization_potential).toBeCloseTo((body.meta.extra_viewable_impressions / body.meta.viewable_impressions) * 100, 6);
    // Desktop was rendered and calibrated on the page's own units; tablet has too few readers, and says how few.
    const desktop = body.meta.pages.find((p) => p.device === 'desktop');
    expect(desktop).toMatchObject({ status: 'analysed' });
    expect(desktop?.calibration?.units).toBeGreaterThan(2);
    const tablet = body.meta.pages.find((p) => p.device === 'tablet');
    expect(tablet?.status).toBe('too_few_pageviews');
    expect(tablet?.message).toMatch(/^\d+ tablet pageviews in the last 30 days; recommendations need 300 \(\d+ to go\)\.$/);
    expect(tablet?.calibration).toBeNull();
  });

  it('answers the same for the website as for its only page', async () => {
    const byPage = (await get(`pageId=${pageId}`)).json() as RecommendationsResponse;
    const bySite = (await get(`websiteId=${site.id}`)).json() as RecommendationsResponse;
    expect(bySite.recommendations).toEqual(byPage.recommendations);
  });

  it('makes the optimization potential of the KPIs from the same recommendations', async () => {
    const recommendations = (await get(`websiteId=${site.id}`)).json() as RecommendationsResponse;
    const response = await t.app.inject({ method: 'GET', url: `/api/analytics/dashboard-kpi?period=month&websiteId=${site.id}`, headers: owner.auth });
    expect(response.statusCode).toBe(200);
    const kpi = response.json() as DashboardKpiResponse;
    // Low-confidence advice promises nothing: the card counts the others.
    const counted = recommendations.recommendations.filter((r) => r.confidence !== 'low');
    expect(kpi.optimization.recommendations).toBe(counted.length);
    expect(kpi.optimization.byType.move_ad_unit).toBe(counted.filter((r) => r.type === 'move_ad_unit').length);
    // Every reader is in both windows (the last 30 days): the same promise over the same viewable impressions.
    expect(kpi.optimization.extraViewableImpressions).toBeCloseTo(recommendations.meta.extra_viewable_impressions, -1);
    expect(kpi.kpis.optimizationPotential.value).toBeCloseTo(recommendations.meta.optimization_potential, 0);
    expect(kpi.kpis.optimizationPotential.value).toBeGreaterThan(0);
  });

  it("records the website's potential for the day, and compares the KPI with the potential as it stood in the previous period", async () => {
    const kpi = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/analytics/dashboard-kpi?period=month&websiteId=${site.id}`, headers: owner.auth })).json() as DashboardKpiResponse;
    // Nothing kept from 30 days ago: no change to show, rather than today's advice replayed on last month's traffic.
    expect((await kpi()).kpis.optimizationPotential.change).toBeNull();
    await t.app.advice.refreshAll();
    const today = new Date().toISOString().slice(0, 10);
    const kept = await t.app.metadata.db.selectFrom('potential_days').selectAll().where('website_id', '=', site.id).execute();
    const recommendations = (await get(`websiteId=${site.id}`)).json() as RecommendationsResponse;
    expect(kept).toEqual([expect.objectContaining({ day: today, extra_viewable: recommendations.meta.extra_viewable_impressions })]);
    // A month ago the advice promised 1 % more.
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    await t.app.metadata.db.insertInto('potential_days').values({ website_id: site.id, day: monthAgo, extra_viewable: 10, viewable: 1000 }).execute();
    const { value, change } = (await kpi()).kpis.optimizationPotential;
    expect(change).toBeCloseTo(value - 1, 6);
  });

  it('never waits for a rendering: a page not rendered yet is rendered in the background for the next look', async () => {
    const fresh = await insertWebsite(t.app, { userId: owner.user.user_id, domain: '127.0.0.1' });
    // A second website on the same publisher: none of its pages has a rendering of its own yet.
    await feedBeacons(t.app, simulateReaders(plan, READERS, publisher.origin), fresh.trackingCode);
    const ask = () => t.app.inject({ method: 'GET', url: `/api/analytics/recommendations?websiteId=${fresh.id}`, headers: owner.auth });
    const first = (await ask()).json() as RecommendationsResponse;
    const desktop = first.meta.pages.find((p) => p.device === 'desktop');
    expect(desktop?.message).toMatch(/being rendered in the background/);
    await t.app.advice.renderingsDone();
    const next = (await ask()).json() as RecommendationsResponse;
    expect(next.meta.pages.find((p) => p.device === 'desktop')?.status).toBe('analysed');
  });

  it('answers 400 for missing, doubled or malformed ids', async () => {
    for (const query of ['', `pageId=${pageId}&websiteId=${site.id}`, 'pageId=not-an-id', 'websiteId=42']) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message).toEqual(expect.any(String));
    }
  });

  it("answers 404 for another user's page or website, and 401 without a token", async () => {
    expect((await get(`pageId=${pageId}`, stranger.auth)).statusCode).toBe(404);
    expect((await get(`websiteId=${site.id}`, stranger.auth)).statusCode).toBe(404);
    expect((await get(`pageId=${pageId}`, {})).statusCode).toBe(401);
  });

  it('keeps a record of the advice; a dismissed or applied recommendation leaves the list and the potential, and comes back when opened again', async () => {
    const status = (body: object, headers: Record<string, string> = owner.auth) =>
      t.app.inject({ method: 'PUT', url: '/api/analytics/recommendations/status', headers, payload: body });
    const before = (await get(`websiteId=${site.id}`)).json() as RecommendationsResponse;
    const counted = before.recommendations.find((r) => r.confidence !== 'low' && r.expected.extra_viewable_impressions_low > 0);
    expect(counted, JSON.stringify(before.recommendations.map((r) => [r.id, r.confidence]))).toBeDefined();
    // The background advice keeps what each recommendation promised.
    await t.app.advice.refreshAll();
    const records = await t.app.metadata.db.selectFrom('recommendation_records').selectAll().where('website_id', '=', site.id).execute();
    expect(records.map((r) => r.recommendation_id).sort()).toEqual(before.recommendations.map((r) => r.id).sort());
    expect(records.every((r) => r.status === 'open')).toBe(true);

    // Dismissing needs a reason; then the recommendation and its promise are gone from the list, the potential and the KPI.
    expect((await status({ id: counted!.id, status: 'dismissed' })).statusCode).toBe(400);
    const dismissed = await status({ id: counted!.id, status: 'dismissed', reason: 'Our sales team sold this slot as is' });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json()).toMatchObject({ id: counted!.id, status: 'dismissed', reason: 'Our sales team sold this slot as is' });
    const after = (await get(`websiteId=${site.id}`)).json() as RecommendationsResponse;
    expect(after.recommendations.map((r) => r.id)).not.toContain(counted!.id);
    expect(after.meta.extra_viewable_impressions).toBe(before.meta.extra_viewable_impressions - Math.max(0, counted!.expected.extra_viewable_impressions_low));
    const kpi = (await t.app.inject({ method: 'GET', url: `/api/analytics/dashboard-kpi?period=month&websiteId=${site.id}`, headers: owner.auth })).json() as DashboardKpiResponse;
    expect(kpi.optimization.extraViewableImpressions).toBeCloseTo(after.meta.extra_viewable_impressions, -1);
    // The background advice does not bring it back, nor overwrite what was dismissed.
    await t.app.advice.refreshAll();
    expect(((await get(`pageId=${pageId}`)).json() as RecommendationsResponse).recommendations.map((r) => r.id)).not.toContain(counted!.id);

    // Opened again, it is back; marked applied, it leaves again.
    expect((await status({ id: counted!.id, status: 'open' })).statusCode).toBe(200);
    expect(((await get(`websiteId=${site.id}`)).json() as RecommendationsResponse).recommendations.map((r) => r.id)).toContain(counted!.id);
    expect((await status({ id: counted!.id, status: 'applied' })).json()).toMatchObject({ status: 'applied', reason: null });
    expect(((await get(`websiteId=${site.id}`)).json() as RecommendationsResponse).recommendations.map((r) => r.id)).not.toContain(counted!.id);
    await status({ id: counted!.id, status: 'open' });

    // Bad input 400; advice that is not given 404; another user's 404 and changes nothing; no token 401.
    for (const body of [{}, { id: counted!.id, status: 'gone' }, { id: 'x'.repeat(201), status: 'open' }, { id: counted!.id, status: 'dismissed', reason: 'x'.repeat(501) }]) {
      expect((await status(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await status({ id: `move_ad_unit:${pageId}:desktop:00000000-0000-4000-8000-000000000000`, status: 'applied' })).statusCode).toBe(404);
    expect((await status({ id: 'not-an-id', status: 'applied' })).statusCode).toBe(404);
    expect((await status({ id: counted!.id, status: 'dismissed', reason: 'mine now' }, stranger.auth)).statusCode).toBe(404);
    expect(((await get(`websiteId=${site.id}`)).json() as RecommendationsResponse).recommendations.map((r) => r.id)).toContain(counted!.id);
    expect((await status({ id: counted!.id, status: 'applied' }, {})).statusCode).toBe(401);
  });
});
