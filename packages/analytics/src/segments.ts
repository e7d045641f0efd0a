// Splits a period into the whole hours an hourly rollup can answer and the partial hours at its edges,
// which only the raw rows can: periods end "now", which is almost never on the hour.
import type { TimeWindow } from './query.ts';

const HOUR = 3_600_000;

export interface Segments {
  /** Hour-aligned windows read from a rollup. */
  rollup: TimeWindow[];
  /** Windows shorter than an hour at the edges, read from raw rows. */
  raw: TimeWindow[];
}

/** `boundaries` are the ascending instants where the result changes key (period start, comparison split, end). */
export function splitByHour(boundaries: readonly Date[]): Segments {
  const rollup: TimeWindow[] = [];
  const raw: TimeWindow[] = [];
  for (let i = 0; i + 1 < boundaries.length; i++) {
    const start = boundaries[i]!.getTime();
    const end = boundaries[i + 1]!.getTime();
    const firstHour = Math.ceil(start / HOUR) * HOUR;
    const lastHour = Math.floor(end / HOUR) * HOUR;
    if (firstHour < lastHour) {
      if (start < firstHour) raw.push(window(start, firstHour));
      rollup.push(window(firstHour, lastHour));
      if (lastHour < end) raw.push(window(lastHour, end));
    } else if (start < end) {
      raw.push(window(start, end));
    }
  }
  return { rollup: merge(rollup), raw: merge(raw) };
}

function window(start: number, end: number): TimeWindow {
  return { start: new Date(start), end: new Date(end) };
}

/** Joins windows that touch, so the SQL carries as few ranges as possible. */
function merge(windows: TimeWindow[]): TimeWindow[] {
  const merged: TimeWindow[] = [];
  for (const current of windows) {
    const last = merged[merged.length - 1];
    if (last && last.end.getTime() === current.start.getTime()) last.end = current.end;
    else merged.push({ ...current });
  }
  return merged;
}
