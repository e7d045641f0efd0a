// Group commit: accepted rows wait in one batch per table; a batch is written every few hundred milliseconds or
// once it holds enough rows, and every caller whose rows are in it is answered only after it was written.
import type { EventStore } from '@foldline/event-store';

export interface WriteBufferOptions {
  /** The longest a row waits before its batch is written, ms (≤ 250). */
  maxDelayMs?: number;
  /** A batch is written at once when it holds this many rows. */
  maxRows?: number;
}

export type Rows = Record<string, Record<string, unknown>[]>;

interface Batch {
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
  return { tables: new Map(), rows: 0, written, resolve, reject };
}

export function createWriteBuffer(store: EventStore, options: WriteBufferOptions = {}): WriteBuffer {
  const maxDelayMs = options.maxDelayMs ?? 200;
  const maxRows = options.maxRows ?? 10_000;
  let current = newBatch();
  let timer: NodeJS.Timeout | undefined;
  // Batches are written one after another, in the order they were closed.
  let writing: Promise<void> = Promise.resolve();
  const stats: WriteBufferStats = { flushes: 0, rowsWritten: {}, pendingRows: 0, failedFlushes: 0 };

  function close(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = current;
    current = newBatch();
    if (batch.rows === 0) {
      batch.resolve();
      return writing;
    }
    writing = writing.then(async () => {
      try {
        for (const [table, rows] of batch.tables) await store.insert(table, rows);
        stats.flushes += 1;
        for (const [table, rows] of batch.tables) stats.rowsWritten[table] = (stats.rowsWritten[table] ?? 0) + rows.length;
        batch.resolve();
      } catch (error) {
        stats.failedFlushes += 1;
        batch.reject(error);
      } finally {
        stats.pendingRows -= batch.rows;
      }
    });
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
      else if (!timer) timer = setTimeout(() => void close(), maxDelayMs);
      return batch.written;
    },
    async flush() {
      await close();
      await writing;
    },
    stats: () => ({ ...stats, rowsWritten: { ...stats.rowsWritten } }),
  };
}
