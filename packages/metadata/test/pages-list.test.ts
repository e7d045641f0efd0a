// A website's pages a slice at a time at the scale the collector allows (100,000 pages): each sort, order, search and
// offset returns exactly the slice a plain sort of all the pages gives, and the planner reads the slices in index
// order instead of sorting every page. Speed itself is measured by the bench (npm run bench pages), not asserted here.
import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listPagesOfWebsite, pageListQueries, type PageListOptions, type PageOrder } from '../src/pages/pages.repository.ts';
import type { MetadataDb } from '../src/database.ts';
import type { PageRow } from '../src/tables.ts';
import { describeEachDialect, openTestStore, type TestStore } from './test-store.ts';

const PAGES = 100_000;
const WORDS = ['alpha', 'Bravo', 'charlie', 'Delta'];
const pad = (n: number) => String(n).padStart(5, '0');
const minutesAfter = (start: string, minutes: number) => new Date(Date.parse(start) + minutes * 60_000).toISOString();

/** Page n of a website. Paths and last activities are permutations of n (7919 and 104729 are prime to 100,000), so
 * no order follows the order of insertion; every third page has no last activity and sorts by its creation instead. */
function pageOf(websiteId: string, n: number): PageRow {
  return {
    id: randomUUID(),
    website_id: websiteId,
    url_path: `/p/${pad((n * 7919) % PAGES)}`,
    title: `${WORDS[n % WORDS.length]} ${pad(n)}`,
    status: n % 7 === 0 ? 'inactive' : 'active',
    created_at: minutesAfter('2026-01-01T00:00:00.000Z', n),
    last_activity: n % 3 === 0 ? null : minutesAfter('2026-06-01T00:00:00.000Z', (n * 104729) % PAGES),
    origin: null,
  };
}

const PAGE_COLUMNS: readonly (keyof PageRow)[] = ['id', 'website_id', 'url_path', 'title', 'status', 'created_at', 'last_activity', 'origin'];

/** Inserts the pages in one statement that reads them from a JSON array: as rows of bound values, 1,000 a statement
 * (PostgreSQL allows 65,535 parameters), the 100,000 took the driver and the query builder some 15 s a dialect. */
async function insertPages(db: MetadataDb, dialect: TestStore['dialect'], rows: readonly PageRow[]): Promise<void> {
  const columns = sql.raw(PAGE_COLUMNS.join(', '));
  const json = JSON.stringify(rows);
  if (dialect === 'sqlite') {
    const values = sql.raw(PAGE_COLUMNS.map((column) => `json_extract(value, '$.${column}')`).join(', '));
    await sql`INSERT INTO pages (${columns}) SELECT ${values} FROM json_each(${json})`.execute(db);
  } else {
    await sql`INSERT INTO pages (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::pages, ${json}::json)`.execute(db);
  }
}

/** What the store must answer, computed the plain way: every page sorted in memory, then cut. */
const SORT_VALUE: Record<PageOrder, (page: PageRow) => string> = {
  url_path: (page) => page.url_path,
  title: (page) => page.title.toLowerCase(),
  last_activity: (page) => page.last_activity ?? page.created_at,
  status: (page) => page.status,
};
function expectedSlice(pages: readonly PageRow[], options: PageListOptions): { paths: string[]; total: number } {
  const needle = options.search?.toLowerCase();
  const matching = pages.filter((page) => !needle || page.title.toLowerCase().includes(needle) || page.url_path.toLowerCase().includes(needle));
  const value = SORT_VALUE[options.sort];
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const sorted = [...matching].sort((a, b) => (compare(value(a), value(b)) || compare(a.url_path, b.url_path)) * (options.order === 'asc' ? 1 : -1));
  return { paths: sorted.slice(options.offset, options.offset + options.limit).map((page) => page.url_path), total: matching.length };
}

describeEachDialect('pages of a website, a slice at a time', (dialect) => {
  let store: TestStore;
  const userId = randomUUID();
  const websiteId = randomUUID();
  const siblingId = randomUUID();
  const strangerWebsiteId = randomUUID();
  const pages: PageRow[] = [];

  beforeAll(async () => {
    store = await openTestStore(dialect);
    const { db } = store;
    const now = new Date().toISOString();
    const strangerId = randomUUID();
    await db
      .insertInto('users')
      .values([userId, strangerId].map((id) => ({ id, name: 'Owner', email: `${id}@example.com`, password_hash: 'x', created_at: now, updated_at: now })))
      .execute();
    const website = (id: string, owner: string) => ({
      id,
      user_id: owner,
      name: 'News',
      domain: `${id}.example.com`,
      tracking_code: `fl_${id}`,
      status: 'active',
      timezone: 'UTC',
      settings: '{}',
      created_at: now,
      updated_at: now,
    });
    await db.insertInto('websites').values([website(websiteId, userId), website(siblingId, userId), website(strangerWebsiteId, strangerId)]).execute();
    for (let n = 0; n < PAGES; n += 1) pages.push(pageOf(websiteId, n));
    await insertPages(db, dialect, pages);
    // The same paths and titles on two other websites (one the owner's, one another user's) must never show.
    for (const other of [siblingId, strangerWebsiteId]) await insertPages(db, dialect, Array.from({ length: 1_000 }, (_, n) => pageOf(other, n)));
    // PostgreSQL plans from statistics that autovacuum would gather in time; a test cannot wait for it.
    if (dialect === 'postgres') await db.executeQuery(CompiledQuery.raw('ANALYZE pages'));
  }, 180_000);
  afterAll(() => store?.dispose());

  const slice = async (options: PageListOptions) => {
    const { rows, total } = await listPagesOfWebsite(store.db, userId, websiteId, options);
    expect(rows.every((row) => row.website_id === websiteId)).toBe(true);
    return { paths: rows.map((row) => row.url_path), total };
  };

  it.each<[string, PageListOptions]>([
    ['the first slice by path', { sort: 'url_path', order: 'asc', limit: 50, offset: 0 }],
    ['the last slice by path', { sort: 'url_path', order: 'asc', limit: 50, offset: PAGES - 50 }],
    ['a slice cut short by the end', { sort: 'url_path', order: 'desc', limit: 100, offset: PAGES - 10 }],
    ['by name, descending, in the middle (case-insensitively)', { sort: 'title', order: 'desc', limit: 50, offset: 40_000 }],
    ['by last activity across pages without one (their creation date counts)', { sort: 'last_activity', order: 'asc', limit: 50, offset: 33_310 }],
    ['by last activity, latest first', { sort: 'last_activity', order: 'desc', limit: 100, offset: 0 }],
    ['by status, ties in path order', { sort: 'status', order: 'desc', limit: 100, offset: 14_250 }],
    ['a search on the title, any case', { search: 'BRAVO 12', sort: 'last_activity', order: 'desc', limit: 50, offset: 200 }],
    ['a search on the path', { search: '/p/0042', sort: 'title', order: 'asc', limit: 50, offset: 0 }],
    ['a search that matches nothing', { search: 'echo', sort: 'url_path', order: 'asc', limit: 50, offset: 0 }],
  ])('returns %s', async (_, options) => {
    const expected = expectedSlice(pages, options);
    // Guards the fixture itself: a case that cut nothing would prove nothing.
    if (options.search !== 'echo') expect(expected.paths.length).toBeGreaterThan(0);
    expect(await slice(options)).toEqual(expected);
  });

  it("counts every page of the website and none of the owner's other website", async () => {
    expect((await slice({ sort: 'url_path', order: 'asc', limit: 1, offset: 0 })).total).toBe(PAGES);
    const sibling = await listPagesOfWebsite(store.db, userId, siblingId, { sort: 'url_path', order: 'asc', limit: 100, offset: 0 });
    expect(sibling.total).toBe(1_000);
  });

  it("returns nothing of another user's website", async () => {
    expect(await listPagesOfWebsite(store.db, userId, strangerWebsiteId, { sort: 'url_path', order: 'asc', limit: 100, offset: 0 })).toEqual({ rows: [], total: 0 });
  });

  /** How the database would run a slice: SQLite's query plan, PostgreSQL's EXPLAIN, one line per step. */
  async function planOf(options: PageListOptions): Promise<string> {
    const compiled = pageListQueries(store.db, userId, websiteId, options).slice.compile();
    const explain = dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN';
    const { rows } = await store.db.executeQuery<Record<string, string>>(CompiledQuery.raw(`${explain} ${compiled.sql}`, [...compiled.parameters]));
    return rows.map((row) => row.detail ?? row['QUERY PLAN']).join('\n');
  }

  it.each<PageOrder>(['url_path', 'title', 'last_activity', 'status'])('reads a slice by %s in index order, both ways, without sorting the pages', async (sort) => {
    for (const order of ['asc', 'desc'] as const) {
      const plan = await planOf({ sort, order, limit: 50, offset: 0 });
      if (dialect === 'sqlite') {
        expect(plan).toMatch(/USING (COVERING )?INDEX (pages_list_|sqlite_autoindex_pages_)/);
        expect(plan).not.toContain('TEMP B-TREE');
      } else {
        expect(plan).toMatch(/Index Scan/);
        expect(plan).not.toMatch(/\bSort\b/);
      }
    }
  });

  it('finds a rare match through the trigram indexes on PostgreSQL, where pg_trgm is at hand', async () => {
    if (dialect !== 'postgres') return;
    const { rows } = await store.db.executeQuery<{ n: string }>(CompiledQuery.raw("SELECT count(*) AS n FROM pg_indexes WHERE indexname = 'pages_search_title'"));
    // Without the extension the migration leaves searches to scan; CI's PostgreSQL ships it.
    if (Number(rows[0]!.n) === 0) return;
    expect(await planOf({ search: 'bravo 12345', sort: 'url_path', order: 'asc', limit: 50, offset: 0 })).toMatch(/Bitmap Index Scan on pages_search_(title|path)/);
  });

  it('tests a search against index entries, not table rows, on SQLite', async () => {
    if (dialect !== 'sqlite') return;
    // PostgreSQL scans or uses the sort index by its statistics; either way the search is a filter on one pass.
    for (const sort of ['url_path', 'title', 'last_activity', 'status'] as const) {
      expect(await planOf({ search: 'harbour', sort, order: 'asc', limit: 50, offset: 0 })).toMatch(new RegExp(`USING INDEX pages_list_${sort === 'url_path' ? 'path' : sort}`));
    }
  });
});
