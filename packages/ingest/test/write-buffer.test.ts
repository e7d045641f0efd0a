// The group-commit buffer against the real embedded event store: callers are answered only once their rows
// can be read back, concurrent callers share writes, and a failed write fails every caller of its batch.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openEventStore, PAGE_COUNTS_TABLE, pageCountsOf, toEventTime, type EventStore } from '@foldline/event-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWriteBuffer } from '../src/write-buffer.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'foldline-buffer-'));
let store: EventStore;
beforeAll(async () => {
  store = await openEventStore({ dataDir });
});
afterAll(async () => {
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const websiteId = '00000000-0000-4000-8000-000000000001';
const span = (n: number) => ({
  website_id: websiteId,
  ts: toEventTime(Date.now()),
  page_id: crypto.randomUUID(),
  pageview_id: crypto.randomUUID(),
  session_id: crypto.randomUUID(),
  device: 'desktop',
  scroll_y: n,
  viewport_h: 800,
  doc_h: 4000,
  duration_ms: 1000,
});
const storedSpans = async () =>
  Number((await store.query<{ n: string }>('SELECT count() AS n FROM foldline.viewport_spans WHERE website_id = {id:UUID}', { id: websiteId }))[0]!.n);

describe('write buffer', () => {
  it('answers each caller only after its rows are readable, sharing writes between concurrent callers', async () => {
    const buffer = createWriteBuffer(store, { gatherMs: 20 });
    const before = await storedSpans();
    const callers = Array.from({ length: 200 }, (_, n) =>
      buffer.add({ 'foldline.viewport_spans': [span(n)] }).then(() => storedSpans()),
    );
    const seen = await Promise.all(callers);
    // Every caller saw at least its own row (and all rows of its batch) already stored.
    seen.forEach((count, n) => expect(count, `caller ${n}`).toBeGreaterThanOrEqual(before + n + 1));
    expect(await storedSpans()).toBe(before + 200);
    expect(buffer.stats().flushes).toBeLessThan(200);
    expect(buffer.stats().pendingRows).toBe(0);
  });

  it('writes at once when a batch reaches its row limit, and flush() writes what waits', async () => {
    const buffer = createWriteBuffer(store, { gatherMs: 60_000, maxRows: 50 });
    const before = await storedSpans();
    await buffer.add({ 'foldline.viewport_spans': Array.from({ length: 50 }, (_, n) => span(n)) });
    expect(await storedSpans()).toBe(before + 50);
    const waiting = buffer.add({ 'foldline.viewport_spans': [span(1)] });
    await buffer.flush();
    await waiting;
    expect(await storedSpans()).toBe(before + 51);
  });

  it('fails every caller of a batch whose write failed, and keeps working afterwards', async () => {
    const buffer = createWriteBuffer(store, { gatherMs: 10 });
    const good = span(1);
    const failing = [buffer.add({ 'foldline.no_such_table': [{ x: 1 }] }), buffer.add({ 'foldline.viewport_spans': [good] })];
    const results = await Promise.allSettled(failing);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(buffer.stats().failedFlushes).toBe(1);
    await expect(buffer.add({ 'foldline.viewport_spans': [span(2)] })).resolves.toBeUndefined();
  });

  it('tries a failed insert again under the same token: rows an attempt wrote before failing are not written twice', async () => {
    let failures = 1;
    // The first attempt stores the rows, then fails as if its answer were lost.
    const flaky: EventStore = {
      ...store,
      insert: async (table, rows, options) => {
        await store.insert(table, rows, options);
        if (failures-- > 0) throw new Error('connection reset');
      },
    };
    const buffer = createWriteBuffer(flaky, { gatherMs: 5, retryDelaysMs: [1] });
    const before = await storedSpans();
    await buffer.add({ 'foldline.viewport_spans': [span(1), span(2)] });
    expect(await storedSpans()).toBe(before + 2);
    expect(buffer.stats()).toMatchObject({ retriedInserts: 1, failedFlushes: 0 });
  });

  it('writes the rows derived from a whole batch with it, without counting them towards the row limit', async () => {
    const derived: number[] = [];
    const buffer = createWriteBuffer(store, {
      gatherMs: 60_000,
      maxRows: 3,
      derive: (tables) => {
        derived.push(Object.values(tables).reduce((sum, rows) => sum + rows.length, 0));
        return { [PAGE_COUNTS_TABLE]: pageCountsOf(tables) };
      },
    });
    const pageId = crypto.randomUUID();
    const ts = toEventTime(Date.now());
    const rows = [0, 1].map((n) => ({ ...span(n), page_id: pageId, ts }));
    const first = buffer.add({ 'foldline.viewport_spans': rows });
    // Two rows wait: the derived page counts did not make it three.
    expect(buffer.stats().pendingRows).toBe(2);
    await buffer.add({ 'foldline.viewport_spans': [{ ...span(2), page_id: pageId, ts }] });
    await first;
    expect(derived).toEqual([3]);
    const [counts] = await store.query<{ events: number; pageviews: number }>(
      'SELECT sum(events) AS events, sum(pageviews) AS pageviews FROM foldline.page_events_log WHERE page_id = {pageId:UUID}',
      { pageId },
    );
    expect(counts && { events: Number(counts.events), pageviews: Number(counts.pageviews) }).toEqual({ events: 3, pageviews: 0 });
  });
});
