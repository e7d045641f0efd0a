// Small factories for website tests: websites through the API, pages and ad units in the metadata store,
// events in the event store, and independent counts of a website's rows in the event and rollup tables.
import { randomUUID } from 'node:crypto';
import { EVENT_TABLES, PAGE_COUNTS_TABLE, pageCountsOf, toEventTime } from '@foldline/event-store';
import { ROLLUP_TABLES } from '@foldline/event-store/migrations/index';
import type { FastifyInstance } from 'fastify';

type Auth = { authorization: string };

export async function createWebsite(app: FastifyInstance, auth: Auth, body: Record<string, unknown> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/websites',
    headers: auth,
    payload: { name: 'My blog', domain: `blog-${randomUUID().slice(0, 8)}.example.com`, ...body },
  });
  if (response.statusCode !== 201) throw new Error(`create website failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: { website: { website_id: string; domain: string; tracking_code: string } } }).data.website;
}

export async function insertPage(
  app: FastifyInstance,
  websiteId: string,
  urlPath = `/post-${randomUUID().slice(0, 8)}`,
  fields: Partial<{ title: string; status: string; created_at: string; last_activity: string | null }> = {},
) {
  const row = {
    id: randomUUID(),
    website_id: websiteId,
    url_path: urlPath,
    title: `Title of ${urlPath}`,
    status: 'active',
    created_at: new Date().toISOString(),
    last_activity: null as string | null,
    ...fields,
  };
  await app.metadata.db.insertInto('pages').values(row).execute();
  return row;
}

export async function insertAdUnit(app: FastifyInstance, websiteId: string, pageId: string) {
  const id = randomUUID();
  const now = new Date().toISOString();
  await app.metadata.db
    .insertInto('ad_units')
    .values({
      id,
      website_id: websiteId,
      page_id: pageId,
      slot_key: `slot-${id}`,
      name: 'Sidebar 300x250',
      google_ad_slot_id: null,
      ad_format: '300x250',
      position_selector: '#sidebar-ad',
      position_x: 900,
      position_y: 400,
      width: 300,
      height: 250,
      status: 'active',
      created_at: now,
      last_detected: now,
    })
    .execute();
  return id;
}

export interface SeededEvents {
  sessions: number;
  impressions: number;
  /** Rows written across every event table. */
  events: number;
}

/**
 * Writes a realistic little history: per session two pageviews, each with engagement, a viewport span, a click and
 * an attention sample, and per pageview one ad impression, one 'viewable' row and (every other pageview) an ad click.
 */
export async function seedEvents(app: FastifyInstance, websiteId: string, pageId: string, sessions = 2): Promise<SeededEvents> {
  const rows: Record<string, Record<string, unknown>[]> = Object.fromEntries(EVENT_TABLES.map((table) => [table, []]));
  const adUnitId = randomUUID();
  let pageviews = 0;
  for (let s = 0; s < sessions; s += 1) {
    const sessionId = randomUUID();
    for (let p = 0; p < 2; p += 1) {
      pageviews += 1;
      const base = {
        website_id: websiteId,
        ts: toEventTime(Date.now() - pageviews * 60_000),
        page_id: pageId,
        pageview_id: randomUUID(),
        session_id: sessionId,
        device: 'desktop',
      };
      rows.pageviews!.push({ ...base, url_path: '/', title: 'Home', viewport_w: 1280, viewport_h: 800, doc_h: 3000 });
      rows.engagement!.push({ ...base, engaged_ms: 4000, max_scroll_pct: 60, doc_h: 3000 });
      rows.viewport_spans!.push({ ...base, scroll_y: 0, viewport_h: 800, doc_h: 3000, duration_ms: 4000 });
      rows.clicks!.push({ ...base, viewport_w: 1280, doc_h: 3000, x: 100, y: 200, selector: 'a.more', offset_x: 0.5, offset_y: 0.5 });
      rows.attention!.push({ ...base, viewport_w: 1280, x: 300, y: 500, weight_ms: 1200 });
      const impressionId = randomUUID();
      const ad = { ...base, ad_unit_id: adUnitId, impression_id: impressionId, width: 300, height: 250, position_y: 400 };
      rows.ad_events!.push({ ...ad, kind: 'impression' }, { ...ad, kind: 'viewable', in_view_ms: 1000, max_in_view_pct: 100 });
      if (pageviews % 2 === 0) rows.ad_events!.push({ ...ad, kind: 'click' });
    }
  }
  for (const [table, tableRows] of Object.entries(rows)) await app.events.insert(`foldline.${table}`, tableRows);
  await app.events.insert(PAGE_COUNTS_TABLE, pageCountsOf(rows));
  return { sessions, impressions: pageviews, events: Object.values(rows).reduce((sum, tableRows) => sum + tableRows.length, 0) };
}

/** Rows of a website in every event table, counted with plain SQL (independent of the code under test). */
export const countEvents = (app: FastifyInstance, websiteId: string) => countRows(app, EVENT_TABLES, websiteId);

/** Rows of a website in the analytics rollups, which materialized views fill from the event tables. */
export const countRollupRows = (app: FastifyInstance, websiteId: string) => countRows(app, ROLLUP_TABLES, websiteId);

async function countRows(app: FastifyInstance, tables: readonly string[], websiteId: string): Promise<number> {
  let total = 0;
  for (const table of tables) {
    const [row] = await app.events.query<{ n: number | string }>(`SELECT count() AS n FROM foldline.${table} WHERE website_id = {id:UUID}`, {
      id: websiteId,
    });
    total += Number(row?.n ?? 0);
  }
  return total;
}
