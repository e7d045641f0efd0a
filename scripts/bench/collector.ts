// npm run bench collector: the tracker's gzipped size, then the collector's sustained events/s and p99 latency of
// POST /api/collect on this machine (a real server process on loopback), and events acknowledged versus stored.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EVENT_TABLES, openEventStore } from '@foldline/event-store';
import { buildTracker, gzippedSize, TRACKER_GZIP_BUDGET } from '@foldline/tracker/build';
import { loadBeacon, postBeacon, seedWebsite, senderAddress, startServerProcess } from '../../apps/server/test/collect-load.ts';

const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 10) * 1000;
const MAX_BEACONS = 40_000;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 128);
const EVENTS_PER_BEACON = Number(process.env.BENCH_EVENTS ?? 20);

const tracker = await buildTracker();
console.log(`tracker: ${tracker.length} bytes minified, ${gzippedSize(tracker)} bytes gzipped (budget ${TRACKER_GZIP_BUDGET})`);

const dataDir = mkdtempSync(path.join(tmpdir(), 'foldline-bench-'));
try {
  const server = await startServerProcess(dataDir);
  const { trackingCode, websiteId } = await seedWebsite(dataDir);
  console.log(`collector: ${CONCURRENCY} concurrent senders, ${EVENTS_PER_BEACON} events per beacon, ${DURATION_MS / 1000} s on 127.0.0.1:${server.port}`);

  // Warm-up: the page and website caches fill, the JIT settles.
  await Promise.all(Array.from({ length: 200 }, (_, n) => postBeacon(server.port, loadBeacon(trackingCode, EVENTS_PER_BEACON, n).body, senderAddress(n))));

  // Bodies are made before the clock starts: the sender shares the machine's cores with the collector.
  const bodies = Array.from({ length: MAX_BEACONS }, (_, n) => loadBeacon(trackingCode, EVENTS_PER_BEACON, n).body);
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let sent = 0;
  let acknowledgedEvents = 0;
  const started = performance.now();
  const deadline = started + DURATION_MS;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, id) => {
      while (performance.now() < deadline && sent < MAX_BEACONS) {
        const body = bodies[sent]!;
        sent += 1;
        const { status, ms } = await postBeacon(server.port, body, senderAddress(id));
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status === 200) {
          acknowledgedEvents += EVENTS_PER_BEACON;
          latencies.push(ms);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  server.child.kill('SIGTERM');
  await server.exited;

  latencies.sort((a, b) => a - b);
  const quantile = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const events = await openEventStore({ dataDir });
  const [row] = await events.query<{ n: number | string }>(
    `SELECT ${EVENT_TABLES.map((table) => `(SELECT count() FROM foldline.${table} WHERE website_id = {websiteId:UUID})`).join(' + ')} AS n`,
    { websiteId },
  );
  await events.close();
  // The warm-up's 200 beacons are stored too.
  const stored = Number(row?.n ?? 0) - 200 * EVENTS_PER_BEACON;

  console.log(`beacons: ${sent} sent, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
  console.log(`throughput: ${Math.round(acknowledgedEvents / seconds).toLocaleString('en')} events/s (${Math.round(latencies.length / seconds)} beacons/s) over ${seconds.toFixed(1)} s`);
  console.log(`latency: p50 ${quantile(0.5).toFixed(1)} ms, p99 ${quantile(0.99).toFixed(1)} ms, max ${quantile(1).toFixed(1)} ms`);
  console.log(`events: ${acknowledgedEvents} acknowledged, ${stored} stored${stored >= acknowledgedEvents ? '' : ` — ${acknowledgedEvents - stored} LOST`}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
