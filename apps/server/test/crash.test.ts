// Durability: under load, SIGKILL the server; after a restart on the same data directory every beacon that was
// acknowledged with a 2xx is in the event store (group commit answers only after the write), and none twice.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openEventStore } from '@foldline/event-store';
import { afterAll, describe, expect, it } from 'vitest';
import { copyMigratedStore } from '../../../packages/event-store/test/support/migrated-store.ts';
import { loadBeacon, postBeacon, seedWebsite, senderAddress, startServerProcess } from './collect-load.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'foldline-crash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('collector crash', () => {
  it('keeps every acknowledged event across a SIGKILL', async () => {
    // On a migrated event store, as the suites' apps start (migrated-store.ts): the kill is tested here, not migrations.
    await copyMigratedStore(path.join(dataDir, 'events'));
    const first = await startServerProcess(dataDir);
    const { trackingCode, websiteId } = await seedWebsite(dataDir);

    const acknowledged: string[] = [];
    let sent = 0;
    let killed = false;
    const EVENTS_PER_BEACON = 5;
    // 32 senders keep the collector busy; it is killed once a few hundred beacons were acknowledged, mid-stream.
    const sender = async (id: number) => {
      while (!killed) {
        const { pv, body } = loadBeacon(trackingCode, EVENTS_PER_BEACON, sent);
        sent += 1;
        const { status } = await postBeacon(first.port, body, senderAddress(id));
        if (status >= 200 && status < 300) acknowledged.push(pv);
        if (acknowledged.length >= 600 && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
        if (status === 0) return;
      }
    };
    await Promise.all(Array.from({ length: 32 }, (_, id) => sender(id)));
    expect(await first.exited).toBe('SIGKILL');
    expect(sent).toBeGreaterThan(acknowledged.length);

    // The restarted server opens the same data directory and takes beacons again.
    const second = await startServerProcess(dataDir);
    const after = loadBeacon(trackingCode, EVENTS_PER_BEACON, 0);
    expect((await postBeacon(second.port, after.body, senderAddress(0))).status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const events = await openEventStore({ dataDir });
    try {
      const rows = await events.query<{ pv: string }>(
        'SELECT DISTINCT toString(pageview_id) AS pv FROM foldline.pageviews WHERE website_id = {websiteId:UUID}',
        { websiteId },
      );
      const stored = new Set(rows.map((row) => row.pv));
      const lost = [...acknowledged, after.pv].filter((pv) => !stored.has(pv));
      expect(lost).toEqual([]);
      // Nothing twice: one pageview row per pageview.
      const [counts] = await events.query<{ rows: string; distinct: string }>(
        'SELECT count() AS rows, uniqExact(pageview_id) AS distinct FROM foldline.pageviews WHERE website_id = {websiteId:UUID}',
        { websiteId },
      );
      expect(Number(counts!.rows)).toBe(Number(counts!.distinct));
      const [perTable] = await events.query<{ spans: number; clicks: number }>(
        'SELECT (SELECT count() FROM foldline.viewport_spans WHERE pageview_id IN {ids:Array(UUID)}) AS spans, (SELECT count() FROM foldline.clicks WHERE pageview_id IN {ids:Array(UUID)}) AS clicks',
        { ids: acknowledged },
      );
      // Each beacon carries 2 spans and 1 click besides its pageview and engagement.
      expect(Number(perTable!.spans)).toBeGreaterThanOrEqual(acknowledged.length * 2);
      expect(Number(perTable!.clicks)).toBeGreaterThanOrEqual(acknowledged.length);
    } finally {
      await events.close();
    }
  }, 120_000);
});
