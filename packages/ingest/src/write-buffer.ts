// Group commit: accepted rows wait in one batch per table; every caller whose rows are in a batch is answered
// only after the batch was written. A batch is written as soon as the previous write finished (after a short
// gathering delay when the store is idle), or at once when it holds enough rows; under load batches grow by
// themselves while a write runs, so throughput rises without more inserts per second.
// A table's insert that fails is tried again a few times under the same deduplication token, so whatever the failed
// attempt wrote (a part of it, or all of it before the answer was lost) is not written twice.
import { randomUUID } from 'node:crypto';
import type { EventStore } from '@foldline/event-store';

export interface WriteBufferOptions {
  /** How long rows are gathered before a write when the store is idle, ms. Batches otherwise wait at most
   * for the write ahead of them (the collector's bound of 250 ms holds while a write takes less). */
  gatherMs?: number;
  /** A batch is written at once when it holds this many rows. */
  maxRows?: number;
  /** Waits before each further attempt of a table's failed insert, ms; the batch fails after the last. */
  retryDelaysMs?: readonly number[];
  /** Rows computed from a whole batch and written with it (the page counts the rollups are built from); they do
   * not count towards maxRows. */
  derive?: (tables: Readonly<Record<string, ReadonlyArray<Record<string, unknown>>>>) => Rows;
}

export type Rows = Record<string, Record<string, unknown>[]>;

interface Batch {
  /** Names the batch's inserts for deduplication: `${id}:${table}`. */
  id: string;
  tables: Map<string, Record<string, unknown>[]>;
  rows: number;
  written: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

export interface WriteBufferStats {
  flushes: number;
  rowsWritten: Record<string, number>;
  pendingRows: number;
  failedFlushes: number;
  /** Table inserts tried again after a failure. */
  retriedInserts: number;
}

export interface WriteBuffer {
  /** Adds rows (table → rows) and resolves once the batch holding them is in the event store. */
  add(rows: Rows): Promise<void>;
  /** Writes whatever waits now and resolves when everything added before the call is written. */
  flush(): Promise<void>;
  stats(): WriteBufferStats;
}

function newBatch(): Batch {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const written = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Nobody may be waiting (e.g. an empty flush); an unobserved rejection must not crash the process.
  written.catch(() => {});
  return { id: randomUUID(), tables: new Map(), rows: 0, written, resolve, reject };
}

export function createWriteBuffer(store: EventStore, options: WriteBufferOptions = {}): WriteBuffer {
  const gatherMs = options.gatherMs ?? 50;
  const maxRows = options.maxRows ?? 10_000;
  const retryDelaysMs = options.retryDelaysMs ?? [50, 250];
  let current = newBatch();
  let timer: NodeJS.Timeout | undefined;
  /** Batches closed and not yet written (the one being written included). */
  let inFlight = 0;
  // Batches are written one after another, in the order they were closed.
  let writing: Promise<void> = Promise.resolve();
  const stats: WriteBufferStats = { flushes: 0, rowsWritten: {}, pendingRows: 0, failedFlushes: 0, retriedInserts: 0 };

  async function insertOnce(batch: Batch, table: string, rows: Record<string, unknown>[]): Promise<void> {
    const deduplicationToken = `${batch.id}:${table}`;
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await store.insert(table, rows, { deduplicationToken });
      } catch (error) {
        if (attempt >= retryDelaysMs.length) throw error;
        stats.retriedInserts += 1;
        await new Promise((resolve) => setTimeout(resolve, retryDelaysMs[attempt]));
      }
    }
  }

  async function write(batch: Batch): Promise<void> {
    try {
      const tables = Object.fromEntries(batch.tables);
      const written = Object.entries({ ...tables, ...options.derive?.(tables) });
      // One insert per table, side by side: the engine takes them in parallel.
      await Promise.all(written.map(([table, rows]) => insertOnce(batch, table, rows)));
      stats.flushes += 1;
      for (const [table, rows] of written) stats.rowsWritten[table] = (stats.rowsWritten[table] ?? 0) + rows.length;
      batch.resolve();
    } catch (error) {
      stats.failedFlushes += 1;
      batch.reject(error);
    } finally {
      stats.pendingRows -= batch.rows;
      inFlight -= 1;
      // What gathered during this write goes next, without waiting for a timer.
      if (inFlight === 0 && current.rows > 0) close();
    }
  }

  function close(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = current;
    current = newBatch();
    if (batch.rows === 0) {
      batch.resolve();
      return writing;
    }
    inFlight += 1;
    writing = writing.then(() => write(batch));
    return batch.written;
  }

  return {
    add(rows) {
      const batch = current;
      for (const [table, tableRows] of Object.entries(rows)) {
        if (tableRows.length === 0) continue;
        const list = batch.tables.get(table);
        if (list) for (const row of tableRows) list.push(row);
        else batch.tables.set(table, [...tableRows]);
        batch.rows += tableRows.length;
        stats.pendingRows += tableRows.length;
      }
      if (batch.rows === 0) return Promise.resolve();
      if (batch.rows >= maxRows) void close();
      else if (!timer && inFlight === 0) timer = setTimeout(() => void close(), gatherMs);
      return batch.written;
    },
    async flush() {
      await close();
      await writing;
    },
    stats: () => ({ ...stats, rowsWritten: { ...stats.rowsWritten } }),
  };
}
