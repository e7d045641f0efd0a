// Tracker benchmark (issues 23 and 24): what the tracker costs a reader's browser. One scripted visit of an article
// with three ad slots (load, read down the page in steps, move the pointer, click a button, leave), in headless
// Chromium, on the same page three ways: without a tracker, with Foldline's, and with Plausible's (the MIT
// `plausible-tracker` package, bundled as a site would ship it) — interleaved, so the machine's drift hits all three.
// The main thread's script and task time come from Chromium's own counters (CDP Performance.getMetrics); a tracker's
// cost is its median over the page without one. Also the script's size, gzipped. Run by `npm run bench tracker`;
// BENCH_TRACKER_BEFORE=<git ref> adds Foldline's tracker as it was at that commit, to see what a change costs.
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS } from '@foldline/screenshots/chromium-path';
import { buildTracker } from '@foldline/tracker/build';

const RUNS = Number(process.env.BENCH_RUNS ?? 12);
const WARMUP = 2;
const SITE = 'bench-site';
/** An ordinary Chrome: the collector's bot rule plays no part here (nothing is stored), but the page sees a browser. */
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

type Variant = 'none' | 'foldline' | 'plausible' | 'before';
const BEFORE = process.env.BENCH_TRACKER_BEFORE;
const VARIANTS: Variant[] = ['none', 'foldline', 'plausible', ...(BEFORE ? (['before'] as const) : [])];

const foldline = await buildTracker();
/** The tracker's source at BEFORE, read out of git (nothing checked out), built as build.ts builds it. */
function trackerAt(ref: string): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tracker-before-'));
  try {
    execSync(`git archive ${ref} packages/tracker/src | tar -x -C ${dir}`, { stdio: ['ignore', 'ignore', 'inherit'] });
    return build({ entryPoints: [path.join(dir, 'packages/tracker/src/tracker.ts')], bundle: true, minify: true, format: 'iife', target: 'es2019', write: false, legalComments: 'none' }).then(
      (result) => result.outputFiles[0]!.text,
    );
  } finally {
    setTimeout(() => rmSync(dir, { recursive: true, force: true }), 5000);
  }
}
const before = BEFORE ? await trackerAt(BEFORE) : '';
// Plausible's tracker as a site bundles it: automatic pageviews and outbound links, posting to this server.
const plausible = (
  await build({
    stdin: {
      contents: `import Plausible from 'plausible-tracker';
        const p = Plausible({ domain: '${SITE}', apiHost: location.origin, trackLocalhost: true });
        p.enableAutoPageviews(); p.enableAutoOutboundTracking();`,
      resolveDir: process.cwd(),
    },
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2019',
    write: false,
    logLevel: 'silent',
  })
).outputFiles[0]!.text;

const paragraphs = Array.from({ length: 40 }, (_, i) => `<p>Paragraph ${i + 1}. ${'The council met again on Tuesday to weigh the plan. '.repeat(8)}</p>`);
const slot = (id: string, w: number, h: number) => `<div id="${id}" class="ad" style="width:${w}px;height:${h}px;background:#e2e8f0;margin:24px auto"></div>`;
const page = (variant: Variant) => `<!doctype html><html><head><meta name="viewport" content="width=device-width,initial-scale=1"><title>Bench article</title>
${variant === 'foldline' || variant === 'before' ? `<script async src="/api/${variant === 'before' ? 'before/' : ''}tracker.js" data-site="${SITE}"></script>` : variant === 'plausible' ? '<script async src="/plausible.js"></script>' : ''}
<style>body{margin:0;font:18px/1.6 serif}main{max-width:680px;margin:0 auto;padding:0 16px}</style></head>
<body><main><h1>Bench article</h1>${slot('div-gpt-ad-top', 728, 90)}${paragraphs.slice(0, 10).join('')}${slot('div-gpt-ad-mid', 300, 250)}
<button id="subscribe">Subscribe</button>${paragraphs.slice(10, 30).join('')}${slot('div-gpt-ad-end', 300, 250)}${paragraphs.slice(30).join('')}
<a href="https://example.org/elsewhere">Elsewhere</a></main></body></html>`;

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://x');
  if (request.method === 'POST') {
    request.resume();
    request.on('end', () => response.writeHead(url.pathname.endsWith('/collect') ? 200 : 202, { 'content-type': 'application/json' }).end('{}'));
    return;
  }
  if (url.pathname === '/api/tracker.js') return void response.writeHead(200, { 'content-type': 'text/javascript' }).end(foldline);
  if (url.pathname === '/api/before/tracker.js') return void response.writeHead(200, { 'content-type': 'text/javascript' }).end(before);
  if (url.pathname === '/plausible.js') return void response.writeHead(200, { 'content-type': 'text/javascript' }).end(plausible);
  response.writeHead(200, { 'content-type': 'text/html' }).end(page((url.searchParams.get('t') as Variant) ?? 'none'));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** One visit; the main thread's script and task time (ms) Chromium counted for the page, from load to leaving. */
async function visit(browser: Browser, variant: Variant): Promise<{ script: number; task: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, userAgent: USER_AGENT });
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Performance.enable');
  await tab.goto(`${origin}/?t=${variant}`, { waitUntil: 'load' });
  await tab.waitForTimeout(1200);
  for (let step = 0; step < 12; step++) {
    await tab.mouse.move(300 + step * 20, 300 + (step % 3) * 40);
    await tab.mouse.wheel(0, 400);
    await tab.waitForTimeout(250);
  }
  await tab.locator('#subscribe').click();
  await tab.waitForTimeout(500);
  // Leaving: the page is hidden (the trackers send what is left), then closed.
  await tab.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('pagehide'));
  });
  await tab.waitForTimeout(200);
  const { metrics } = await cdp.send('Performance.getMetrics');
  const value = (name: string) => (metrics.find((metric) => metric.name === name)?.value ?? 0) * 1000;
  await context.close();
  return { script: value('ScriptDuration'), task: value('TaskDuration') };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...CHROMIUM_FLAGS] });
try {
  const results = Object.fromEntries(VARIANTS.map((variant) => [variant, { script: [] as number[], task: [] as number[] }])) as Record<Variant, { script: number[]; task: number[] }>;
  for (let run = 0; run < WARMUP + RUNS; run++) {
    for (const variant of VARIANTS) {
      const figures = await visit(browser, variant);
      if (run < WARMUP) continue;
      results[variant].script.push(figures.script);
      results[variant].task.push(figures.task);
    }
  }
  console.log(`scripted visit (load, 12 scroll steps with pointer moves, a click, leaving), ${RUNS} runs each after ${WARMUP} warm-up, interleaved (Chromium ${browser.version()})`);
  const size = (source: string) => `${gzipSync(source, { level: 9 }).length} B`;
  console.log(`tracker size gzipped: Foldline ${size(foldline)}, Plausible (plausible-tracker, bundled) ${size(plausible)}${BEFORE ? `, Foldline at ${BEFORE} ${size(before)}` : ''}`);
  const base = { script: median(results.none.script), task: median(results.none.task) };
  for (const variant of VARIANTS) {
    const script = median(results[variant].script);
    const task = median(results[variant].task);
    const cost = variant === 'none' ? '' : `; the tracker's cost: script +${(script - base.script).toFixed(1)} ms, tasks +${(task - base.task).toFixed(1)} ms`;
    const name = variant === 'before' ? `foldline at ${BEFORE}` : variant;
    console.log(`${name.padEnd(9)} main thread per visit (median): script ${script.toFixed(1)} ms, tasks ${task.toFixed(1)} ms${cost}`);
  }
} finally {
  await browser.close();
  server.close();
}
