// Feeds the simulated history into the ingest pipeline a day at a time, many beacons in flight so group commit
// batches them, reporting after each finished day so an interrupted seed can resume there.
import type { CollectPayload } from '@foldline/contracts/collect';
import { historyDays, simulateDay, type HistoryOptions } from '../simulator/history.ts';

export interface AcceptMeta {
  ip: string;
  userAgent: string;
  receivedAt: number;
}

/** The part of the ingest pipeline the seed uses (app.ingest.accept). */
export type Accept = (payload: CollectPayload, meta: AcceptMeta) => Promise<{ outcome: string; stored: number }>;

export interface FeedProgress {
  day: number;
  days: number;
  stored: number;
  beacons: number;
  dropped: number;
}

export interface FeedOptions {
  history: HistoryOptions;
  accept: Accept;
  /** First day to feed (days before it are already stored). */
  fromDay: number;
  onDay: (progress: FeedProgress) => void | Promise<void>;
  /** Called before a day is fed (its index in the history, oldest 0): the days before it are stored. */
  beforeDay?: (index: number) => void | Promise<void>;
  /** Checked between batches: a closing server stops the seed (it resumes on the next start). */
  shouldStop: () => boolean;
  /** Beacons awaiting their group commit at once. */
  inFlight?: number;
}

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function feedHistory(options: FeedOptions): Promise<{ completed: boolean; stored: number; beacons: number }> {
  const days = historyDays(options.history.end, options.history.days);
  const window = options.inFlight ?? 1500;
  let stored = 0;
  let beacons = 0;
  let dropped = 0;
  for (let index = options.fromDay; index < days.length; index++) {
    if (options.shouldStop()) return { completed: false, stored, beacons };
    await yieldToRequests();
    await options.beforeDay?.(index);
    const batch = simulateDay(options.history, days[index] as (typeof days)[number]);
    const pending = new Set<Promise<void>>();
    for (const beacon of batch) {
      const done = options
        .accept(beacon.payload, { ip: beacon.ip, userAgent: beacon.userAgent, receivedAt: beacon.receivedAt })
        .then((result) => {
          stored += result.stored;
          if (result.outcome !== 'stored') dropped += 1;
        })
        .finally(() => pending.delete(done));
      pending.add(done);
      if (pending.size >= window) await Promise.race(pending);
    }
    await Promise.all(pending);
    beacons += batch.length;
    await options.onDay({ day: index + 1, days: days.length, stored, beacons, dropped });
  }
  return { completed: true, stored, beacons };
}

/** A text progress bar for the log: [████████░░░░░░░░░░░░]  40 %. */
export function progressBar(done: number, total: number, width = 20): string {
  const share = total > 0 ? done / total : 1;
  const full = Math.round(share * width);
  return `[${'█'.repeat(full)}${'░'.repeat(width - full)}] ${String(Math.round(share * 100)).padStart(3)} %`;
}
