// Ad-unit flood benchmark (issue 22): a public tracking code sends beacons of ad events with invented slot keys, as
// an attacker would. Prints how many units the collector let in (the website's COLLECT_MAX_AD_UNITS), then times the
// reports whose size grows with a website's units (the Ad Units tab, the dashboard KPIs, the recommendations) with
// that many, and the p99 of health and of the tracker script while four of those reports run at once.
// Run by `npm run bench` (or `npm run bench ad-unit`). BENCH_FLOOD_UNITS sets how many invented keys are sent.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_COLLECT_LIMITS } from '@foldline/ingest';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { timed } from './support/timing.ts';

const FLOOD_UNITS = Number(process.env.BENCH_FLOOD_UNITS ?? 2 * DEFAULT_COLLECT_LIMITS.adUnitsPerWebsite);
const EVENTS_PER_BEACON = 280;
const PAGES = 40;
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

const dataDir = mkdtempSync(path.join(tmpdir(), 'foldline-bench-flood-'));
// The rate limit is lifted so the bench reaches the cap in seconds; the total is the default.
const config = loadConfig({ DATA_DIR: dataDir, DEMO: '0', LOG_LEVEL: 'silent', COLLECT_NEW_AD_UNITS_PER_MINUTE: String(FLOOD_UNITS) });
const app = await buildApp(config, { logger: false, serveWebApp: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

try {
  const session = await post<{ tokens: { accessToken: string } }>('/api/auth/register', { name: 'Bench', email: 'flood@example.com', password: 'bench password 1' });
  const headers = { authorization: `Bearer ${session.tokens.accessToken}`, 'content-type': 'application/json' };
  const created = await fetch(`${base}/api/websites`, { method: 'POST', headers, body: JSON.stringify({ name: 'Flooded', domain: 'flooded.example', timezone: 'UTC' }) });
  const { website } = ((await created.json()) as { data: { website: { website_id: string; tracking_code: string } } }).data;

  const floodStart = performance.now();
  let sent = 0;
  for (let beacon = 0; sent < FLOOD_UNITS; beacon++) {
    const events = Array.from({ length: Math.min(EVENTS_PER_BEACON, FLOOD_UNITS - sent) }, (_, i) => {
      const key = `invented-${sent + i}`;
      return { k: 'ad', a: 0, slot: { key, name: key, sel: `#${key}`, x: 10, y: 200 + ((sent + i) % 5000), w: 300, h: 250 }, imp: randomUUID(), ev: 'impression' };
    });
    sent += events.length;
    const payload = { site: website.tracking_code, u: `https://flooded.example/page-${beacon % PAGES}`, pv: randomUUID(), sid: randomUUID(), e: [{ k: 'pv', a: 0, t: 'Page', r: '', vw: 1280, vh: 800, dh: 6000 }, ...events] };
    const response = await fetch(`${base}/api/collect`, { method: 'POST', headers: { 'content-type': 'text/plain', 'user-agent': UA }, body: JSON.stringify(payload) });
    await response.arrayBuffer();
  }
  await app.ingest.flush();
  const units = await app.metadata.db.selectFrom('ad_units').select((eb) => eb.fn.countAll<number>().as('n')).where('website_id', '=', website.website_id).executeTakeFirstOrThrow();
  const dropped = app.ingest.stats().dropped.ad_unit_limit;
  console.log(
    `flood: ${sent.toLocaleString('en')} invented slot keys in ${((performance.now() - floodStart) / 1000).toFixed(1)} s; ${Number(units.n).toLocaleString('en')} ad units registered (COLLECT_MAX_AD_UNITS ${DEFAULT_COLLECT_LIMITS.adUnitsPerWebsite.toLocaleString('en')}), ${dropped.toLocaleString('en')} ad events dropped as ad_unit_limit`,
  );

  const reports = [
    ['ad-units (first 25)', `/api/analytics/ad-units?websiteId=${website.website_id}&period=month`],
    ['dashboard-kpi (one website)', `/api/analytics/dashboard-kpi?period=month&websiteId=${website.website_id}`],
    ['recommendations (one website)', `/api/analytics/recommendations?websiteId=${website.website_id}`],
    ['timeseries (one website)', `/api/analytics/timeseries?websiteId=${website.website_id}&period=month`],
  ] as const;
  const get = async (url: string) => {
    const response = await fetch(`${base}${url}`, { headers });
    const body = await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    return body.byteLength;
  };
  console.log(`\n${'report'.padEnd(32)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'bytes'.padStart(9)}`);
  for (const [label, url] of reports) {
    const bytes = await get(url);
    const { p50, p95 } = await timed(() => get(url), { runs: 10 });
    console.log(`${label.padEnd(32)} ${p50.toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)} ${String(bytes).padStart(9)}`);
  }

  // Health and the tracker script (no database) while four reports run at once, again and again for a few seconds.
  const until = performance.now() + 5000;
  const loop = async () => {
    while (performance.now() < until) await Promise.all(reports.map(([, url]) => get(url)));
  };
  const probe = async (url: string) => {
    const times: number[] = [];
    while (performance.now() < until) {
      const started = performance.now();
      await (await fetch(`${base}${url}`)).arrayBuffer();
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    times.sort((a, b) => a - b);
    return { n: times.length, p99: times[Math.min(times.length - 1, Math.ceil(0.99 * times.length) - 1)]! };
  };
  const [, health, tracker] = await Promise.all([loop(), probe('/api/health'), probe('/api/tracker.js')]);
  console.log(`under four reports at once: /api/health p99 ${health.p99.toFixed(1)} ms (${health.n} calls), /api/tracker.js p99 ${tracker.p99.toFixed(1)} ms (${tracker.n} calls)`);
  const memory = process.memoryUsage();
  console.log(`server memory: RSS ${(memory.rss / 2 ** 20).toFixed(0)} MiB, JS heap ${(memory.heapUsed / 2 ** 20).toFixed(0)} MiB`);
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}

async function post<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
