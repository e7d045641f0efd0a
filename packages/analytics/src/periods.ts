// Period keys to time windows: each period ends now and the previous one is the same length just before it.
import { PERIOD_HOURS, type Period, type TimeRange } from '@foldline/contracts';
import type { TimeWindow } from './query.ts';

export interface PeriodWindows {
  current: TimeWindow;
  previous: TimeWindow;
}

export function periodWindows(period: Period, now: Date): PeriodWindows {
  const length = PERIOD_HOURS[period] * 3_600_000;
  const end = now.getTime();
  return {
    current: { start: new Date(end - length), end: new Date(end) },
    previous: { start: new Date(end - 2 * length), end: new Date(end - length) },
  };
}

/** The windows as the API reports them (ISO-8601 UTC). */
export function timeRangeOf(windows: PeriodWindows): TimeRange {
  const iso = (window: TimeWindow) => ({ start: window.start.toISOString(), end: window.end.toISOString() });
  return { current: iso(windows.current), previous: iso(windows.previous) };
}
