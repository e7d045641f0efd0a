// Dead and rage clicks end to end in real Chromium (issue 26): readers on a publisher page with the real tracker. One
// clicks the headline, which is no link and answers nothing, three times fast and stays a moment — one rage click and
// dead clicks on it; one clicks the button; one clicks a heading whose script opens a panel — not dead. The publisher
// finds the headline's rage and dead clicks in the element list beside the click map, and narrows the list to them.
import type { ClickedElementsResponse, PointHeatmapResponse } from '@foldline/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, launchBrowser, newPage, screenshot, signInWithSession } from './support/browser.ts';
import { startPublisherSite, visitAsReader, waitForStoredClicks, type PublisherSite } from './support/publisher-site.ts';

// The panel's listener is added with addEventListener, which the tracker cannot see: only the DOM change tells.
const publisherPage = (tracker: string, code: string) => `<!doctype html><html><head>
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Harbour ferry timetable</title>
<script async src="${tracker}" data-site="${code}"></script>
<style>
  body { margin: 0; font: 16px sans-serif; }
  .column { width: 1000px; margin: 0 auto; height: 2000px; }
  h1 { margin: 0; height: 60px; }
  #cta { display: block; margin: 40px 0; width: 200px; height: 50px; }
</style></head>
<body><div class="column">
  <h1 id="headline">Harbour ferry timetable</h1>
  <button id="cta">Subscribe</button>
  <section><h2 id="faq">When do the ferries run?</h2><p id="answer" hidden>Every twenty minutes.</p></section>
</div>
<script>document.getElementById('faq').addEventListener('click', () => { document.getElementById('answer').hidden = false; });</script>
</body></html>`;

let site: PublisherSite;
let readers: Browser;
let browser: Browser;
let pageId: string;

/** The API as the publisher. */
const api = <T>(path: string) => site.api<T>(path);

/** A reader's visit on a desktop: `act` on the page, stay 1.5 s (a click's second to turn out dead or not), then
 * leave. */
function readerVisit(act: (page: Page) => Promise<void>): Promise<void> {
  return visitAsReader(readers, site.articleUrl, 1280, async (page) => {
    await act(page);
    await page.waitForTimeout(1500);
  });
}

const list = async (only = '') =>
  (await api<ClickedElementsResponse>(`/analytics/clicked-elements?pageId=${pageId}&period=day&deviceType=desktop${only}`)).body;

beforeAll(async () => {
  site = await startPublisherSite(publisherPage);
  readers = await site.launchReaders();
  // Side by side, each reader in a context of its own: each waits a second for its pageview beacon and stays 1.5 s.
  await Promise.all([
    readerVisit((page) => page.locator('#headline').click({ clickCount: 3 })),
    readerVisit((page) => page.locator('#cta').click()),
    readerVisit(async (page) => {
      await page.locator('#faq').click();
      await page.locator('#answer').waitFor();
    }),
  ]);
  pageId = await site.pageId();
  await waitForStoredClicks(async () => (await list()).data, (data) => data.clicks >= 5);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('dead clicks', () => {
  it('counts the headline clicked three times fast as one rage click and as dead clicks, and nothing else as dead', async () => {
    const { data } = await list();
    expect(data).toMatchObject({ pageviews: 3, clicks: 5 });
    const bySelector = Object.fromEntries(data.elements.map((e) => [e.selector, e]));
    expect(bySelector['#headline']).toMatchObject({ kind: 'heading', clicks: 3, rage_pageviews: 1, dead_clicks: 3, dead_pageviews: 1 });
    expect(bySelector['#cta']).toMatchObject({ clicks: 1, dead_clicks: 0, rage_pageviews: 0 });
    expect(bySelector['#faq']).toMatchObject({ clicks: 1, dead_clicks: 0 });
    // Narrowed: only the headline has dead clicks, and only it rage clicks; so the click map.
    expect((await list('&only=dead')).data.elements.map((e) => [e.selector, e.clicks])).toEqual([['#headline', 3]]);
    expect((await list('&only=rage')).data.elements.map((e) => [e.selector, e.clicks])).toEqual([['#headline', 3]]);
    const deadMap = (await api<PointHeatmapResponse>(`/analytics/heatmap/click?pageId=${pageId}&period=day&deviceType=desktop&only=dead`)).body;
    expect(deadMap.meta).toMatchObject({ clicks: 3, only: 'dead' });
  });

  it('shows them in the element list beside the click map, and narrows the list to rage or dead clicks', async () => {
    const page = await newPage(browser, site.server, { width: 1280 });
    page.setDefaultTimeout(30_000);
    await signInWithSession(page, site.session, `/dashboard/pages/${pageId}`);
    await page.getByRole('heading', { name: 'Click Heatmap' }).waitFor();
    await page.getByLabel('Time Range').selectOption('day');
    const table = page.getByRole('table', { name: 'Clicked elements' });
    const headline = table.getByRole('row').filter({ hasText: 'Harbour ferry timetable' });
    await headline.waitFor();
    // Rage clicks: 1 pageview; dead clicks: 3, in 1 pageview.
    const cells = headline.getByRole('cell');
    await expect.poll(async () => (await cells.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim()).slice(-2)).toEqual(['1', '3 in 1 pageview']);
    const button = table.getByRole('row').filter({ hasText: 'Subscribe' });
    expect((await button.getByRole('cell').allInnerTexts()).slice(-2).map((text) => text.trim())).toEqual(['0', '0']);
    await checkA11y(page, 'element list with rage and dead clicks');

    // Dead clicks only: the headline alone, and the click map asked for its dead clicks alone.
    const deadMap = page.waitForResponse((response) => response.url().includes('/api/analytics/heatmap/click') && response.url().includes('only=dead'));
    await page.getByRole('button', { name: 'Dead clicks' }).click();
    const deadMeta = ((await (await deadMap).json()) as { meta: { only?: string; totalClicks?: number } }).meta;
    expect(deadMeta.only).toBe('dead');
    const dead = page.getByRole('table', { name: 'Clicked elements: dead clicks' });
    await dead.waitFor();
    await expect.poll(async () => (await dead.getByRole('row').allInnerTexts()).length).toBe(2);
    await dead.getByRole('row').filter({ hasText: 'Harbour ferry timetable' }).waitFor();
    expect(await page.getByRole('button', { name: 'Dead clicks' }).getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'heatmap-dead-clicks');

    // Rage clicks only: the headline alone too; the button's row is gone.
    await page.getByRole('button', { name: 'Rage clicks' }).click();
    const rage = page.getByRole('table', { name: 'Clicked elements: rage clicks' });
    await rage.getByRole('row').filter({ hasText: 'Harbour ferry timetable' }).waitFor();
    expect(await rage.getByRole('row').filter({ hasText: 'Subscribe' }).count()).toBe(0);

    // Back to every click.
    await page.getByRole('button', { name: 'All clicks' }).click();
    await table.getByRole('row').filter({ hasText: 'Subscribe' }).waitFor();
    await page.close();
  });
});
