// Settled days: a day that ended longer ago than a beacon's oldest event (MAX_EVENT_AGE_MS) takes no more events from
// readers, so what is counted of it stays true and can be kept. The recommendations' seen counts
// (recommendations/seen-days.ts) and the ad experience's counts (reports/ad-days.ts) keep theirs.
import { MAX_EVENT_AGE_MS } from '@foldline/contracts';
import type { EventStore } from '@foldline/event-store';
import type { TimeWindow } from './query.ts';

export const DAY_MS = 86_400_000;

/** The whole UTC days of the window that no beacon can reach any more, as day starts [first, end); none when end ≤ first. */
export function settledDays(window: TimeWindow): { first: number; end: number } {
  const first = Math.ceil(window.start.getTime() / DAY_MS) * DAY_MS;
  const end = Math.floor((window.end.getTime() - MAX_EVENT_AGE_MS) / DAY_MS) * DAY_MS;
  return { first, end: Math.max(first, end) };
}

/** A day start as the event store's Date ('YYYY-MM-DD'). */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Deletes these websites' rows from a table of kept days' counts: their past was written (the demo's history). A
 * delete is a mutation that can wait for merges: none while the table holds nothing of theirs (a seed nobody looked at). */
export async function deleteKeptDays(events: EventStore, table: string, websiteIds: readonly string[]): Promise<void> {
  const [row] = await events.query<{ n: number | string }>(`SELECT count() AS n FROM ${table} WHERE website_id IN {websiteIds:Array(UUID)}`, { websiteIds });
  if (Number(row?.n ?? 0) > 0) await events.command(`DELETE FROM ${table} WHERE website_id IN {websiteIds:Array(UUID)}`, { websiteIds });
}
