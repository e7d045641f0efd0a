// The screenshot service: full-page captures at a device's reference width with the element map the heatmaps
// re-anchor clicks on, from a disk cache when fresh, else through one shared Chromium with bounded concurrency.
import type { DeviceType } from '@foldline/contracts';
import type { FetchPolicy } from './address-guard.ts';
import { createCaptureCache, FRESH_MS, normaliseUrl } from './capture-cache.ts';
import { capturePage, type PageCapture } from './capture.ts';
import { ScreenshotError } from './errors.ts';
import { createSharedBrowser } from './shared-browser.ts';
import { createWorkQueue } from './work-queue.ts';

export type { FetchPolicy } from './address-guard.ts';
export type { PageCapture } from './capture.ts';
export type PageLayout = Omit<PageCapture, 'image'>;
export { ScreenshotError } from './errors.ts';

export interface ScreenshotService {
  /** A fresh cached capture, else a new one (shared with any capture of the same page and device under way). */
  capture(url: string, device: DeviceType, options?: { refresh?: boolean }): Promise<PageCapture>;
  /** The cached capture if any, fresh or not; never launches Chromium. */
  cached(url: string, device: DeviceType): Promise<PageCapture | undefined>;
  /** The newest layout already taken, fresh or not (memory, else disk); never launches Chromium. For readers that
   * may not wait for a capture (the dashboard's KPIs). */
  storedLayout(url: string, device: DeviceType): Promise<PageLayout | undefined>;
  /** What capture() answers without the image (the element map and heights), kept in memory while fresh: the heatmaps
   * ask for it on every call, and reading the image and the map from disk each time cost up to 20 ms. */
  layout(url: string, device: DeviceType): Promise<PageLayout>;
  close(): Promise<void>;
}

export interface ScreenshotServiceOptions {
  dataDir: string;
  chromiumPath?: string;
  policy: FetchPolicy;
  logger?: { warn(...a: unknown[]): void };
}

/** Two captures at once: each is a renderer busy for seconds, and the server this runs on may have two cores. */
const CONCURRENCY = 2;
/** Captures under way or waiting, at most: beyond, a request is turned away rather than left waiting for minutes. */
const MAX_QUEUED = 12;
/** Layouts kept in memory (element maps run to a few hundred KB on long pages). */
const MAX_LAYOUTS = 100;

/** Where a page's layout on a device is kept in memory (and its capture shared while under way). */
const layoutKey = (normalisedUrl: string, device: DeviceType) => `${device} ${normalisedUrl}`;

function parseUrl(url: string): string {
  if (!URL.canParse(url)) throw new ScreenshotError(400, 'url must be an http or https address');
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new ScreenshotError(400, 'url must be an http or https address');
  return normaliseUrl(url);
}

export function createScreenshotService(options: ScreenshotServiceOptions): ScreenshotService & { readonly launches: number } {
  const browser = createSharedBrowser({ chromiumPath: options.chromiumPath, logger: options.logger });
  const cache = createCaptureCache(options.dataDir);
  const queue = createWorkQueue(CONCURRENCY);
  const layouts = new Map<string, PageLayout>();

  /** Keeps the newest layout of a page and device, the least recently used going first. */
  function remember(key: string, capture: PageCapture): PageCapture {
    const { image: _image, ...layout } = capture;
    layouts.delete(key);
    layouts.set(key, layout);
    if (layouts.size > MAX_LAYOUTS) layouts.delete(layouts.keys().next().value as string);
    return capture;
  }

  async function captureNow(url: string, device: DeviceType): Promise<PageCapture> {
    const capture = await capturePage(() => browser.get(), url, device, options.policy);
    // A capture that cannot be kept is still answered; the next request takes it again.
    await cache.write(url, device, capture).catch((error: unknown) => options.logger?.warn({ err: error }, 'screenshots: caching a capture failed'));
    return capture;
  }

  /** A fresh cached capture, else a new one; either way its layout is kept in memory. */
  async function capture(url: string, device: DeviceType, { refresh = false }: { refresh?: boolean } = {}): Promise<PageCapture> {
    const normalised = parseUrl(url);
    const key = layoutKey(normalised, device);
    if (!refresh) {
      const cached = await cache.read(normalised, device);
      if (cached && Date.now() - cached.capturedAt.getTime() < FRESH_MS) return remember(key, cached);
    }
    // A refresh joins a capture of the same page under way: that one is as new as a refresh could make.
    if (!queue.has(key) && queue.size >= MAX_QUEUED) {
      throw new ScreenshotError(503, 'Too many screenshots are being taken right now. Please try again in a minute.');
    }
    return remember(key, await queue.run(key, () => captureNow(normalised, device)));
  }

  return {
    /** How many times Chromium was launched (tests and benchmarks: a cache hit never launches it). */
    get launches() {
      return browser.launches;
    },
    capture,
    async layout(url, device) {
      const kept = layouts.get(layoutKey(parseUrl(url), device));
      if (kept && Date.now() - kept.capturedAt.getTime() < FRESH_MS) return kept;
      const { image: _image, ...layout } = await capture(url, device);
      return layout;
    },
    async cached(url, device) {
      return cache.read(parseUrl(url), device);
    },
    async storedLayout(url, device) {
      const normalised = parseUrl(url);
      const key = layoutKey(normalised, device);
      const kept = layouts.get(key);
      if (kept) return kept;
      const cached = await cache.read(normalised, device);
      if (!cached) return undefined;
      const { image: _image, ...layout } = remember(key, cached);
      return layout;
    },
    close: () => browser.close(),
  };
}
