// POST /api/collect end to end: beacons through the real pipeline into chDB and the metadata store.
import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { collectPayloadSchema } from '@foldline/contracts';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
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
    // The origin readers reached the page under: screenshots and 'View Page' use it.
    expect(page).toMatchObject({ url_path: '/articles/one', title: 'First article', status: 'active', origin: `https://${site.domain}` });
    const rows = await t.app.events.query<Record<string, unknown>>(
      'SELECT toString(page_id) AS page_id, device, url_path, title, referrer_host, utm_source, browser, os, toString(visitor_id) AS visitor FROM foldline.pageviews WHERE pageview_id = {pv:UUID}',
      { pv: payload.pv },
    );
    expect(rows).toEqual([
      { page_id: page.id, device: 'mobile', url_path: '/articles/one', title: 'First article', referrer_host: 'google.com', utm_source: 'newsletter', browser: 'Chrome', os: 'Windows', visitor: expect.stringMatching(/^\d+$/) },
    ]);
  });

  it('stores every kind of event of a batch with the right page, ad unit and device, and registers the ad unit', async () => {
    const payload = beacon(site, [
      pageviewEvent({ a: 5000, vw: 1440 }),
      { k: 'eng', a: 1000, ms: 4000, sd: 55, dh: 4000 },
      { k: 'span', a: 3000, y: 800, vh: 900, dh: 4000, d: 2000 },
      { k: 'click', a: 2000, x: 300, y: 1200, vw: 1440, dh: 4000, s: 'main>p:nth-of-type(3)', ox: 0.5, oy: 0.25 },
      { k: 'att', a: 1500, x: 310, y: 1210, vw: 1440, w: 1200 },
      { k: 'ad', a: 4000, slot: adSlot(), imp: randomUUID(), ev: 'impression' },
    ], { u: `https://www.${site.domain}/articles/two`, vw: 1440 });
    const receivedBefore = Date.now();
    const response = await collect(t.app, payload);
    expect(response.json().ok).toBe(true);

    const page = await t.app.metadata.db.selectFrom('pages').selectAll().where('website_id', '=', site.id).where('url_path', '=', '/articles/two').executeTakeFirstOrThrow();
    const unit = await t.app.metadata.db.selectFrom('ad_units').selectAll().where('page_id', '=', page.id).executeTakeFirstOrThrow();
    expect(unit).toMatchObject({ website_id: site.id, slot_key: 'div-gpt-ad-top', name: '/1234/news/top', google_ad_slot_id: '/1234/news/top', ad_format: '728x90', position_selector: '#div-gpt-ad-top', position_x: 276, position_y: 120, width: 728, height: 90, status: 'active' });

    const tables = ['engagement', 'viewport_spans', 'clicks', 'attention', 'ad_events'];
    for (const table of tables) {
      const rows = await t.app.events.query<{ page_id: string; device: string; website_id: string }>(
        `SELECT toString(page_id) AS page_id, device, toString(website_id) AS website_id FROM foldline.${table} WHERE pageview_id = {pv:UUID}`,
        { pv: payload.pv },
      );
      expect(rows, table).toEqual([{ page_id: page.id, device: 'desktop', website_id: site.id }]);
    }
    const [ad] = await t.app.events.query<Record<string, unknown>>(
      'SELECT toString(ad_unit_id) AS ad_unit_id, kind, width, height, position_y, toUnixTimestamp64Milli(ts) AS ts FROM foldline.ad_events WHERE pageview_id = {pv:UUID}',
      { pv: payload.pv },
    );
    expect(ad).toMatchObject({ ad_unit_id: unit.id, kind: 'impression', width: 728, height: 90, position_y: 120 });
    // Server time minus the event's age: 4 s before the batch arrived.
    expect(Number(ad!.ts)).toBeGreaterThanOrEqual(receivedBefore - 4000);
    expect(Number(ad!.ts)).toBeLessThanOrEqual(Date.now() - 4000);
    const [click] = await t.app.events.query('SELECT x, y, viewport_w, selector, offset_x, offset_y FROM foldline.clicks WHERE pageview_id = {pv:UUID}', { pv: payload.pv });
    expect(click).toEqual({ x: 300, y: 1200, viewport_w: 1440, selector: 'main>p:nth-of-type(3)', offset_x: 0.5, offset_y: 0.25 });
  });

  it('gives a later batch without a pageview event the device of its pageview', async () => {
    const pv = randomUUID();
    await collect(t.app, beacon(site, [pageviewEvent({ vw: 800 })], { pv }));
    await collect(t.app, beacon(site, [{ k: 'eng', a: 0, ms: 100, sd: 10, dh: 4000 }], { pv, vw: 800 }));
    await collect(t.app, beacon(site, [{ k: 'eng', a: 0, ms: 100, sd: 20, dh: 4000 }], { pv }));
    const rows = await t.app.events.query<{ device: string }>('SELECT device FROM foldline.engagement WHERE pageview_id = {pv:UUID}', { pv });
    expect(rows.map((row) => row.device)).toEqual(['tablet', 'tablet']);
  });

  it('stores engagement as increments that add up per pageview: one first row, depth gains summing to the deepest scroll', async () => {
    // A page of its own, so its page counts hold this pageview only.
    const pv = randomUUID();
    const u = `https://${site.domain}/increments/${pv}`;
    await collect(t.app, beacon(site, [pageviewEvent(), { k: 'eng', a: 0, ms: 900, sd: 24, pd: -1, dh: 4000 }], { pv, u }));
    // A later update, and one from a page that grew longer: its depth repeats what was reported, it gains nothing.
    await collect(t.app, beacon(site, [{ k: 'eng', a: 0, ms: 1500, sd: 61.4, pd: 24, dh: 4000 }], { pv, u }));
    await collect(t.app, beacon(site, [{ k: 'eng', a: 0, ms: 300, sd: 61, pd: 61, dh: 6000 }], { pv, u }));
    const raw = 'SELECT sum(is_first) AS pageviews, sum(engaged_ms) AS ms, sum(scroll_gain) AS depth FROM foldline.engagement WHERE pageview_id = {pv:UUID}';
    expect(await t.app.events.query(raw, { pv })).toEqual([{ pageviews: 1, ms: 2700, depth: 61 }]);
    // The page counts carry the same sums on to the rollups.
    const counts = `SELECT sum(engaged_pageviews) AS pageviews, sum(engaged_ms) AS ms, sum(scroll_sum) AS depth FROM foldline.page_events_log
      WHERE page_id = (SELECT any(page_id) FROM foldline.pageviews WHERE pageview_id = {pv:UUID})`;
    expect(await t.app.events.query(counts, { pv })).toEqual([{ pageviews: 1, ms: 2700, depth: 61 }]);
  });

  it('counts each engagement row of a tracker that does not name the previous depth as a pageview of its own', async () => {
    const pv = randomUUID();
    await collect(t.app, beacon(site, [pageviewEvent(), { k: 'eng', a: 0, ms: 900, sd: 30, dh: 4000 }], { pv }));
    await collect(t.app, beacon(site, [{ k: 'eng', a: 0, ms: 500, sd: 50, dh: 4000 }], { pv }));
    const rows = await t.app.events.query('SELECT is_first, scroll_gain FROM foldline.engagement WHERE pageview_id = {pv:UUID} ORDER BY ts', { pv });
    expect(rows).toEqual([{ is_first: 1, scroll_gain: 30 }, { is_first: 1, scroll_gain: 50 }]);
  });

  it('drops a foreign host, an inactive website, a bot and an unknown code with their reasons, storing nothing', async () => {
    const inactive = await insertWebsite(t.app, { status: 'inactive', domain: 'quiet.example.org' });
    const before = t.app.ingest.stats().dropped;
    const cases = [
      { payload: beacon(site, [pageviewEvent()], { u: 'https://evil.example.net/copy' }), reason: 'domain_mismatch' },
      { payload: beacon(site, [pageviewEvent()], { u: `https://${site.domain}.evil.net/` }), reason: 'domain_mismatch' },
      { payload: beacon(inactive, [pageviewEvent(), pageviewEvent()]), reason: 'inactive_site', events: 2 },
      { payload: beacon(site, [pageviewEvent()]), userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', reason: 'bot' },
      { payload: beacon(site, [pageviewEvent()]), userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0 Safari/537.36', reason: 'bot' },
      { payload: beacon({ ...site, trackingCode: 'FL-NOSUCH' }, [pageviewEvent()]), reason: 'unknown_site' },
    ];
    for (const c of cases) {
      const response = await collect(t.app, c.payload, { userAgent: c.userAgent });
      expect(response.statusCode, c.reason).toBe(200);
      expect(response.json(), c.reason).toEqual({ ok: false, prefs: { clicks: false, scroll: false, engagement: false, ads: false } });
      const [row] = await t.app.events.query<{ n: number }>('SELECT count() AS n FROM foldline.pageviews WHERE pageview_id = {pv:UUID}', { pv: c.payload.pv });
      expect(Number(row!.n), c.reason).toBe(0);
    }
    const after = t.app.ingest.stats().dropped;
    expect(after.domain_mismatch - before.domain_mismatch).toBe(2);
    expect(after.inactive_site - before.inactive_site).toBe(2);
    expect(after.bot - before.bot).toBe(2);
    expect(after.unknown_site - before.unknown_site).toBe(1);
  });

  it('applies the website\'s collection preferences and tells the tracker', async () => {
    const quiet = await insertWebsite(t.app, { domain: 'prefs.example.com', preference: { collectClickData: false, autoDetectAdUnits: false } });
    const payload = beacon(quiet, [
      pageviewEvent(),
      { k: 'click', a: 0, x: 1, y: 1, vw: 1280, dh: 100, s: 'body', ox: 0, oy: 0 },
      { k: 'ad', a: 0, slot: adSlot(), imp: randomUUID(), ev: 'impression' },
    ]);
    const response = await collect(t.app, payload);
    expect(response.json()).toEqual({ ok: true, prefs: { clicks: false, scroll: true, engagement: true, ads: false } });
    const count = async (table: string) =>
      Number((await t.app.events.query<{ n: number }>(`SELECT count() AS n FROM foldline.${table} WHERE pageview_id = {pv:UUID}`, { pv: payload.pv }))[0]!.n);
    expect([await count('pageviews'), await count('clicks'), await count('ad_events')]).toEqual([1, 0, 0]);
    expect(await t.app.metadata.db.selectFrom('ad_units').select('id').where('website_id', '=', quiet.id).execute()).toEqual([]);
    expect(t.app.ingest.stats().dropped.clicks_off).toBeGreaterThanOrEqual(1);
  });

  it('sees a deactivation within seconds, without a restart', async () => {
    const soon = await insertWebsite(t.app, { domain: 'soon.example.com' });
    expect((await collect(t.app, beacon(soon, [pageviewEvent()]))).json().ok).toBe(true);
    await t.app.metadata.db.updateTable('websites').set({ status: 'inactive' }).where('id', '=', soon.id).execute();
    // The website cache trusts a lookup for 5 s: its clock (Date) is moved on past them rather than waited out.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5_100 });
    try {
      expect((await collect(t.app, beacon(soon, [pageviewEvent()]))).json().ok).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers 400 with a clear message for bad JSON and bad beacons', async () => {
    const badJson = await collect(t.app, '{"site":');
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({ error: { message: 'The body is not valid JSON' } });
    const badBeacon = await collect(t.app, { ...beacon(site, [pageviewEvent()]), pv: 'not-a-uuid' }, { contentType: 'application/json' });
    expect(badBeacon.statusCode).toBe(400);
    expect(badBeacon.json().error.message).toMatch(/^Invalid beacon at pv: /);
    const wrongType = await collect(t.app, 'x', { contentType: 'application/x-www-form-urlencoded' });
    expect(wrongType.statusCode).toBe(415);
  });

  it('refuses bodies over 64 KB with 413', async () => {
    const big = beacon(site, [pageviewEvent({ t: 'x'.repeat(400) })]);
    const body = JSON.stringify({ ...big, padding: 'y'.repeat(64 * 1024) });
    const response = await collect(t.app, body);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: { message: 'The request body is too large' } });
  });

  it('answers the CORS preflight for any origin', async () => {
    const response = await t.app.inject({ method: 'OPTIONS', url: '/api/collect', headers: { origin: 'https://news.example.com', 'access-control-request-method': 'POST' } });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-methods']).toContain('POST');
  });

  it('serves the tracker with caching headers and answers 304 to its ETag', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/tracker.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toContain('max-age=');
    expect(response.body).toContain('data-site');
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({ method: 'GET', url: '/api/tracker.js', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const gzipped = await t.app.inject({ method: 'GET', url: '/api/tracker.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(response.body);
    expect(gzipped.rawPayload.length).toBeLessThanOrEqual(4096);
    expect(gzipped.headers.etag).not.toBe(etag);
  });
});

describeEachDialect('collect fuzz', (dialect) => {
  let t: TestApp;
  let site: TestWebsite;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    site = await insertWebsite(t.app);
  });
  afterAll(() => t.close());

  it('answers 4xx to thousands of malformed beacons, stays up and stores nothing', async () => {
    const valid = beacon(site, [pageviewEvent(), { k: 'click', a: 0, x: 1, y: 2, vw: 1280, dh: 100, s: 'body', ox: 0.1, oy: 0.2 }]);
    const random = seededRandom(42);
    const junk = [null, true, -1, 1e308, 'x', '', [], {}, [1, 2], { k: 'pv' }, 'x'.repeat(5000), NaN, -0.5, 2 ** 53];
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const bodies: string[] = [];
    while (bodies.length < 3000) {
      const i = bodies.length + Math.floor(random() * 4);
      const kind = i % 4;
      if (kind === 0) {
        // A valid beacon with one field, at any depth, replaced by junk.
        const copy = JSON.parse(JSON.stringify(valid)) as Record<string, unknown>;
        const paths = allPaths(copy);
        setPath(copy, pick(paths), pick(junk));
        // Some replacements are still valid beacons (a title of 'x'): only malformed ones are wanted here.
        if (!collectPayloadSchema.safeParse(copy).success) bodies.push(JSON.stringify(copy));
      } else if (kind === 1) {
        // Truncated JSON.
        const text = JSON.stringify(valid);
        bodies.push(text.slice(0, Math.floor(random() * (text.length - 1))));
      } else if (kind === 2) {
        // Random bytes.
        bodies.push(Array.from({ length: Math.floor(random() * 200) }, () => String.fromCharCode(Math.floor(random() * 256))).join(''));
      } else {
        // Required keys removed.
        const copy = JSON.parse(JSON.stringify(valid)) as Record<string, unknown>;
        delete copy[pick(['site', 'u', 'pv', 'sid', 'e'])];
        bodies.push(JSON.stringify(copy));
      }
    }
    const statuses = new Map<number, number>();
    for (const [n, body] of bodies.entries()) {
      // Distinct addresses keep the per-address rate limit out of the way.
      const response = await collect(t.app, body, { ip: `10.0.${n >> 8}.${n & 255}` });
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      if (response.statusCode < 400 || response.statusCode >= 500) throw new Error(`status ${response.statusCode} for ${body.slice(0, 300)}`);
    }
    expect([...statuses.keys()].sort()).toEqual([400]);
    await t.app.ingest.flush();
    const [row] = await t.app.events.query<{ n: number }>(
      'SELECT (SELECT count() FROM foldline.pageviews) + (SELECT count() FROM foldline.clicks) AS n',
    );
    expect(Number(row!.n)).toBe(0);
    // Still alive and still accepting.
    expect((await collect(t.app, valid)).json().ok).toBe(true);
  }, 120_000);
});

/** The budgets count in whole minutes of the server's clock (budgets.ts): a test of one holds that clock (Date) still
 * for its beacons, so no minute ends under them, or the counts would start again halfway (CI once saw 6 of 6 beacons
 * taken against a budget of 4). Held rather than waited past the minute's end: that wait cost up to 15 s a test.
 * Timers still run, so group commit writes as usual; afterEach gives the real clock back. */
function holdTheMinute(): void {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
}

afterEach(() => {
  vi.useRealTimers();
});

describeEachDialect('collect budgets', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('stores every reader behind one shared address (a NAT or an office)', async () => {
    const site = await insertWebsite(t.app);
    const answers = new Map<string, number>();
    // Readers' beacons arrive side by side, so group commit writes them together.
    const responses = await Promise.all(
      Array.from({ length: 1500 }, (_, n) => collect(t.app, beacon(site, [pageviewEvent()], { u: `https://${site.domain}/articles/${n % 10}` }), { ip: '198.51.100.7' })),
    );
    for (const response of responses) {
      const key = `${response.statusCode} ${response.json().ok}`;
      answers.set(key, (answers.get(key) ?? 0) + 1);
    }
    expect(Object.fromEntries(answers)).toEqual({ '200 true': 1500 });
    expect(await storedPageviews(t.app, site.id)).toBe(1500);
  }, 60_000);

  it('drops what one pageview sends beyond a reader\'s beacons a minute, counted as visit_budget', async () => {
    holdTheMinute();
    const site = await insertWebsite(t.app);
    const first = beacon(site, [pageviewEvent()]);
    const before = t.app.ingest.stats().dropped.visit_budget;
    const later = { ...first, e: [{ k: 'eng' as const, a: 0, ms: 1000, sd: 10, pd: 10, dh: 4000 }] };
    const answers = await Promise.all(Array.from({ length: 62 }, (_, i) => collect(t.app, i === 0 ? first : later)));
    expect(answers.filter((answer) => answer.json().ok)).toHaveLength(60);
    expect(t.app.ingest.stats().dropped.visit_budget - before).toBe(2);
  });
});

describeEachDialect('collect website limits', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      env: { COLLECT_WEBSITE_EVENTS_PER_MINUTE: '40', COLLECT_NEW_PAGES_PER_MINUTE: '3', COLLECT_MAX_PAGES: '4', COLLECT_NEW_AD_UNITS_PER_MINUTE: '3', COLLECT_MAX_AD_UNITS: '5' },
    });
  });
  afterAll(() => t.close());

  it('drops a website\'s events beyond its budget a minute, counted as website_budget, and not another website\'s', async () => {
    holdTheMinute();
    const site = await insertWebsite(t.app);
    const other = await insertWebsite(t.app);
    const before = t.app.ingest.stats().dropped.website_budget;
    // Ten events a beacon, each beacon a new pageview and visit: only the website's budget of 40 holds them.
    const tenEvents = () => [pageviewEvent(), ...Array.from({ length: 9 }, () => ({ k: 'span' as const, a: 0, y: 0, vh: 800, dh: 4000, d: 500 }))];
    const answers: boolean[] = [];
    for (let i = 0; i < 6; i += 1) answers.push((await collect(t.app, beacon(site, tenEvents()))).json().ok);
    expect(answers).toEqual([true, true, true, true, false, false]);
    expect(t.app.ingest.stats().dropped.website_budget - before).toBe(20);
    expect(await storedPageviews(t.app, site.id)).toBe(4);
    expect((await collect(t.app, beacon(other, tenEvents()))).json().ok).toBe(true);
  });

  it('limits the new pages a website gains a minute and in all, counted as page_limit, while known pages still collect', async () => {
    holdTheMinute();
    const site = await insertWebsite(t.app);
    const before = t.app.ingest.stats().dropped.page_limit;
    const visit = (n: number) => collect(t.app, beacon(site, [pageviewEvent()], { u: `https://${site.domain}/flood/${n}` }));
    const answers: boolean[] = [];
    for (let n = 0; n < 5; n += 1) answers.push((await visit(n)).json().ok);
    // Three new pages a minute: the fourth and fifth are refused, a known page is not.
    expect(answers).toEqual([true, true, true, false, false]);
    expect((await visit(0)).json().ok).toBe(true);
    expect(t.app.ingest.stats().dropped.page_limit - before).toBe(2);
    const pages = await t.app.metadata.db.selectFrom('pages').select('url_path').where('website_id', '=', site.id).execute();
    expect(pages.map((page) => page.url_path).sort()).toEqual(['/flood/0', '/flood/1', '/flood/2']);
  });

  it('refuses a new page once the website has its most pages, whenever it comes', async () => {
    const site = await insertWebsite(t.app);
    const now = new Date().toISOString();
    // Four pages from before this process started: the limit counts the store's pages, not only its own.
    await t.app.metadata.db
      .insertInto('pages')
      .values(['/a', '/b', '/c', '/d'].map((url_path) => ({ id: randomUUID(), website_id: site.id, url_path, origin: `https://${site.domain}`, title: url_path, status: 'active', created_at: now, last_activity: now })))
      .execute();
    const answer = await collect(t.app, beacon(site, [pageviewEvent()], { u: `https://${site.domain}/e` }));
    expect(answer.json().ok).toBe(false);
    expect((await collect(t.app, beacon(site, [pageviewEvent()], { u: `https://${site.domain}/a` }))).json().ok).toBe(true);
  });
});

describeEachDialect('collect ad unit limits', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { COLLECT_NEW_AD_UNITS_PER_MINUTE: '3', COLLECT_MAX_AD_UNITS: '5' } });
  });
  afterAll(() => t.close());

  const impression = (key: string) => ({ k: 'ad' as const, a: 0, slot: adSlot({ key, name: key, gid: undefined, sel: `#${key}` }), imp: randomUUID(), ev: 'impression' as const });
  const unitsOf = async (websiteId: string) =>
    (await t.app.metadata.db.selectFrom('ad_units').select('slot_key').where('website_id', '=', websiteId).execute()).map((unit) => unit.slot_key).sort();

  it('holds a flood of invented slot keys to the new units a minute, counted as ad_unit_limit, keeping the pageview and known units', async () => {
    holdTheMinute();
    const site = await insertWebsite(t.app);
    const before = t.app.ingest.stats().dropped.ad_unit_limit;
    // One beacon with five invented slots: three are registered this minute, two dropped with only their events.
    const answer = await collect(t.app, beacon(site, [pageviewEvent(), ...['s1', 's2', 's3', 's4', 's5'].map(impression)]));
    expect(answer.json().ok).toBe(true);
    expect(t.app.ingest.stats().dropped.ad_unit_limit - before).toBe(2);
    expect(await unitsOf(site.id)).toEqual(['s1', 's2', 's3']);
    expect(await storedPageviews(t.app, site.id)).toBe(1);
    // A known unit keeps collecting in the same minute.
    expect((await collect(t.app, beacon(site, [impression('s1')]))).json().ok).toBe(true);
    await t.app.ingest.flush();
    const [row] = await t.app.events.query<{ n: string }>('SELECT count() AS n FROM foldline.ad_events WHERE website_id = {websiteId:UUID}', { websiteId: site.id });
    expect(Number(row!.n)).toBe(4);
  });

  it('refuses new units once the website has its most, counting the store\'s units from before this process', async () => {
    const site = await insertWebsite(t.app);
    const pageId = randomUUID();
    const now = new Date().toISOString();
    await t.app.metadata.db.insertInto('pages').values({ id: pageId, website_id: site.id, url_path: '/old', origin: `https://${site.domain}`, title: 'Old', status: 'active', created_at: now, last_activity: now }).execute();
    await t.app.metadata.db
      .insertInto('ad_units')
      .values(['o1', 'o2', 'o3', 'o4'].map((slot_key) => ({ id: randomUUID(), website_id: site.id, page_id: pageId, slot_key, name: slot_key, ad_format: '300x250', width: 300, height: 250, position_selector: `#${slot_key}`, position_x: 0, position_y: 0, status: 'active', created_at: now, last_detected: now })))
      .execute();
    const before = t.app.ingest.stats().dropped.ad_unit_limit;
    await collect(t.app, beacon(site, [pageviewEvent(), impression('n1'), impression('n2')]));
    expect(t.app.ingest.stats().dropped.ad_unit_limit - before).toBe(1);
    expect(await unitsOf(site.id)).toEqual(['n1', 'o1', 'o2', 'o3', 'o4']);
  });
});

describeEachDialect('collect fair share per address', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { COLLECT_WEBSITE_EVENTS_PER_MINUTE: '100', COLLECT_ADDRESS_EVENTS_PER_MINUTE: '30' } });
  });
  afterAll(() => t.close());

  it("stores real readers' beacons while one address floods the same website in the same minute", async () => {
    holdTheMinute();
    const site = await insertWebsite(t.app);
    const before = t.app.ingest.stats().dropped.address_budget;
    const tenEvents = () => [pageviewEvent(), ...Array.from({ length: 9 }, () => ({ k: 'span' as const, a: 0, y: 0, vh: 800, dh: 4000, d: 500 }))];
    // Twenty beacons of ten events with invented visits, all from one address: three fit its share of 30.
    const flood = await Promise.all(Array.from({ length: 20 }, () => collect(t.app, beacon(site, tenEvents()), { ip: '203.0.113.9' })));
    expect(flood.filter((answer) => answer.json().ok)).toHaveLength(3);
    expect(t.app.ingest.stats().dropped.address_budget - before).toBe(170);
    // Readers on other addresses, each a pageview of ten events: the website's other 70 are theirs.
    const readers = await Promise.all(Array.from({ length: 7 }, (_, i) => collect(t.app, beacon(site, tenEvents()), { ip: `198.51.100.${i + 1}` })));
    expect(readers.map((answer) => answer.json().ok)).toEqual(Array.from({ length: 7 }, () => true));
    expect(await storedPageviews(t.app, site.id)).toBe(10);
  });
});

async function storedPageviews(app: TestApp['app'], websiteId: string): Promise<number> {
  await app.ingest.flush();
  const [row] = await app.events.query<{ n: string }>('SELECT count() AS n FROM foldline.pageviews WHERE website_id = {websiteId:UUID}', { websiteId });
  return Number(row!.n);
}

/** A small deterministic generator, so a failing fuzz case can be reproduced. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function allPaths(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object') return [prefix];
  const own = Object.keys(value as object).flatMap((key) => allPaths((value as Record<string, unknown>)[key], [...prefix, key]));
  return prefix.length ? [prefix, ...own] : own;
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown): void {
  let node: Record<string, unknown> = target;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[path.at(-1)!] = value;
}
