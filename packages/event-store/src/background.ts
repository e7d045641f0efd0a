// Background work gives way to looks on the embedded engine. chDB runs one statement at a time, in the order they come:
// the advice's pass over every website (some 90 s of statements at 100 M events) queued its statements among the
// dashboard's, and every look during a pass waited for it — the KPIs for all websites took 2.4 s (p50) instead of 55 ms.
// Work marked with inBackground (the pass, counting settled days behind a look) sends its statements one at a time, each
// only when no look's statement is running or was just answered: a look then waits for at most the one background
// statement in flight. A look's statements follow one another within a few ms (GRACE_MS), and a background statement
// sent in such a gap would run before the look's next one. So that looks arriving without pause cannot hold background
// work for ever (a look may itself await it: an analysis the pass is renewing), a statement held MAX_HOLD_MS goes anyway.
// A server (ClickHouse over HTTP) runs statements side by side: no turns there.
import { AsyncLocalStorage } from 'node:async_hooks';

const background = new AsyncLocalStorage<true>();

/** Runs `work` as background work: its statements (and those of everything it starts) give way to looks. */
export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work);
}

/** Whether the caller runs as background work. */
export const isBackground = (): boolean => background.getStore() === true;

/** How long after a look's statement is answered a background one still waits: the look's next statement comes within
 * this (its rows parsed, the next statement built). */
const GRACE_MS = 10;
/** The longest a background statement at the head of the lane waits for the looks to pause. */
export const MAX_HOLD_MS = 1_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Turns on one engine: `take` runs a look's statement at once, and background work's one at a time between looks. */
export function createTurns(now: () => number = () => performance.now()): { take<T>(operation: () => Promise<T>): Promise<T> } {
  let looks = 0;
  let quietSince = -Infinity;
  /** Settles when the background statement last queued has been answered: the next one goes after it. */
  let lane: Promise<void> = Promise.resolve();

  const lookTurn = async <T>(operation: () => Promise<T>): Promise<T> => {
    looks++;
    try {
      return await operation();
    } finally {
      looks--;
      if (looks === 0) quietSince = now();
    }
  };
  const backgroundTurn = async <T>(operation: () => Promise<T>): Promise<T> => {
    const before = lane;
    let answered!: () => void;
    lane = new Promise<void>((resolve) => (answered = resolve));
    try {
      await before;
      const heldSince = now();
      for (;;) {
        const pause = now() - quietSince;
        if (looks === 0 && pause >= GRACE_MS) break;
        const held = now() - heldSince;
        if (held >= MAX_HOLD_MS) break;
        await sleep(Math.min(looks === 0 ? GRACE_MS - pause : GRACE_MS, MAX_HOLD_MS - held));
      }
      return await operation();
    } finally {
      answered();
    }
  };
  return { take: (operation) => (isBackground() ? backgroundTurn(operation) : lookTurn(operation)) };
}
