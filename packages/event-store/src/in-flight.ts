// What an event store is running, so close() can wait for it: closing chDB's session under a running operation aborts
// the engine, and closing the server client under one fails it.
export interface InFlight {
  /** Runs the operation, remembered until it settles; refused once closing began. */
  track<T>(operation: () => Promise<T>): Promise<T>;
  /** Refuses new operations and waits for the running ones. */
  drain(): Promise<void>;
  /** Whether the latest operation to settle succeeded, within the last `ms`. */
  answeredWithin(ms: number): boolean;
}

export function createInFlight(): InFlight {
  const running = new Set<Promise<unknown>>();
  let closed = false;
  let last: { at: number; ok: boolean } | undefined;
  return {
    track(operation) {
      if (closed) return Promise.reject(new Error('The event store is closed'));
      const promise = operation();
      running.add(promise);
      const settled = (ok: boolean) => () => {
        running.delete(promise);
        last = { at: Date.now(), ok };
      };
      promise.then(settled(true), settled(false));
      return promise;
    },
    answeredWithin(ms) {
      return last !== undefined && last.ok && Date.now() - last.at <= ms;
    },
    async drain() {
      closed = true;
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
