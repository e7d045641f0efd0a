// Splits a period into what each rollup tier can answer: whole days from a daily rollup, whole hours from an
// hourly one, and the partial hours at the edges from raw rows — periods end "now", almost never on the hour.
import type { TimeWindow } from './query.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface Segments {
  /** Whole UTC days (empty unless a daily tier was asked for). */
  day: TimeWindow[];
  /** Whole hours. */
  hour: TimeWindow[];
  /** Windows shorter than an hour at the edges. */
  raw: TimeWindow[];
}

/**
 * `boundaries` are the ascending instants where the result changes key (period start, comparison split, end):
 * no rollup row may straddle one.
 */
export function splitByTier(boundaries: readonly Date[], withDays: boolean): Segments {
  const segments: Segments = { day: [], hour: [], raw: [] };
  for (let i = 0; i + 1 < boundaries.length; i++) {
    const start = boundaries[i]!.getTime();
    const end = boundaries[i + 1]!.getTime();
    const firstDay = Math.ceil(start / DAY) * DAY;
    const lastDay = Math.floor(end / DAY) * DAY;
    if (withDays && firstDay < lastDay) {
      splitHours(start, firstDay, segments);
      segments.day.push(window(firstDay, lastDay));
      splitHours(lastDay, end, segments);
    } else {
      splitHours(start, end, segments);
    }
  }
  return { day: joinWindows(segments.day), hour: joinWindows(segments.hour), raw: joinWindows(segments.raw) };
}

/** Hours only (the hourly rollups). */
export function splitByHour(boundaries: readonly Date[]): Segments {
  return splitByTier(boundaries, false);
}

function splitHours(start: number, end: number, segments: Segments): void {
  if (start >= end) return;
  const firstHour = Math.ceil(start / HOUR) * HOUR;
  const lastHour = Math.floor(end / HOUR) * HOUR;
  if (firstHour < lastHour) {
    if (start < firstHour) segments.raw.push(window(start, firstHour));
    segments.hour.push(window(firstHour, lastHour));
    if (lastHour < end) segments.raw.push(window(lastHour, end));
  } else {
    segments.raw.push(window(start, end));
  }
}

function window(start: number, end: number): TimeWindow {
  return { start: new Date(start), end: new Date(end) };
}

/** The windows in order of their start, those that touch or overlap made one and empty ones left out, so the SQL
 * carries as few ranges as possible. */
export function joinWindows(windows: readonly TimeWindow[]): TimeWindow[] {
  const merged: TimeWindow[] = [];
  for (const current of [...windows].sort((a, b) => a.start.getTime() - b.start.getTime())) {
    if (current.start >= current.end) continue;
    const last = merged[merged.length - 1];
    if (last && last.end >= current.start) last.end = current.end > last.end ? current.end : last.end;
    else merged.push({ ...current });
  }
  return merged;
}

/** splitByTier without `skip`, the whole days a caller keeps (kept-sums.ts). What is left of a range once its kept days
 * are skipped is a day or two at each end: its hours are one read, so no daily tier then. */
export function splitSkipping(boundaries: readonly Date[], withDays: boolean, skip: TimeWindow | undefined): Segments {
  const segments = splitByTier(boundaries, withDays && !skip);
  if (!skip) return segments;
  return { day: withoutWindow(segments.day, skip), hour: withoutWindow(segments.hour, skip), raw: withoutWindow(segments.raw, skip) };
}

/** `windows` without the part of each inside `skip` (a window around it becomes two). */
export function withoutWindow(windows: readonly TimeWindow[], skip: TimeWindow): TimeWindow[] {
  return windows
    .flatMap((w) => [
      { start: w.start, end: w.end < skip.start ? w.end : skip.start },
      { start: w.start > skip.end ? w.start : skip.end, end: w.end },
    ])
    .filter((w) => w.start < w.end);
}
