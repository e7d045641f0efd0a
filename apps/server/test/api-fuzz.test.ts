// The JSON API under hostile input: every route of the route table (the collector has its own fuzz test in
// collect.test.ts) called with a few thousand seeded random queries, path values and bodies, signed in. No call may
// answer 5xx, every error is { error: { message } }, and a call answered 4xx stores nothing. The seed is printed
// with a failure, so the case can be replayed.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RouteEntry } from '../src/app.ts';
import { createTestApp, describeEachDialect, signUp, type TestApp } from './test-app.ts';
import { createWebsite, insertAdUnit, insertPage, seedEvents } from './website-fixtures.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const CALLS_PER_ROUTE = 50;
/** Rows that say what an account holds; sign-in bookkeeping (tokens) may change on a refused call and is left out. */
const DATA_TABLES = ['users', 'websites', 'pages', 'ad_units', 'contact_messages', 'doc_votes'] as const;

/** A small deterministic generator (the collector fuzz test's), so a failing case can be reproduced. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

type Random = () => number;
const pick = <T,>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** Strings that have broken parsers, validators and SQL before. */
const NASTY_STRINGS = [
  '',
  ' ',
  'null',
  'undefined',
  '0',
  '-1',
  '1e309',
  'NaN',
  '9'.repeat(40),
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '{websiteId:UUID}',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '\ud800',
  '😀'.repeat(50),
  '<script>alert(1)</script>',
  'x'.repeat(5000),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '2026-02-30',
  'https://',
  'javascript:alert(1)',
  '__proto__',
  'constructor',
];

function randomScalar(random: Random): unknown {
  switch (Math.floor(random() * 8)) {
    case 0:
      return pick(random, NASTY_STRINGS);
    case 1:
      return Math.floor(random() * 2 ** 33) * (random() < 0.5 ? -1 : 1);
    case 2:
      return random() * 1e6;
    case 3:
      return random() < 0.5;
    case 4:
      return null;
    case 5:
      return pick(random, ['day', 'week', 'month', 'quarter', 'year', 'desktop', 'mobile', 'tablet', 'click', 'scroll', 'engagement']);
    default:
      return seededUuid(random);
  }
}

function seededUuid(random: Random): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20)}`;
}

function randomValue(random: Random, depth = 0): unknown {
  const roll = random();
  if (depth < 3 && roll < 0.15) return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth + 1));
  if (depth < 3 && roll < 0.3) return randomObject(random, [], depth + 1);
  return randomScalar(random);
}

/** An object with some of the route's own field names (so validation gets past the first field) and some others. */
function randomObject(random: Random, fields: readonly string[], depth = 0): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const field of fields) if (random() < 0.7) object[field] = randomValue(random, depth);
  const extra = Math.floor(random() * 3);
  for (let i = 0; i < extra; i += 1) object[pick(random, ['__proto__', 'constructor', 'id', 'user_id', 'status', 'x'])] = randomValue(random, depth);
  return object;
}

function fieldsOf(schema: unknown): string[] {
  if (!schema || typeof schema !== 'object' || !('shape' in schema)) return [];
  return Object.keys((schema as { shape: Record<string, unknown> }).shape);
}

/** One random call of a route: path values, a query string and, for routes with a body, a body (sometimes not JSON). */
function randomCall(random: Random, route: RouteEntry, ids: string[]) {
  // A lone surrogate cannot be put in an address at all: it becomes U+FFFD, as a browser would send it.
  const pathValue = () => String(random() < 0.4 ? pick(random, ids) : randomScalar(random)).replace(/[\ud800-\udfff]/g, '\ufffd');
  const path = route.url.replace(/:(\w+)/g, () => encodeURIComponent(pathValue()));
  const query = new URLSearchParams();
  for (const field of fieldsOf(route.schema?.querystring)) {
    if (random() < 0.7) query.set(field, String(random() < 0.3 ? pick(random, ids) : randomScalar(random)));
  }
  if (random() < 0.2) query.append(pick(random, ['period', 'x', 'websiteId']), String(randomScalar(random)));
  const text = query.toString();
  const url = text ? `${path}?${text}` : path;
  if (route.method === 'GET' || route.method === 'DELETE') return { method: route.method, url };
  const roll = random();
  const payload = roll < 0.1 ? '{"unterminated": ' : roll < 0.15 ? JSON.stringify(randomValue(random)) : JSON.stringify(randomObject(random, fieldsOf(route.schema?.body)));
  return { method: route.method, url, payload, headers: { 'content-type': 'application/json' } };
}

describeEachDialect('API fuzz', (dialect) => {
  let t: TestApp;
  let auth: { authorization: string };
  let ids: string[];

  /** An account with a website, a page, an ad unit and events, whose ids the fuzz uses half the time. */
  async function setUpAccount() {
    const user = await signUp(t.app);
    auth = user.auth;
    const website = await createWebsite(t.app, auth);
    const page = await insertPage(t.app, website.website_id);
    const adUnitId = await insertAdUnit(t.app, website.website_id, page.id);
    await seedEvents(t.app, website.website_id, page.id);
    ids = [user.user.user_id, website.website_id, page.id, adUnitId];
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await setUpAccount();
  });
  afterAll(() => t.close());

  async function state() {
    const db = t.app.metadata.db;
    // All at once: the fuzz takes this picture a few thousand times.
    const [counts, users, websites, [events]] = await Promise.all([
      Promise.all(DATA_TABLES.map((table) => db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow())),
      db.selectFrom('users').select(['id', 'name', 'email', 'password_hash']).orderBy('id').execute(),
      db.selectFrom('websites').selectAll().orderBy('id').execute(),
      t.app.events.query<{ n: string }>('SELECT count() AS n FROM foldline.pageviews WHERE website_id = {websiteId:UUID}', { websiteId: ids[1] }),
    ]);
    return { counts: counts.map((row) => Number(row.n)), users, websites, events: Number(events!.n) };
  }

  it(`answers every random call below 500 in the one error shape, storing nothing when it refuses (seed ${SEED})`, async () => {
    const random = seededRandom(SEED);
    const routes = t.app.routeTable.filter(
      (route) => route.url.startsWith('/api/') && !['HEAD', 'OPTIONS'].includes(route.method) && route.url !== '/api/collect' && route.url !== '/api/tracker.js',
    );
    const failures: string[] = [];
    let calls = 0;
    for (const route of routes) {
      /** The data as the last refused call left it, taken just after it: the next call's picture from before, since
       * nothing runs between the two calls. Taken again after any call that succeeded. */
      let unchanged: Awaited<ReturnType<typeof state>> | undefined;
      for (let n = 0; n < CALLS_PER_ROUTE; n += 1) {
        const call = randomCall(random, route, ids);
        const mutates = call.method !== 'GET';
        const before = mutates ? (unchanged ?? (await state())) : undefined;
        unchanged = undefined;
        const response = await t.app.inject({ ...call, method: call.method as 'GET', headers: { ...auth, ...call.headers } });
        calls += 1;
        const where = `${call.method} ${call.url.slice(0, 200)} ${call.payload?.slice(0, 200) ?? ''}`;
        if (response.statusCode >= 500) failures.push(`${response.statusCode} for ${where}: ${response.body.slice(0, 200)}`);
        if (response.statusCode >= 400 && typeof response.json().error?.message !== 'string') failures.push(`not the error shape for ${where}: ${response.body.slice(0, 200)}`);
        if (before && response.statusCode >= 400 && response.statusCode < 500) {
          const after = await state();
          if (JSON.stringify(after) !== JSON.stringify(before)) failures.push(`refused but changed data: ${where}`);
          else unchanged = after;
        }
        // A call that succeeded may have deleted the account or signed it out everywhere: start with a new one.
        if (mutates && response.statusCode < 400 && !(await signedIn())) await setUpAccount();
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(1000);
  }, 240_000);

  /** Whether the token still works; the fuzz stops calling a route that deleted or changed the account. */
  async function signedIn(): Promise<boolean> {
    return (await t.app.inject({ method: 'GET', url: '/api/websites', headers: auth })).statusCode === 200;
  }
});
