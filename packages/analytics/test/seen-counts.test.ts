// The recommendations' seen counts (readSeenCounts): a pageview counts for a probe when at least the probe's share of
// its pixels stood in the viewport through consecutive spans adding up to a second, where consecutive means no more
// than CONTINUITY_GAP_MS between one span's end and the next one's start, and a span without the probe in view ends
// the run. Hand-made pageviews, one rule each, on every engine.
import { toEventTime, type EventStore } from '@foldline/event-store';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestStore, describeEachEngine, type TestStore } from '../../event-store/test/support/test-stores.ts';
import { CONTINUITY_GAP_MS, MAX_SAMPLED_PAGEVIEWS, readSeenCounts, VIEW_MS } from '../src/recommendations/evidence-reader.ts';

const WEBSITE = '00000000-0000-4000-8000-000000000001';
const PAGE = '00000000-0000-4000-8000-000000000002';
const START = Date.parse('2026-11-20T10:00:00.000Z');
const RANGE = { start: new Date(START - 3_600_000), end: new Date(START + 3_600_000) };
/** The probe: 250 px tall at 1,000 px down, half of it to be in view. */
const PROBE = { y: 1000, height: 250, share: 0.5 };
const IN_VIEW = 900; // viewport 900–1,800: the whole probe
const HALF_IN_VIEW = 1125 - 800; // viewport 325–1,125: 125 px of it, exactly half
const OUT_OF_VIEW = 0; // viewport 0–800

/** A pageview's spans: [start ms after START, scroll_y, duration ms]; the viewport is 800 px tall. */
const PAGEVIEWS: Record<string, { spans: Array<[number, number, number]>; seen: boolean }> = {
  'one second in view': { spans: [[0, IN_VIEW, VIEW_MS]], seen: true },
  'half the probe for a second (the share is enough)': { spans: [[0, HALF_IN_VIEW, VIEW_MS]], seen: true },
  'a millisecond short': { spans: [[0, IN_VIEW, VIEW_MS - 1]], seen: false },
  'two spans with a gap within the continuity': { spans: [[0, IN_VIEW, 600], [600 + CONTINUITY_GAP_MS, IN_VIEW, 400]], seen: true },
  'two spans with a gap past it': { spans: [[0, IN_VIEW, 600], [600 + CONTINUITY_GAP_MS + 1, IN_VIEW, 400]], seen: false },
  'a span out of view between two in view': { spans: [[0, IN_VIEW, 600], [600, OUT_OF_VIEW, 200], [800, IN_VIEW, 600]], seen: false },
  'the longest run counts, not the first': { spans: [[0, IN_VIEW, 300], [300, OUT_OF_VIEW, 100], [400, IN_VIEW, 500], [900, IN_VIEW, 500]], seen: true },
  'spans sent out of order': { spans: [[500, IN_VIEW, 500], [0, IN_VIEW, 500]], seen: true },
  'long enough but never in view': { spans: [[0, OUT_OF_VIEW, 5000]], seen: false },
};

describeEachEngine('seen counts', (engine) => {
  let test: TestStore;
  let store: EventStore;

  beforeAll(async () => {
    test = await createTestStore(engine);
    store = test.store;
    const rows = Object.values(PAGEVIEWS).flatMap(({ spans }, i) => {
      const pageviewId = `00000000-0000-4000-8000-${String(100 + i).padStart(12, '0')}`;
      return spans.map(([at, scrollY, duration]) => ({
        website_id: WEBSITE,
        ts: toEventTime(START + i * 60_000 + at),
        page_id: PAGE,
        pageview_id: pageviewId,
        session_id: pageviewId,
        device: 'desktop',
        scroll_y: scrollY,
        viewport_h: 800,
        doc_h: 5000,
        duration_ms: duration,
      }));
    });
    await store.insert('foldline.viewport_spans', rows);
  });
  afterAll(() => test.close());

  it('count the pageviews that had the probe in view for a continuous second, and no others', async () => {
    const request = { websiteId: WEBSITE, pageId: PAGE, device: 'desktop' as const, pageviews: Object.keys(PAGEVIEWS).length, probes: [PROBE] };
    const counts = await readSeenCounts(store, [WEBSITE], [request], RANGE);
    const expected = Object.values(PAGEVIEWS).filter((pageview) => pageview.seen).length;
    expect(counts).toEqual([{ pageId: PAGE, device: 'desktop', probe: PROBE, seen: expected }]);
  });

  it('count each rule as said', async () => {
    // One pageview at a time: its own window of a minute.
    for (const [i, [rule, pageview]] of Object.entries(PAGEVIEWS).entries()) {
      const range = { start: new Date(START + i * 60_000 - 1), end: new Date(START + (i + 1) * 60_000 - 1) };
      const counts = await readSeenCounts(store, [WEBSITE], [{ websiteId: WEBSITE, pageId: PAGE, device: 'desktop', pageviews: 1, probes: [PROBE] }], range);
      expect(counts.reduce((sum, count) => sum + count.seen, 0), rule).toBe(pageview.seen ? 1 : 0);
    }
  });

  it('count a probe on the page as it would reflow: readers whose viewport centre is below the cut follow the content', async () => {
    // The pageviews above, against the probe as it stands and as it would stand after 300 px were inserted at 700 px
    // (cut 700, lift 300): a reader at IN_VIEW (900–1,800, centre 1,350) follows the content and sees the probe at
    // 700–950, 50 px of it in view (not enough); a reader at HALF_IN_VIEW (centre 725) at 700–950: 250 px in view;
    // a reader at OUT_OF_VIEW (centre 400) stays above the cut and sees it where it is, out of view.
    const reflowed = { ...PROBE, cut: 700, lift: 300 };
    const viewOf = (scrollY: number) => {
      const top = scrollY + 400 >= reflowed.cut ? reflowed.y - reflowed.lift : reflowed.y;
      return Math.min(top + PROBE.height, scrollY + 800) - Math.max(top, scrollY) >= PROBE.height * PROBE.share;
    };
    for (const [i, [rule, pageview]] of Object.entries(PAGEVIEWS).entries()) {
      const range = { start: new Date(START + i * 60_000 - 1), end: new Date(START + (i + 1) * 60_000 - 1) };
      const counts = await readSeenCounts(store, [WEBSITE], [{ websiteId: WEBSITE, pageId: PAGE, device: 'desktop', pageviews: 1, probes: [reflowed] }], range);
      // The same rules of time, with the reflowed rectangle's view: seen only where the spans that make the second see it.
      const expected = pageview.seen && pageview.spans.filter(([, scrollY]) => scrollY !== OUT_OF_VIEW).every(([, scrollY]) => viewOf(scrollY)) ? 1 : 0;
      expect(counts.reduce((sum, count) => sum + count.seen, 0), rule).toBe(expected);
      if (counts.length > 0) expect(counts[0]!.probe).toEqual(reflowed);
    }
    expect(viewOf(IN_VIEW)).toBe(false);
    expect(viewOf(HALF_IN_VIEW)).toBe(true);
  });

  it('count a sample of a page with more pageviews than MAX_SAMPLED_PAGEVIEWS, scaled back to all of them', async () => {
    const page = '00000000-0000-4000-8000-000000000003';
    const seenPageviews = 400;
    await store.insert(
      'foldline.viewport_spans',
      Array.from({ length: seenPageviews }, (_, i) => {
        const pageviewId = `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`;
        return { website_id: WEBSITE, ts: toEventTime(START + i), page_id: page, pageview_id: pageviewId, session_id: pageviewId, device: 'desktop', scroll_y: IN_VIEW, viewport_h: 800, doc_h: 5000, duration_ms: VIEW_MS };
      }),
    );
    // Told the page has twice the sample's pageviews: about half of these are followed, each standing for two.
    const [count] = await readSeenCounts(store, [WEBSITE], [{ websiteId: WEBSITE, pageId: page, device: 'desktop', pageviews: 2 * MAX_SAMPLED_PAGEVIEWS, probes: [PROBE] }], RANGE);
    expect(count!.seen % 2).toBe(0);
    expect(count!.seen).toBeGreaterThan(seenPageviews * 0.75);
    expect(count!.seen).toBeLessThan(seenPageviews * 1.25);
    expect(count!.seen).not.toBe(seenPageviews);
  });
});
