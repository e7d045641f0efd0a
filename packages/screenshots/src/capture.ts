// Captures one page in a fresh browser context at a device's reference width: every connection guarded, consent
// banners and overlays hidden, lazy content scrolled into loading, the element map and document height measured, ad
// slots without a creative drawn as labelled boxes, then a full-page JPEG up to a height cap.
import type { LookupAddress } from 'node:dns';
import { REFERENCE_WIDTHS, type DeviceType } from '@foldline/contracts';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { checkHost, FetchRefused, type FetchPolicy } from './address-guard.ts';
import { deviceContextOptions } from './devices.ts';
import { REFUSED_HEADER, startEgressProxy, UNREACHABLE_HEADER, type HostCheck } from './egress-proxy.ts';
import { ScreenshotError } from './errors.ts';
import type { Box } from './browser/layout.ts';
import { contentOutline, documentHeight, drawEmptyAdSlots, elementLabels, elementMap, hideOverlays, layoutWidth, loadLazyImages, scrollThrough } from './page-script.ts';
import type { ContentOutline, OutlineBox, OutlineColumn } from '@foldline/contracts/content-outline';

export interface PageCapture {
  image: Buffer;
  contentType: 'image/jpeg';
  /** Image size in pixels: the reference width, and the document height up to MAX_HEIGHT. */
  width: number;
  height: number;
  /** Height of the whole document at the reference width, before the cap. */
  documentHeight: number;
  truncated: boolean;
  capturedAt: Date;
  /**
   * The tracker's selector of every rendered element → its box [x, y, w, h] in document pixels (first one wins).
   * Like documentHeight, in the image's pixels: the reference width's layout, or for a page without a mobile viewport
   * on a phone or tablet, its wider layout zoomed out to the reference width (as the device shows it).
   */
  elements: Record<string, Box>;
  /** The page's content, block by block, in the same pixels (null where no column of content was found; absent from
   * captures taken before it was recorded). */
  outline?: ContentOutline | null;
  /** The tag and readable name of the page's links, buttons, images and headings by selector (the click list); absent
   * from renderings taken before they were recorded. */
  labels?: Record<string, readonly [string, string]>;
}

/** Taller pages are cut here: a 15,000 px JPEG is a few MB already, and few readers scroll further. */
export const MAX_HEIGHT = 15_000;
const NAVIGATION_TIMEOUT_MS = 15_000;
const SCROLL_PAUSE_MS = 120;
const SCROLL_BUDGET_MS = 5_000;
const QUIET_MS = 300;
const QUIET_MAX_MS = 2_000;
const JPEG_QUALITY = 80;
/** A page that keeps its renderer busy (a script in a loop) would otherwise hold a queue slot for good. */
export const CAPTURE_DEADLINE_MS = 45_000;

const portOf = (url: URL) => Number(url.port) || (url.protocol === 'https:' ? 443 : 80);

/** The guard for one capture: each host:port is resolved and checked once, and every refusal is remembered. */
function captureGuard(policy: FetchPolicy): { check: HostCheck; refusals: Map<string, string> } {
  const checked = new Map<string, Promise<LookupAddress[]>>();
  const refusals = new Map<string, string>();
  const check: HostCheck = (hostname, port) => {
    const key = `${hostname}:${port}`;
    let result = checked.get(key);
    if (!result) {
      result = checkHost(hostname, policy, port);
      result.catch((error: unknown) => refusals.set(hostname.replace(/^\[|\]$/g, ''), error instanceof Error ? error.message : String(error)));
      checked.set(key, result);
    }
    return result;
  };
  return { check, refusals };
}

/** Foldline's own tracker on the captured page: a screenshot is not a visit, here or on any other installation. */
const isFoldlineTracker = (url: URL) => url.pathname.endsWith('/api/tracker.js') || url.pathname.endsWith('/api/collect');

async function guardRoute(route: Route, check: HostCheck): Promise<void> {
  const ignoreClosed = () => undefined;
  let url: URL;
  try {
    url = new URL(route.request().url());
  } catch {
    return route.abort('blockedbyclient').catch(ignoreClosed);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || isFoldlineTracker(url)) {
    return route.abort('blockedbyclient').catch(ignoreClosed);
  }
  try {
    await check(url.hostname, portOf(url));
  } catch {
    return route.abort('blockedbyclient').catch(ignoreClosed);
  }
  // Continued requests still pass the egress proxy, which connects to the addresses just checked.
  return route.continue().catch(ignoreClosed);
}

/** Counts the page's requests in flight, to wait until the network has been quiet for a moment. */
function networkWatch(page: Page) {
  let inFlight = 0;
  let changedAt = Date.now();
  const started = () => {
    inFlight += 1;
    changedAt = Date.now();
  };
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    changedAt = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return async (quietMs: number, maxMs: number) => {
    const deadline = Date.now() + maxMs;
    while (Date.now() < deadline && (inFlight > 0 || Date.now() - changedAt < quietMs)) await new Promise((r) => setTimeout(r, 50));
  };
}

const LOAD_FAILURES: Array<[RegExp, string]> = [
  [/Timeout \d+ms exceeded/i, `it did not load within ${NAVIGATION_TIMEOUT_MS / 1000} s`],
  [/ERR_CONNECTION_REFUSED/, 'the connection was refused'],
  [/ERR_CONNECTION_(RESET|CLOSED)|ERR_EMPTY_RESPONSE/, 'the connection was closed without an answer'],
  [/ERR_CERT_|ERR_SSL_/, 'its TLS certificate was not accepted'],
  [/ERR_TOO_MANY_REDIRECTS/, 'it redirects too many times'],
  [/ERR_UNSAFE_PORT/, 'browsers do not connect to that port'],
  [/ERR_TUNNEL_CONNECTION_FAILED|ERR_ADDRESS_UNREACHABLE|ERR_CONNECTION_TIMED_OUT/, 'the site could not be reached'],
];

/** Chromium's and Playwright's error text (call logs, internals) stays in the logs; the user reads why, in words. */
function loadFailure(url: string, error: unknown): ScreenshotError {
  const text = error instanceof Error ? error.message : String(error);
  const reason = LOAD_FAILURES.find(([pattern]) => pattern.test(text))?.[1] ?? 'it failed to load';
  return new ScreenshotError(502, `${url} could not be captured: ${reason}.`);
}

/** Opens the page; a redirect to a refused address is the URL's fault (400), anything else a load failure (502). */
async function navigate(page: Page, url: string, refusals: Map<string, string>): Promise<void> {
  let documentHost = new URL(url).hostname;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documentHost = new URL(request.url()).hostname;
  });
  const refusedRedirect = () => {
    const host = documentHost.replace(/^\[|\]$/g, '');
    const message = refusals.get(host);
    return message ? new ScreenshotError(400, `${url} redirects to an address that is not fetched: ${message}`) : undefined;
  };
  let response;
  try {
    response = await page.goto(url, { waitUntil: 'domcontentloaded', timeout: NAVIGATION_TIMEOUT_MS });
  } catch (error) {
    throw refusedRedirect() ?? loadFailure(url, error);
  }
  if (response?.headers()[REFUSED_HEADER]) throw refusedRedirect() ?? new ScreenshotError(400, `${url} redirects to an address that is not fetched.`);
  const unreachable = response?.headers()[UNREACHABLE_HEADER];
  if (unreachable) throw new ScreenshotError(502, `${url} could not be captured: ${unreachable}.`);
  if (response && response.status() >= 400) throw new ScreenshotError(502, `${url} could not be captured: it answered HTTP ${response.status()}.`);
}

/** `browser` is asked for only once the page's address passed the guard: a refused URL never starts Chromium. */
export async function capturePage(
  browser: () => Promise<Browser>,
  url: string,
  device: DeviceType,
  policy: FetchPolicy,
  deadlineMs = CAPTURE_DEADLINE_MS,
): Promise<PageCapture> {
  const target = new URL(url);
  const { check, refusals } = captureGuard(policy);
  // The page's own address first: a refused address is a bad request, not a page that failed to load.
  try {
    await check(target.hostname, portOf(target));
  } catch (error) {
    if (error instanceof FetchRefused) throw new ScreenshotError(400, error.message);
    throw error;
  }

  const chromium = await browser();
  const proxy = await startEgressProxy(check);
  try {
    const context = await chromium.newContext({
      ...deviceContextOptions(device, chromium.version()),
      // '<-loopback>': Chromium would otherwise connect to loopback and link-local addresses directly, around the proxy.
      proxy: { server: proxy.server, bypass: '<-loopback>' },
      serviceWorkers: 'block',
      acceptDownloads: false,
      locale: 'en-US',
    });
    try {
      await context.routeWebSocket(() => true, (socket) => socket.close());
      await context.route('**/*', (route) => guardRoute(route, check));
      const page = await context.newPage();
      // Popups would load (and fetch) for nothing; pages without an opener are the capture's own.
      context.on('page', (other) => void other.opener().then((opener) => (opener ? other.close() : undefined)).catch(() => undefined));
      page.setDefaultTimeout(NAVIGATION_TIMEOUT_MS);
      return await withDeadline(render(page, url, device, refusals), deadlineMs, url);
    } finally {
      await context.close().catch(() => undefined);
    }
  } finally {
    await proxy.close();
  }
}

/** Opens the page, lets it settle and lazy content load with its overlays hidden, measures it and takes the image. */
async function render(page: Page, url: string, device: DeviceType, refusals: Map<string, string>): Promise<PageCapture> {
  const quiet = networkWatch(page);
  const startedAt = Date.now();
  await navigate(page, url, refusals);
  try {
    // Slow third parties (ads, widgets) may hold the load event: the capture goes on when the time is up.
    await page.waitForLoadState('load', { timeout: Math.max(1, NAVIGATION_TIMEOUT_MS - (Date.now() - startedAt)) }).catch(() => undefined);
    // Consent banners and overlays out of the way first (hidden, never answered): a page they locked scrolls again.
    await hideOverlays(page);
    await scrollThrough(page, MAX_HEIGHT, SCROLL_PAUSE_MS, SCROLL_BUDGET_MS);
    await loadLazyImages(page, MAX_HEIGHT);
    await quiet(QUIET_MS, QUIET_MAX_MS);
    // Again for what appeared meanwhile: a modal on a timer or on scroll.
    await hideOverlays(page);
    const width = REFERENCE_WIDTHS[device];
    // A page without a mobile viewport (<meta name="viewport">) lays out wider than the phone, which shows it zoomed
    // out to the screen's width: so does the capture, and its heights and boxes are in the image's pixels.
    const scale = width / Math.max(width, await layoutWidth(page));
    const fullHeight = Math.round((await documentHeight(page)) * scale);
    // Measured before the screenshot, in the layout a reader at this width has (the tracker measured clicks in it).
    const elements = scaleBoxes(await elementMap(page), scale);
    const outline = scaleOutline(await contentOutline(page), scale);
    const labels = await elementLabels(page);
    // Drawn after the map is taken (the boxes are not the page's elements), at the slots' rectangles in it.
    await drawEmptyAdSlots(page);
    const height = Math.max(1, Math.min(fullHeight, MAX_HEIGHT));
    const shot = await page.screenshot({
      type: 'jpeg',
      quality: JPEG_QUALITY,
      fullPage: true,
      clip: { x: 0, y: 0, width: Math.round(width / scale), height: Math.ceil(height / scale) },
      animations: 'disabled',
      timeout: 30_000,
    });
    const image = scale === 1 ? shot : await shrink(page.context(), shot, width, height);
    return { image, contentType: 'image/jpeg', width, height, documentHeight: fullHeight, truncated: fullHeight > MAX_HEIGHT, capturedAt: new Date(), elements, outline, labels };
  } catch (error) {
    if (error instanceof ScreenshotError) throw error;
    // E.g. the page navigated away while being measured.
    throw loadFailure(url, error);
  }
}

/** The work's answer, or a 502 when it takes longer; the caller's cleanup (closing the context) ends the work. */
function withDeadline<T>(work: Promise<T>, ms: number, url: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ScreenshotError(502, `${url} could not be captured: it did not finish within ${Math.round(ms / 1000)} s.`)), ms);
  });
  // Once the deadline has answered, the work's own failure (its context closed under it) concerns no one.
  work.catch(() => undefined);
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

function scaleOutline(outline: ContentOutline | null, scale: number): ContentOutline | null {
  if (!outline || scale === 1) return outline;
  const box = (b: OutlineBox) => b.map((v) => Math.round(v * scale)) as OutlineBox;
  const column = (c: OutlineColumn): OutlineColumn => ({ ...c, box: box(c.box), blocks: c.blocks.map((block) => ({ ...block, box: box(block.box) })) });
  return { ...outline, main: column(outline.main), sides: outline.sides.map(column) };
}

function scaleBoxes(boxes: Record<string, Box>, scale: number): Record<string, Box> {
  if (scale === 1) return boxes;
  const scaled: Record<string, Box> = {};
  for (const [key, box] of Object.entries(boxes)) scaled[key] = box.map((v) => Math.round(v * scale)) as Box;
  return scaled;
}

/** Resizes a JPEG with Chromium's own canvas, in a blank page of the capture's context (the site's scripts not in it). */
async function shrink(context: BrowserContext, image: Buffer, width: number, height: number): Promise<Buffer> {
  const blank = await context.newPage();
  try {
    // A string, not a function: tsx would wrap a function's helpers in __name(), which the page lacks.
    const dataUrl = await blank.evaluate<string>(`(async () => {
      const img = new Image();
      img.src = 'data:image/jpeg;base64,${image.toString('base64')}';
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = ${width};
      canvas.height = ${height};
      const context = canvas.getContext('2d');
      context.imageSmoothingQuality = 'high';
      context.drawImage(img, 0, 0, ${width}, ${height});
      return canvas.toDataURL('image/jpeg', ${JPEG_QUALITY / 100});
    })()`);
    return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  } finally {
    await blank.close();
  }
}
