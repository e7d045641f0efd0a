// Heatmap render benchmark: bundles the web app's renderer with esbuild, runs it in headless Chromium (the system
// /usr/bin/chromium or CHROMIUM_PATH, through playwright-core) and times 5,000 points of a 1920 × 8000 layout for the
// click and engagement styles — on a full-size 1920 × 8000 canvas and at the canvas sizes the page analytics screen
// picks — printing p50/p95 (target: under 50 ms). Run by `npm run bench heatmap-render`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HEATMAP_STYLES } from '@foldline/contracts';
import type * as Renderer from '../../apps/web/src/features/pages/heatmap/render-heatmap.ts';
import { overlayPixelSize } from '../../apps/web/src/features/pages/heatmap/render-heatmap.ts';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS } from '@foldline/screenshots/chromium-path';

const RENDERER = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/src/features/pages/heatmap/render-heatmap.ts');
const WIDTH = 1920;
const HEIGHT = 8000;
const POINTS = Number(process.env.BENCH_POINTS ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = 3;

/** Deterministic pseudo-random numbers (mulberry32), so every run draws the same map. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A page's worth of binned points as the server sends them: three in four around 60 hot elements (links, buttons, ads),
 * denser near the top of the page, the rest scattered; values skewed like click counts (many 1s, a few large).
 */
function points(seed: number) {
  const next = random(seed);
  const hot = Array.from({ length: 60 }, () => ({ x: 100 + next() * (WIDTH - 200), y: next() ** 2 * HEIGHT }));
  return Array.from({ length: POINTS }, () => {
    const spot = next() < 0.75 ? hot[Math.floor(next() * hot.length)]! : { x: next() * WIDTH, y: next() * HEIGHT };
    const x = Math.round(Math.min(WIDTH - 1, Math.max(0, spot.x + (next() - 0.5) * 160)));
    const y = Math.round(Math.min(HEIGHT - 1, Math.max(0, spot.y + (next() - 0.5) * 60)));
    return { x, y, value: Math.max(1, Math.round(1 / (next() + 0.02))), viewport: { width: WIDTH } };
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const bundle = await build({ entryPoints: [RENDERER], bundle: true, format: 'iife', globalName: 'heatmapRenderer', write: false, target: 'es2022', logLevel: 'silent' });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [...CHROMIUM_FLAGS],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
  await page.setContent(`<canvas width="${WIDTH}" height="${HEIGHT}"></canvas>`);
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
  console.log(`${POINTS.toLocaleString('en')} points of a ${WIDTH} × ${HEIGHT} px layout, ${RUNS} runs after ${WARMUP} warm-up (Chromium ${browser.version()})`);
  console.log(`${'style'.padEnd(12)} ${'canvas'.padEnd(36)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'coloured px'.padStart(13)}`);
  for (const type of ['click', 'engagement'] as const) {
    const data = points(type === 'click' ? 1 : 2);
    const maxValue = Math.max(...data.map((p) => p.value));
    const style = HEATMAP_STYLES[type];
    // The canvas at full size (one canvas pixel per layout pixel), then the sizes the screen picks for this layout:
    // shown at its own width on a 1× screen, and at 1,100 CSS px (a desktop column) on a 2× screen.
    const sizes = [
      { label: 'full size', width: WIDTH, height: HEIGHT },
      { label: 'shown at 1920 px, 1x', ...overlayPixelSize(WIDTH, HEIGHT, 1, { radius: style.radius, sourceWidth: WIDTH }) },
      { label: 'shown at 1100 px, 2x', ...overlayPixelSize(1100, (HEIGHT * 1100) / WIDTH, 2, { radius: style.radius, sourceWidth: WIDTH }) },
    ];
    for (const size of sizes) {
      const result = await page.evaluate(
        ({ data, maxValue, style, runs, warmup, sourceWidth, width, height }) => {
          const renderer = (globalThis as unknown as { heatmapRenderer: typeof Renderer }).heatmapRenderer;
          const canvas = document.querySelector('canvas')!;
          canvas.width = width;
          canvas.height = height;
          const ctx = canvas.getContext('2d')!;
          const times: number[] = [];
          for (let run = 0; run < warmup + runs; run += 1) {
            const start = performance.now();
            renderer.drawPointHeatmap(canvas, { points: data, maxValue, sourceWidth }, style);
            // Reading a pixel back waits for any drawing the canvas still has queued, so the time is the whole job.
            ctx.getImageData(0, 0, 1, 1);
            if (run >= warmup) times.push(performance.now() - start);
          }
          const pixels = ctx.getImageData(0, 0, width, height).data;
          let coloured = 0;
          for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) coloured += 1;
          return { times, coloured };
        },
        { data, maxValue, style, runs: RUNS, warmup: WARMUP, sourceWidth: WIDTH, width: size.width, height: size.height },
      );
      const sorted = [...result.times].sort((a, b) => a - b);
      const canvas = `${size.width} × ${size.height} (${size.label})`;
      console.log(`${type.padEnd(12)} ${canvas.padEnd(36)} ${percentile(sorted, 50).toFixed(1).padStart(8)} ${percentile(sorted, 95).toFixed(1).padStart(8)} ${result.coloured.toLocaleString('en').padStart(13)}`);
    }
  }
} finally {
  await browser.close();
}
