// Analytics benchmark: loads 10 million events straight into the event store (INSERT … SELECT from numbers(),
// deterministic pseudo-random distributions), then times every analytics endpoint over HTTP for the month and
// quarter periods and the year (the recommendations, which always read 30 days, once) and prints p50/p95 and the server's memory.
// Run by `npm run bench` (or `npm run bench analytics`).
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_PREFERENCES, DEFAULT_THRESHOLDS, deviceTypeSchema, pageUrl } from '@foldline/contracts';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EVENT_TABLES, HEATMAP_SOURCE_TABLES, heatmapCellsInsertSql, pageCountsInsertSql, toEventTime } from '@foldline/event-store';
import { adDaysCounted, analysePages, discardAdDays, discardSeenDays, forgetAnalyses, type LayoutLookup } from '@foldline/analytics';
import { pagesOfWebsites } from '@foldline/analytics/scope';
import { replaceRevenueDays } from '@foldline/metadata/revenue-days/revenue-days.repository';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { timed } from './support/timing.ts';

const TARGET_EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000_000);
/** Events per pageview in this model: 1 pageview, 3 engagement, 4 spans, 0.5 clicks, 1 attention, ~7.7 ad events, and
 * ~1.9 of revenue: a Prebid auction on 90 % of the two upper slots' impressions (40 % won, a late win's second row on
 * 2 %), an empty render of the lowest slot on 5 % of pageviews. */
const EVENTS_PER_PAGEVIEW = 19.1;
const PAGEVIEWS = Math.round(TARGET_EVENTS / EVENTS_PER_PAGEVIEW);
const WEBSITES = 5;
const PAGES_PER_WEBSITE = 40;
const UNITS_PER_PAGE = 3;
const DAYS = 180;
const FORMATS: [number, number][] = [[728, 90], [300, 250], [320, 50]];

// BENCH_DATA_DIR keeps the loaded data between runs (loaded once, reused after); by default a temporary directory.
const keptDir = process.env.BENCH_DATA_DIR;
const dataDir = keptDir ?? mkdtempSync(path.join(tmpdir(), 'foldline-bench-'));
const reuse = keptDir !== undefined && existsSync(path.join(keptDir, 'metadata.sqlite'));
const BENCH_EMAIL = 'bench@example.com';
const BENCH_PASSWORD = 'bench password 1';
// The bench websites' pages, as a publisher's server would answer them, for the heatmaps' renderings: one article
// layout whose elements are the ones the loaded clicks name. On loopback, so the renderer must be allowed there.
const CLICKED = ['#headline', '#hero', '#main>p', '#main>p:nth-of-type(3)', '#main>p:nth-of-type(7)', '#subscribe', '#related-1', '#related-4'];
const ARTICLE = `<!doctype html><html><head><meta name="viewport" content="width=device-width,initial-scale=1"><title>Article</title><style>
  body { margin: 0; font: 18px/1.6 Georgia, serif; } .wrap { max-width: 1100px; margin: 0 auto; padding: 0 16px; display: flex; gap: 32px; }
  #article { flex: 1; } aside { width: 300px; } #hero { height: 420px; background: #cbd5e1; } #subscribe { padding: 12px 24px; }
  @media (max-width: 767px) { .wrap { display: block; } aside { width: auto; } #hero { height: 220px; } }
</style></head><body><div class="wrap"><article id="article"><h1 id="headline">A long read about the harbour</h1><div id="hero"></div>
<div id="main">${Array.from({ length: 14 }, (_, i) => `<p>Paragraph ${i + 1}. ${'The council met on Tuesday to discuss the new ferry timetable and the budget. '.repeat(6)}</p>`).join('')}</div>
<button id="subscribe">Subscribe</button></article><aside>${Array.from({ length: 5 }, (_, i) => `<p><a id="related-${i + 1}" href="#">Related story ${i + 1}</a></p>`).join('')}</aside></div></body></html>`;
const publisher = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(ARTICLE));
await new Promise<void>((resolve) => publisher.listen(0, '127.0.0.1', resolve));
const publisherPort = (publisher.address() as AddressInfo).port;
/** A loopback port nothing listens on (discard): a connection to it is refused at once. */
const CLOSED_PORT = 9;

const config = loadConfig({ DATA_DIR: dataDir, DEMO: '0', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000', ALLOW_PRIVATE_FETCH: '1' });
const app = await buildApp(config, { logger: false, serveWebApp: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

try {
  const session = reuse
    ? await post<{ tokens: { accessToken: string }; user: { user_id: string } }>('/api/auth/login', { email: BENCH_EMAIL, password: BENCH_PASSWORD })
    : await post<{ tokens: { accessToken: string }; user: { user_id: string } }>('/api/auth/register', { name: 'Bench', email: BENCH_EMAIL, password: BENCH_PASSWORD });

  let websites: string[];
  if (reuse) {
    websites = (await app.metadata.db.selectFrom('websites').select('id').where('user_id', '=', session.user.user_id).orderBy('name').execute()).map((w) => w.id);
  } else {
    const seeded = await seedMetadata(session.user.user_id);
    websites = seeded.websites;
    const loadStart = performance.now();
    await loadEvents(seeded.websites, seeded.pages, seeded.units);
    await importRevenue(seeded.websites[0]!);
    console.log(`loaded in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`);
  }
  // Signed in again after the load: at 100 million events it outlasts an access token.
  const { tokens } = await post<{ tokens: { accessToken: string } }>('/api/auth/login', { email: BENCH_EMAIL, password: BENCH_PASSWORD });
  const headers = { authorization: `Bearer ${tokens.accessToken}` };
  const counts = await app.events.query<{ table: string; rows: string; bytes: string }>(
    "SELECT table, sum(rows) AS rows, sum(bytes_on_disk) AS bytes FROM system.parts WHERE database = 'foldline' AND active GROUP BY table ORDER BY table",
  );
  const total = counts.filter((c) => (EVENT_TABLES as readonly string[]).includes(c.table)).reduce((sum, c) => sum + Number(c.rows), 0);
  // Disk per event counts every table, rollups and heatmap cells included: what a publisher provisions.
  const bytes = counts.reduce((sum, c) => sum + Number(c.bytes), 0);
  console.log(`${total.toLocaleString('en')} events, ${(bytes / 2 ** 20).toFixed(0)} MiB on disk, ${(bytes / total).toFixed(1)} bytes per event`);
  for (const c of counts) console.log(`  ${c.table.padEnd(20)} ${Number(c.rows).toLocaleString('en').padStart(14)} rows ${(Number(c.bytes) / 2 ** 20).toFixed(1).padStart(9)} MiB`);

  // The busiest page of the first website, as a publisher would open it.
  const topResponse = await fetch(`${base}/api/analytics/top-pages?period=quarter&limit=5&websiteId=${websites[0]}`, { headers });
  if (!topResponse.ok) throw new Error(`top-pages: ${topResponse.status} ${await topResponse.text()}`);
  const top = (await topResponse.json()) as { pages: { page_id: string; session_count: number }[] };
  const pageId = top.pages[0]!.page_id;
  // The first screen of the Ad Units tab, whose time in view and layout shift the tab asks after the rows.
  const unitsResponse = await fetch(`${base}/api/analytics/ad-units?websiteId=${websites[0]}&period=month`, { headers });
  const unitIds = ((await unitsResponse.json()) as { ad_units: { ad_unit_id: string }[] }).ad_units.map((unit) => unit.ad_unit_id).join(',');
  // Every run serves the article on a new port. A page is rendered and placed only on its own website's domain
  // (capture-access.ts), so each website is on a loopback name of its own (`*.localhost` is loopback without DNS). Only
  // the first website's pages are served (the heatmaps are its pages'); the others' are on a port nothing listens on,
  // so the background advice's renderings of them fail at once instead of keeping Chromium busy during the timings.
  for (const [w, websiteId] of websites.entries()) {
    const domain = `bench${w + 1}.localhost`;
    await app.metadata.db.updateTable('websites').set({ domain }).where('id', '=', websiteId).execute();
    const origin = `http://${domain}:${w === 0 ? publisherPort : CLOSED_PORT}`;
    await app.metadata.db.updateTable('pages').set({ origin }).where('website_id', '=', websiteId).execute();
  }
  // The first website's pages rendered on every device, as after a publisher's first look (a Recommendations panel
  // waits up to 8 s for renderings it lacks): the calls timed below are the engine's and its memory's, not Chromium's.
  const renderStart = performance.now();
  const firstPages = await pagesOfWebsites(app.metadata.db, [websites[0]!]);
  const renderings = firstPages.flatMap((page) =>
    deviceTypeSchema.options.map((device) => [pageUrl(page.origin, page.domain, page.url_path), device, { website: page.website_id, account: session.user.user_id }] as const),
  );
  // Two at a time, as the screenshot service takes them (it refuses a longer queue).
  const renderNext = async (): Promise<void> => {
    const next = renderings.pop();
    if (!next) return;
    await app.screenshots.layout(...next);
    await renderNext();
  };
  await Promise.all([renderNext(), renderNext()]);
  console.log(`rendered ${firstPages.length * deviceTypeSchema.options.length} page layouts in ${((performance.now() - renderStart) / 1000).toFixed(1)} s (two at a time)`);
  // The background advice's pass, done before the timings rather than during them: every website analysed, and what it
  // lacks asked for and tried (the other websites' renderings fail at once and are not tried again for ten minutes).
  const adviceStart = performance.now();
  await app.advice.refreshAll();
  await app.advice.renderingsDone();
  console.log(`background advice pass in ${((performance.now() - adviceStart) / 1000).toFixed(1)} s`);
  const endpoints = (period: string) => [
    ['dashboard-kpi (all websites)', `/dashboard-kpi?period=${period}`],
    ['dashboard-kpi (one website)', `/dashboard-kpi?period=${period}&websiteId=${websites[0]}`],
    ['top-pages (all, limit 5)', `/top-pages?period=${period}&limit=5`],
    ['top-pages (all, limit 50)', `/top-pages?period=${period}&limit=50`],
    ['top-pages (one website)', `/top-pages?period=${period}&limit=5&websiteId=${websites[0]}`],
    ['page-metrics', `/page-metrics?pageId=${pageId}&period=${period}&deviceType=all`],
    ['page-metrics (mobile)', `/page-metrics?pageId=${pageId}&period=${period}&deviceType=mobile`],
    // A segment (issue 26): raw rows of its pageviews and their engagement instead of the rollups.
    ['page-metrics (search)', `/page-metrics?pageId=${pageId}&period=${period}&deviceType=all&source=search`],
    ['page-metrics (mobile, Chrome)', `/page-metrics?pageId=${pageId}&period=${period}&deviceType=mobile&browser=Chrome`],
    ['ad-performance', `/ad-performance?pageId=${pageId}&period=${period}&deviceType=all`],
    ['ad-experience', `/ad-experience?pageId=${pageId}&period=${period}&deviceType=all`],
    ['ad-experience (mobile)', `/ad-experience?pageId=${pageId}&period=${period}&deviceType=mobile`],
    ['ad-units', `/ad-units?websiteId=${websites[0]}&period=${period}`],
    ['ad-units (by revenue)', `/ad-units?websiteId=${websites[0]}&period=${period}&sort=revenue`],
    ['ad-units figures (a screen)', `/ad-units/figures?websiteId=${websites[0]}&period=${period}&adUnitIds=${unitIds}`],
    ['timeseries (one website)', `/timeseries?websiteId=${websites[0]}&period=${period}`],
    ['timeseries (all websites)', `/timeseries?period=${period}`],
    ['realtime', `/realtime?websiteId=${websites[0]}`],
    // Heatmaps offer day to quarter (the specification's periods); the year is the dashboard's.
    ...(period === 'year' ? [] : heatmapEndpoints(period)),
    // Recommendations always read the last 30 days, layout changes the last 90: timed once, under month.
    ...(period === 'month'
      ? [
          ['recommendations (one page)', `/recommendations?pageId=${pageId}`],
          ['recommendations (one website)', `/recommendations?websiteId=${websites[0]}`],
          ['changes (one page)', `/changes?pageId=${pageId}`],
          ['changes (one website)', `/changes?websiteId=${websites[0]}`],
        ]
      : []),
  ];
  const heatmapEndpoints = (period: string) => [
    ['heatmap click (desktop)', `/heatmap/click?pageId=${pageId}&period=${period}&deviceType=desktop`],
    ['heatmap click (mobile)', `/heatmap/click?pageId=${pageId}&period=${period}&deviceType=mobile`],
    ['clicked-elements (desktop)', `/clicked-elements?pageId=${pageId}&period=${period}&deviceType=desktop`],
    ['heatmap scroll (desktop)', `/heatmap/scroll?pageId=${pageId}&period=${period}&deviceType=desktop`],
    ['heatmap engagement (desktop)', `/heatmap/engagement?pageId=${pageId}&period=${period}&deviceType=desktop`],
    ['heatmap engagement (mobile)', `/heatmap/engagement?pageId=${pageId}&period=${period}&deviceType=mobile`],
    // Segments (issue 26): raw rows of the segment's pageviews instead of the rollups, and the selectors' counts.
    ['heatmap click (mobile, search)', `/heatmap/click?pageId=${pageId}&period=${period}&deviceType=mobile&source=search`],
    ['heatmap scroll (desktop, Chrome)', `/heatmap/scroll?pageId=${pageId}&period=${period}&deviceType=desktop&browser=Chrome`],
    ['heatmap engagement (mobile, social)', `/heatmap/engagement?pageId=${pageId}&period=${period}&deviceType=mobile&source=social`],
    ['clicked-elements (mobile, search)', `/clicked-elements?pageId=${pageId}&period=${period}&deviceType=mobile&source=search`],
    ['heatmap-segments (mobile)', `/heatmap-segments?pageId=${pageId}&period=${period}&deviceType=mobile`],
    // Rage and dead clicks (issue 26): raw clicks, rage bursts told by two windows over each pageview's clicks.
    ['heatmap click (desktop, rage)', `/heatmap/click?pageId=${pageId}&period=${period}&deviceType=desktop&only=rage`],
    ['heatmap click (desktop, dead)', `/heatmap/click?pageId=${pageId}&period=${period}&deviceType=desktop&only=dead`],
    ['clicked-elements (desktop, rage)', `/clicked-elements?pageId=${pageId}&period=${period}&deviceType=desktop&only=rage`],
  ];

  // The ad experience's and the Ad Units tab's figures keep their settled days (reports/ad-days.ts): a website's first
  // look answers from raw events while they are counted in the background. Timed here from nothing kept, then the
  // count waited for, so that the table below times what every later look costs.
  await discardAdDays(app.events, [websites[0]!]);
  const counting = performance.now();
  for (const period of ['month', 'quarter', 'year']) {
    for (const url of [`/ad-experience?pageId=${pageId}&period=${period}&deviceType=all`, `/ad-units/figures?websiteId=${websites[0]}&period=${period}&adUnitIds=${unitIds}`]) {
      const start = performance.now();
      const response = await fetch(`${base}/api/analytics${url}`, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
      console.log(`first look, settled days not kept: ${url.split('?')[0]} (${period}) ${(performance.now() - start).toFixed(1)} ms`);
    }
  }
  await adDaysCounted(app.events);
  console.log(`settled days of the year counted and kept in the background: ${((performance.now() - counting) / 1000).toFixed(1)} s from the first look`);

  console.log(`\n${'endpoint'.padEnd(38)} ${'period'.padEnd(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`);
  for (const period of ['month', 'quarter', 'year']) {
    for (const [label, url] of endpoints(period)) {
      const { p50, p95 } = await timed(async () => {
        const response = await fetch(`${base}/api/analytics${url}`, { headers });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
      });
      console.log(`${label!.padEnd(38)} ${period.padEnd(8)} ${p50.toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)}`);
    }
  }
  const memory = process.memoryUsage();
  console.log(`\nserver memory: RSS ${(memory.rss / 2 ** 20).toFixed(0)} MiB, JS heap ${(memory.heapUsed / 2 ** 20).toFixed(0)} MiB (one process: API + embedded ClickHouse)`);
  const clickMap = (await (await fetch(`${base}/api/analytics/heatmap/click?pageId=${pageId}&period=quarter&deviceType=desktop`, { headers })).json()) as {
    data: unknown[];
    meta: { clicks: number; anchoredClicks: number; pageviews: number; layout: { captured: boolean; message?: string } };
  };
  // The heatmaps above are timed with their placement on the rendering: a map that could not be placed is cheaper, so
  // its figures would not be the product's.
  if (!clickMap.meta.layout.captured) throw new Error(`the click map was not placed on its rendering: ${clickMap.meta.layout.message}`);
  console.log(`heatmap evidence (quarter, desktop): ${clickMap.meta.pageviews} pageviews, ${clickMap.meta.clicks} clicks, ${clickMap.meta.anchoredClicks} on their element, ${clickMap.data.length} points`);
  const advice = (await (await fetch(`${base}/api/analytics/recommendations?websiteId=${websites[0]}`, { headers })).json()) as {
    recommendations: unknown[];
    meta: { pages: { status: string; pageviews: number }[]; optimization_potential: number };
  };
  const analysed = advice.meta.pages.filter((p) => p.status !== 'too_few_pageviews');
  // The API remembers an answer for a minute and gives it up to ten minutes old while the next is computed; the
  // engine's own cost (evidence queries and model, renderings in memory) is timed here in-process: the very first look
  // (no seen counts of settled days anywhere), a first look in a process (they are stored: seen-days.ts), and a new
  // answer (they are in memory too), as every minute after.
  const context = { db: app.metadata.db, events: app.events, userId: session.user.user_id, now: new Date() };
  const stored: LayoutLookup = async (url, device, websiteId) => (await app.screenshots.storedLayout(url, device, { website: websiteId })) ?? { unavailable: 'not rendered' };
  for (const [label, pages] of [['one page', firstPages.filter((p) => p.id === pageId)], ['one website', firstPages]] as const) {
    // Five very first looks, the stored counts deleted before each (not timed).
    const ever = await timed(() => analysePages(context, pages, stored), { runs: 5, before: () => discardSeenDays(app.events, [websites[0]!]) });
    const inProcess = await timed(() => analysePages(context, pages, stored), { before: async () => forgetAnalyses(app.events) });
    const next = await timed(() => analysePages(context, pages, stored));
    const figures = (name: string, { p50, p95 }: { p50: number; p95: number }) => `${name} p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`;
    console.log(`recommendations engine (${label}): ${figures('very first look', ever)}; ${figures('first look in a process', inProcess)}; ${figures('new answer', next)}`);
  }
  console.log(
    `recommendations evidence (one website, 30 days): ${analysed.length} of ${advice.meta.pages.length} page-devices measured (${analysed.reduce((sum, p) => sum + p.pageviews, 0)} pageviews), ${advice.recommendations.length} recommendations, potential ${advice.meta.optimization_potential.toFixed(1)} %`,
  );
} finally {
  publisher.close();
  await app.close();
  if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
}


async function post<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function seedMetadata(userId: string) {
  const now = new Date().toISOString();
  const websites: string[] = [];
  const pages: string[] = [];
  const units: string[] = [];
  for (let w = 0; w < WEBSITES; w++) {
    const id = randomUUID();
    websites.push(id);
    await app.metadata.db
      .insertInto('websites')
      .values({
        id,
        user_id: userId,
        name: `Bench site ${w + 1}`,
        domain: `bench${w + 1}.example.com`,
        tracking_code: `bench_${id.slice(0, 8)}`,
        status: 'active',
        timezone: w === 0 ? 'Europe/Paris' : 'UTC',
        settings: JSON.stringify({ thresholds: DEFAULT_THRESHOLDS, preference: DEFAULT_PREFERENCES }),
        created_at: now,
        updated_at: now,
      })
      .execute();
    const pageRows = Array.from({ length: PAGES_PER_WEBSITE }, (_, p) => ({
      id: randomUUID(),
      website_id: id,
      url_path: p === 0 ? '/' : `/articles/${p}`,
      title: p === 0 ? 'Home' : `Article ${p}`,
      status: 'active',
      created_at: now,
      last_activity: now,
    }));
    await app.metadata.db.insertInto('pages').values(pageRows).execute();
    pages.push(...pageRows.map((row) => row.id));
    const unitRows = pageRows.flatMap((page) =>
      FORMATS.slice(0, UNITS_PER_PAGE).map(([width, height], k) => ({
        id: randomUUID(),
        website_id: id,
        page_id: page.id,
        slot_key: `slot-${k}`,
        name: ['Leaderboard', 'Sidebar', 'Mobile banner'][k]!,
        google_ad_slot_id: null,
        ad_format: `${width}x${height}`,
        position_selector: `#slot-${k}`,
        position_x: 0,
        position_y: k * 900,
        width,
        height,
        status: 'active',
        created_at: now,
        last_detected: now,
      })),
    );
    await app.metadata.db.insertInto('ad_units').values(unitRows).execute();
    units.push(...unitRows.map((row) => row.id));
  }
  return { websites, pages, units };
}

/** A deterministic UUID from an expression and a salt, so rows of different tables agree on their ids. */
function uuidOf(expression: string, salt: number): string {
  return `toUUID(replaceRegexpOne(concat(leftPad(lower(hex(cityHash64(${expression}, ${salt}))), 16, '0'), leftPad(lower(hex(cityHash64(${expression}, ${salt + 1}))), 16, '0')), '^(.{8})(.{4})(.{4})(.{4})(.{12})$', '\\\\1-\\\\2-\\\\3-\\\\4-\\\\5'))`;
}

/**
 * Every row is a pure function of its pageview number `pv`: the session (three pageviews), the website, a page
 * chosen with a skew towards the first pages, the device (55 % mobile, 10 % tablet, 35 % desktop), and a time
 * spread evenly over the last 180 days.
 */
async function loadEvents(websites: string[], pages: string[], units: string[]): Promise<void> {
  const params = { websites, pages, units, clicked: CLICKED, n: PAGEVIEWS, start: toEventTime(Date.now() - DAYS * 86_400_000), span: DAYS * 86_400 };
  const pv = (expression: string) => `
    ${expression} AS pv,
    intDiv(pv, 3) AS s,
    cityHash64(s, 1) % ${WEBSITES} AS w,
    w * ${PAGES_PER_WEBSITE} + toUInt64(floor(pow((cityHash64(pv, 2) % 1000) / 1000, 2) * ${PAGES_PER_WEBSITE})) AS p,
    multiIf(cityHash64(s, 3) % 100 < 55, 'mobile', cityHash64(s, 3) % 100 < 65, 'tablet', 'desktop') AS dev,
    addSeconds({start:DateTime64(3, 'UTC')}, toInt64(pv / {n:UInt64} * {span:UInt64})) AS pv_ts,
    ${uuidOf('pv', 20)} AS pageview_uuid,
    ${uuidOf('s', 30)} AS session_uuid`;
  const common = (ts: string) =>
    `arrayElement({websites:Array(UUID)}, w + 1) AS website_id, ${ts} AS ts, arrayElement({pages:Array(UUID)}, p + 1) AS page_id, pageview_uuid AS pageview_id, session_uuid AS session_id, dev AS device`;
  const statements = [
    // Per session, for the heatmap segments: 40 % from search, 15 % social, 10 % other sites, 35 % direct; Chrome 60 %,
    // Safari 25 %, Firefox 10 %, Edge 5 %.
    `INSERT INTO foldline.pageviews (website_id, ts, page_id, pageview_id, session_id, device, visitor_id, url_path, title, referrer_host, browser, viewport_w, viewport_h, doc_h)
     SELECT ${common('pv_ts')}, cityHash64(s, 4) AS visitor_id, '' AS url_path, '' AS title,
       multiIf(cityHash64(s, 23) % 100 < 40, 'google.com', cityHash64(s, 23) % 100 < 55, 'facebook.com', cityHash64(s, 23) % 100 < 65, 'example.org', '') AS referrer_host,
       multiIf(cityHash64(s, 24) % 100 < 60, 'Chrome', cityHash64(s, 24) % 100 < 85, 'Safari', cityHash64(s, 24) % 100 < 95, 'Firefox', 'Microsoft Edge') AS browser,
       multiIf(dev = 'mobile', 390, dev = 'tablet', 820, 1440) AS viewport_w, 800 AS viewport_h, 4000 AS doc_h
     FROM (SELECT ${pv('number')} FROM numbers({n:UInt64}))`,
    // The depth rises with each update, so its gain is the difference to the previous update's depth.
    `INSERT INTO foldline.engagement (website_id, ts, page_id, pageview_id, session_id, device, engaged_ms, max_scroll_pct, doc_h, is_first, scroll_gain)
     SELECT ${common('addSeconds(pv_ts, 15 * (k + 1))')}, cityHash64(pv, k, 5) % 15000 AS engaged_ms,
       toUInt8(least(100, (cityHash64(pv, 6) % 100) * (k + 1) / 3)) AS max_scroll_pct, 4000 AS doc_h, k = 0 AS is_first,
       max_scroll_pct - toUInt8(least(100, (cityHash64(pv, 6) % 100) * k / 3)) AS scroll_gain
     FROM (SELECT ${pv('intDiv(number, 3)')}, number % 3 AS k FROM numbers({n:UInt64} * 3))`,
    `INSERT INTO foldline.viewport_spans (website_id, ts, page_id, pageview_id, session_id, device, scroll_y, viewport_h, doc_h, duration_ms)
     SELECT ${common('addSeconds(pv_ts, 10 * (k + 1))')}, k * 700 AS scroll_y, 800 AS viewport_h, 4000 AS doc_h, cityHash64(pv, k, 7) % 20000 AS duration_ms
     FROM (SELECT ${pv('intDiv(number, 4)')}, number % 4 AS k FROM numbers({n:UInt64} * 4))`,
    // Clicks on the article's elements, spread inside each; positions in the visitor's layout spread over the page.
    `INSERT INTO foldline.clicks (website_id, ts, page_id, pageview_id, session_id, device, viewport_w, doc_h, x, y, selector, offset_x, offset_y)
     SELECT ${common('addSeconds(pv_ts, 30)')}, multiIf(dev = 'mobile', 390, dev = 'tablet', 820, 1440) AS viewport_w, 4000 AS doc_h,
       cityHash64(pv, 8) % viewport_w AS x, cityHash64(pv, 9) % 4000 AS y,
       arrayElement({clicked:Array(String)}, cityHash64(pv, 15) % ${CLICKED.length} + 1) AS selector,
       (cityHash64(pv, 16) % 1000) / 1000 AS offset_x, (cityHash64(pv, 17) % 1000) / 1000 AS offset_y
     FROM (SELECT ${pv('number * 2 + cityHash64(number, 10) % 2')} FROM numbers(intDiv({n:UInt64}, 2)))`,
    `INSERT INTO foldline.attention (website_id, ts, page_id, pageview_id, session_id, device, viewport_w, x, y, weight_ms, doc_h)
     SELECT ${common('addSeconds(pv_ts, 20)')}, 1440 AS viewport_w, cityHash64(pv, 11) % 1400 AS x, cityHash64(pv, 12) % 4000 AS y, 1500 AS weight_ms, 4000 AS doc_h
     FROM (SELECT ${pv('number')} FROM numbers({n:UInt64}))`,
    // Per pageview and slot: an impression and a view-time row always; viewable more often for the slot at the
    // top and on desktop; a click for about 1.5 % of impressions; a layout shift (0 to 0.25) on a fifth of the
    // view-time rows, so the ad experience's and the Ad Units tab's layout-shift figures do real work.
    `INSERT INTO foldline.ad_events (website_id, ts, page_id, pageview_id, session_id, device, ad_unit_id, impression_id, kind, in_view_ms, max_in_view_pct, width, height, position_y, layout_shift)
     SELECT ${common('addSeconds(pv_ts, 2 + k)')}, arrayElement({units:Array(UUID)}, p * ${UNITS_PER_PAGE} + slot + 1) AS ad_unit_id,
       ${uuidOf('pv * 3 + slot', 40)} AS impression_id, ['impression', 'viewable', 'view_time', 'click'][k + 1] AS kind,
       if(k = 2, 1000, 0) AS in_view_ms, 60 AS max_in_view_pct, 300 AS width, 250 AS height, slot * 900 AS position_y,
       if(k = 2 AND cityHash64(pv, slot, 15) % 5 = 0, (cityHash64(pv, slot, 16) % 1000) / 4000, 0) AS layout_shift
     FROM (SELECT ${pv('intDiv(number, 12)')}, intDiv(number, 4) % 3 AS slot, number % 4 AS k FROM numbers({n:UInt64} * 12))
     WHERE k = 0 OR k = 2
       OR (k = 1 AND cityHash64(pv, slot, 13) % 100 < 75 - slot * 20 + if(dev = 'desktop', 10, 0))
       OR (k = 3 AND cityHash64(pv, slot, 14) % 1000 < 15)`,
    // Prebid on the two upper slots: an auction for 90 % of their impressions, 40 % won at 0.50 to 3.49 USD; 2 % of
    // the lost ones won late (a second row, won). The revenue rollups (migration 024) follow by their views.
    `INSERT INTO foldline.ad_events (website_id, ts, page_id, pageview_id, session_id, device, ad_unit_id, impression_id, kind, in_view_ms, max_in_view_pct, width, height, position_y, cpm, best_cpm, currency, bidder, prebid_won, net)
     SELECT ${common('addSeconds(pv_ts, 2 + late * 40)')}, arrayElement({units:Array(UUID)}, p * ${UNITS_PER_PAGE} + slot + 1) AS ad_unit_id,
       ${uuidOf('pv * 3 + slot', 40)} AS impression_id, 'bid' AS kind, 0 AS in_view_ms, 0 AS max_in_view_pct, 300 AS width, 250 AS height, slot * 900 AS position_y,
       if(won, price, 0) AS cpm, price AS best_cpm, 'USD' AS currency, 'appnexus' AS bidder, won AS prebid_won, 1 AS net
     FROM (SELECT ${pv('intDiv(number, 4)')}, intDiv(number, 2) % 2 AS slot, number % 2 AS late,
       0.5 + (cityHash64(pv, slot, 21) % 300) / 100 AS price, cityHash64(pv, slot, 20) % 100 AS draw,
       toUInt8(if(late = 1, 1, draw < 40)) AS won
       FROM numbers({n:UInt64} * 4))
     WHERE cityHash64(pv, slot, 19) % 100 < 90 AND (late = 0 OR (draw >= 40 AND draw < 42))`,
    `INSERT INTO foldline.ad_events (website_id, ts, page_id, pageview_id, session_id, device, ad_unit_id, impression_id, kind, in_view_ms, max_in_view_pct, width, height, position_y)
     SELECT ${common('addSeconds(pv_ts, 2)')}, arrayElement({units:Array(UUID)}, p * ${UNITS_PER_PAGE} + 3) AS ad_unit_id,
       ${uuidOf('pv', 50)} AS impression_id, 'empty' AS kind, 0 AS in_view_ms, 0 AS max_in_view_pct, 320 AS width, 50 AS height, 1800 AS position_y
     FROM (SELECT ${pv('number')} FROM numbers({n:UInt64}))
     WHERE cityHash64(pv, 22) % 100 < 5`,
  ];
  for (const statement of statements) await app.events.command(statement, params);
  // The collector writes page counts next to the events; a bulk load adds them afterwards, in SQL.
  for (const table of EVENT_TABLES) await app.events.command(pageCountsInsertSql(table));
  // So are the heatmap cells.
  for (const table of HEATMAP_SOURCE_TABLES) await app.events.command(heatmapCellsInsertSql(table));
  // Background merges keep the rollups compact in a running server; a bulk load gets there at once.
  for (const table of ['ad_stats_hourly', 'ad_revenue_hourly', 'page_stats_hourly', 'page_events_log', 'heatmap_cells_hourly', 'heatmap_cells_daily']) {
    await app.events.command(`OPTIMIZE TABLE foldline.${table} FINAL`);
  }
}

/** An Ad Manager report of the first website's two upper units for every day of the data, as an import stores it:
 * 1.5 to 3 USD per unit and day more than Prebid's, so the reports spread imported revenue on every day. */
async function importRevenue(websiteId: string): Promise<void> {
  const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
  const rows = Array.from({ length: DAYS + 1 }, (_, offset) =>
    ['slot-0', 'slot-1'].map((unit, k) => ({ day: day(offset), unit, impressions: 1000, revenueMicros: (150 + ((offset * 7 + k * 13) % 150)) * 10_000 + 5_000_000 })),
  ).flat();
  await replaceRevenueDays(app.metadata.db, {
    websiteId,
    source: 'ad_manager',
    currency: 'USD',
    from: day(DAYS),
    to: day(0),
    rows,
    matches: new Map([['slot-0', 'slot-0'], ['slot-1', 'slot-1']]),
    importedAt: new Date(),
  });
}
