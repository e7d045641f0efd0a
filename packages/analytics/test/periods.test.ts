// Period keys to windows (src/periods.ts): a day ends now to the millisecond; from a week on a period counts whole
// hours, ending at the end of the current hour and starting on the hour, as does the previous period; the API reports
// the current window as ending now, and what counts settled days takes it as far as now.
import { describe, expect, it } from 'vitest';
import { periodWindows, timeRangeOf, upToNow, wholeHours } from '../src/periods.ts';

const NOW = new Date('2026-11-26T11:37:12.345Z');
const iso = (time: Date) => time.toISOString();

describe('periodWindows', () => {
  it('ends a day\'s period now, and the previous day just before it', () => {
    const { current, previous } = periodWindows('day', NOW);
    expect([iso(current.start), iso(current.end)]).toEqual(['2026-11-25T11:37:12.345Z', '2026-11-26T11:37:12.345Z']);
    expect([iso(previous.start), iso(previous.end)]).toEqual(['2026-11-24T11:37:12.345Z', '2026-11-25T11:37:12.345Z']);
  });

  it('counts whole hours from a week on: to the end of the current hour, from the hour that length before', () => {
    const { current, previous } = periodWindows('week', NOW);
    expect([iso(current.start), iso(current.end)]).toEqual(['2026-11-19T12:00:00.000Z', '2026-11-26T12:00:00.000Z']);
    expect([iso(previous.start), iso(previous.end)]).toEqual(['2026-11-12T12:00:00.000Z', '2026-11-19T12:00:00.000Z']);
    const quarter = periodWindows('quarter', NOW).current;
    expect([iso(quarter.start), iso(quarter.end)]).toEqual(['2026-08-28T12:00:00.000Z', '2026-11-26T12:00:00.000Z']);
    // On the hour, the period ends now.
    expect(iso(periodWindows('month', new Date('2026-11-26T11:00:00.000Z')).current.end)).toBe('2026-11-26T11:00:00.000Z');
  });
});

describe('timeRangeOf and upToNow', () => {
  it('report and count the current window as far as now', () => {
    const windows = periodWindows('week', NOW);
    expect(timeRangeOf(windows, NOW)).toEqual({
      current: { start: '2026-11-19T12:00:00.000Z', end: '2026-11-26T11:37:12.345Z' },
      previous: { start: '2026-11-12T12:00:00.000Z', end: '2026-11-19T12:00:00.000Z' },
    });
    expect(iso(upToNow(windows.current, NOW).end)).toBe(iso(NOW));
    expect(upToNow(windows.previous, NOW)).toBe(windows.previous);
  });
});

describe('wholeHours', () => {
  it('widens a day to the hours it touches, as the heatmaps count it, and leaves a week as it is', () => {
    const day = wholeHours(periodWindows('day', NOW).current);
    expect([iso(day.start), iso(day.end)]).toEqual(['2026-11-25T11:00:00.000Z', '2026-11-26T12:00:00.000Z']);
    const week = periodWindows('week', NOW).current;
    expect(wholeHours(week)).toEqual(week);
  });
});
