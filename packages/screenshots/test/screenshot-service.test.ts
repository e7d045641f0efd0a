// The screenshot service against a real Chromium and a fixture site on 127.0.0.1 that only its own host name
// (fixture.localhost) may reach: widths, element maps, lazy content, the guard on every request, cache and queue.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildTracker } from '@foldline/tracker/build';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptureCache } from '../src/capture-cache.ts';
import { capturePage, MAX_HEIGHT } from '../src/capture.ts';
import { createScreenshotService, ScreenshotError, type PageCapture } from '../src/index.ts';
import { jpegSize, startFixtureSite, type FixtureSite } from './fixture-site.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let site: FixtureSite;
let dataDir: string;
let service: ReturnType<typeof createScreenshotService>;
/** The test's own browser: a reader's view of the fixtures (tracker clicks) and a JPEG decoder. */
let browser: Browser;
let decoder: Page;
let origin: string;
/** The website and account every capture here is taken for, unless a test says otherwise. */
const OWNER = { website: 'website-1', account: 'account-1' };

const layoutPage = (port: number) => `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Layout</title>
<style>
  body { margin: 0; font: 16px sans-serif }
  header { height: 120px; background: #222 }
  #cta { position: absolute; left: 1500px; top: 200px; width: 200px; height: 60px }
  @media (max-width: 767px) { #cta { left: 20px; top: 400px; width: 335px; height: 48px } }
  .spacer { height: 4000px }
  #lazy { height: 600px }
  #lazy.filled { background: rgb(0, 0, 255) }
</style>
<script src="/api/tracker.js" data-site="FL-TEST" defer></script></head>
<body><header><a href="/a">A</a></header><button id="cta">Subscribe</button>
<main><p>One</p><p>Two</p></main><div class="spacer"></div><div id="lazy"></div>
<div style="height:0;overflow:hidden"><img src="http://127.0.0.1:${port}/secret.png"><img src="/redirect-to-loopback.png"></div>
<script>
  new IntersectionObserver(function (entries, observer) {
    if (!entries.some(function (e) { return e.isIntersecting; })) return;
    document.getElementById('lazy').className = 'filled';
    new Image().src = '/lazy.png';
    observer.disconnect();
  }).observe(document.getElementById('lazy'));
  fetch('http://127.0.0.1:${port}/from-script').catch(function () {});
  fetch('http://169.254.169.254/latest/meta-data/').catch(function () {});
  try { new WebSocket('ws://fixture.localhost:${port}/socket'); } catch (e) {}
  if (navigator.serviceWorker) navigator.serviceWorker.register('/sw.js').catch(function () {});
</script></body></html>`;

beforeAll(async () => {
  site = await startFixtureSite(await buildTracker());
  origin = `http://fixture.localhost:${site.port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'foldline-screenshots-'));
  service = createScreenshotService({ dataDir, chromiumPath: CHROMIUM, policy: { allowPrivate: false, allowedHosts: [`fixture.localhost:${site.port}`] } });
  site.page('/layout', layoutPage(site.port));
  site.redirect('/redirect-to-loopback.png', `http://127.0.0.1:${site.port}/secret-redirect.png`);
  site.redirect('/moved', `http://127.0.0.1:${site.port}/layout`);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  decoder = await browser.newPage();
});
afterAll(async () => {
  await service?.close();
  await browser?.close();
  await site?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The colour of one pixel of a JPEG, decoded by Chromium. */
async function pixel(image: Buffer, x: number, y: number): Promise<[number, number, number]> {
  // A string, not a function: tsx would wrap a function's inner helpers in __name(), which the page lacks.
  return decoder.evaluate(`(async () => {
    const img = new Image();
    img.src = 'data:image/jpeg;base64,${image.toString('base64')}';
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width;
    canvas.height = img.height;
    const context = canvas.getContext('2d');
    context.drawImage(img, 0, 0);
    return Array.from(context.getImageData(${x}, ${y}, 1, 1).data.slice(0, 3));
  })()`);
}

describe('capture', () => {
  const captures: Partial<Record<'desktop' | 'mobile', PageCapture>> = {};

  it.each([
    ['desktop', 1920, [1500, 200, 200, 60]],
    ['mobile', 375, [20, 400, 335, 48]],
  ] as const)('renders the %s layout at %i px with the element map of that layout', async (device, width, cta) => {
    const capture = await service.capture(`${origin}/layout`, device, OWNER);
    captures[device] = capture;
    expect(capture.contentType).toBe('image/jpeg');
    expect(jpegSize(capture.image)).toEqual({ width, height: capture.height });
    expect(capture).toMatchObject({ width, truncated: false });
    expect(capture.elements['#cta']).toEqual(cta);
    expect(capture.elements['body>header']).toEqual([0, 0, width, 120]);
    // The lazy block was filled while scrolling, and it is where the element map says, in the image too.
    const [x, y, w, h] = capture.elements['#lazy']!;
    expect([x, w, h]).toEqual([0, width, 600]);
    expect(capture.documentHeight).toBe(y + h);
    expect(capture.height).toBe(capture.documentHeight);
    const [r, g, b] = await pixel(capture.image, x + w / 2, y + h / 2);
    expect(b).toBeGreaterThan(200);
    expect(r + g).toBeLessThan(60);
    expect(site.hits.filter((hit) => hit.path === '/lazy.png').length).toBeGreaterThanOrEqual(1);
    // An ordinary browser's user agent for the device, never HeadlessChrome.
    const userAgent = site.hits.filter((hit) => hit.path === '/layout').at(-1)!.userAgent;
    expect(userAgent).toMatch(device === 'mobile' ? /^Mozilla\/5\.0 \(Linux; Android .* Mobile Safari\/537\.36$/ : /^Mozilla\/5\.0 \(Windows NT 10\.0; Win64; x64\) .* Chrome\/\d+\.0\.0\.0 Safari\/537\.36$/);
    expect(userAgent).not.toMatch(/Headless/);
  }, 60_000);

  it('lets no request of the page reach anything but the allowed host, and sends no tracker beacon', () => {
    expect(captures.desktop && captures.mobile).toBeTruthy();
    const allowed = `fixture.localhost:${site.port}`;
    expect(site.hits.filter((hit) => hit.host !== allowed)).toEqual([]);
    const paths = site.hits.map((hit) => hit.path);
    // The redirect's first hop is on the allowed host; its target on loopback is never reached.
    expect(paths).toContain('/redirect-to-loopback.png');
    for (const refused of ['/secret.png', '/secret-redirect.png', '/from-script', '/sw.js', '/api/tracker.js', '/api/collect']) {
      expect(paths).not.toContain(refused);
    }
    expect(site.upgrades).toEqual([]);
  });

  it('refuses a page on a private address, or one that redirects to it, with a message that says so', async () => {
    const refused = (url: string) => service.capture(url, 'desktop', OWNER).then(() => undefined, (error: unknown) => error as ScreenshotError);
    const direct = await refused(`http://127.0.0.1:${site.port}/layout`);
    expect(direct).toBeInstanceOf(ScreenshotError);
    expect(direct).toMatchObject({ statusCode: 400, message: '127.0.0.1 is not an allowed address' });
    // Never what the name resolves to (issue 22 item 7).
    expect(await refused(`http://other.localhost:${site.port}/layout`)).toMatchObject({ statusCode: 400, message: 'other.localhost is not an allowed address' });
    expect(await refused(`${origin}/moved`)).toMatchObject({
      statusCode: 400,
      message: `${origin}/moved redirects to an address that is not fetched: 127.0.0.1 is not an allowed address`,
    });
    expect(site.hits.map((hit) => hit.path)).not.toContain('/secret-redirect.png');
    expect(await refused(`${origin}/missing`)).toMatchObject({ statusCode: 502, message: `${origin}/missing could not be captured: it answered HTTP 404.` });
    expect(await refused('ftp://fixture.localhost/')).toMatchObject({ statusCode: 400, message: 'url must be an http or https address' });
  }, 60_000);

  it('cuts a page taller than the cap and says so', async () => {
    site.page('/tall', '<!doctype html><meta name="viewport" content="width=device-width"><body style="margin:0"><div style="height:20000px;background:#eee"></div>');
    const capture = await service.capture(`${origin}/tall`, 'desktop', OWNER);
    expect(capture).toMatchObject({ width: 1920, height: MAX_HEIGHT, documentHeight: 20_000, truncated: true });
    expect(jpegSize(capture.image)).toEqual({ width: 1920, height: MAX_HEIGHT });
  }, 60_000);

  it('shows a page without a mobile viewport zoomed out to the phone\'s width, as a phone does', async () => {
    // Laid out 980 px wide (no <meta name="viewport">): the capture is that layout at 375/980, numbers included.
    site.page(
      '/fixed-width',
      `<!doctype html><body style="margin:0"><div style="width:980px;height:3000px;background:rgb(255,0,0)"></div>
      <div id="right" style="position:absolute;left:880px;top:400px;width:100px;height:200px;background:rgb(0,0,255)"></div>`,
    );
    const capture = await service.capture(`${origin}/fixed-width`, 'mobile', OWNER);
    const scale = 375 / 980;
    expect(capture).toMatchObject({ width: 375, height: Math.round(3000 * scale), documentHeight: Math.round(3000 * scale) });
    expect(jpegSize(capture.image)).toEqual({ width: 375, height: capture.height });
    const box = capture.elements['#right']!;
    expect(box).toEqual([880, 400, 100, 200].map((v) => Math.round(v * scale)));
    const [r, , b] = await pixel(capture.image, box[0] + box[2] / 2, box[1] + box[3] / 2);
    expect(b).toBeGreaterThan(200);
    expect(r).toBeLessThan(60);
  }, 60_000);

  it('gives up on a page that keeps its renderer busy, and frees the browser', async () => {
    site.page('/busy', '<!doctype html><p>Busy</p><script>addEventListener("load", function () { setTimeout(function () { for (;;) {} }, 10); });</script>');
    const policy = { allowPrivate: false, allowedHosts: [`fixture.localhost:${site.port}`] };
    const contexts = browser.contexts().length;
    const startedAt = Date.now();
    await expect(capturePage(async () => browser, `${origin}/busy`, 'desktop', policy, 3_000)).rejects.toMatchObject({
      statusCode: 502,
      message: `${origin}/busy could not be captured: it did not finish within 3 s.`,
    });
    expect(Date.now() - startedAt).toBeLessThan(15_000);
    expect(browser.contexts()).toHaveLength(contexts);
  }, 60_000);

  it('shares one capture between simultaneous requests for the same page and device', async () => {
    site.page('/shared', '<!doctype html><p>Shared</p>');
    const [first, second] = await Promise.all([service.capture(`${origin}/shared`, 'mobile', OWNER), service.capture(`${origin}/shared#section`, 'mobile', OWNER)]);
    expect(second).toBe(first);
    expect(site.hits.filter((hit) => hit.path === '/shared')).toHaveLength(1);
  }, 60_000);
});

describe('cache', () => {
  it('answers a cached capture quickly and without Chromium; refresh takes a new one', async () => {
    const url = `${origin}/layout`;
    const first = await service.capture(url, 'desktop', OWNER);
    const startedAt = performance.now();
    const again = await service.capture(url, 'desktop', OWNER);
    expect(performance.now() - startedAt).toBeLessThan(250);
    expect(again.capturedAt).toEqual(first.capturedAt);
    expect(again.image.equals(first.image)).toBe(true);
    expect(again.elements).toEqual(first.elements);

    // Another service on the same directory with no Chromium at all answers from the cache.
    const withoutChromium = createScreenshotService({ dataDir, chromiumPath: '/nonexistent/chromium', policy: { allowPrivate: false, allowedHosts: [] } });
    try {
      expect((await withoutChromium.capture(url, 'desktop', OWNER)).capturedAt).toEqual(first.capturedAt);
      expect((await withoutChromium.cached(url, 'desktop', OWNER))?.capturedAt).toEqual(first.capturedAt);
      expect(await withoutChromium.cached(`${origin}/never`, 'desktop', OWNER)).toBeUndefined();
      expect(withoutChromium.launches).toBe(0);
      await expect(withoutChromium.capture(`http://93.184.216.34/`, 'desktop', OWNER)).rejects.toMatchObject({
        statusCode: 503,
        message: 'Screenshots need Chromium, but CHROMIUM_PATH (/nonexistent/chromium) is not an executable file.',
      });
    } finally {
      await withoutChromium.close();
    }

    const refreshed = await service.capture(url, 'desktop', { ...OWNER, refresh: true });
    expect(refreshed.capturedAt.getTime()).toBeGreaterThan(first.capturedAt.getTime());
    expect((await service.cached(url, 'desktop', OWNER))?.capturedAt).toEqual(refreshed.capturedAt);
    expect(service.launches).toBe(1);
  }, 60_000);

  it('keeps the layout of the newest capture in memory, without the image', async () => {
    const url = `${origin}/layout`;
    const capture = await service.capture(url, 'desktop', OWNER);
    // Gone from disk, still known: the heatmaps read it on every call.
    rmSync(path.join(dataDir, 'screenshots'), { recursive: true, force: true });
    const layout = await service.layout(url, 'desktop', OWNER);
    expect(layout).not.toHaveProperty('image');
    expect(layout).toMatchObject({ capturedAt: capture.capturedAt, documentHeight: capture.documentHeight, elements: capture.elements });
    // A refresh replaces it.
    const refreshed = await service.capture(url, 'desktop', { ...OWNER, refresh: true });
    expect((await service.layout(url, 'desktop', OWNER)).capturedAt).toEqual(refreshed.capturedAt);
  }, 60_000);

  it('keeps captures per website: another website on the same domain takes its own, and its refresh leaves the first one\'s', async () => {
    site.page('/per-website', '<!doctype html><p>Per website</p>');
    const url = `${origin}/per-website`;
    const other = { website: 'website-2', account: 'account-2' };
    const first = await service.capture(url, 'mobile', OWNER);
    // The other website finds nothing of the first one's, on disk or in memory.
    expect(await service.cached(url, 'mobile', other)).toBeUndefined();
    expect(await service.storedLayout(url, 'mobile', other)).toBeUndefined();
    const second = await service.capture(url, 'mobile', other);
    expect(second.capturedAt.getTime()).toBeGreaterThan(first.capturedAt.getTime());
    expect(site.hits.filter((hit) => hit.path === '/per-website')).toHaveLength(2);
    const refreshed = await service.capture(url, 'mobile', { ...other, refresh: true });
    expect(refreshed.capturedAt.getTime()).toBeGreaterThan(second.capturedAt.getTime());
    for (const read of [service.capture(url, 'mobile', OWNER), service.cached(url, 'mobile', OWNER), service.layout(url, 'mobile', OWNER), service.storedLayout(url, 'mobile', OWNER)]) {
      expect((await read)?.capturedAt).toEqual(first.capturedAt);
    }
    expect((await service.layout(url, 'mobile', other)).capturedAt).toEqual(refreshed.capturedAt);
  }, 60_000);

  it('takes a stale capture again', async () => {
    const url = `${origin}/layout`;
    const old = new Date(Date.now() - 25 * 60 * 60 * 1000);
    const stale: PageCapture = { image: Buffer.from('old'), contentType: 'image/jpeg', width: 768, height: 1, documentHeight: 1, truncated: false, capturedAt: old, elements: {} };
    await createCaptureCache(dataDir).write(OWNER.website, url, 'tablet', stale);
    expect((await service.cached(url, 'tablet', OWNER))?.capturedAt).toEqual(old);
    const fresh = await service.capture(url, 'tablet', OWNER);
    expect(fresh.capturedAt.getTime()).toBeGreaterThan(old.getTime());
    expect(jpegSize(fresh.image).width).toBe(768);
    expect(fresh.elements['#cta']).toEqual([1500, 200, 200, 60]);
  }, 60_000);

  it('keeps at most the bound of captures, dropping the oldest, and leaves no temporary files', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'foldline-screenshot-cache-'));
    try {
      const cache = createCaptureCache(dir, { maxEntries: 2, maxBytes: 1024 * 1024 });
      const capture = (i: number): PageCapture => ({
        image: Buffer.alloc(1000, i),
        contentType: 'image/jpeg',
        width: 375,
        height: 10,
        documentHeight: 10,
        truncated: false,
        capturedAt: new Date(Date.now() - (10 - i) * 1000),
        elements: { [`#e${i}`]: [0, 0, 1, 1] },
      });
      for (const i of [1, 2, 3]) await cache.write('website-1', `https://x.example/${i}`, 'mobile', capture(i));
      expect(await cache.read('website-1', 'https://x.example/1', 'mobile')).toBeUndefined();
      expect((await cache.read('website-1', 'https://x.example/3#top', 'mobile'))?.elements).toEqual({ '#e3': [0, 0, 1, 1] });
      // Rewriting a page replaces its image.
      await cache.write('website-1', 'https://x.example/3', 'mobile', { ...capture(4), elements: {} });
      expect((await cache.read('website-1', 'https://x.example/3', 'mobile'))?.image).toEqual(Buffer.alloc(1000, 4));
      const files = readdirSync(path.join(dir, 'screenshots'));
      expect(files.filter((f) => f.endsWith('.json'))).toHaveLength(2);
      expect(files.filter((f) => f.endsWith('.jpg'))).toHaveLength(2);
      expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
      // And by bytes: a budget of two images keeps two.
      const small = createCaptureCache(dir, { maxEntries: 100, maxBytes: 3_000 });
      await small.write('website-1', 'https://x.example/5', 'mobile', capture(5));
      expect(readdirSync(path.join(dir, 'screenshots')).filter((f) => f.endsWith('.jpg'))).toHaveLength(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('selector', () => {
  it('names every clicked element as the tracker does, with the box the reader saw', async () => {
    site.page(
      '/parity',
      `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
      <style>body{margin:0;font:16px sans-serif} li,a,span,em,button{display:inline-block;padding:8px}</style>
      <script defer src="/api/tracker.js" data-site="FL-TEST"></script></head><body>
      <nav><ul><li>Home</li><li><a href="#news">News</a></li><li><span>Sport</span></li></ul></nav>
      <div id="item-48213"><p><em class="generated">Generated id</em></p></div>
      <div id="a:b.c"><button>Escaped id</button></div>
      <section><div><div><div><div><div><div><span class="deep">Deep</span></div></div></div></div></div></div></section>
      <p>First</p><p>Second</p><p><a href="#third">Third</a></p>
      </body></html>`,
    );
    const targets = ['nav li:nth-of-type(1)', 'nav a', 'nav span', 'em.generated', 'button', 'span.deep', 'body > p:nth-of-type(2)', 'body > p a'];
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const page = await context.newPage();
    const boxes: Array<[number, number, number, number]> = [];
    try {
      await page.goto(`${origin}/parity`);
      // The tracker sends the pageview a second after load; clicks go with the next beacon (leaving the page).
      await expect.poll(() => site.hits.filter((hit) => hit.path === '/api/collect').length, { timeout: 10_000 }).toBeGreaterThan(0);
      for (const target of targets) {
        const box = (await page.locator(target).boundingBox())!;
        boxes.push([Math.round(box.x), Math.round(box.y), Math.round(box.width), Math.round(box.height)]);
        await page.click(target);
      }
      await page.goto('about:blank');
      await expect.poll(() => site.clicks.length, { timeout: 10_000 }).toBe(targets.length);
    } finally {
      await context.close();
    }

    const capture = await service.capture(`${origin}/parity`, 'desktop', OWNER);
    const selectors = site.clicks.map((click) => click.s);
    expect(selectors).toContain('#a\\:b\\.c>button');
    expect(selectors).toContain('body>div>p>em');
    // A click on something not interactive is held a second by the tracker (a dead click or not), so the clicks arrive
    // in another order than they were made: each recorded selector's box is one of the boxes clicked, every one once.
    const byPosition = (a: readonly number[], b: readonly number[]) => a[1]! - b[1]! || a[0]! - b[0]!;
    expect(selectors.map((s) => capture.elements[s]!).sort(byPosition)).toEqual([...boxes].sort(byPosition));
  }, 60_000);
});
