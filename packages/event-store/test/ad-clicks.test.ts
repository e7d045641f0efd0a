// ad_clicks (migration 030): each ad click of ad_events again, sorted by page, where the element list counts a page's ad
// clicks. It follows ad_events' click rows as they are written (no other kind), holds the clicks stored before the
// migration, keeps a retried write once and loses what the website deletes take from ad_events.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EventStore } from '../src/event-store.ts';
import * as migration030 from '../src/migrations/030-ad-clicks.ts';
import { deleteWebsiteEvents, deleteWebsiteEventsBetween } from '../src/website-data.ts';
import { createTestStore, describeEachEngine, type TestStore } from './support/test-stores.ts';

const WEBSITES = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];
const PAGES = ['00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-0000000000b2'];
const SLOTS = ['00000000-0000-4000-8000-0000000000d1', '00000000-0000-4000-8000-0000000000d2'];

const adEvent = (website: number, page: number, slot: number, kind: string, ts: string, device = 'desktop') => ({
  website_id: WEBSITES[website],
  ts,
  page_id: PAGES[page],
  pageview_id: crypto.randomUUID(),
  session_id: crypto.randomUUID(),
  device,
  ad_unit_id: SLOTS[slot],
  impression_id: crypto.randomUUID(),
  kind,
  in_view_ms: 0,
  max_in_view_pct: 0,
  width: 300,
  height: 250,
  position_y: 900,
});

const AD_EVENTS = [
  adEvent(0, 0, 0, 'impression', '2026-11-01 09:00:00.000'),
  adEvent(0, 0, 0, 'click', '2026-11-01 09:00:05.000'),
  adEvent(0, 0, 1, 'viewable', '2026-11-01 09:01:00.000'),
  adEvent(0, 1, 1, 'click', '2026-11-01 10:30:00.000', 'mobile'),
  adEvent(0, 0, 1, 'click', '2026-11-02 08:00:00.000'),
  adEvent(1, 0, 0, 'click', '2026-11-01 10:45:00.000'),
  adEvent(1, 0, 0, 'view_time', '2026-11-01 10:45:10.000'),
];

describeEachEngine('ad clicks', (engine) => {
  let test: TestStore;
  let store: EventStore;

  const rows = (from: string, where: string) =>
    store.query<Record<string, string>>(
      `SELECT toString(website_id) AS w, toString(page_id) AS p, device AS d, toString(ts) AS t, toString(ad_unit_id) AS u, toString(pageview_id) AS v
       FROM ${from} WHERE ${where} ORDER BY w, t, v`,
    );
  const expectFollowsAdEvents = async () => {
    const expected = await rows('foldline.ad_events', "kind = 'click'");
    expect(await rows('foldline.ad_clicks', '1')).toEqual(expected);
    return expected.length;
  };

  beforeAll(async () => {
    test = await createTestStore(engine);
    store = test.store;
    await store.insert('foldline.ad_events', AD_EVENTS);
  });
  afterAll(() => test.close());

  it('holds every written ad click and nothing else', async () => {
    expect(await expectFollowsAdEvents()).toBe(4);
  });

  it('is filled from the ad clicks stored before migration 030', async () => {
    await store.command('TRUNCATE TABLE foldline.ad_clicks');
    await store.command(migration030.statements.at(-1)!);
    expect(await expectFollowsAdEvents()).toBe(4);
  });

  it('keeps a retried write once, as ad_events does', async () => {
    const retried = [adEvent(1, 1, 1, 'click', '2026-11-03 12:00:00.000')];
    for (let i = 0; i < 3; i += 1) await store.insert('foldline.ad_events', retried, { deduplicationToken: 'batch-3:foldline.ad_events' });
    expect(await expectFollowsAdEvents()).toBe(5);
  });

  it('loses a deleted window and a deleted website, as ad_events does', async () => {
    await deleteWebsiteEventsBetween(store, WEBSITES[0]!, '2026-11-01 10:00:00.000', '2026-11-01 11:00:00.000');
    expect(await expectFollowsAdEvents()).toBe(4);
    await deleteWebsiteEvents(store, [WEBSITES[0]!]);
    expect(await expectFollowsAdEvents()).toBe(2);
  });
});
