// Every API route, walked from the app's own route table so that tomorrow's routes are covered without anyone
// remembering to: without a token each protected route answers 401, and called by one user with another user's ids
// each id-taking route answers 404 and changes nothing of the other user's.
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { RouteEntry } from '../src/app.ts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, signUp, type TestApp } from './test-app.ts';
import { countEvents, createWebsite, insertAdUnit, insertPage, seedEvents } from './website-fixtures.ts';

/** Routes anyone may call. A new public route must be added here on purpose. */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  'POST /api/auth/forgot-password',
  'GET /api/auth/validate-reset-token/:token',
  'POST /api/auth/reset-password/:token',
  'POST /api/contact',
  'POST /api/docs/votes',
  'POST /api/collect',
  'OPTIONS /api/collect',
  'GET /api/tracker.js',
]);

/** A body each id-taking route with a body accepts, so the call reaches the ownership check instead of stopping at
 * validation. A new such route needs its sample here. */
const SAMPLE_BODIES: Record<string, unknown> = {
  'PUT /api/users/:userId': { name: 'Intruder', email: 'intruder@example.com' },
  'PUT /api/users/:userId/password': { currentPassword: 'correct horse 1', newPassword: 'another horse 2' },
  'PUT /api/websites/:websiteId': { name: 'Taken over', domain: 'taken.example.com' },
  'PATCH /api/ad-units/:adUnitId': { name: 'Taken over' },
  'PUT /api/websites/:websiteId/revenue-imports/fetch': { url: 'https://reports.example.com/revenue.csv', source: 'adsense', enabled: true },
};

/** Values for path parameters that are not ids. */
const PARAM_SAMPLES: Record<string, string> = { type: 'click', token: 'not-a-token' };

type Ids = Record<string, string>;

/** An id, or a list of them ('adUnitIds': one id is a list of one). */
const isIdName = (name: string) => /Ids?$/.test(name);

function queryProperties(route: RouteEntry): { properties: Record<string, unknown>; required: string[] } {
  const query = route.schema?.querystring;
  if (!(query instanceof z.ZodType)) return { properties: {}, required: [] };
  const json = z.toJSONSchema(query, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown>; required?: string[] };
  return { properties: json.properties ?? {}, required: json.required ?? [] };
}

/** The ids a route takes: its path parameters named like ids and its query fields named like ids. */
function idNames(route: RouteEntry): string[] {
  const fromPath = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!).filter(isIdName);
  return [...fromPath, ...Object.keys(queryProperties(route).properties).filter(isIdName)];
}

/** The addresses that call a route with `ids`: its path ids and required query ids always, and each optional query
 * id in a call of its own (some routes take exactly one of them). */
function addressesOf(route: RouteEntry, ids: Ids): string[] {
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(ids[name] ?? PARAM_SAMPLES[name] ?? 'unknown'));
  const { properties, required } = queryProperties(route);
  const queryIds = Object.keys(properties).filter(isIdName);
  const always = queryIds.filter((name) => required.includes(name));
  const optional = queryIds.filter((name) => !required.includes(name));
  return (optional.length ? optional.map((name) => [...always, name]) : [always]).map((names) => {
    const query = new URLSearchParams(names.map((name) => [name, ids[name] ?? 'unknown']));
    // A route that needs a page's address (screenshots) gets one of the owner's pages.
    if ('url' in properties) query.set('url', ids.pageUrl!);
    const text = query.toString();
    return text ? `${path}?${text}` : path;
  });
}

const apiRoutes = (app: FastifyInstance) =>
  app.routeTable.filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD').sort((a, b) => `${a.method} ${a.url}`.localeCompare(`${b.method} ${b.url}`));

describeEachDialect('access sweep', (dialect) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let intruder: Awaited<ReturnType<typeof signUp>>;
  let ids: Ids;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await signUp(t.app);
    intruder = await signUp(t.app);
    const website = await createWebsite(t.app, owner.auth);
    const page = await insertPage(t.app, website.website_id);
    const adUnitId = await insertAdUnit(t.app, website.website_id, page.id);
    await seedEvents(t.app, website.website_id, page.id);
    // The intruder has data of their own, so a route that mixed the two accounts up would have something to show.
    const own = await createWebsite(t.app, intruder.auth);
    await insertPage(t.app, own.website_id);
    ids = {
      userId: owner.user.user_id,
      websiteId: website.website_id,
      pageId: page.id,
      adUnitId,
      adUnitIds: adUnitId,
      pageUrl: `https://${website.domain}${page.url_path}`,
    };
  });
  afterAll(() => t.close());

  /** What the owner has: a change by the intruder would show here. */
  async function ownersState() {
    const db = t.app.metadata.db;
    const [user, websites, pages, adUnits, adUnitNames] = await Promise.all([
      db.selectFrom('users').select(['name', 'email', 'password_hash']).where('id', '=', ids.userId!).execute(),
      db.selectFrom('websites').selectAll().where('user_id', '=', ids.userId!).execute(),
      db.selectFrom('pages').selectAll().where('website_id', '=', ids.websiteId!).orderBy('id').execute(),
      db.selectFrom('ad_units').selectAll().where('website_id', '=', ids.websiteId!).orderBy('id').execute(),
      db.selectFrom('ad_unit_names').selectAll().where('website_id', '=', ids.websiteId!).orderBy('unit_key').execute(),
    ]);
    return { user, websites, pages, adUnits, adUnitNames, events: await countEvents(t.app, ids.websiteId!) };
  }

  it('finds the routes it sweeps in the route table, and every public one it names', () => {
    const routes = apiRoutes(t.app).map((route) => `${route.method} ${route.url}`);
    expect([...PUBLIC_ROUTES].filter((name) => !routes.includes(name))).toEqual([]);
    expect(routes).toContain('GET /api/websites/:websiteId');
    expect(routes).toContain('GET /api/analytics/top-pages');
    expect(routes.length).toBeGreaterThan(25);
  });

  it('answers 401 without a token on every route that is not public', async () => {
    const unexpected: string[] = [];
    for (const route of apiRoutes(t.app)) {
      const name = `${route.method} ${route.url}`;
      if (PUBLIC_ROUTES.has(name)) continue;
      const body = SAMPLE_BODIES[name];
      const response = await t.app.inject({ method: route.method as 'GET', url: addressesOf(route, ids)[0]!, ...(body ? { payload: body as object } : {}) });
      if (response.statusCode !== 401 || typeof response.json().error?.message !== 'string') unexpected.push(`${name}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(unexpected).toEqual([]);
  });

  it("answers 404 to another user's ids on every id-taking route, and changes nothing of theirs", async () => {
    const before = await ownersState();
    const unexpected: string[] = [];
    let swept = 0;
    for (const route of apiRoutes(t.app)) {
      const name = `${route.method} ${route.url}`;
      const names = idNames(route);
      if (PUBLIC_ROUTES.has(name) || names.length === 0) continue;
      const unknown = names.filter((id) => !(id in ids));
      if (unknown.length > 0) {
        unexpected.push(`${name}: the sweep has no id for ${unknown.join(', ')}; add one to its fixture`);
        continue;
      }
      const body = SAMPLE_BODIES[name];
      if (route.schema?.body && body === undefined) {
        unexpected.push(`${name}: add a valid sample body to SAMPLE_BODIES`);
        continue;
      }
      for (const url of addressesOf(route, ids)) {
        swept += 1;
        const response = await t.app.inject({ method: route.method as 'GET', url, headers: intruder.auth, ...(body ? { payload: body as object } : {}) });
        if (response.statusCode !== 404 || typeof response.json().error?.message !== 'string') unexpected.push(`${route.method} ${url}: ${response.statusCode} ${response.body.slice(0, 160)}`);
      }
    }
    expect(unexpected).toEqual([]);
    expect(swept).toBeGreaterThan(15);
    expect(await ownersState()).toEqual(before);
  }, 60_000);
});
