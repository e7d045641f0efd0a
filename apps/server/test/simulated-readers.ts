// The demo simulator's readers for tests: the same readers on every call (reader i draws from its own seed, so a
// replay differs only in the layout), and their beacons fed through the real collector.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { drawVisitor } from '@foldline/demo/simulator/audience';
import { simulatePageview, type SimulatedBeacon } from '@foldline/demo/simulator/pageview';
import { createRng } from '@foldline/demo/simulator/prng';
import { DAY_MS } from '@foldline/demo/simulator/traffic';
import type { Device } from '@foldline/demo/site/metrics';
import type { PagePlan } from '@foldline/demo/site/page-plan';
import { serveDemoSite } from '@foldline/demo/site/site';
import type { FastifyInstance } from 'fastify';

/** `count` readers of one page over the last 25 days (inside the recommendations' 30-day window). */
export function simulateReaders(plan: PagePlan, count: number, origin: string, options: { changedPlan?: PagePlan; device?: Device } = {}): SimulatedBeacon[] {
  const { changedPlan, device } = options;
  const now = Date.now();
  const beacons: SimulatedBeacon[] = [];
  for (let i = 0; i < count; i++) {
    const rng = createRng(`replay-reader-${i}`);
    const visitor = drawVisitor(rng);
    // Only the readers on that device (the others are the same readers whatever the options, so skipping them changes
    // no one else's draws).
    if (device && visitor.device !== device) continue;
    const { beacons: sent } = simulatePageview({
      rng,
      plan,
      visitor,
      start: now - 25 * DAY_MS + Math.floor((i / count) * 24 * DAY_MS),
      site: 'unused',
      url: `${origin}${plan.path}`,
      referrer: '',
      sid: createRng(`replay-session-${i}`).uuid(),
      next: undefined,
      ...(changedPlan ? { changedPlan } : {}),
    });
    beacons.push(...sent);
  }
  return beacons;
}

/** Feeds beacons to the collector as the demo seed does (many in flight, so group commit batches them); returns how
 * many beacons ended in each outcome. */
export async function feedBeacons(app: FastifyInstance, beacons: readonly SimulatedBeacon[], trackingCode: string): Promise<Map<string, number>> {
  const outcomes = new Map<string, number>();
  const pending = new Set<Promise<unknown>>();
  for (const beacon of beacons) {
    const done = app.ingest
      .accept({ ...beacon.payload, site: trackingCode }, { ip: beacon.ip, userAgent: beacon.userAgent, receivedAt: beacon.receivedAt })
      .then((result) => outcomes.set(result.outcome, (outcomes.get(result.outcome) ?? 0) + 1))
      .finally(() => pending.delete(done));
    pending.add(done);
    if (pending.size >= 1000) await Promise.race(pending);
  }
  await Promise.all(pending);
  return outcomes;
}

/** The demo site served on loopback as its publisher would serve it (no tracker: the readers are simulated). */
export async function serveDemoPublisher(): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    void serveDemoSite(new URL(request.url ?? '/', 'http://x').pathname, { trackingScript: undefined }).then((page) =>
      response.writeHead(page.status, { 'content-type': page.contentType }).end(page.body),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
