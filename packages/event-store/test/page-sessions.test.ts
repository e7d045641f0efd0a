// page_sessions (migration 019): a row per pageview with its page, device and session hash, sorted by page, where the
// analytics count distinct sessions. It follows pageviews as they are written, holds the pageviews stored before the
// migration, and loses what the website deletes take from pageviews.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EventStore } from '../src/event-store.ts';
import * as migration019 from '../src/migrations/019-page-sessions.ts';
import { deleteWebsiteEvents, deleteWebsiteEventsBetween } from '../src/website-data.ts';
import { createTestStore, describeEachEngine, type TestStore } from './support/test-stores.ts';

const WEBSITES = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];
const PAGES = ['00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-0000000000b2'];
const SESSIONS = ['00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000c2', '00000000-0000-4000-8000-0000000000c3'];

const pageview = (website: number, page: number, session: number, ts: string, device = 'desktop') => ({
  website_id: WEBSITES[website],
  ts,
  page_id: PAGES[page],
  pageview_id: crypto.randomUUID(),
  session_id: SESSIONS[session],
  device,
  visitor_id: session,
  url_path: `/p${page}`,
  title: 'T',
  viewport_w: device === 'mobile' ? 390 : 1280,
  viewport_h: 800,
  doc_h: 3000,
});

const PAGEVIEWS = [
  pageview(0, 0, 0, '2026-11-01 09:00:00.000'),
  pageview(0, 0, 0, '2026-11-01 09:05:00.000'),
  pageview(0, 1, 1, '2026-11-01 10:30:00.000', 'mobile'),
  pageview(0, 0, 2, '2026-11-02 08:00:00.000'),
  pageview(1, 0, 1, '2026-11-01 10:45:00.000'),
];

describeEachEngine('page sessions', (engine) => {
  let test: TestStore;
  let store: EventStore;

  /** Each table's rows as (website, time, page, device, session hash), in one order. */
  const rows = (from: string, session: string) =>
    store.query<Record<string, string>>(
      `SELECT toString(website_id) AS w, toString(ts) AS t, toString(page_id) AS p, device AS d, toString(${session}) AS s FROM ${from} ORDER BY w, t, p, s`,
    );
  const expectFollowsPageviews = async () => {
    const expected = await rows('foldline.pageviews', 'cityHash64(session_id)');
    expect(await rows('foldline.page_sessions', 'session_hash')).toEqual(expected);
    return expected.length;
  };

  beforeAll(async () => {
    test = await createTestStore(engine);
    store = test.store;
    await store.insert('foldline.pageviews', PAGEVIEWS);
  });
  afterAll(() => test.close());

  it('holds every written pageview', async () => {
    expect(await expectFollowsPageviews()).toBe(PAGEVIEWS.length);
  });

  it('is filled from the pageviews stored before migration 019', async () => {
    await store.command('TRUNCATE TABLE foldline.page_sessions');
    await store.command(migration019.statements.at(-1)!);
    expect(await expectFollowsPageviews()).toBe(PAGEVIEWS.length);
  });

  it('keeps a retried write once, as pageviews do', async () => {
    const retried = [pageview(1, 1, 2, '2026-11-03 12:00:00.000')];
    for (let i = 0; i < 3; i += 1) await store.insert('foldline.pageviews', retried, { deduplicationToken: 'batch-7:foldline.pageviews' });
    expect(await expectFollowsPageviews()).toBe(PAGEVIEWS.length + 1);
  });

  it('loses a deleted window and a deleted website, as pageviews do', async () => {
    await deleteWebsiteEventsBetween(store, WEBSITES[0]!, '2026-11-01 10:00:00.000', '2026-11-01 11:00:00.000');
    expect(await expectFollowsPageviews()).toBe(PAGEVIEWS.length);
    await deleteWebsiteEvents(store, [WEBSITES[0]!]);
    expect(await expectFollowsPageviews()).toBe(2);
  });
});
