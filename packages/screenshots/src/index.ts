// The screenshot service: full-page captures at a device's reference width with the element map the heatmaps
// re-anchor clicks on, kept per website, from a disk cache when fresh, else through one shared Chromium whose queue is
// shared fairly between accounts (work-queue.ts).
import type { DeviceType } from '@foldline/contracts';
import type { FetchPolicy } from './address-guard.ts';
import { createCaptureCache, FRESH_MS, normaliseUrl } from './capture-cache.ts';
import { CAPTURE_DEADLINE_MS, capturePage, type PageCapture } from './capture.ts';
import { ScreenshotError } from './errors.ts';
import { createLayoutMemory, type KeptLayout } from './layout-memory.ts';
import { createSharedBrowser } from './shared-browser.ts';
import { createWorkQueue, type Priority } from './work-queue.ts';

export type { FetchPolicy } from './address-guard.ts';
export type { PageCapture } from './capture.ts';
export type PageLayout = KeptLayout;
export { ScreenshotError } from './errors.ts';
export type CapturePriority = Priority;

/** Whose capture it is. */
export interface CaptureOwner {
  /** The website the page is rendered for: captures are kept per website, so two accounts that registered the same
   * domain never see or replace each other's. */
  website: string;
}

/** Who asks for a capture that may have to be taken now. */
export interface CaptureRequest extends CaptureOwner {
  /** The account the queue counts it against (the signed-in user, or the website's owner for the server's own work). */
  account: string;
  /** 'interactive' (the default): someone is looking at a screen waiting for it. 'background': a rendering the server
   * takes by itself; it waits until no interactive capture does. */
  priority?: CapturePriority | undefined;
}

export interface ScreenshotService {
  /** A fresh cached capture, else a new one (shared with any capture of the same page and device under way). */
  capture(url: string, device: DeviceType, request: CaptureRequest & { refresh?: boolean | undefined }): Promise<PageCapture>;
  /** The cached capture if any, fresh or not; never launches Chromium. */
  cached(url: string, device: DeviceType, owner: CaptureOwner): Promise<PageCapture | undefined>;
  /** The newest layout already taken, fresh or not (memory, else disk); never launches Chromium. For readers that
   * may not wait for a capture (the dashboard's KPIs). */
  storedLayout(url: string, device: DeviceType, owner: CaptureOwner): Promise<PageLayout | undefined>;
  /** What capture() answers without the image (the element map and heights), kept in memory while fresh: the heatmaps
   * ask for it on every call, and reading the image and the map from disk each time cost up to 20 ms. */
  layout(url: string, device: DeviceType, request: CaptureRequest): Promise<PageLayout>;
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
/** Captures one account may have waiting per priority (besides those running): a screen that asks for more is turned
 * away (429) rather than left waiting for minutes, and other accounts' captures are still admitted. */
const WAITING_PER_ACCOUNT = 10;
/** Captures waiting in all, every account together: beyond, a request is turned away (503). */
const WAITING_IN_ALL = 100;
/**
 * How long one capture may hold its queue slot, from the moment it gets it (waiting is not counted). capturePage
 * gives up on the page itself after CAPTURE_DEADLINE_MS and closes its context; the few seconds on top let that
 * answer first, so this limit only ends what lies outside the page's deadline (a Chromium launch, a context that does
 * not close). Either way the capture answers 502 and its slot goes to the next one.
 */
const CAPTURE_SLOT_LIMIT_MS = CAPTURE_DEADLINE_MS + 5_000;
/** Layouts kept in memory, and their element boxes and labels all together: about 220 bytes each once parsed
 * (measured with selectors of 50 characters), some 110 MB. A long page's map holds up to 25,000 elements. */
const MAX_LAYOUTS = 100;
const MAX_LAYOUT_ENTRIES = 500_000;

/** Where a website's page's layout on a device is kept in memory (and its capture shared while under way). */
const layoutKey = (website: string, normalisedUrl: string, device: DeviceType) => `${website} ${device} ${normalisedUrl}`;

function parseUrl(url: string): string {
  if (!URL.canParse(url)) throw new ScreenshotError(400, 'url must be an http or https address');
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new ScreenshotError(400, 'url must be an http or https address');
  return normaliseUrl(url);
}

export function createScreenshotService(options: ScreenshotServiceOptions): ScreenshotService & { readonly launches: number } {
  const browser = createSharedBrowser({ chromiumPath: options.chromiumPath, logger: options.logger });
  const cache = createCaptureCache(options.dataDir);
  const queue = createWorkQueue({ concurrency: CONCURRENCY, waitingPerAccount: WAITING_PER_ACCOUNT, waitingInAll: WAITING_IN_ALL, timeLimitMs: CAPTURE_SLOT_LIMIT_MS });
  const layouts = createLayoutMemory({ maxLayouts: MAX_LAYOUTS, maxEntries: MAX_LAYOUT_ENTRIES });

  /** Keeps the newest layout of a page and device. */
  function remember(key: string, capture: PageCapture): PageCapture {
    const { image: _image, ...layout } = capture;
    layouts.set(key, layout);
    return capture;
  }

  async function captureNow(website: string, url: string, device: DeviceType): Promise<PageCapture> {
    const capture = await capturePage(() => browser.get(), url, device, options.policy);
    // A capture that cannot be kept is still answered; the next request takes it again.
    await cache.write(website, url, device, capture).catch((error: unknown) => options.logger?.warn({ err: error }, 'screenshots: caching a capture failed'));
    return capture;
  }

  /** A fresh cached capture, else a new one; either way its layout is kept in memory. */
  async function capture(url: string, device: DeviceType, request: CaptureRequest & { refresh?: boolean | undefined }): Promise<PageCapture> {
    const { website, account, priority, refresh = false } = request;
    const normalised = parseUrl(url);
    const key = layoutKey(website, normalised, device);
    if (!refresh) {
      const cached = await cache.read(website, normalised, device);
      if (cached && Date.now() - cached.capturedAt.getTime() < FRESH_MS) return remember(key, cached);
    }
    // A refresh joins a capture of the same page under way: that one is as new as a refresh could make.
    return remember(key, await queue.run(key, { account, priority, label: normalised }, () => captureNow(website, normalised, device)));
  }

  return {
    /** How many times Chromium was launched (tests and benchmarks: a cache hit never launches it). */
    get launches() {
      return browser.launches;
    },
    capture,
    async layout(url, device, request) {
      const kept = layouts.get(layoutKey(request.website, parseUrl(url), device));
      if (kept && Date.now() - kept.capturedAt.getTime() < FRESH_MS) return kept;
      const { image: _image, ...layout } = await capture(url, device, request);
      return layout;
    },
    async cached(url, device, { website }) {
      return cache.read(website, parseUrl(url), device);
    },
    async storedLayout(url, device, { website }) {
      const normalised = parseUrl(url);
      const key = layoutKey(website, normalised, device);
      const kept = layouts.get(key);
      if (kept) return kept;
      const cached = await cache.read(website, normalised, device);
      if (!cached) return undefined;
      const { image: _image, ...layout } = remember(key, cached);
      return layout;
    },
    close: () => browser.close(),
  };
}
