// The capture queue, shared fairly between accounts: at most N captures at once (Chromium pages are heavy; the server
// has few cores), one run for callers asking for the same key, a user's captures before the server's own, the next
// slot to the account running the fewest (round-robin among equals), a bounded share of waiting captures per account,
// and a time limit per capture. One account asking for many slow pages must not hold everyone else's heatmaps.
import { ScreenshotError } from './errors.ts';

/** `interactive`: someone is looking at a screen that waits for it. `background`: renderings the server takes by
 * itself (the recommendations'); they run only when no interactive capture is waiting. */
export type Priority = 'interactive' | 'background';
const PRIORITIES: readonly Priority[] = ['interactive', 'background'];

export interface Job {
  /** Who asks (a user id, or the website's owner for the server's own work): the unit the queue is fair between. */
  account: string;
  priority?: Priority | undefined;
  /** Names the work in the time limit's message: `<label> could not be captured: …`. */
  label?: string | undefined;
}

export interface QueueLimits {
  /** Captures running at once, every account together. */
  concurrency: number;
  /** Captures one account may have waiting per priority; beyond, a new one is refused (429) while other accounts'
   * are still admitted. Running captures and callers joining a run under way are not counted. */
  waitingPerAccount: number;
  /** Captures waiting in all (a bound on memory); beyond, every new one is refused (503). */
  waitingInAll: number;
  /** How long a capture may hold its slot: past it, its callers get a 502 and the slot goes to the next capture. */
  timeLimitMs: number;
}

export interface WorkQueue {
  run<T>(key: string, job: Job, task: () => Promise<T>): Promise<T>;
  /** Whether a run of this key is under way or waiting (a new caller would join it). */
  has(key: string): boolean;
  /** Runs under way or waiting. */
  readonly size: number;
}

interface Entry {
  key: string;
  account: string;
  priority: Priority;
  start: () => void;
}

export function tooManyWaitingMessage(waiting: number): string {
  return `Your account already has ${waiting} screenshots waiting to be taken. Please try again in a minute, once they are done.`;
}
export const QUEUE_FULL_MESSAGE = 'Too many screenshots are being taken right now. Please try again in a minute.';

export function createWorkQueue(limits: QueueLimits): WorkQueue {
  const inFlight = new Map<string, { result: Promise<unknown>; entry: Entry }>();
  /** Per account in order of arrival (an account leaves when it has nothing waiting), its waiting entries per priority. */
  const waiting = new Map<string, Record<Priority, Entry[]>>();
  const running = new Map<string, number>();
  /** When each account last got a slot (a counter): among accounts running as many, the one served longest ago goes. */
  const servedAt = new Map<string, number>();
  let turn = 0;
  let runningInAll = 0;
  let waitingInAll = 0;

  const runningOf = (account: string) => running.get(account) ?? 0;
  const waitingOf = (account: string, priority: Priority) => waiting.get(account)?.[priority].length ?? 0;

  /** Interactive first; within a priority, the account running the fewest captures, then the one served longest ago. */
  function takeNext(): Entry | undefined {
    for (const priority of PRIORITIES) {
      let chosen: string | undefined;
      for (const [account, queues] of waiting) {
        if (queues[priority].length === 0) continue;
        if (chosen === undefined) chosen = account;
        else {
          const fewer = runningOf(account) - runningOf(chosen);
          if (fewer < 0 || (fewer === 0 && (servedAt.get(account) ?? -1) < (servedAt.get(chosen) ?? -1))) chosen = account;
        }
      }
      if (chosen === undefined) continue;
      const queues = waiting.get(chosen)!;
      const entry = queues[priority].shift()!;
      waitingInAll -= 1;
      if (queues.interactive.length === 0 && queues.background.length === 0) waiting.delete(chosen);
      return entry;
    }
    return undefined;
  }

  function pump(): void {
    while (runningInAll < limits.concurrency) {
      const entry = takeNext();
      if (!entry) return;
      runningInAll += 1;
      running.set(entry.account, runningOf(entry.account) + 1);
      servedAt.set(entry.account, ++turn);
      entry.start();
    }
  }

  function release(account: string): void {
    runningInAll -= 1;
    const left = runningOf(account) - 1;
    if (left > 0) running.set(account, left);
    else {
      running.delete(account);
      // An account with nothing running or waiting is forgotten; one still waiting keeps its place in the rotation.
      if (!waiting.has(account)) servedAt.delete(account);
    }
    pump();
  }

  function enqueue(entry: Entry): void {
    let queues = waiting.get(entry.account);
    if (!queues) waiting.set(entry.account, (queues = { interactive: [], background: [] }));
    queues[entry.priority].push(entry);
    waitingInAll += 1;
  }

  /** Someone now looks at a screen waiting for a background capture: it moves to the interactive captures' end. */
  function promote(entry: Entry): void {
    const queues = waiting.get(entry.account);
    const index = queues?.background.indexOf(entry) ?? -1;
    if (!queues || index < 0) return;
    queues.background.splice(index, 1);
    entry.priority = 'interactive';
    queues.interactive.push(entry);
  }

  return {
    get size() {
      return inFlight.size;
    },
    has: (key) => inFlight.has(key),
    run<T>(key: string, job: Job, task: () => Promise<T>): Promise<T> {
      const priority = job.priority ?? 'interactive';
      const existing = inFlight.get(key);
      if (existing) {
        if (priority === 'interactive') promote(existing.entry);
        return existing.result as Promise<T>;
      }
      // Every slot busy (else nothing would be waiting): a new capture would wait too.
      const waits = runningInAll >= limits.concurrency;
      if (waits && waitingOf(job.account, priority) >= limits.waitingPerAccount) {
        return Promise.reject(new ScreenshotError(429, tooManyWaitingMessage(waitingOf(job.account, priority))));
      }
      if (waits && waitingInAll >= limits.waitingInAll) return Promise.reject(new ScreenshotError(503, QUEUE_FULL_MESSAGE));

      const entry: Entry = { key, account: job.account, priority, start: () => undefined };
      const result = new Promise<T>((resolve, reject) => {
        entry.start = () => {
          let done = false;
          const finish = () => {
            if (done) return false;
            done = true;
            clearTimeout(timer);
            release(entry.account);
            return true;
          };
          // A capture past its limit (a launch or a page that never ends) gives its slot up; its own cleanup goes on.
          const timer = setTimeout(() => {
            const seconds = Math.round(limits.timeLimitMs / 1000);
            if (finish()) reject(new ScreenshotError(502, `${job.label ?? 'The page'} could not be captured: it did not finish within ${seconds} s.`));
          }, limits.timeLimitMs);
          let work: Promise<T>;
          try {
            work = task();
          } catch (error) {
            work = Promise.reject(error);
          }
          work.then(
            (value) => finish() && resolve(value),
            (error: unknown) => finish() && reject(error),
          );
        };
      });
      inFlight.set(key, { result, entry });
      const forget = () => {
        if (inFlight.get(key)?.result === result) inFlight.delete(key);
      };
      result.then(forget, forget);
      enqueue(entry);
      pump();
      return result;
    },
  };
}
