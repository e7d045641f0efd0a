// The engagement map and its PNG end to end (issue 26) in real Chromium, at 1,280 and 375 px: readers' beacons (a short
// and a long reader on each device) through the collector's pipeline; the publisher opens the engagement map, sees each
// content block of the article shaded over the screenshot (never its margins) and reads a block's figure in words by
// pointing at it, reads what red means in words with the real figure, and downloads the map as a PNG — a real PNG, made on a canvas the
// screenshot did not taint, as wide as the map is drawn, with the map and its caption.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CollectEvent, PointHeatmapResponse } from '@foldline/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_UA } from '../apps/server/test/collect-factory.ts';
import { checkA11y, DESKTOP_WIDTH, expectNoHorizontalOverflow, launchBrowser, MOBILE_WIDTH, newPage, screenshot, signInWithSession } from './support/browser.ts';
import { startPublisherSite, type PublisherSite } from './support/publisher-site.ts';

const PARAGRAPH = 'The harbour ferry runs every twenty minutes from the north pier, later on weekends. ';
/** An article column 1,000 px wide and centred from 1,100 px up, 15 px from the edges on phones; 3,000 px tall. */
const PUBLISHER_PAGE = `<!doctype html><html><head><meta name="viewport" content="width=device-width,initial-scale=1"><title>Ferry timetable</title>
<style>
  body { margin: 0; font: 16px sans-serif; }
  article { width: 1000px; margin: 0 auto; height: 3000px; background: linear-gradient(#fff, #e2e8f0); }
  h1 { margin: 0; height: 60px; } p { margin: 0 0 24px; }
  @media (max-width: 1099px) { article { width: auto; margin: 0 40px; } }
  @media (max-width: 767px) { article { margin: 0 15px; } }
</style></head>
<body><article><h1>Ferry timetable</h1>${Array.from({ length: 6 }, () => `<p>${PARAGRAPH.repeat(3)}</p>`).join('')}</article></body></html>`;

let site: PublisherSite;
let browser: Browser;
let pageId: string;

beforeAll(async () => {
  // The page carries no tracker: the readers' beacons below go straight into the collector's pipeline.
  site = await startPublisherSite(() => PUBLISHER_PAGE);

  // On each device a short reader (5 s on the first screen) and a long one (20 s there, 80 s further down): the first
  // screen holds (100 % + 20 %) / 2 = 60 % of a reader's time.
  let reader = 0;
  const visit = async (width: number, height: number, events: CollectEvent[]) => {
    reader += 1;
    const payload = { site: site.website.tracking_code, u: site.articleUrl, pv: randomUUID(), sid: randomUUID(), vw: width, e: [{ k: 'pv', a: 0, t: 'Ferry timetable', r: '', vw: width, vh: height, dh: 3000 } as CollectEvent, ...events] };
    const result = await site.server.app.ingest.accept(payload, { ip: `203.0.113.${reader}`, userAgent: BROWSER_UA, receivedAt: Date.now() - 60_000 });
    expect(result.outcome).toBe('stored');
  };
  // Each also reports how far it scrolled, and the long reader clicks the headline (the scroll and click maps' PNGs).
  for (const [width, height] of [[DESKTOP_WIDTH, 900], [MOBILE_WIDTH, 700]] as const) {
    await visit(width, height, [{ k: 'span', a: 0, y: 0, vh: height, dh: 3000, d: 5_000 }, { k: 'eng', a: 0, ms: 5_000, sd: 30, pd: -1, dh: 3000 }]);
    await visit(width, height, [
      { k: 'span', a: 0, y: 0, vh: height, dh: 3000, d: 20_000 },
      { k: 'span', a: 0, y: 2000, vh: height, dh: 3000, d: 80_000 },
      { k: 'eng', a: 0, ms: 100_000, sd: 97, pd: -1, dh: 3000 },
      { k: 'click', a: 0, x: Math.round(width / 2), y: 30, vw: width, dh: 3000, s: 'article>h1', ox: 0.5, oy: 0.5 },
    ]);
  }
  await site.server.app.ingest.flush?.();
  pageId = await site.pageId();
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** The API as the publisher: the body of an answer that must be a success. */
async function api<T>(path: string): Promise<T> {
  const { status, body } = await site.api<T>(path);
  expect(status, path).toBe(200);
  return body;
}

async function openEngagementMap(width: number): Promise<Page> {
  const page = await newPage(browser, site.server, { width });
  page.setDefaultTimeout(30_000);
  await signInWithSession(page, site.session, `/dashboard/pages/${pageId}`);
  await page.getByRole('heading', { name: 'Click Heatmap' }).waitFor();
  // On a phone the mobile map is offered first.
  if (width < 768) await page.getByRole('button', { name: 'Show mobile' }).click();
  await page.getByText(`Device: ${width < 768 ? 'mobile' : 'desktop'}`).waitFor();
  await page.getByRole('tab', { name: 'Engagement' }).click();
  await page.getByRole('heading', { name: 'Engagement Heatmap' }).waitFor();
  await page.locator('[role="region"] img').waitFor();
  return page;
}

/** The overlay's colour (RGBA) at a point of the reference layout, read off the canvas as drawn. */
async function overlayAt(page: Page, referenceWidth: number, point: { x: number; y: number }): Promise<number[]> {
  return page.evaluate(
    ({ referenceWidth, point }) => {
      const canvas = document.querySelector<HTMLCanvasElement>('[role="region"] canvas');
      if (!canvas || canvas.width === 0) return [0, 0, 0, 0];
      const scale = canvas.width / referenceWidth;
      return [...canvas.getContext('2d')!.getImageData(Math.round(point.x * scale), Math.round(point.y * scale), 1, 1).data];
    },
    { referenceWidth, point },
  );
}

/** Width and height from a PNG's header chunk (IHDR, right after the signature). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The PNG's pixel (RGBA) at (x, y), decoded by the browser. */
async function pngPixel(page: Page, bytes: Buffer, x: number, y: number): Promise<number[]> {
  return page.evaluate(
    async ({ data, x, y }) => {
      // From bytes, not a data: address, which the app's content security policy does not let it fetch.
      const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      return [...ctx.getImageData(x, y, 1, 1).data];
    },
    { data: bytes.toString('base64'), x, y },
  );
}

describe('engagement heatmap export', () => {
  for (const [width, device] of [[DESKTOP_WIDTH, 'desktop'], [MOBILE_WIDTH, 'mobile']] as const) {
    it(`says what red means and downloads the map as a PNG of the size drawn, at ${width} px`, async () => {
      const map = await api<PointHeatmapResponse>(`/analytics/heatmap/engagement?pageId=${pageId}&period=week&deviceType=${device}`);
      expect(map.meta).toMatchObject({ pageviews: 2, timedPageviews: 2, layout: { captured: true } });
      expect(map.meta.maxValue).toBeCloseTo(0.6, 9);

      const page = await openEngagementMap(width);
      await page.getByText('Red: readers spent on average 60 % of their time here').waitFor();
      await page.getByText('Based on 2 pageviews, 2 of them with time measured.').waitFor();
      const button = page.getByRole('button', { name: 'Download PNG' });
      await expect.poll(() => button.isEnabled(), { timeout: 15_000 }).toBe(true);

      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      expect(download.suggestedFilename()).toBe(`engagement-heatmap-${device}-week-ferry-timetable.png`);
      const bytes = readFileSync((await download.path())!);
      // Kept beside the screenshots, to be looked at.
      await download.saveAs(fileURLToPath(new URL(`../test-results/screenshots/heatmap-engagement-${width}-export.png`, import.meta.url)));
      // The PNG signature: the canvas gave its pixels (a tainted one would have refused).
      expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

      // As wide as the map is drawn (the shown part of the page, at this screen's scale), as tall as the drawn map plus
      // its caption above it.
      const region = page.getByRole('region', { name: 'Engagement Heatmap over the page' });
      const [frame, shot, ratio] = await Promise.all([
        region.locator('> div').boundingBox(),
        region.locator('img').boundingBox(),
        page.evaluate(() => window.devicePixelRatio),
      ]);
      const size = pngSize(bytes);
      expect(Math.abs(size.width - frame!.width * ratio)).toBeLessThanOrEqual(1);
      const mapHeight = Math.floor(shot!.height * ratio + 1e-6);
      const captionHeight = size.height - mapHeight;
      expect(Math.abs(captionHeight - Math.round(captionHeight))).toBe(0);
      expect(captionHeight).toBeGreaterThan(40);
      expect(captionHeight).toBeLessThan(640);
      // The map is in it: the first screen's band, the hottest, red to yellow over the article; the caption on white.
      const [r, g, b] = await pngPixel(page, bytes, Math.round(size.width / 2), captionHeight + Math.round(mapHeight * 0.05));
      expect(r! - b! > 100, `the band at the top of the map is ${[r, g, b].join(',')}`).toBe(true);
      expect(await pngPixel(page, bytes, size.width - 2, 2)).toEqual([255, 255, 255, 255]);

      if (width < 768) await expectNoHorizontalOverflow(page, 'engagement heatmap with its PNG control on a phone');
      else await checkA11y(page, 'engagement heatmap with its PNG control');
      await screenshot(page, `heatmap-engagement-${width}`);
      await page.close();
    });
  }

  for (const [width, device, margin] of [[DESKTOP_WIDTH, 'desktop', { x: 448, ref: 1920 }], [MOBILE_WIDTH, 'mobile', { x: 7, ref: 375 }]] as const) {
    it(`shades each content block by its share of readers' time, never the margins, and says it in words, at ${width} px`, async () => {
      const map = await api<PointHeatmapResponse>(`/analytics/heatmap/engagement?pageId=${pageId}&period=week&deviceType=${device}`);
      // The headline and the six paragraphs. The first screen held 60 % of a reader's time: its bands (1 % of the page,
      // 30 px) down to the one the viewport's bottom touched, 0–900 px on desktop, 0–720 px on a phone (700 px tall).
      // A block wholly on it has 60 %, one partly on it 60 % of the part on it, one below it none (on a phone the
      // narrow column's paragraphs run past the first screen).
      const blocks = map.meta.blocks!;
      expect(blocks.map((block) => block.kind)).toEqual(['heading', ...Array.from({ length: 6 }, () => 'paragraph')]);
      const screenEnd = (Math.floor(((width < 768 ? 700 : 900) * 100 - 1) / 3000) + 1) * 30;
      for (const { box, share } of blocks) expect(share).toBeCloseTo((0.6 * Math.max(0, Math.min(box[3], screenEnd - box[1]))) / box[3], 9);
      expect(blocks[2]!.share).toBeCloseTo(0.6, 9);
      if (width < 768) expect(blocks.at(-1)!.share).toBeLessThan(0.6);
      const column = map.meta.content!;

      const page = await openEngagementMap(width);
      const boxes = page.getByTestId('block-box');
      await expect.poll(() => boxes.count(), { timeout: 15_000 }).toBe(blocks.length);
      // Each box lies over its block of the screenshot, within the article's column.
      const shot = (await page.locator('[role="region"] img').boundingBox())!;
      const scale = shot.width / margin.ref;
      for (const [index, block] of blocks.entries()) {
        const box = (await boxes.nth(index).boundingBox())!;
        expect(Math.abs(box.x - shot.x - block.box[0] * scale)).toBeLessThanOrEqual(1.5);
        expect(Math.abs(box.y - shot.y - block.box[1] * scale)).toBeLessThanOrEqual(1.5);
        expect(block.box[0]).toBeGreaterThanOrEqual(column.x);
        expect(block.box[0] + block.box[2]).toBeLessThanOrEqual(column.x + column.width);
      }
      // The canvas is shaded over a paragraph, not over the margin beside it, nor below the last block where readers'
      // viewports stood (the long readers' lower screen, an empty part of the article).
      const paragraph = blocks[2]!.box;
      const centre = { x: paragraph[0] + paragraph[2] / 2, y: paragraph[1] + paragraph[3] / 2 };
      await expect.poll(async () => (await overlayAt(page, margin.ref, centre))[3], { timeout: 10_000 }).toBeGreaterThan(0);
      expect((await overlayAt(page, margin.ref, { x: margin.x, y: centre.y }))[3]).toBe(0);
      expect((await overlayAt(page, margin.ref, { x: centre.x, y: 2400 }))[3]).toBe(0);

      // Pointed at (a mouse on desktop, focus on a phone), a block says its figure in the legend's words.
      const status = page.getByTestId('block-status');
      if (width < 768) await boxes.nth(2).focus();
      else await boxes.nth(2).hover();
      await expect.poll(() => status.textContent()).toBe('Readers spent on average 60 % of their time with this paragraph (“The harbour ferry runs every twenty minutes from the north…”)');
      await expect.poll(() => boxes.nth(2).getAttribute('aria-label')).toContain('with this paragraph');
      if (width < 768) await expectNoHorizontalOverflow(page, 'engagement map per block on a phone');
      else await checkA11y(page, 'engagement map per block');
      await screenshot(page, `heatmap-engagement-blocks-${width}`);
      await page.close();
    });
  }

  it('downloads the click and scroll maps as PNGs too', async () => {
    const page = await openEngagementMap(DESKTOP_WIDTH);
    for (const [tab, heading, type] of [['Click Heatmap', 'Click Heatmap', 'click'], ['Scroll Depth', 'Scroll Depth Analysis', 'scroll']] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('heading', { name: heading }).waitFor();
      const button = page.getByRole('button', { name: 'Download PNG' });
      await expect.poll(() => button.isEnabled(), { timeout: 15_000 }).toBe(true);
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      expect(download.suggestedFilename()).toBe(`${type}-heatmap-desktop-week-ferry-timetable.png`);
      const bytes = readFileSync((await download.path())!);
      expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const frame = await page.getByRole('region', { name: `${heading} over the page` }).locator('> div').boundingBox();
      expect(Math.abs(pngSize(bytes).width - frame!.width)).toBeLessThanOrEqual(1);
      await download.saveAs(fileURLToPath(new URL(`../test-results/screenshots/heatmap-${type}-1280-export.png`, import.meta.url)));
    }
    await page.close();
  });
});
