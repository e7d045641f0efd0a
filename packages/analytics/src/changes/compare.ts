// Before and after a change (pure, no I/O): the days compared on each side of its day, and each figure of those days
// with its 95 % interval and a verdict — up, down, within noise, or not yet measurable.
//
// Traffic is held comparable by comparing the same device (the caller's counts are per device) over the same days of
// the week: with a window of 7 days or more both sides are cut to the same whole number of weeks. The verdict is a
// two-sided test at 95 % of "no difference": a pooled two-proportion z test for shares (view rate, viewability, CTR),
// and its Poisson analogue for viewable impressions per 1,000 pageviews. Both take impressions (and pageviews) as
// independent, which a reader's several pageviews are not quite: the intervals are, if anything, a little narrow.
import type { ChangeCounts, ChangeFigure, ChangeGroupFigures, ChangeUnitFigures, ChangeVerdict } from '@foldline/contracts';
import { wilson, Z95 } from '@foldline/recommendations';

/** A window shorter than this cannot hold every day of the week: "too short" until it can. */
export const MIN_WINDOW_DAYS = 7;
/** Below this many impressions (or pageviews, for the figures per pageview) on a side, a figure is "too short". */
export const MIN_BASE = 30;

/** UTC day numbers, both included. */
export interface Span {
  first: number;
  last: number;
}

export interface Windows {
  before: Span | null;
  after: Span | null;
  /** Both sides have a week or more: the verdicts can say up, down or within noise. */
  comparable: boolean;
}

/**
 * The days compared around a change on `day`: up to `window` days on each side, never the day itself (part before and
 * part after), never today (not over), never reaching the day of another change of the same page and device
 * (`previous`, `next`), which the comparison would mix in. With a window of 7 days or more each side is cut to the same
 * whole number of weeks.
 */
export function windowsOf(day: number, window: number, bounds: { previous?: number | undefined; next?: number | undefined; today: number }): Windows {
  const reach = window >= MIN_WINDOW_DAYS ? wholeWeeks(window) : window;
  const first = Math.max(day - reach, bounds.previous === undefined ? -Infinity : bounds.previous + 1);
  const last = Math.min(day + reach, bounds.next === undefined ? Infinity : bounds.next - 1, bounds.today - 1);
  const beforeDays = day - first;
  const afterDays = Math.max(0, last - day);
  if (beforeDays >= MIN_WINDOW_DAYS && afterDays >= MIN_WINDOW_DAYS) {
    const days = wholeWeeks(Math.min(beforeDays, afterDays));
    return { before: { first: day - days, last: day - 1 }, after: { first: day + 1, last: day + days }, comparable: true };
  }
  return {
    before: beforeDays > 0 ? { first, last: day - 1 } : null,
    after: afterDays > 0 ? { first: day + 1, last } : null,
    comparable: false,
  };
}

const wholeWeeks = (days: number) => Math.floor(days / 7) * 7;

export interface AdCounts {
  impressions: number;
  viewable: number;
  clicks: number;
}

/** A day's figure added up over a span (none: nothing). */
export function total(days: ReadonlyMap<number, number> | undefined, span: Span | null): number {
  let sum = 0;
  if (days && span) for (let day = span.first; day <= span.last; day++) sum += days.get(day) ?? 0;
  return sum;
}

/** A day's ad counts added up over a span. */
export function totals(days: ReadonlyMap<number, AdCounts> | undefined, span: Span | null): AdCounts {
  const sum = { impressions: 0, viewable: 0, clicks: 0 };
  if (!days || !span) return sum;
  for (let day = span.first; day <= span.last; day++) {
    const counts = days.get(day);
    if (!counts) continue;
    sum.impressions += counts.impressions;
    sum.viewable += counts.viewable;
    sum.clicks += counts.clicks;
  }
  return sum;
}

/** A set of units' viewable impressions weighted by the value of one of their format on the device (the advice's
 * relative values, a viewable 300x250 = 1, or the website's own): Σ v·k and Σ v²·k, over the side's pageviews. */
export interface ValueCounts {
  value: number;
  square: number;
  pageviews: number;
}

/** Viewability, CTR and viewable impressions per 1,000 pageviews of a set of units, before and after; and their ad
 * value per 1,000 pageviews when the values are given. */
export function groupFigures(before: ChangeCounts, after: ChangeCounts, comparable: boolean, values?: { before: ValueCounts; after: ValueCounts }): ChangeGroupFigures {
  return {
    before,
    after,
    ...(values ? { value_per_1000: valueFigure(values.before, values.after, comparable) } : {}),
    viewability: shareFigure({ k: before.viewable, n: before.impressions }, { k: after.viewable, n: after.impressions }, comparable),
    ctr: shareFigure({ k: before.clicks, n: before.impressions }, { k: after.clicks, n: after.impressions }, comparable),
    viewable_per_1000: perThousandFigure({ k: before.viewable, n: before.pageviews }, { k: after.viewable, n: after.pageviews }, comparable),
  };
}

/** A unit's figures: the group's and its view rate, viewable impressions ÷ pageviews as the recommendations measure
 * it (at most every pageview: a unit that refreshes can make more viewable impressions than there were pageviews). */
export function unitFigures(before: ChangeCounts, after: ChangeCounts, comparable: boolean, values?: { before: ValueCounts; after: ValueCounts }): ChangeUnitFigures {
  const seen = (counts: ChangeCounts) => ({ k: Math.min(counts.viewable, counts.pageviews), n: counts.pageviews });
  return { ...groupFigures(before, after, comparable, values), view_rate: shareFigure(seen(before), seen(after), comparable) };
}

/** Ad value per 1,000 pageviews: each viewable impression a Poisson count weighted by its format's value, so the sum's
 * variance is Σ v²·k (a compound Poisson); the interval is the normal one, kept at or above 0, and the verdict the z of
 * the difference over both sides' errors. A format change trades views for value: this is the figure it is judged by. */
export function valueFigure(before: ValueCounts, after: ValueCounts, comparable: boolean): ChangeFigure {
  const estimate = ({ value, square, pageviews }: ValueCounts) => {
    if (pageviews === 0) return null;
    const spread = Z95 * Math.sqrt(square);
    return { value: round((1000 * value) / pageviews), low: round((1000 * Math.max(0, value - spread)) / pageviews), high: round((1000 * (value + spread)) / pageviews) };
  };
  const z = () => {
    const error = Math.sqrt(before.square / before.pageviews ** 2 + after.square / after.pageviews ** 2);
    return error === 0 ? 0 : (after.value / after.pageviews - before.value / before.pageviews) / error;
  };
  const verdict: ChangeVerdict = !comparable
    ? 'too_short'
    : before.pageviews === 0 || after.pageviews === 0
      ? 'no_data'
      : before.pageviews < MIN_BASE || after.pageviews < MIN_BASE
        ? 'too_short'
        : z() > Z95
          ? 'up'
          : z() < -Z95
            ? 'down'
            : 'within_noise';
  return { before: estimate(before), after: estimate(after), verdict };
}

/** k successes (or events) over a base of n. */
interface Count {
  k: number;
  n: number;
}

function shareFigure(before: Count, after: Count, comparable: boolean): ChangeFigure {
  const estimate = ({ k, n }: Count) => {
    if (n === 0) return null;
    const interval = wilson(k, n);
    return { value: round(100 * interval.rate), low: round(100 * interval.low), high: round(100 * interval.high) };
  };
  return { before: estimate(before), after: estimate(after), verdict: verdictOf(before, after, comparable, shareZ) };
}

/** Per 1,000 pageviews, with the score interval of a Poisson rate (Wilson's construction for counts that may exceed
 * the base): the rates λ with (k − nλ)² ≤ z²·nλ. */
function perThousandFigure(before: Count, after: Count, comparable: boolean): ChangeFigure {
  const estimate = ({ k, n }: Count) => {
    if (n === 0) return null;
    const centre = k + (Z95 * Z95) / 2;
    const spread = Z95 * Math.sqrt(k + (Z95 * Z95) / 4);
    return { value: round((1000 * k) / n), low: round((1000 * Math.max(0, centre - spread)) / n), high: round((1000 * (centre + spread)) / n) };
  };
  return { before: estimate(before), after: estimate(after), verdict: verdictOf(before, after, comparable, rateZ) };
}

function verdictOf(before: Count, after: Count, comparable: boolean, z: (before: Count, after: Count) => number): ChangeVerdict {
  if (!comparable) return 'too_short';
  if (before.n === 0 || after.n === 0) return 'no_data';
  if (before.n < MIN_BASE || after.n < MIN_BASE) return 'too_short';
  const score = z(before, after);
  return score > Z95 ? 'up' : score < -Z95 ? 'down' : 'within_noise';
}

/** Pooled two-proportion z: (after − before) over its standard error under "no difference". */
function shareZ(before: Count, after: Count): number {
  const pooled = (before.k + after.k) / (before.n + after.n);
  const error = Math.sqrt(pooled * (1 - pooled) * (1 / before.n + 1 / after.n));
  return error === 0 ? 0 : (after.k / after.n - before.k / before.n) / error;
}

/** The same for two Poisson rates (events per unit of base): the pooled rate's variance is λ(1/n₁ + 1/n₂). */
function rateZ(before: Count, after: Count): number {
  const pooled = (before.k + after.k) / (before.n + after.n);
  const error = Math.sqrt(pooled * (1 / before.n + 1 / after.n));
  return error === 0 ? 0 : (after.k / after.n - before.k / before.n) / error;
}

const round = (value: number) => Math.round(value * 100) / 100;
