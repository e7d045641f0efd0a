// Runs at most N captures at once (Chromium pages are heavy; the server has few cores) and lets callers asking for
// the same thing while it is under way share one run.
export interface WorkQueue {
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
  /** Whether a run of this key is under way or waiting (a new caller would join it). */
  has(key: string): boolean;
  /** Runs under way or waiting. */
  readonly size: number;
}

export function createWorkQueue(concurrency: number): WorkQueue {
  const inFlight = new Map<string, Promise<unknown>>();
  const waiting: Array<() => void> = [];
  let running = 0;

  const acquire = (): Promise<void> => {
    if (running < concurrency) {
      running += 1;
      return Promise.resolve();
    }
    // The slot passes straight from the finishing task to the next one, so `running` stays as it is.
    return new Promise((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };

  return {
    get size() {
      return inFlight.size;
    },
    has: (key) => inFlight.has(key),
    run<T>(key: string, task: () => Promise<T>): Promise<T> {
      const existing = inFlight.get(key);
      if (existing) return existing as Promise<T>;
      const result = (async () => {
        await acquire();
        try {
          return await task();
        } finally {
          release();
        }
      })();
      inFlight.set(key, result);
      const forget = () => {
        if (inFlight.get(key) === result) inFlight.delete(key);
      };
      result.then(forget, forget);
      return result;
    },
  };
}
