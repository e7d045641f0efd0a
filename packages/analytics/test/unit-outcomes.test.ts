// The recommendations' ad unit evidence (readUnitOutcomes): impressions and viewable impressions over the window, as
// the Ad Units tab counts them, and where each unit sits: from its impressions of the window's last PLACE_DAYS (the page
// as it is now), or of the whole window for a unit seen only before. On every engine.
import { toEventTime, type EventStore } from '@foldline/event-store';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestStore, describeEachEngine, type TestStore } from '../../event-store/test/support/test-stores.ts';
import { PLACE_DAYS, readUnitOutcomes } from '../src/recommendations/evidence-reader.ts';

const DAY = 86_400_000;
const WEBSITE = '00000000-0000-4000-8000-000000000001';
const PAGE = '00000000-0000-4000-8000-000000000002';
const MOVED = '00000000-0000-4000-8000-0000000000a1';
const GONE = '00000000-0000-4000-8000-0000000000a2';
const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const WINDOW = { start: new Date(NOW - 30 * DAY), end: new Date(NOW) };

let n = 0;
function adEvent(unit: string, daysAgo: number, kind: 'impression' | 'viewable', y: number, [width, height]: [number, number]) {
  n += 1;
  const id = `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;
  return {
    website_id: WEBSITE, ts: toEventTime(NOW - daysAgo * DAY), page_id: PAGE, pageview_id: id, session_id: id, device: 'desktop',
    ad_unit_id: unit, impression_id: id, kind, in_view_ms: 0, max_in_view_pct: 0, width, height, position_y: y,
  };
}

describeEachEngine('ad unit outcomes', (engine) => {
  let test: TestStore;
  let store: EventStore;

  beforeAll(async () => {
    test = await createTestStore(engine);
    store = test.store;
    await store.insert('foldline.ad_events', [
      // Moved down the page and made larger two days ago, after three weeks at the top.
      ...[20, 19, 18].map((days) => adEvent(MOVED, days, 'impression', 100, [728, 90])),
      adEvent(MOVED, 20, 'viewable', 100, [728, 90]),
      ...[2, 1].map((days) => adEvent(MOVED, days, 'impression', 2400, [300, 250])),
      // Seen only three weeks ago, and before the window.
      ...[21, 21].map((days) => adEvent(GONE, days, 'impression', 800, [336, 280])),
      adEvent(GONE, 40, 'impression', 5000, [160, 600]),
    ]);
  });
  afterAll(() => test.close());

  it('count every impression of the window, and place each unit where its last days put it', async () => {
    expect(PLACE_DAYS).toBeLessThan(18);
    const outcomes = await readUnitOutcomes(store, [WEBSITE], [PAGE], WINDOW);
    expect(outcomes.sort((a, b) => a.adUnitId.localeCompare(b.adUnitId))).toEqual([
      { pageId: PAGE, adUnitId: MOVED, device: 'desktop', impressions: 5, viewable: 1, y: 2400, width: 300, height: 250 },
      { pageId: PAGE, adUnitId: GONE, device: 'desktop', impressions: 2, viewable: 0, y: 800, width: 336, height: 280 },
    ]);
  });
});
