// Heatmaps end to end in real Chromium: readers on a publisher page (the real tracker, at 1,280 and 375 px) click its
// call-to-action, whose place differs at every width; the publisher opens page analytics and finds the hottest point
// on that button in the 1,920 px screenshot (and on it at 375 px for phones), with the overlay coloured there.
import type { ClickedElementsResponse, PointHeatmapResponse } from '@foldline/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, expectNoHorizontalOverflow, launchBrowser, MOBILE_WIDTH, newPage, screenshot, signInWithSession } from './support/browser.ts';
import { startPublisherSite, visitAsReader, waitForStoredClicks, type PublisherSite } from './support/publisher-site.ts';

/** Where the button is at each width (document px): x, y, width, height. The column is 1,000 px and centred from
 * 1,100 px up, the whole width (less gutters) below; on phones the button moves far down. */
const CTA = { 1280: [240, 1500, 200, 50], 1920: [560, 1500, 200, 50], 375: [35, 2500, 300, 60] } as const;
type Box = readonly [number, number, number, number];
/** The button's 4 clicks and the headline's 3. */
const DESKTOP_CLICKS = 7;

const publisherPage = (tracker: string, code: string) => `<!doctype html><html><head>
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Harbour ferry timetable</title>
<script async src="${tracker}" data-site="${code}"></script>
<style>
  body { margin: 0; font: 16px sans-serif; }
  h1 { margin: 0; height: 60px; }
  .column { position: relative; width: 1000px; margin: 0 auto; height: 3000px; background: linear-gradient(#fff, #e2e8f0); }
  #cta { position: absolute; left: 100px; top: 1500px; width: 200px; height: 50px; }
  @media (max-width: 1099px) { .column { width: auto; margin: 0 40px; } }
  @media (max-width: 767px) { .column { margin: 0 15px; height: 4000px; } #cta { left: 20px; top: 2500px; width: 300px; height: 60px; } }
</style></head>
<body><div class="column"><h1 id="headline">Harbour ferry timetable</h1><button id="cta">Subscribe</button></div></body></html>`;

let site: PublisherSite;
let readers: Browser;
let browser: Browser;
let pageId: string;

/** The API as the publisher. */
const api = <T>(path: string) => site.api<T>(path);

/** A reader's visit: `act` on the page, then leave. */
const readerVisit = (width: number, act: (page: Page) => Promise<void>) => visitAsReader(readers, site.articleUrl, width, act);

/** Scroll to the button and click it. */
const clickCta = async (page: Page) => {
  await page.locator('#cta').scrollIntoViewIfNeeded();
  await page.locator('#cta').click();
};
const readerClicks = (width: number) => readerVisit(width, clickCta);

beforeAll(async () => {
  site = await startPublisherSite(publisherPage);
  readers = await site.launchReaders();
  // Desktop: three of four readers click the button (one of them twice, 1.5 s apart: no rage); the fourth clicks the
  // headline, which is no link, three times fast — a rage click. The readers visit side by side, each in a context of
  // its own: each waits a second for its pageview beacon.
  await Promise.all([
    readerClicks(1280),
    readerClicks(1280),
    readerVisit(1280, async (page) => {
      await clickCta(page);
      await page.waitForTimeout(1500);
      await page.locator('#cta').click();
    }),
    readerVisit(1280, (page) => page.locator('#headline').click({ clickCount: 3 })),
    readerClicks(MOBILE_WIDTH),
  ]);
  pageId = await site.pageId();
  await waitForStoredClicks(
    async () => [
      (await api<PointHeatmapResponse>(`/analytics/heatmap/click?pageId=${pageId}&period=day&deviceType=desktop`)).body.meta,
      (await api<PointHeatmapResponse>(`/analytics/heatmap/click?pageId=${pageId}&period=day&deviceType=mobile`)).body.meta,
    ] as const,
    ([desktop, mobile]) => desktop.clicks >= DESKTOP_CLICKS && mobile.clicks >= 1,
  );
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const inside = (point: { x: number; y: number }, [x, y, w, h]: Box) => point.x >= x && point.x <= x + w && point.y >= y && point.y <= y + h;

/** The overlay's colour (RGBA) at a point of the reference layout, read off the canvas as drawn. */
async function overlayAt(page: Page, referenceWidth: number, point: { x: number; y: number }): Promise<number[]> {
  return page.evaluate(
    ({ referenceWidth, point }) => {
      const canvas = document.querySelector<HTMLCanvasElement>('[role="region"] canvas');
      if (!canvas || canvas.width === 0) return [0, 0, 0, 0];
      const scale = canvas.width / referenceWidth;
      const pixel = canvas.getContext('2d')!.getImageData(Math.round(point.x * scale), Math.round(point.y * scale), 1, 1).data;
      return [...pixel];
    },
    { referenceWidth, point },
  );
}

async function openClickMap(width: number, device: 'Desktop' | 'Mobile'): Promise<Page> {
  const page = await newPage(browser, site.server, { width });
  page.setDefaultTimeout(30_000);
  await signInWithSession(page, site.session, `/dashboard/pages/${pageId}`);
  await page.getByRole('heading', { name: 'Click Heatmap' }).waitFor();
  await page.getByLabel('Time Range').selectOption('day');
  // On a phone the mobile map is offered first.
  if (device === 'Mobile' && width < 768) await page.getByRole('button', { name: 'Show mobile' }).click();
  else if (device === 'Mobile') await page.getByLabel('Device').selectOption('mobile');
  await page.getByText(`Device: ${device.toLowerCase()}`).waitFor();
  await page.locator('[role="region"] img').waitFor();
  return page;
}

describe('heatmaps', () => {
  it('puts desktop readers\' clicks on the button in the 1,920 px screenshot, and colours the overlay there', async () => {
    const map = (await api<PointHeatmapResponse>(`/analytics/heatmap/click?pageId=${pageId}&period=day&deviceType=desktop`)).body;
    expect(map.meta).toMatchObject({ referenceWidth: 1920, clicks: DESKTOP_CLICKS, anchoredClicks: DESKTOP_CLICKS, layout: { captured: true } });
    const hottest = map.data[0]!;
    expect(inside(hottest, CTA[1920])).toBe(true);
    // Where the readers' own coordinates (x ≈ 340 of 1,280) would have put it, scaled: off the button.
    expect(inside({ x: (340 / 1280) * 1920, y: hottest.y }, CTA[1920])).toBe(false);

    const page = await openClickMap(1280, 'Desktop');
    await page.getByText('Based on 4 pageviews', { exact: false }).waitFor();
    await expect.poll(async () => (await overlayAt(page, 1920, hottest))[3], { timeout: 10_000 }).toBeGreaterThan(0);
    // Nothing was clicked in the page's top-left corner.
    expect((await overlayAt(page, 1920, { x: 5, y: 5 }))[3]).toBe(0);
    await screenshot(page, 'heatmap-click-desktop');
    await page.close();
  });

  it('lists the clicked elements by name beside the map: the button first with its shares, the headline with its rage click', async () => {
    const elements = (await api<ClickedElementsResponse>(`/analytics/clicked-elements?pageId=${pageId}&period=day&deviceType=desktop`)).body.data;
    expect(elements).toMatchObject({ pageviews: 4, clicks: DESKTOP_CLICKS });
    expect(elements.elements.map((e) => [e.label, e.kind, e.clicks, e.click_share, e.pageview_share, e.rage_pageviews])).toEqual([
      ['Subscribe', 'button', 4, 57.1, 75, 0],
      ['Harbour ferry timetable', 'heading', 3, 42.9, 25, 1],
    ]);
    expect(elements.elements[0]!.box).toEqual([...CTA[1920]]);

    const page = await openClickMap(1280, 'Desktop');
    const table = page.getByRole('table', { name: 'Clicked elements' });
    const button = table.getByRole('row').filter({ hasText: 'Subscribe' });
    await button.getByText('57.1%').waitFor();
    await button.getByText('75.0%').waitFor();
    const headline = table.getByRole('row').filter({ hasText: 'Harbour ferry timetable' });
    await headline.getByText('1', { exact: true }).waitFor();
    // Hovering the button's row outlines the button on the map, where the screenshot has it.
    await button.hover();
    const outline = page.getByTestId('element-outline');
    await outline.waitFor();
    const [image, box] = await Promise.all([page.locator('[role="region"] img').boundingBox(), outline.boundingBox()]);
    const scale = image!.width / 1920;
    expect(box!.x - image!.x).toBeCloseTo(CTA[1920][0] * scale, -1);
    expect(box!.y - image!.y).toBeCloseTo(CTA[1920][1] * scale, -1);
    // The list downloads as CSV.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('clicked-elements.csv');
    await checkA11y(page, 'click heatmap with its element list');
    await screenshot(page, 'heatmap-elements-1280');
    // Zoom: the page drawn 1.5 times as large, the overlay redrawn at that scale, still hot on the button.
    const shot = page.locator('[role="region"] img');
    const fitted = (await shot.boundingBox())!.width;
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByText('Zoom 150 %').waitFor();
    await expect.poll(async () => Math.round((await shot.boundingBox())!.width)).toBe(Math.round(fitted * 1.5));
    const centre = { x: CTA[1920][0] + CTA[1920][2] / 2, y: CTA[1920][1] + CTA[1920][3] / 2 };
    await expect.poll(async () => (await overlayAt(page, 1920, centre))[3], { timeout: 10_000 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Fit to width' }).click();
    await expect.poll(async () => Math.round((await shot.boundingBox())!.width)).toBe(Math.round(fitted));
    await page.close();
  });

  it('puts phone readers\' clicks on the button in the 375 px layout', async () => {
    const map = (await api<PointHeatmapResponse>(`/analytics/heatmap/click?pageId=${pageId}&period=day&deviceType=mobile`)).body;
    expect(map.meta).toMatchObject({ referenceWidth: 375, clicks: 1, anchoredClicks: 1 });
    expect(inside(map.data[0]!, CTA[375])).toBe(true);

    const page = await openClickMap(MOBILE_WIDTH, 'Mobile');
    await expect.poll(async () => (await overlayAt(page, 375, map.data[0]!))[3], { timeout: 10_000 }).toBeGreaterThan(0);
    // On a phone the element list's rows are cards: the element's name has its width, not a truncated sliver.
    const name = page.getByRole('table', { name: 'Clicked elements' }).getByText('Subscribe', { exact: true });
    await name.waitFor();
    expect((await name.boundingBox())!.width).toBeGreaterThan(60);
    await expectNoHorizontalOverflow(page, 'click heatmap on a phone');
    await screenshot(page, 'heatmap-click-mobile');
    await page.close();
  });

  it('shows how far readers scrolled, with the marks and the average fold', async () => {
    const page = await openClickMap(1280, 'Desktop');
    await page.getByRole('tab', { name: 'Scroll Depth' }).click();
    await page.getByRole('heading', { name: 'Scroll Depth Analysis' }).waitFor();
    await page.getByText(/of visitors reach 25%/).first().waitFor();
    await page.getByText(/fold/i).first().waitFor();
    await screenshot(page, 'heatmap-scroll-desktop');
    await page.close();
  });

  it("refuses a screenshot of another user's domain", async () => {
    const response = await fetch(`${site.server.url}/api/screenshots?url=${encodeURIComponent('https://someone-else.example.org/')}&deviceType=desktop`, {
      headers: { authorization: `Bearer ${site.session.tokens.accessToken}` },
    });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain('is not the domain of one of your websites');
  });
});
