// How much traffic the simulated site gets: growth over the history, a weekly rhythm, a daily curve, and news spikes.
import type { Rng } from './prng.ts';

export const DAY_MS = 86_400_000;

/** Pageviews per day at the start and the end of a 90-day history: the site grows about 1.6 % a day. */
const FIRST_DAY = 280;
const LAST_DAY = 1300;
const HORIZON_DAYS = 90;

/** Monday-first weights: news is read on weekdays, less at weekends. */
const WEEKDAY = [1.05, 1.08, 1.06, 1.04, 0.97, 0.76, 0.8];

/** Visits per hour (UTC, the site's timezone): morning commute, lunch and evening peaks, a quiet night. */
export const HOURLY = [0.35, 0.2, 0.15, 0.12, 0.15, 0.35, 0.9, 1.6, 1.9, 1.6, 1.4, 1.5, 1.8, 1.6, 1.3, 1.2, 1.3, 1.5, 1.7, 1.9, 2.0, 1.7, 1.2, 0.7];
const HOURLY_TOTAL = HOURLY.reduce((a, b) => a + b, 0);

/** Expected pageviews on the day that starts at dayStart, `daysBeforeEnd` days before the history's end. */
export function pageviewsOnDay(rng: Rng, dayStart: number, daysBeforeEnd: number): number {
  const position = Math.max(0, Math.min(1, 1 - daysBeforeEnd / (HORIZON_DAYS - 1)));
  const trend = FIRST_DAY * (LAST_DAY / FIRST_DAY) ** position;
  const weekday = WEEKDAY[(new Date(dayStart).getUTCDay() + 6) % 7] ?? 1;
  // A story that takes off now and then.
  const spike = rng.chance(0.04) ? rng.range(1.6, 2.4) : 1;
  return Math.round(trend * weekday * spike * Math.exp(0.08 * rng.normal()));
}

/** A moment of the day (ms after midnight) drawn from the hourly curve. */
export function timeOfDay(rng: Rng): number {
  let x = rng.next() * HOURLY_TOTAL;
  for (let hour = 0; hour < 24; hour++) {
    x -= HOURLY[hour] as number;
    if (x < 0) return hour * 3_600_000 + Math.floor(rng.next() * 3_600_000);
  }
  return 23 * 3_600_000;
}
