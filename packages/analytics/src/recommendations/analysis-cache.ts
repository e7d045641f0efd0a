// A short-lived memory of the recommendations engine's answers per page or website. The evidence is 30 days long, so
// a minute-old answer says the same; without it the dashboard's KPIs, which total the recommendations of every
// website, would rerun the engine on every call (0.4–0.7 s at 10 M events). An answer that waited on renderings still
// under way is not kept: the next look should see them.
import type { EventStore } from '@foldline/event-store';

export const ANALYSIS_CACHE_MS = 60_000;
const MAX_ENTRIES = 500;

interface Entry<T> {
  at: number;
  value: T;
}

/** One memory per event store, so two apps in one process (tests) never share answers. */
const memories = new WeakMap<EventStore, Map<string, Entry<unknown>>>();

export async function remembered<T extends { complete: boolean }>(events: EventStore, key: string, now: number, compute: () => Promise<T>): Promise<T> {
  let memory = memories.get(events);
  if (!memory) memories.set(events, (memory = new Map()));
  const kept = memory.get(key) as Entry<T> | undefined;
  if (kept && now - kept.at < ANALYSIS_CACHE_MS) return kept.value;
  const value = await compute();
  if (value.complete) {
    memory.delete(key);
    memory.set(key, { at: now, value });
    if (memory.size > MAX_ENTRIES) memory.delete(memory.keys().next().value as string);
  }
  return value;
}

/** Forgets every answer read from this store: its events were deleted (a website's or an account's data cleared). */
export function forgetAnalyses(events: EventStore): void {
  memories.delete(events);
}
