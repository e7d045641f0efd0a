// The pure change detector: moves, format changes, appearances and disappearances found on the right day from
// per-day aggregates, and what is not a change — a one-off odd layout, a minority of pageviews, traffic going to zero,
// a place that drifts.
import { describe, expect, it } from 'vitest';
import { changeId, detectChanges, MIN_DAY_IMPRESSIONS, type UnitDay, type UnitSeries } from '../src/changes/detect.ts';

const PAGE = '00000000-0000-4000-8000-000000000002';
const UNIT = '00000000-0000-4000-8000-0000000000a1';
const RANGE = { first: 1000, last: 1039 };
const TOP = { y: 400, width: 300, height: 250 };

/** A day on which every impression was at one place and size. */
function day(n: number, place: { y: number; width?: number; height?: number }, impressions = 10): UnitDay {
  const { y, width = 300, height = 250 } = place;
  return { day: n, impressions, y, low: y, high: y, width, height, sizeImpressions: impressions };
}

/** Days [from, to) at a place. */
const days = (from: number, to: number, place: { y: number; width?: number; height?: number }, impressions?: number) =>
  Array.from({ length: to - from }, (_, i) => day(from + i, place, impressions));

const series = (list: UnitDay[]): UnitSeries => ({ pageId: PAGE, adUnitId: UNIT, device: 'desktop', days: list.sort((a, b) => a.day - b.day) });

/** The page read every day of the range, 20 pageviews a day. */
const READ = new Map(Array.from({ length: 40 }, (_, i) => [RANGE.first + i, 20]));

describe('change detection', () => {
  it('finds a move on the first day at the new place, with both places', () => {
    const changes = detectChanges(series([...days(1000, 1020, TOP), ...days(1020, 1040, { y: 2400 })]), READ, RANGE);
    expect(changes).toEqual([
      {
        id: changeId({ pageId: PAGE, device: 'desktop', adUnitId: UNIT, kind: 'moved', day: 1020 }),
        pageId: PAGE,
        adUnitId: UNIT,
        device: 'desktop',
        kind: 'moved',
        day: 1020,
        before: TOP,
        after: { y: 2400, width: 300, height: 250 },
      },
    ]);
  });

  it("takes a phone's wander of under 15 % of a unit's depth for the spread of screens, not a move; on desktop it is one", () => {
    // A 320x50 anchor whose median flips between 1,300 and 1,450 px (150 px: 11.5 %), as the day's mix of screens goes.
    const wander = [...days(1000, 1010, { y: 1300, width: 320, height: 50 }), ...days(1010, 1020, { y: 1450, width: 320, height: 50 }), ...days(1020, 1040, { y: 1300, width: 320, height: 50 })];
    expect(detectChanges({ ...series(wander.map((d) => ({ ...d }))), device: 'mobile' }, READ, RANGE)).toEqual([]);
    expect(detectChanges(series(wander.map((d) => ({ ...d }))), READ, RANGE).map((c) => [c.kind, c.day])).toEqual([
      ['moved', 1010],
      ['moved', 1020],
    ]);
    // A real move on a phone, 1,268 to 1,700 px (34 %), is one.
    const moved = [...days(1000, 1020, { y: 1268, width: 320, height: 100 }), ...days(1020, 1040, { y: 1700, width: 320, height: 100 })];
    expect(detectChanges({ ...series(moved), device: 'mobile' }, READ, RANGE).map((c) => [c.kind, c.day])).toEqual([['moved', 1020]]);
  });

  it('dates a change made during a day to that day, when it was already off the old place', () => {
    // Day 1020: half the impressions at each place (the median is the new one, but neither holds 60 %).
    const mixed: UnitDay = { day: 1020, impressions: 10, y: 2400, low: 400, high: 2400, width: 300, height: 250, sizeImpressions: 10 };
    const changes = detectChanges(series([...days(1000, 1020, TOP), mixed, ...days(1021, 1040, { y: 2400 })]), READ, RANGE);
    expect(changes.map((c) => [c.kind, c.day])).toEqual([['moved', 1020]]);
    expect(changes[0]!.after).toEqual({ y: 2400, width: 300, height: 250 });
  });

  it('takes neither a one-off odd layout nor a minority of pageviews for a move', () => {
    // One day at the bottom, then back.
    const oneDay = [...days(1000, 1020, TOP), day(1020, { y: 2400 }), ...days(1021, 1040, TOP)];
    expect(detectChanges(series(oneDay), READ, RANGE)).toEqual([]);
    // Two days on which 55 % were at the bottom: the median moved, but not 60 % of the impressions.
    const minority = (n: number): UnitDay => ({ day: n, impressions: 20, y: 2400, low: 400, high: 2400, width: 300, height: 250, sizeImpressions: 20 });
    expect(detectChanges(series([...days(1000, 1020, TOP), minority(1020), minority(1021), ...days(1022, 1040, TOP)]), READ, RANGE)).toEqual([]);
    // A small shift (less than the larger of 100 px and half the unit's height) is the same place.
    expect(detectChanges(series([...days(1000, 1020, TOP), ...days(1020, 1040, { y: 490 })]), READ, RANGE)).toEqual([]);
  });

  it('skips days with too few impressions to say where the unit was', () => {
    const quiet = day(1021, { y: 400 }, MIN_DAY_IMPRESSIONS - 1);
    const changes = detectChanges(series([...days(1000, 1020, TOP), day(1020, { y: 2400 }), quiet, ...days(1022, 1040, { y: 2400 })]), READ, RANGE);
    expect(changes.map((c) => [c.kind, c.day])).toEqual([['moved', 1020]]);
  });

  it('does not take a place that drifts for a move', () => {
    const drifting = Array.from({ length: 40 }, (_, i) => day(1000 + i, { y: 400 + 20 * i }));
    expect(detectChanges(series(drifting), READ, RANGE)).toEqual([]);
  });

  it('finds a move back, and a second move, each on its day', () => {
    const changes = detectChanges(series([...days(1000, 1015, TOP), ...days(1015, 1030, { y: 2400 }), ...days(1030, 1040, TOP)]), READ, RANGE);
    expect(changes.map((c) => [c.kind, c.day, c.before?.y, c.after?.y])).toEqual([
      ['moved', 1015, 400, 2400],
      ['moved', 1030, 2400, 400],
    ]);
  });

  it('finds a format change held by most impressions, not a day of mixed sizes', () => {
    const changes = detectChanges(series([...days(1000, 1030, TOP), ...days(1030, 1040, { y: 400, width: 336, height: 280 })]), READ, RANGE);
    expect(changes.map((c) => [c.kind, c.day, c.before, c.after])).toEqual([['format', 1030, TOP, { y: 400, width: 336, height: 280 }]]);
    // A multi-size slot: two days on which the larger size was the most frequent, at 50 %.
    const mixed = (n: number): UnitDay => ({ day: n, impressions: 10, y: 400, low: 400, high: 400, width: 336, height: 280, sizeImpressions: 5 });
    expect(detectChanges(series([...days(1000, 1030, TOP), mixed(1030), mixed(1031), ...days(1032, 1040, TOP)]), READ, RANGE)).toEqual([]);
  });

  it('finds a unit that appeared on a page read without it before', () => {
    const changes = detectChanges(series(days(1030, 1040, TOP)), READ, RANGE);
    expect(changes.map((c) => [c.kind, c.day, c.before, c.after])).toEqual([['appeared', 1030, null, TOP]]);
    // A page nobody read before: its unit did not appear, the page did.
    const newPage = new Map([...READ].filter(([n]) => n >= 1030));
    expect(detectChanges(series(days(1030, 1040, TOP)), newPage, RANGE)).toEqual([]);
  });

  it('finds a unit that disappeared while the page was still read, not one whose page stopped being read', () => {
    const changes = detectChanges(series(days(1000, 1030, TOP)), READ, RANGE);
    expect(changes.map((c) => [c.kind, c.day, c.before, c.after])).toEqual([['disappeared', 1030, TOP, null]]);
    const unread = new Map([...READ].filter(([n]) => n < 1030));
    expect(detectChanges(series(days(1000, 1030, TOP)), unread, RANGE)).toEqual([]);
    // Missing one day (an ad server's outage) and back: no change.
    expect(detectChanges(series([...days(1000, 1030, TOP), ...days(1031, 1040, TOP)]), READ, RANGE)).toEqual([]);
  });

  it('gives a change the same id whoever asks, and another change another id', () => {
    const id = changeId({ pageId: PAGE, device: 'desktop', adUnitId: UNIT, kind: 'moved', day: 1020 });
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(changeId({ pageId: PAGE, device: 'desktop', adUnitId: UNIT, kind: 'moved', day: 1020 })).toBe(id);
    expect(changeId({ pageId: PAGE, device: 'mobile', adUnitId: UNIT, kind: 'moved', day: 1020 })).not.toBe(id);
    expect(changeId({ pageId: PAGE, device: 'desktop', adUnitId: UNIT, kind: 'format', day: 1020 })).not.toBe(id);
    expect(changeId({ pageId: PAGE, device: 'desktop', adUnitId: UNIT, kind: 'moved', day: 1021 })).not.toBe(id);
  });
});
