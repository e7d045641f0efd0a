// GET /api/websites/:websiteId/pages: a website's pages searched, sorted and paged on the server; the website itself
// carries only its first pages and their count; the Ad Units tab's page filter lists the pages with ad units.
import { randomUUID } from 'node:crypto';
import { PAGE_LIST_MAX_LIMIT, WEBSITE_PAGES_LIMIT } from '@foldline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, signUp, type TestApp } from './test-app.ts';
import { createWebsite, insertAdUnit, insertPage } from './website-fixtures.ts';

/** Seven pages whose every order differs; '%' and '_' in paths and titles check that a search matches them literally. */
const FIXTURE = [
  { path: '/', title: 'Home', status: 'active', created: '2026-01-15', last: '2026-01-20' },
  { path: '/about', title: 'About us', status: 'inactive', created: '2026-02-01', last: null },
  { path: '/animals/zebra', title: 'Zebra facts', status: 'active', created: '2026-01-01', last: '2026-03-01' },
  { path: '/blog/100%-off', title: '100% off sale', status: 'active', created: '2026-01-05', last: '2026-02-10' },
  { path: '/blog/snake_case', title: 'snake_case tips', status: 'active', created: '2026-01-06', last: null },
  { path: '/blog/snakexcase', title: 'Snakexcase tips', status: 'inactive', created: '2026-01-07', last: '2026-02-15' },
  { path: '/harbour/ferry', title: 'The Harbour Ferry', status: 'active', created: '2026-01-08', last: '2026-02-20' },
] as const;
const ALL_PATHS = FIXTURE.map((page) => page.path);
const at = (day: string) => `${day}T12:00:00.000Z`;

describeEachDialect('website pages', (dialect) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let websiteId: string;
  const ids = new Map<string, string>();
  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await signUp(t.app);
    websiteId = (await createWebsite(t.app, owner.auth, { name: 'News' })).website_id;
    for (const page of FIXTURE) {
      const row = await insertPage(t.app, websiteId, page.path, {
        title: page.title,
        status: page.status,
        created_at: at(page.created),
        last_activity: page.last ? at(page.last) : null,
      });
      ids.set(page.path, row.id);
    }
    // Pages of the owner's other website never show in this one's list.
    const other = await createWebsite(t.app, owner.auth, { name: 'Other' });
    for (const page of FIXTURE) await insertPage(t.app, other.website_id, page.path, { title: page.title });
  });
  afterAll(() => t.close());

  const list = (query = '', headers: Record<string, string> = owner.auth, id = websiteId) =>
    t.app.inject({ method: 'GET', url: `/api/websites/${id}/pages${query ? `?${query}` : ''}`, headers });
  const paths = async (query: string) => {
    const response = await list(query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().pages.map((page: { url_path: string }) => page.url_path);
  };

  it('answers the first slice by url_path with the total, the limit and the offset', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      pages: FIXTURE.map((page) => ({
        page_id: ids.get(page.path),
        website_id: websiteId,
        title: page.title,
        url_path: page.path,
        status: page.status,
        created_at: at(page.created),
        last_activity: page.last ? at(page.last) : null,
      })),
      total: FIXTURE.length,
      limit: 50,
      offset: 0,
    });
  });

  describe('sort', () => {
    it.each([
      ['url_path', 'asc', ALL_PATHS],
      ['url_path', 'desc', [...ALL_PATHS].reverse()],
      // Case-insensitive on the name.
      ['title', 'asc', ['/blog/100%-off', '/about', '/', '/blog/snake_case', '/blog/snakexcase', '/harbour/ferry', '/animals/zebra']],
      // Last activity, else the created date (/blog/snake_case, /about).
      ['last_activity', 'asc', ['/blog/snake_case', '/', '/about', '/blog/100%-off', '/blog/snakexcase', '/harbour/ferry', '/animals/zebra']],
      ['last_activity', 'desc', ['/animals/zebra', '/harbour/ferry', '/blog/snakexcase', '/blog/100%-off', '/about', '/', '/blog/snake_case']],
      // Equal statuses keep path order, in the same direction.
      ['status', 'asc', ['/', '/animals/zebra', '/blog/100%-off', '/blog/snake_case', '/harbour/ferry', '/about', '/blog/snakexcase']],
      ['status', 'desc', ['/blog/snakexcase', '/about', '/harbour/ferry', '/blog/snake_case', '/blog/100%-off', '/animals/zebra', '/']],
    ])('by %s %s', async (sort, order, expected) => {
      expect(await paths(`sort=${sort}&order=${order}`)).toEqual(expected);
    });

    it('orders ascending when no order is given', async () => {
      expect(await paths('sort=title')).toEqual(await paths('sort=title&order=asc'));
    });
  });

  describe('search', () => {
    it.each([
      // Title or path, whatever the case.
      ['HARBOUR', ['/harbour/ferry']],
      ['about', ['/about']],
      ['/animals', ['/animals/zebra']],
      // Trimmed.
      ['  tips ', ['/blog/snake_case', '/blog/snakexcase']],
      // LIKE's own characters match only themselves.
      ['%', ['/blog/100%-off']],
      ['_', ['/blog/snake_case']],
      ['snake_case', ['/blog/snake_case']],
      ['\\', []],
      // An empty search is no search.
      ['', ALL_PATHS],
    ])('%j finds its pages', async (search, expected) => {
      const response = await list(`search=${encodeURIComponent(search)}`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.pages.map((page: { url_path: string }) => page.url_path)).toEqual(expected);
      expect(body.total).toBe(expected.length);
    });

    it('sorts and pages what it finds, and counts all of it', async () => {
      const response = await list('search=s&sort=title&order=desc&limit=2&offset=1');
      const body = response.json();
      // Every page but / and /harbour/ferry has an 's'; by name descending: Zebra, Snakexcase, snake_case, About, 100%.
      expect(body.total).toBe(5);
      expect(body.pages.map((page: { url_path: string }) => page.url_path)).toEqual(['/blog/snakexcase', '/blog/snake_case']);
    });

    it('answers no pages and a total of 0 when nothing matches', async () => {
      expect((await list('search=nothing%20like%20it')).json()).toEqual({ pages: [], total: 0, limit: 50, offset: 0 });
    });
  });

  describe('paging', () => {
    it('cuts the sorted list into slices that join up again', async () => {
      const slices = [];
      for (const offset of [0, 3, 6]) slices.push(...(await paths(`sort=last_activity&order=desc&limit=3&offset=${offset}`)));
      expect(slices).toEqual(await paths('sort=last_activity&order=desc'));
      expect(await paths('limit=3&offset=6')).toEqual(['/harbour/ferry']);
    });

    it('answers an empty slice past the end, with the total', async () => {
      expect((await list('offset=100')).json()).toEqual({ pages: [], total: FIXTURE.length, limit: 50, offset: 100 });
    });

    it(`takes up to ${PAGE_LIST_MAX_LIMIT} pages a call`, async () => {
      expect((await list(`limit=${PAGE_LIST_MAX_LIMIT}`)).json().limit).toBe(PAGE_LIST_MAX_LIMIT);
      expect(await paths('limit=1')).toEqual(['/']);
    });
  });

  describe('bad input', () => {
    it.each([
      ['limit=0', 'limit must be a whole number from 1 to 100'],
      [`limit=${PAGE_LIST_MAX_LIMIT + 1}`, 'limit must be a whole number from 1 to 100'],
      ['limit=-1', 'limit must be a whole number from 1 to 100'],
      ['limit=1.5', 'limit must be a whole number from 1 to 100'],
      ['limit=ten', 'limit must be a whole number from 1 to 100'],
      ['limit=1e2', 'limit must be a whole number from 1 to 100'],
      ['limit=', 'limit must be a whole number from 1 to 100'],
      ['limit=1&limit=2', 'limit must be a whole number from 1 to 100'],
      ['offset=-1', 'offset must be a whole number from 0 to 10000000'],
      ['offset=10000001', 'offset must be a whole number from 0 to 10000000'],
      [`offset=${'9'.repeat(40)}`, 'offset must be a whole number from 0 to 10000000'],
      ['sort=pageviews', 'sort must be one of: title, url_path, last_activity, status'],
      ['sort=url_path;DROP%20TABLE%20pages', 'sort must be one of: title, url_path, last_activity, status'],
      ['order=up', 'order must be one of: asc, desc'],
      [`search=${'x'.repeat(201)}`, 'search is too long'],
      ['search=a%00b', 'search must not contain a NUL character'],
    ])('answers %s with 400 and says why', async (query, message) => {
      const response = await list(query);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { message } });
    });

    it.each(['not-a-uuid', "1' OR '1'='1"])('answers a malformed website id %j with 400', async (id) => {
      const response = await list('', owner.auth, encodeURIComponent(id));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { message: 'Invalid id' } });
    });
  });

  it("answers another user's website exactly like a missing one", async () => {
    const stranger = await signUp(t.app);
    const theirs = await createWebsite(t.app, stranger.auth);
    await insertPage(t.app, theirs.website_id, '/secret');
    expect((await list('', stranger.auth, theirs.website_id)).json().total).toBe(1);
    for (const id of [theirs.website_id, randomUUID()]) {
      const response = await list('search=secret', owner.auth, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { message: 'Website not found' } });
    }
    // Nor does the stranger see the owner's.
    expect((await list('', stranger.auth)).statusCode).toBe(404);
  });

  it('answers 401 without a valid token', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }, { authorization: owner.tokens.refreshToken }] as Record<string, string>[]) {
      const response = await list('', headers);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toEqual(expect.any(String));
    }
  });

  describe('GET /api/websites/:websiteId', () => {
    it(`carries the first ${WEBSITE_PAGES_LIMIT} pages by url_path and the count of all`, async () => {
      const big = await createWebsite(t.app, owner.auth, { name: 'Big' });
      const rows = Array.from({ length: WEBSITE_PAGES_LIMIT + 5 }, (_, n) => ({
        id: randomUUID(),
        website_id: big.website_id,
        url_path: `/story-${String(n).padStart(3, '0')}`,
        title: `Story ${n}`,
        status: 'active',
        created_at: new Date().toISOString(),
        last_activity: null,
      }));
      await t.app.metadata.db.insertInto('pages').values(rows).execute();
      const { website } = (await t.app.inject({ method: 'GET', url: `/api/websites/${big.website_id}`, headers: owner.auth })).json();
      expect(website.pages_total).toBe(WEBSITE_PAGES_LIMIT + 5);
      expect(website.pages.map((page: { url_path: string }) => page.url_path)).toEqual(rows.slice(0, WEBSITE_PAGES_LIMIT).map((row) => row.url_path));
    });
  });

  describe("the Ad Units tab's page filter", () => {
    it('lists the pages that have ad units, once each, by title, whatever the filters', async () => {
      const site = await createWebsite(t.app, owner.auth, { name: 'Ads' });
      const sports = await insertPage(t.app, site.website_id, '/sports', { title: 'Sports' });
      await insertPage(t.app, site.website_id, '/no-ads', { title: 'Without ads' });
      const arts = await insertPage(t.app, site.website_id, '/arts', { title: 'Arts' });
      await insertAdUnit(t.app, site.website_id, sports.id);
      await insertAdUnit(t.app, site.website_id, sports.id);
      await insertAdUnit(t.app, site.website_id, arts.id);
      const expected = [
        { page_id: arts.id, title: 'Arts', url_path: '/arts' },
        { page_id: sports.id, title: 'Sports', url_path: '/sports' },
      ];
      for (const query of ['', `&pageId=${arts.id}`, '&search=nothing']) {
        const response = await t.app.inject({ method: 'GET', url: `/api/analytics/ad-units?websiteId=${site.website_id}${query}`, headers: owner.auth });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json().pages).toEqual(expected);
      }
    });
  });
});
