// Screenshot benchmark: the demo site's article pages served on loopback (news.localhost, the one host allowed), each
// captured for the first time at desktop and at mobile width through the screenshot service, then answered from its
// cache; prints p50/p95 of both. Targets: a first capture under 5 s, a cached one under 50 ms.
// Run by `npm run bench` (or `npm run bench screenshots`).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { trackingScript, type DeviceType } from '@foldline/contracts';
import { PAGE_PLANS } from '@foldline/demo/site/page-plan';
import { serveDemoSite } from '@foldline/demo/site/site';
import { createScreenshotService } from '@foldline/screenshots';

const PAGES = Number(process.env.BENCH_PAGES ?? 6);
const CACHED_RUNS = Number(process.env.BENCH_RUNS ?? 50);
const DEVICES: DeviceType[] = ['desktop', 'mobile'];

const site = createServer((request, response) => {
  // The page carries the tracking snippet as on a real site (the capture must not load it).
  serveDemoSite(new URL(request.url ?? '/', 'http://demo').pathname, { trackingScript: trackingScript('http://localhost:3000', 'FL-BENCH') }).then(
    (page) => response.writeHead(page.status, { 'content-type': page.contentType, 'cache-control': page.cacheControl }).end(page.body),
    () => response.writeHead(500).end(),
  );
});
await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
const host = `news.localhost:${(site.address() as AddressInfo).port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'foldline-bench-screenshots-'));
/** One website and account: captures are kept per website, and the queue counts them per account. */
const OWNER = { website: 'bench-website', account: 'bench-account' };
const service = createScreenshotService({ dataDir, chromiumPath: process.env.CHROMIUM_PATH, policy: { allowPrivate: false, allowedHosts: [host] } });

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const line = (label: string, values: number[], unit: 'ms' | 's') => {
  const show = (ms: number) => (unit === 's' ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`);
  console.log(`  ${label.padEnd(34)} p50 ${show(percentile(values, 50)).padStart(9)}   p95 ${show(percentile(values, 95)).padStart(9)}   (n=${values.length})`);
};

try {
  const articles = PAGE_PLANS.filter((plan) => plan.kind === 'article').slice(0, PAGES);
  const urls = articles.map((plan) => `http://${host}${plan.path}`);

  // The first capture of all also launches Chromium (and bundles the in-page script): shown on its own.
  let startedAt = performance.now();
  const cold = await service.capture(`http://${host}/`, 'desktop', OWNER);
  console.log(`cold start (Chromium launch + first capture of the home page): ${((performance.now() - startedAt) / 1000).toFixed(2)} s`);
  console.log(`  home page desktop: ${cold.width}×${cold.height} px, ${(cold.image.length / 1024).toFixed(0)} KB, ${Object.keys(cold.elements).length} elements`);

  const first: Record<DeviceType, number[]> = { desktop: [], tablet: [], mobile: [] };
  const sizes: string[] = [];
  for (const device of DEVICES) {
    for (const url of urls) {
      startedAt = performance.now();
      const capture = await service.capture(url, device, OWNER);
      first[device].push(performance.now() - startedAt);
      if (url === urls[0]) sizes.push(`${device} ${capture.width}×${capture.height} px, ${(capture.image.length / 1024).toFixed(0)} KB, ${Object.keys(capture.elements).length} elements`);
    }
  }
  const cached: number[] = [];
  for (let run = 0; run < CACHED_RUNS; run++) {
    const url = urls[run % urls.length]!;
    startedAt = performance.now();
    await service.capture(url, DEVICES[run % DEVICES.length]!, OWNER);
    cached.push(performance.now() - startedAt);
  }

  console.log(`\n${urls.length} article pages of the demo site, first captures (Chromium running):`);
  for (const device of DEVICES) line(`first capture, ${device}`, first[device], 's');
  line('first capture, all', DEVICES.flatMap((d) => first[d]), 's');
  line('cached capture', cached, 'ms');
  for (const size of sizes) console.log(`  e.g. ${size}`);
  console.log(`Chromium launches: ${service.launches}`);
  const worstFirst = percentile(DEVICES.flatMap((d) => first[d]), 95);
  const worstCached = percentile(cached, 95);
  console.log(`targets: first < 5 s (p95 ${(worstFirst / 1000).toFixed(2)} s: ${worstFirst < 5000 ? 'met' : 'MISSED'}), cached < 50 ms (p95 ${worstCached.toFixed(1)} ms: ${worstCached < 50 ? 'met' : 'MISSED'})`);
} finally {
  await service.close();
  site.close();
  rmSync(dataDir, { recursive: true, force: true });
}
