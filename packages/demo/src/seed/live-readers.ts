// Simulated readers arriving in real time while the server runs with the demo on, so the demo does not go quiet once
// its history is seeded: 'visitors now' and the last 24 hours keep filling. A visit is made by the same simulator as
// the history (a session of pageviews from a start time) and its beacons go through the same ingest pipeline with the
// demo website's tracking code; each beacon is sent once its simulated time has come, so no event lies in the future.
import { drawVisitor } from '../simulator/audience.ts';
import { simulateSession } from '../simulator/history.ts';
import type { SimulatedBeacon } from '../simulator/pageview.ts';
import { createRng, type Rng } from '../simulator/prng.ts';
import type { Accept } from './feed.ts';

/** A few visits a minute, day and night: enough to keep 'visitors now' above zero, cheap enough to go unnoticed. */
export const LIVE_VISITS_PER_MINUTE = 3;
/** One wake-up every 20 s: it starts the visits of the time since the last one and sends the beacons now due. */
export const LIVE_INTERVAL_MS = 20_000;
/** The most time one wake-up makes visits for: the readers already on the site when the feed starts (the realtime
 * window), and no flood of visits after the process was suspended or the event loop held. */
export const MAX_CATCH_UP_MS = 5 * 60_000;

export interface LiveReadersOptions {
  /** The demo website's tracking code. */
  site: string;
  /** Origin the pages are served from, e.g. http://news.localhost:3000. */
  origin: string;
  accept: Accept;
  /** Visits starting per minute, on average. */
  visitsPerMinute?: number;
  intervalMs?: number;
  /** Visits start from this time on (ms since epoch; at most MAX_CATCH_UP_MS back): readers who arrived before the
   * feed did, such as after the seeded history's end. Now by default. */
  since?: number;
  /** Names the random stream (the time the feed starts is added, so each run has its own readers). */
  seed?: string;
  now?: () => number;
  /** A beacon the pipeline failed on: reported, and the feed goes on. */
  onError?: (error: unknown) => void;
}

export interface LiveReaders {
  /** Starts the visits of the time since the last call and sends the beacons due by `at`. The timer calls it. */
  tick(at: number): void;
  /** Stops: no visit starts and no beacon is sent after it; the beacons in flight are awaited, and those not yet due
   * are dropped (their readers leave with the server). */
  stop(): Promise<void>;
  /** Visits started and beacons sent so far. */
  stats(): { visits: number; beacons: number };
}

/** How many visits start in a span whose expected number is `mean`: Poisson, by Knuth's method for the small means of
 * a wake-up, by its normal approximation for large ones (Knuth's product underflows long before e^-mean). */
function visitsIn(rng: Rng, mean: number): number {
  if (mean > 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * rng.normal()));
  const limit = Math.exp(-mean);
  let count = 0;
  let product = rng.next();
  while (product > limit) {
    count += 1;
    product *= rng.next();
  }
  return count;
}

/** The feed without its timer: tick() is called with the time (tests drive it with their own clock). */
export function createLiveReaders(options: LiveReadersOptions): LiveReaders {
  const now = options.now ?? Date.now;
  const startedAt = now();
  const rng = createRng(`${options.seed ?? 'live'}:${startedAt}`);
  const perMs = (options.visitsPerMinute ?? LIVE_VISITS_PER_MINUTE) / 60_000;
  let last = Math.max(Math.min(options.since ?? startedAt, startedAt), startedAt - MAX_CATCH_UP_MS);
  /** Beacons of visits under way, by the time they are sent. */
  let due: SimulatedBeacon[] = [];
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let visits = 0;
  let beacons = 0;

  function startVisits(from: number, to: number): void {
    const count = visitsIn(rng, (to - from) * perMs);
    for (let i = 0; i < count; i++) {
      const visitRng = rng.fork();
      const start = Math.round(from + visitRng.next() * (to - from));
      // No deadline: a live visit lasts as long as its reader reads.
      const session = simulateSession({ rng: visitRng, site: options.site, origin: options.origin, visitor: drawVisitor(visitRng), start, deadline: Infinity });
      due.push(...session);
      visits += 1;
    }
    due.sort((a, b) => a.receivedAt - b.receivedAt);
  }

  function send(beacon: SimulatedBeacon): void {
    const sent = options
      .accept(beacon.payload, { ip: beacon.ip, userAgent: beacon.userAgent, receivedAt: beacon.receivedAt })
      .then(
        () => undefined,
        (error: unknown) => options.onError?.(error),
      )
      .finally(() => inFlight.delete(sent));
    inFlight.add(sent);
    beacons += 1;
  }

  return {
    tick(at) {
      if (stopped) return;
      const from = Math.max(last, at - MAX_CATCH_UP_MS);
      if (at > from) startVisits(from, at);
      last = Math.max(last, at);
      // A beacon waits for the wake-up after its time (at most one interval): its events keep their simulated times.
      const ready = due.findIndex((beacon) => beacon.receivedAt > at);
      const batch = ready === -1 ? due : due.slice(0, ready);
      due = ready === -1 ? [] : due.slice(ready);
      for (const beacon of batch) send(beacon);
    },
    async stop() {
      stopped = true;
      due = [];
      await Promise.all(inFlight);
    },
    stats: () => ({ visits, beacons }),
  };
}

/** Starts the feed: a first tick at once (the readers since `since`), then one every interval until stop(). */
export function startLiveReaders(options: LiveReadersOptions): LiveReaders {
  const now = options.now ?? Date.now;
  const readers = createLiveReaders(options);
  readers.tick(now());
  const timer = setInterval(() => readers.tick(now()), options.intervalMs ?? LIVE_INTERVAL_MS);
  // The feed never keeps a process alive on its own.
  timer.unref();
  return {
    tick: readers.tick,
    async stop() {
      clearInterval(timer);
      await readers.stop();
    },
    stats: readers.stats,
  };
}
