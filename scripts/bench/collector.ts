// npm run bench collector: the tracker's gzipped size, then the collector's sustained events/s and p99 latency of
// POST /api/collect on this machine (a real server process on loopback), and events acknowledged versus stored.
// Two load levels: group commit turns more concurrent beacons into bigger writes, trading latency for throughput.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EVENT_TABLES, openEventStore } from '@foldline/event-store';
import { buildTracker, gzippedSize, TRACKER_GZIP_BUDGET } from '@foldline/tracker/build';
import { loadBeacon, postBeacon, seedWebsite, senderAddress, startServerProcess } from '../../apps/server/test/collect-load.ts';

const PHASE_MS = Number(process.env.BENCH_SECONDS ?? 8) * 1000;
const MAX_BEACONS_PER_PHASE = 20_000;
const CONCURRENCY_LEVELS = (process.env.BENCH_CONCURRENCY ?? '128,512').split(',').map(Number);
const EVENTS_PER_BEACON = Number(process.env.BENCH_EVENTS ?? 20);
const WARM_UP_BEACONS = 200;

const tracker = await buildTracker();
console.log(`tracker: ${tracker.length} bytes minified, ${gzippedSize(tracker)} bytes gzipped (budget ${TRACKER_GZIP_BUDGET})`);

const dataDir = mkdtempSync(path.join(tmpdir(), 'foldline-bench-'));
try {
  // BENCH_PROFILE=<dir> writes the collector's CPU profile there.
  // One website takes the whole load: its budget of events a minute is lifted, as the bench measures capacity.
  const server = await startServerProcess(dataDir, process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [], {
    COLLECT_WEBSITE_EVENTS_PER_MINUTE: String(1e9),
  });
  const { trackingCode, websiteId } = await seedWebsite(dataDir);
  console.log(`collector on 127.0.0.1:${server.port}: ${EVENTS_PER_BEACON} events per beacon, ${PHASE_MS / 1000} s per load level`);

  // Warm-up: the page and website caches fill, the JIT settles.
  await Promise.all(
    Array.from({ length: WARM_UP_BEACONS }, (_, n) => postBeacon(server.port, loadBeacon(trackingCode, EVENTS_PER_BEACON, n).body, senderAddress(n))),
  );

  let acknowledgedEvents = 0;
  for (const concurrency of CONCURRENCY_LEVELS) {
    // Bodies are made before the clock starts: the sender shares the machine's cores with the collector.
    const bodies = Array.from({ length: MAX_BEACONS_PER_PHASE }, (_, n) => loadBeacon(trackingCode, EVENTS_PER_BEACON, n).body);
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    const started = performance.now();
    const deadline = started + PHASE_MS;
    await Promise.all(
      Array.from({ length: concurrency }, async (_, id) => {
        while (performance.now() < deadline && sent < bodies.length) {
          const body = bodies[sent]!;
          sent += 1;
          const { status, ms } = await postBeacon(server.port, body, senderAddress(id));
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status === 200) latencies.push(ms);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    acknowledgedEvents += latencies.length * EVENTS_PER_BEACON;
    latencies.sort((a, b) => a - b);
    const quantile = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
    console.log(`\n${concurrency} concurrent senders: ${sent} beacons sent, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    console.log(`  throughput ${Math.round((latencies.length * EVENTS_PER_BEACON) / seconds).toLocaleString('en')} events/s (${Math.round(latencies.length / seconds)} beacons/s) over ${seconds.toFixed(1)} s`);
    console.log(`  latency p50 ${quantile(0.5).toFixed(1)} ms, p99 ${quantile(0.99).toFixed(1)} ms, max ${quantile(1).toFixed(1)} ms`);
  }
  server.child.kill('SIGTERM');
  await server.exited;

  const events = await openEventStore({ dataDir });
  const [row] = await events.query<{ n: number | string }>(
    `SELECT ${EVENT_TABLES.map((table) => `(SELECT count() FROM foldline.${table} WHERE website_id = {websiteId:UUID})`).join(' + ')} AS n`,
    { websiteId },
  );
  await events.close();
  const stored = Number(row?.n ?? 0) - WARM_UP_BEACONS * EVENTS_PER_BEACON;
  console.log(`\nevents: ${acknowledgedEvents} acknowledged, ${stored} stored${stored >= acknowledgedEvents ? ', none lost' : ` — ${acknowledgedEvents - stored} LOST`}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
