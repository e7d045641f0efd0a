// Ad-layout changes, detected from what the tracker reports on every pageview (pure, no I/O): per page, unit and device,
// the day a unit moved, changed format, appeared or disappeared. A change is a new state that holds for most
// impressions on consecutive days after ones that held the old state; a one-off odd layout (one day, or a minority of
// pageviews) is not one.
//
// The input is one row per unit, page, device and UTC day (changes/read.ts): its impressions, their median top, the
// 40th and 60th percentiles of it (which say whether most impressions are on one side of a line, exactly) and its most
// frequent size with how many impressions had it. No per-impression data is needed, so a website's 90 days are a few
// rows per unit and day.
import { createHash } from 'node:crypto';
import type { ChangeKind, ChangePlace, DeviceType } from '@foldline/contracts';

/** "Most impressions": the share of a day's impressions that must be at a place (or size) for the day to hold it. */
export const HOLD_SHARE = 0.6;
/** Consecutive counted days the new state must hold from the change on, and of the last BEFORE_DAYS counted days
 * before the change, how many must have held the old one. */
export const MIN_HOLD_DAYS = 2;
export const BEFORE_DAYS = 3;
/** A day with fewer impressions of the unit says too little about where it was: it is skipped, neither breaking nor
 * making a run of days (so "consecutive" is counted over the days with this many). */
export const MIN_DAY_IMPRESSIONS = 5;
/** A unit moved when its median top moved more than this, or more than half its height if that is more: less is the
 * spread of one place across readers' screens and fonts. */
export const MIN_MOVE_PX = 100;
/** On phones and tablets the same place's top differs with the screen's width (the text above it wraps into more or
 * fewer lines, 360 to 430 px wide), and a unit's daily median wanders with the day's mix of screens: a move must also
 * be this share of its depth. Seen on the demo's phone anchors: medians flipping by 92–158 px at 1,300 px. */
export const MIN_MOVE_SHARE_NARROW = 0.15;

/** Where the unit rendered (median top, px) and at what size (its most frequent) on a day. */
export type Place = ChangePlace;

/** One unit's impressions on a page, device and UTC day. */
export interface UnitDay {
  /** UTC day number: days since 1970-01-01. */
  day: number;
  impressions: number;
  /** Median top of its impressions, px. */
  y: number;
  /** At least HOLD_SHARE of the day's impressions are at a top ≥ `low`, and at least HOLD_SHARE at a top ≤ `high`. */
  low: number;
  high: number;
  /** The size it rendered at most often that day, and how many impressions had it. */
  width: number;
  height: number;
  sizeImpressions: number;
}

export interface UnitSeries {
  pageId: string;
  adUnitId: string;
  device: DeviceType;
  /** Ascending by day, days without impressions left out. */
  days: readonly UnitDay[];
}

export interface DetectedChange {
  id: string;
  pageId: string;
  adUnitId: string;
  device: DeviceType;
  kind: ChangeKind;
  /** UTC day number of the change: excluded from both windows compared. */
  day: number;
  /** Place on the last day that held the old state (null: the unit was not there), and on the first day of the new. */
  before: Place | null;
  after: Place | null;
}

/**
 * Every change of one unit on one page and device. `pageviews` are the page's pageviews on that device per UTC day
 * number, over the look-back `range` (inclusive day numbers, today last): a unit missing on a day the page was read
 * is gone; missing on a day nobody read the page, it says nothing.
 */
export function detectChanges(series: UnitSeries, pageviews: ReadonlyMap<number, number>, range: { first: number; last: number }): DetectedChange[] {
  const counted = series.days.filter((day) => day.impressions >= MIN_DAY_IMPRESSIONS);
  const found: Array<Omit<DetectedChange, 'id' | 'pageId' | 'adUnitId' | 'device'>> = [];
  for (const t of transitions(counted, placeTrack(series.device))) found.push({ kind: 'moved', day: t.day, before: placeOf(t.from), after: placeOf(t.to) });
  for (const t of transitions(counted, sizeTrack)) found.push({ kind: 'format', day: t.day, before: placeOf(t.from), after: placeOf(t.to) });
  for (const t of transitions(presenceDays(series, pageviews, range), presenceTrack)) {
    const appeared = t.to.unit !== undefined;
    found.push({
      kind: appeared ? 'appeared' : 'disappeared',
      day: t.day,
      before: t.from.unit ? placeOf(t.from.unit) : null,
      after: t.to.unit ? placeOf(t.to.unit) : null,
    });
  }
  return found
    .map((change) => {
      const full = { ...change, pageId: series.pageId, adUnitId: series.adUnitId, device: series.device };
      return { ...full, id: changeId(full) };
    })
    .sort((a, b) => a.day - b.day || a.kind.localeCompare(b.kind));
}

/** The same change always has the same id, whichever request finds it: what a mark (applied, dismissed) or a record
 * of what a change delivered can refer to. */
export function changeId(change: { pageId: string; device: string; adUnitId: string; kind: ChangeKind; day: number }): string {
  const text = [change.pageId, change.device, change.adUnitId, change.kind, dayText(change.day)].join('\n');
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}

export const DAY_MS = 86_400_000;
export const dayNumber = (time: number) => Math.floor(time / DAY_MS);
export const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
export const dayOfText = (text: string) => Math.floor(Date.parse(`${text}T00:00:00Z`) / DAY_MS);

/** What a kind of change follows: a day's state, when two states differ, and whether a day held a state rather than
 * the other one (most of its impressions at it). */
interface Track<D, S> {
  stateOf(day: D): S;
  differs(state: S, established: S): boolean;
  holds(day: D, state: S, other: S): boolean;
}

interface Transition<D> {
  day: number;
  /** The last day before that held the old state, and the first day of the new. */
  from: D;
  to: D;
}

/**
 * The days on which a track changed state: a day whose state differs from the established one, held on it and on the
 * next counted day (else it is a one-off), after at least MIN_HOLD_DAYS of the last BEFORE_DAYS counted days held the
 * established state. When the new state holds but the days before did not hold the old one (the first days seen, a
 * place that drifts), the new state becomes the established one without a change being reported.
 */
function transitions<D extends { day: number }, S>(days: readonly D[], track: Track<D, S>): Transition<D>[] {
  const found: Transition<D>[] = [];
  if (days.length === 0) return found;
  let established = track.stateOf(days[0]!);
  for (let i = 1; i + 1 < days.length; i++) {
    const day = days[i]!;
    const state = track.stateOf(day);
    if (!track.differs(state, established)) continue;
    if (!track.holds(day, state, established) || !track.holds(days[i + 1]!, state, established)) continue;
    // A change made during the day before: that day (the calendar day before) no longer held the old state.
    const previous = days[i - 1]!;
    const during = previous.day === day.day - 1 && !track.holds(previous, established, state);
    const at = during ? i - 1 : i;
    const held = days.slice(Math.max(0, at - BEFORE_DAYS), at).filter((before) => track.holds(before, established, state));
    if (held.length >= MIN_HOLD_DAYS) found.push({ day: days[at]!.day, from: held.at(-1)!, to: day });
    established = state;
  }
  return found;
}

const placeOf = (day: UnitDay): Place => ({ y: day.y, width: day.width, height: day.height });

/** Moves: a day's state is its median top. Most impressions were at a place rather than another when at least
 * HOLD_SHARE of them were on its side of the line halfway between the two: a place is then robust to the spread of
 * tops across screen widths, and a day can hold one place, the other or neither. */
const placeTrack = (device: DeviceType): Track<UnitDay, Place> => ({
  stateOf: placeOf,
  differs: (state, established) =>
    Math.abs(state.y - established.y) > Math.max(MIN_MOVE_PX, established.height / 2, device === 'desktop' ? 0 : MIN_MOVE_SHARE_NARROW * established.y),
  holds: (day, state, other) => {
    const line = (state.y + other.y) / 2;
    return state.y > other.y ? day.low > line : day.high < line;
  },
});

/** Format changes: a day's state is its most frequent size; it held a size when at least HOLD_SHARE of its impressions
 * had it (a size that frequent is necessarily the most frequent one). */
const sizeTrack: Track<UnitDay, Place> = {
  stateOf: placeOf,
  differs: (state, established) => state.width !== established.width || state.height !== established.height,
  holds: (day, state) => day.width === state.width && day.height === state.height && day.sizeImpressions >= HOLD_SHARE * day.impressions,
};

/** A day of a unit's presence: with impressions (its unit day), or read without it. */
interface PresenceDay {
  day: number;
  unit: UnitDay | undefined;
}

const presenceTrack: Track<PresenceDay, boolean> = {
  stateOf: (day) => day.unit !== undefined,
  differs: (state, established) => state !== established,
  holds: (day, state) => (day.unit !== undefined) === state,
};

/**
 * The days that say whether the unit was on the page: every day it had an impression, and every day without one on
 * which, at the rate it renders when it is there (its impressions per pageview of the page on its days), the page's
 * pageviews would have given it MIN_DAY_IMPRESSIONS or more. A day with traffic going to zero says nothing.
 */
function presenceDays(series: UnitSeries, pageviews: ReadonlyMap<number, number>, range: { first: number; last: number }): PresenceDay[] {
  const byDay = new Map(series.days.map((day) => [day.day, day]));
  let impressions = 0;
  let views = 0;
  for (const day of series.days) {
    const count = pageviews.get(day.day) ?? 0;
    if (count === 0) continue;
    impressions += day.impressions;
    views += count;
  }
  const rate = views > 0 ? impressions / views : 0;
  const days: PresenceDay[] = [];
  for (let day = range.first; day <= range.last; day++) {
    const unit = byDay.get(day);
    if (unit || (pageviews.get(day) ?? 0) * rate >= MIN_DAY_IMPRESSIONS) days.push({ day, unit });
  }
  return days;
}
