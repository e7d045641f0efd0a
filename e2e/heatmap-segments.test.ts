// Heatmap segments and comparison end to end (issue 26) in real Chromium: readers arrive on a publisher page with the
// real tracker from search and social links (UTM-tagged addresses) or directly, and click; the publisher picks a Source
// on the heatmap card and the map and its element list narrow to it, then compares two segments — two maps side by side
// at 1,280 px, stacked at 375 px — and the previous period, which has nothing yet; then switches to the difference view
// (one map, red where the first segment has more clicks per 1,000 pageviews, blue where fewer) with both segments in the
// element list, and downloads the difference as a PNG.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { HeatmapSegmentsResponse, PointHeatmapResponse } from '@foldline/contracts';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, expectNoHorizontalOverflow, launchBrowser, MOBILE_WIDTH, newPage, screenshot, signInWithSession } from './support/browser.ts';
import { startPublisherSite, visitAsReader, waitForStoredClicks, type PublisherSite } from './support/publisher-site.ts';

const publisherPage = (tracker: string, code: string) => `<!doctype html><html><head>
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Harbour ferry timetable</title>
<script async src="${tracker}" data-site="${code}"></script>
<style>
  body { margin: 0; font: 16px sans-serif; }
  h1 { margin: 0; height: 60px; }
  .column { position: relative; width: 1000px; margin: 0 auto; height: 2000px; background: linear-gradient(#fff, #e2e8f0); }
  #cta { position: absolute; left: 100px; top: 900px; width: 200px; height: 50px; }
  @media (max-width: 1099px) { .column { width: auto; margin: 0 40px; } }
  @media (max-width: 767px) { .column { margin: 0 15px; } #cta { left: 20px; top: 1200px; width: 300px; height: 60px; } }
</style></head>
<body><div class="column"><h1 id="headline">Harbour ferry timetable</h1><button id="cta">Subscribe</button></div></body></html>`;

let site: PublisherSite;
let readers: Browser;
let browser: Browser;
let pageId: string;

/** The API as the publisher: the body of an answer that must be a success. */
async function api<T>(path: string): Promise<T> {
  const { status, body } = await site.api<T>(path);
  expect(status, path).toBe(200);
  return body;
}

/** A reader at `width` arriving with `query` (UTM tags, or nothing: direct) who clicks `selector` once. */
function readerClicks(width: number, query: string, selector: string): Promise<void> {
  return visitAsReader(readers, `${site.articleUrl}${query}`, width, async (page) => {
    await page.locator(selector).scrollIntoViewIfNeeded();
    await page.locator(selector).click();
  });
}

beforeAll(async () => {
  site = await startPublisherSite(publisherPage);
  readers = await site.launchReaders();
  // The readers visit side by side, each in a context of its own: each waits a second for its pageview beacon.
  await Promise.all([
    // Desktop: two readers from search click the button, one from social the headline.
    readerClicks(1280, '?utm_source=google&utm_medium=organic', '#cta'),
    readerClicks(1280, '?utm_source=google&utm_medium=organic', '#cta'),
    readerClicks(1280, '?utm_source=facebook&utm_medium=social', '#headline'),
    // Phones: one from social clicks the button, one direct the headline.
    readerClicks(MOBILE_WIDTH, '?utm_source=facebook&utm_medium=social', '#cta'),
    readerClicks(MOBILE_WIDTH, '', '#headline'),
  ]);
  pageId = await site.pageId();
  await waitForStoredClicks(
    async () => [
      (await api<PointHeatmapResponse>(`/analytics/heatmap/click?pageId=${pageId}&period=day&deviceType=desktop`)).meta,
      (await api<PointHeatmapResponse>(`/analytics/heatmap/click?pageId=${pageId}&period=day&deviceType=mobile`)).meta,
    ] as const,
    ([desktop, mobile]) => desktop.clicks >= 3 && mobile.clicks >= 2,
  );
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function openClickMap(width: number): Promise<Page> {
  const page = await newPage(browser, site.server, { width });
  page.setDefaultTimeout(30_000);
  await signInWithSession(page, site.session, `/dashboard/pages/${pageId}`);
  await page.getByRole('heading', { name: 'Click Heatmap' }).waitFor();
  await page.getByLabel('Time Range').selectOption('day');
  // On a phone the mobile map is offered first.
  if (width < 768) {
    await page.getByRole('button', { name: 'Show mobile' }).click();
    await page.getByText('Device: mobile').waitFor();
  }
  await page.locator('[role="region"] img').first().waitFor();
  return page;
}

/** Whether a map's overlay has colour anywhere (its canvas drawn). */
async function drawn(region: Locator): Promise<boolean> {
  return region.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
    if (canvas.width === 0) return false;
    const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 0) return true;
    return false;
  });
}

/** Clearly red and clearly blue pixels of a map's overlay: where the first side has more, and where it has fewer. */
async function differenceColours(region: Locator): Promise<{ red: number; blue: number }> {
  return region.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
    const counts = { red: 0, blue: 0 };
    if (canvas.width === 0) return counts;
    const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 0; i < pixels.length; i += 4) {
      if (pixels[i + 3]! < 40) continue;
      if (pixels[i]! > pixels[i + 2]! + 60) counts.red += 1;
      else if (pixels[i + 2]! > pixels[i]! + 60) counts.blue += 1;
    }
    return counts;
  });
}

describe('heatmap segments', () => {
  it('narrows the click map and the element list to a source, at 1,280 px', async () => {
    const counts = (await api<HeatmapSegmentsResponse>(`/analytics/heatmap-segments?pageId=${pageId}&period=day&deviceType=desktop`)).data;
    expect(counts.sources.filter((s) => s.pageviews > 0)).toEqual([
      { source: 'search', pageviews: 2 },
      { source: 'social', pageviews: 1 },
    ]);

    const page = await openClickMap(1280);
    await page.getByText('Based on 3 pageviews and 3 clicks', { exact: false }).waitFor();
    const table = page.getByRole('table', { name: 'Clicked elements' });
    await table.getByRole('row').filter({ hasText: 'Harbour ferry timetable' }).waitFor();

    const source = page.getByLabel('Source', { exact: true });
    // Each choice says how many pageviews it holds.
    await expect.poll(() => source.locator('option[value="search"]').textContent()).toBe('Search (2)');
    await source.selectOption('search');
    await page.getByText('Based on 2 pageviews and 2 clicks', { exact: false }).waitFor();
    await table.getByRole('row').filter({ hasText: 'Subscribe' }).getByText('100.0%').first().waitFor();
    await expect.poll(() => table.getByRole('row').filter({ hasText: 'Harbour ferry timetable' }).count()).toBe(0);
    await expect.poll(() => drawn(page.getByRole('region', { name: 'Click Heatmap over the page' }))).toBe(true);

    await source.selectOption('social');
    await page.getByText('Based on 1 pageview and 1 click', { exact: false }).waitFor();
    await table.getByRole('row').filter({ hasText: 'Harbour ferry timetable' }).waitFor();
    await expect.poll(() => table.getByRole('row').filter({ hasText: 'Subscribe' }).count()).toBe(0);

    // A segment with nothing says so.
    await source.selectOption('referral');
    await page.getByText('No clicks from this segment in this period').waitFor();
    await screenshot(page, 'heatmap-segment-empty-1280');

    // The segment holds on another heatmap tab.
    await page.getByRole('tab', { name: 'Scroll Depth' }).click();
    await page.getByText('No scrolling from this segment in this period').waitFor();
    await page.close();
  });

  it('compares two segments side by side at 1,280 px, and the previous period', async () => {
    const page = await openClickMap(1280);
    await page.getByLabel('Source', { exact: true }).selectOption('search');
    await page.getByLabel('Compare', { exact: true }).selectOption('segment');
    await page.getByLabel('Other source', { exact: true }).selectOption('social');
    const maps = page.getByTestId('compared-map');
    await expect.poll(() => maps.count()).toBe(2);
    const [search, social] = [page.getByRole('region', { name: 'Click Heatmap over the page: Search' }), page.getByRole('region', { name: 'Click Heatmap over the page: Social' })];
    await expect.poll(() => drawn(search), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => drawn(social), { timeout: 10_000 }).toBe(true);
    await maps.nth(0).getByText('Based on 2 pageviews and 2 clicks', { exact: false }).waitFor();
    await maps.nth(1).getByText('Based on 1 pageview and 1 click', { exact: false }).waitFor();
    // One colour scale for both: the larger map's top, 2 clicks in one spot.
    await page.getByText('up to 2 clicks in one spot, the same scale on both maps', { exact: false }).waitFor();
    // Side by side: one row, the second to the right of the first.
    const [left, right] = [(await maps.nth(0).boundingBox())!, (await maps.nth(1).boundingBox())!];
    expect(Math.abs(left.y - right.y)).toBeLessThan(2);
    expect(right.x).toBeGreaterThan(left.x + left.width - 1);
    await checkA11y(page, 'two compared click maps');
    await screenshot(page, 'heatmap-compare-segments-1280');

    // The previous period has no readers yet: its side says so, the current one keeps its map.
    await page.getByLabel('Compare', { exact: true }).selectOption('previous');
    await maps.nth(1).getByText('No clicks from this segment in the previous period').waitFor();
    await maps.nth(0).getByRole('heading', { name: 'This period · Search' }).waitFor();
    await expect.poll(() => drawn(page.getByRole('region', { name: 'Click Heatmap over the page: This period · Search' }))).toBe(true);
    await page.close();
  });

  it('narrows and compares on a phone, the two maps stacked', async () => {
    const page = await openClickMap(MOBILE_WIDTH);
    await page.getByText('Based on 2 pageviews and 2 clicks', { exact: false }).waitFor();
    await page.getByLabel('Source', { exact: true }).selectOption('social');
    await page.getByText('Based on 1 pageview and 1 click', { exact: false }).waitFor();
    await page.getByRole('table', { name: 'Clicked elements' }).getByText('Subscribe').first().waitFor();

    await page.getByLabel('Compare', { exact: true }).selectOption('segment');
    await page.getByLabel('Other source', { exact: true }).selectOption('direct');
    const maps = page.getByTestId('compared-map');
    await expect.poll(() => maps.count()).toBe(2);
    await expect.poll(() => drawn(page.getByRole('region', { name: 'Click Heatmap over the page: Social' })), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => drawn(page.getByRole('region', { name: 'Click Heatmap over the page: Direct' })), { timeout: 10_000 }).toBe(true);
    // Stacked: the second below the first.
    const [top, bottom] = [(await maps.nth(0).boundingBox())!, (await maps.nth(1).boundingBox())!];
    expect(bottom.y).toBeGreaterThanOrEqual(top.y + top.height - 1);
    await expectNoHorizontalOverflow(page, 'compared heatmaps on a phone');
    await screenshot(page, 'heatmap-compare-segments-375');
    await page.close();
  });

  it('shows the difference of two segments as one map, with both in the element list, and downloads it, at 1,280 px', async () => {
    const page = await openClickMap(1280);
    await page.getByLabel('Source', { exact: true }).selectOption('search');
    await page.getByLabel('Compare', { exact: true }).selectOption('segment');
    await page.getByLabel('Other source', { exact: true }).selectOption('social');
    const show = page.getByRole('group', { name: 'Show the compared maps' });
    await show.getByRole('button', { name: 'Difference' }).click();
    const difference = page.getByTestId('difference-map');
    await difference.getByRole('heading', { name: 'Difference: Search against Social' }).waitFor();
    await expect.poll(() => page.getByTestId('compared-map').count()).toBe(0);
    // Each side per its own pageviews: Search's 2 readers all clicked Subscribe, Social's 1 the headline.
    await difference.getByText(/^Red: more clicks per 1,000 pageviews in Search than in Social \(up to [\d,.]+ more in one spot\)$/).waitFor();
    await difference.getByText(/^Blue: fewer clicks per 1,000 pageviews in Search than in Social \(up to [\d,.]+ fewer in one spot\)$/).waitFor();
    await difference.getByText('counted per 1,000 of its own pageviews', { exact: false }).waitFor();
    await difference.getByText('Search: Based on 2 pageviews and 2 clicks', { exact: false }).waitFor();
    const map = page.getByRole('region', { name: 'Click Heatmap difference over the page' });
    await expect.poll(async () => {
      const colours = await differenceColours(map);
      return colours.red > 0 && colours.blue > 0;
    }, { timeout: 10_000 }).toBe(true);

    // The element list holds both segments: clicks, share of each side's pageviews and the change.
    const table = page.getByRole('table', { name: 'Clicked elements' });
    await expect.poll(() => table.getByRole('columnheader').allTextContents()).toEqual(['Element', 'Search', 'Social', 'Change']);
    const subscribe = table.getByRole('row').filter({ hasText: 'Subscribe' });
    await subscribe.getByText('+100.0 pp').waitFor();
    expect(await subscribe.getByRole('cell').allTextContents()).toEqual(['ButtonSubscribe#cta', '2 clicks100.0% of pageviews', '0 clicks0.0% of pageviews', '+100.0 pp']);
    await table.getByRole('row').filter({ hasText: 'Harbour ferry timetable' }).getByText('−100.0 pp').waitFor();
    // Hovering a row outlines its element on the difference map.
    await subscribe.hover();
    await map.getByTestId('element-outline').waitFor();
    await checkA11y(page, 'the difference of two click maps');
    await screenshot(page, 'heatmap-difference-1280');
    // The map itself, scrolled in its frame to the outlined button: red over it, blue over the headline.
    await map.getByTestId('element-outline').scrollIntoViewIfNeeded();
    await map.screenshot({ path: fileURLToPath(new URL('../test-results/screenshots/heatmap-difference-map-1280.png', import.meta.url)) });

    // The PNG is the difference as shown, named so.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PNG: Difference: Search against Social' }).click()]);
    expect(download.suggestedFilename()).toBe('click-heatmap-desktop-day-ferry-timetable-difference.png');
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(bytes.readUInt32BE(16)).toBeGreaterThan(400);
    await download.saveAs(fileURLToPath(new URL('../test-results/screenshots/heatmap-difference-1280-export.png', import.meta.url)));

    // The scroll map's difference: the share of each segment's readers reaching each depth.
    await page.getByRole('tab', { name: 'Scroll Depth' }).click();
    const scroll = page.getByTestId('difference-map');
    await scroll.getByText('Difference in the share of readers reaching each depth').waitFor();
    await page.getByText('0%: 100.0% vs 100.0% of readers (0.0 pp)').waitFor();
    await expect.poll(() => drawn(page.getByRole('region', { name: 'Scroll Depth Analysis difference over the page' })), { timeout: 10_000 }).toBe(true);
    await screenshot(page, 'heatmap-difference-scroll-1280');

    // Against the previous period, which has no pageviews, there is nothing to compare with.
    await page.getByRole('tab', { name: 'Click Heatmap' }).click();
    await page.getByLabel('Compare', { exact: true }).selectOption('previous');
    await page.getByText('Nothing to compare with').waitFor();
    await page.getByText('Previous period · Search has no pageviews', { exact: false }).waitFor();
    // Side by side again: the two maps.
    await show.getByRole('button', { name: 'Side by side' }).click();
    await expect.poll(() => page.getByTestId('compared-map').count()).toBe(2);
    await page.close();
  });

  it('shows the difference and the compared element list on a phone', async () => {
    const page = await openClickMap(MOBILE_WIDTH);
    await page.getByLabel('Source', { exact: true }).selectOption('social');
    await page.getByLabel('Compare', { exact: true }).selectOption('segment');
    await page.getByLabel('Other source', { exact: true }).selectOption('direct');
    await page.getByRole('group', { name: 'Show the compared maps' }).getByRole('button', { name: 'Difference' }).click();
    await page.getByTestId('difference-map').getByRole('heading', { name: 'Difference: Social against Direct' }).waitFor();
    const map = page.getByRole('region', { name: 'Click Heatmap difference over the page' });
    await expect.poll(async () => {
      const colours = await differenceColours(map);
      return colours.red > 0 && colours.blue > 0;
    }, { timeout: 10_000 }).toBe(true);
    const table = page.getByRole('table', { name: 'Clicked elements' });
    // On a phone each row is a card, each figure headed by its side.
    await table.getByRole('row').filter({ hasText: 'Subscribe' }).getByText('+100.0 pp').waitFor();
    await table.getByRole('row').filter({ hasText: 'Harbour ferry timetable' }).getByText('−100.0 pp').waitFor();
    await expectNoHorizontalOverflow(page, 'the difference view on a phone');
    await screenshot(page, 'heatmap-difference-375');
    await table.getByRole('row').filter({ hasText: 'Subscribe' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'heatmap-difference-list-375');
    await page.close();
  });
});
