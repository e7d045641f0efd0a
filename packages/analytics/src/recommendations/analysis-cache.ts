// A memory of the recommendations engine's answers per page or website. The evidence is 30 days long, so a
// ten-minute-old answer says the same; without it the dashboard's KPIs, which total the recommendations of every
// website, would rerun the engine on every call (at 100 M events 0.45–0.6 s for a website of 40 pages with the settled
// days' seen counts kept, seen-days.ts; 1.7–2.7 s the very first time). An answer is fresh for as long as the server's
// background advice takes to renew it (a pass every ten minutes, `renewed`), so in a listening server a look never sets
// the engine to work: with a minute, each dashboard look after a quiet minute set every website's analysis going behind
// it, and the dashboard's other calls waited on the engine (10 M events: the KPIs' p95 170–190 ms against a p50 of 55).
// Past that, an answer younger than half an hour is still given at once while a new one is computed behind it for the
// next look (an app without the background: tests, a process that was idle), so a publisher pays the engine's time only
// on a first look. One computation per key runs at a time, however many calls come, and those behind kept answers run
// one after another.
// An answer that waited on renderings still under way is fresh for a minute only (what its message tells the
// publisher: look again in a minute), and forgotten as soon as one of its website's renderings lands (the server's
// advice, forgetAnswer): the next look sees the rendering. Not keeping it at all made every look recompute while a
// website's renderings were pending or kept failing — at 100 M events the dashboard's KPIs took 4–7 s for each look,
// the engine rerun for four websites whose pages could not be rendered.
// An answer is kept with the version of what it was computed on (a website's advice settings and measured values): a
// look with another version never gets it, nor joins its computation, so a settings change takes effect at the next
// look in every process, and values read again by the background advice at the look after.
// Forgetting a key also drops the computation under way, which would otherwise keep an answer from before.
import type { EventStore } from '@foldline/event-store';
import { forgetMeasuredValues } from './measured-values.ts';
import { forgetSeenDays } from './seen-days.ts';

/** How long an answer is fresh: longer than the background advice takes to renew it (apps/server/src/plugins/advice.ts:
 * a pass over every website, then ADVICE_REFRESH_MS, ten minutes, to the next). */
export const ANALYSIS_CACHE_MS = 15 * 60_000;
/** How old a kept answer may be and still be given while a new one is computed. */
export const ANALYSIS_STALE_MS = 30 * 60_000;
/** How long an incomplete answer (renderings under way) is fresh. */
export const INCOMPLETE_CACHE_MS = 60_000;
const MAX_ENTRIES = 500;

interface Entry<T> {
  at: number;
  version: string;
  value: T;
}

interface Computation {
  version: string;
  promise: Promise<unknown>;
}

interface Memory {
  answers: Map<string, Entry<unknown>>;
  computing: Map<string, Computation>;
  /** Keys whose new answer waits its turn behind other refreshes. */
  queued: Set<string>;
  /** The refreshes behind kept answers, one after another: on the embedded engine statements run one at a time, and
   * the dashboard's KPIs refresh every website's answer at once; side by side they would all stand ahead of a call. */
  refreshes: Promise<void>;
}

/** One memory per event store, so two apps in one process (tests) never share answers. */
const memories = new WeakMap<EventStore, Memory>();

/** The store's memory, made on first use. */
function memoryOf(events: EventStore): Memory {
  let memory = memories.get(events);
  if (!memory) memories.set(events, (memory = { answers: new Map(), computing: new Map(), queued: new Set(), refreshes: Promise.resolve() }));
  return memory;
}

export async function remembered<T extends { complete: boolean }>(
  events: EventStore,
  key: string,
  now: number,
  compute: () => Promise<T>,
  version = '',
): Promise<T> {
  const memory = memoryOf(events);
  const found = memory.answers.get(key) as Entry<T> | undefined;
  const kept = found?.version === version ? found : undefined;
  if (kept && now - kept.at < (kept.value.complete ? ANALYSIS_CACHE_MS : INCOMPLETE_CACHE_MS)) return kept.value;
  if (kept && now - kept.at < ANALYSIS_STALE_MS) {
    if (!memory.computing.has(key) && !memory.queued.has(key)) {
      memory.queued.add(key);
      // A failed computation behind a kept answer leaves it be: the next look past ANALYSIS_STALE_MS computes and
      // reports.
      memory.refreshes = memory.refreshes.then(() => {
        memory.queued.delete(key);
        return computeOnce(memory, key, version, now, compute).then(
          () => {},
          () => {},
        );
      });
    }
    return kept.value;
  }
  return computeOnce(memory, key, version, now, compute);
}

/** A new answer for a key, computed now (or the computation of its version already under way) and kept for the looks
 * after it; the looks meanwhile are given the kept answer. The background advice renews every website's this way, so
 * no look waits on it. */
export function renewed<T extends { complete: boolean }>(events: EventStore, key: string, now: number, compute: () => Promise<T>, version = ''): Promise<T> {
  return computeOnce(memoryOf(events), key, version, now, compute);
}

/** The answer kept for a key, of whatever version, if it is not older than ANALYSIS_STALE_MS; never computes. For
 * screens that show what the advice measured beside other figures (top pages' ad density) and must not wait on it. */
export function keptAnswer<T>(events: EventStore, key: string, now: number): T | undefined {
  const entry = memories.get(events)?.answers.get(key) as Entry<T> | undefined;
  return entry && now - entry.at < ANALYSIS_STALE_MS ? entry.value : undefined;
}

/** The computation of key and version under way, or a new one; its answer (complete or not) is kept in the memory it started
 * in, unless the key was forgotten or another version's computation started meanwhile (a memory forgotten meanwhile
 * keeps it nowhere that is read). */
function computeOnce<T extends { complete: boolean }>(memory: Memory, key: string, version: string, now: number, compute: () => Promise<T>): Promise<T> {
  const running = memory.computing.get(key);
  if (running?.version === version) return running.promise as Promise<T>;
  const computation: Computation = { version, promise: Promise.resolve() };
  const current = () => memory.computing.get(key) === computation;
  const promise = compute()
    .then((value) => {
      if (current()) {
        memory.answers.delete(key);
        memory.answers.set(key, { at: now, version, value });
        if (memory.answers.size > MAX_ENTRIES) memory.answers.delete(memory.answers.keys().next().value as string);
      }
      return value;
    })
    .finally(() => current() && memory.computing.delete(key));
  computation.promise = promise;
  memory.computing.set(key, computation);
  return promise;
}

/** Forgets every answer read from this store, and the seen counts and measured values kept for them: its events were
 * deleted (a website's or an account's data cleared) or its past written (the demo's history). */
export function forgetAnalyses(events: EventStore): void {
  memories.delete(events);
  forgetSeenDays(events);
  forgetMeasuredValues(events);
}

/** Forgets one kept answer (a website's, after a new rendering of one of its pages or a change of its settings), and
 * the computation of it under way: the next look computes it afresh. */
export function forgetAnswer(events: EventStore, key: string): void {
  const memory = memories.get(events);
  memory?.answers.delete(key);
  memory?.computing.delete(key);
}
