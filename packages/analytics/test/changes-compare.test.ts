// Before and after a change (pure): the windows compared — whole weeks, never the change day, today or another
// change — and each figure's interval and verdict.
import { wilson, Z95 } from '@foldline/recommendations';
import { describe, expect, it } from 'vitest';
import { groupFigures, unitFigures, windowsOf } from '../src/changes/compare.ts';

const round = (value: number) => Math.round(value * 100) / 100;

describe('before and after windows', () => {
  it('compares whole weeks on each side, never the change day', () => {
    expect(windowsOf(100, 14, { today: 200 })).toEqual({ before: { first: 86, last: 99 }, after: { first: 101, last: 114 }, comparable: true });
    // 10 days: one whole week each side.
    expect(windowsOf(100, 10, { today: 200 })).toEqual({ before: { first: 93, last: 99 }, after: { first: 101, last: 107 }, comparable: true });
  });

  it('stops at today and at the page’s other changes, and cuts both sides to the weeks both have', () => {
    // Nine whole days after before the next change: one week each side.
    expect(windowsOf(100, 14, { today: 200, next: 110 })).toEqual({ before: { first: 93, last: 99 }, after: { first: 101, last: 107 }, comparable: true });
    // Four days so far: too short, both sides as far as they go.
    expect(windowsOf(100, 14, { today: 105 })).toEqual({ before: { first: 86, last: 99 }, after: { first: 101, last: 104 }, comparable: false });
    // Yesterday's change has no after yet.
    expect(windowsOf(100, 14, { today: 101 })).toEqual({ before: { first: 86, last: 99 }, after: null, comparable: false });
    // A change four days before: too short a before.
    expect(windowsOf(100, 14, { today: 200, previous: 95 })).toEqual({ before: { first: 96, last: 99 }, after: { first: 101, last: 114 }, comparable: false });
    // A window under a week never holds every day of the week.
    expect(windowsOf(100, 5, { today: 200 })).toMatchObject({ comparable: false });
  });
});

describe('before and after figures', () => {
  const before = { pageviews: 1000, impressions: 900, viewable: 600, clicks: 9 };

  it('gives each rate with its 95 % interval, in percent or per 1,000 pageviews', () => {
    const after = { pageviews: 1000, impressions: 950, viewable: 300, clicks: 10 };
    const figures = unitFigures(before, after, true);
    const share = (k: number, n: number) => {
      const interval = wilson(k, n);
      return { value: round(100 * interval.rate), low: round(100 * interval.low), high: round(100 * interval.high) };
    };
    expect(figures.view_rate).toEqual({ before: share(600, 1000), after: share(300, 1000), verdict: 'down' });
    expect(figures.viewability).toEqual({ before: share(600, 900), after: share(300, 950), verdict: 'down' });
    expect(figures.ctr).toEqual({ before: share(9, 900), after: share(10, 950), verdict: 'within_noise' });
    // Poisson score interval: (k + z²/2 ± z √(k + z²/4)) / n.
    const z2 = Z95 * Z95;
    expect(figures.viewable_per_1000.before).toEqual({ value: 600, low: round(600 + z2 / 2 - Z95 * Math.sqrt(600 + z2 / 4)), high: round(600 + z2 / 2 + Z95 * Math.sqrt(600 + z2 / 4)) });
    expect(figures.viewable_per_1000.verdict).toBe('down');
    expect(groupFigures(after, before, true).viewable_per_1000.verdict).toBe('up');
  });

  it('says too short while a window is, and no data where a side has nothing to divide by', () => {
    const after = { pageviews: 1000, impressions: 950, viewable: 300, clicks: 10 };
    expect(Object.values(unitFigures(before, after, false)).filter((f) => 'verdict' in f).map((f) => f.verdict)).toEqual(['too_short', 'too_short', 'too_short', 'too_short']);
    // Fewer than 30 impressions after: its shares are too short; its figures per pageview are not.
    const few = unitFigures(before, { pageviews: 1000, impressions: 20, viewable: 15, clicks: 0 }, true);
    expect([few.viewability.verdict, few.ctr.verdict, few.view_rate.verdict]).toEqual(['too_short', 'too_short', 'down']);
    // A unit that appeared: nothing to compare its viewability with; its view rate went up from nothing.
    const appeared = unitFigures({ pageviews: 1000, impressions: 0, viewable: 0, clicks: 0 }, after, true);
    expect(appeared.viewability).toEqual({ before: null, after: expect.any(Object), verdict: 'no_data' });
    expect(appeared.view_rate.verdict).toBe('up');
  });

  it('counts a unit viewable at most once per pageview in its view rate', () => {
    const refreshing = unitFigures({ pageviews: 100, impressions: 300, viewable: 150, clicks: 0 }, { pageviews: 100, impressions: 300, viewable: 150, clicks: 0 }, true);
    expect(refreshing.view_rate.before?.value).toBe(100);
    expect(refreshing.viewable_per_1000.before?.value).toBe(1500);
  });
});
