// What an event store is running, so close() can wait for it: closing chDB's session under a running operation aborts
// the engine, and closing the server client under one fails it.
export interface InFlight {
  /** Runs the operation, remembered until it settles; refused once closing began. */
  track<T>(operation: () => Promise<T>): Promise<T>;
  /** Refuses new operations and waits for the running ones. */
  drain(): Promise<void>;
}

export function createInFlight(): InFlight {
  const running = new Set<Promise<unknown>>();
  let closed = false;
  return {
    track(operation) {
      if (closed) return Promise.reject(new Error('The event store is closed'));
      const promise = operation();
      running.add(promise);
      const forget = () => running.delete(promise);
      promise.then(forget, forget);
      return promise;
    },
    async drain() {
      closed = true;
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
