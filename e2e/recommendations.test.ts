// Recommendations end to end in real Chromium: the demo's longest story, served by a local publisher and rendered by
// the screenshot service, read by the simulator's readers through the collector. The publisher finds the engine's move
// of the story's poorly placed unit on page analytics (drawn on the page's screenshot, the selected device first) and
// on the website's Ad Units tab, and the Optimization Potential cards say what they are made of.
import type { DashboardKpiResponse, Recommendation, RecommendationsResponse } from '@foldline/contracts';
import { ARTICLES, articlePath } from '@foldline/demo/site/content';
import { planByPath, type PagePlan } from '@foldline/demo/site/page-plan';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWebsite, type TestWebsite } from '../apps/server/test/collect-factory.ts';
import { feedBeacons, serveDemoPublisher, simulateReaders } from '../apps/server/test/simulated-readers.ts';
import { checkA11y, expectNoHorizontalOverflow, launchBrowser, MOBILE_WIDTH, newPage, registerByApi, screenshot, signInWithSession } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';

const article = ARTICLES.find((a) => a.slug === 'reservoir-summer-water-savings')!;
const plan = planByPath(articlePath(article)) as PagePlan;
/** Enough for desktop (about half the readers) to pass the engine's 300-pageview minimum, not enough for tablet. */
const READERS = 900;
/** The first recommendations call of a website measures its pages and may take seconds; nothing else waits this long. */
const FIRST_ANSWER_TIMEOUT = 60_000;

let server: TestServer;
let publisher: Awaited<ReturnType<typeof serveDemoPublisher>>;
let browser: Browser;
let session: Awaited<ReturnType<typeof registerByApi>>['session'];
let site: TestWebsite;
let pageId: string;
let answer: RecommendationsResponse;
let move: Extract<Recommendation, { type: 'move_ad_unit' }>;

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${server.url}/api${path}`, { headers: { authorization: `Bearer ${session.tokens.accessToken}` } });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  publisher = await serveDemoPublisher();
  const origin = publisher.origin;
  // The publisher is on loopback, which only an operator's ALLOW_PRIVATE_FETCH lets the renderer reach.
  server = await startServer({ ALLOW_PRIVATE_FETCH: '1' });
  ({ session } = await registerByApi(server));
  site = await insertWebsite(server.app, { userId: session.user.user_id, domain: '127.0.0.1' });
  const outcomes = await feedBeacons(server.app, simulateReaders(plan, READERS, origin), site.trackingCode);
  expect([...outcomes.keys()]).toEqual(['stored']);
  pageId = (await server.app.metadata.db.selectFrom('pages').select('id').where('website_id', '=', site.id).executeTakeFirstOrThrow()).id;
  // The call waits only seconds for a page's first rendering (a loaded machine can take longer): render first, as a
  // publisher who opened the page's heatmaps would have.
  await Promise.all((['desktop', 'mobile'] as const).map((device) => server.app.screenshots.layout(`${origin}${plan.path}`, device, { website: site.id, account: site.userId })));
  answer = await api<RecommendationsResponse>(`/analytics/recommendations?pageId=${pageId}`);
  const found = answer.recommendations.find((r) => r.type === 'move_ad_unit' && r.device === 'desktop');
  if (found?.type !== 'move_ad_unit') throw new Error(`no desktop move: ${JSON.stringify(answer.meta.pages)}`);
  move = found;
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await publisher?.close();
});

async function signedIn(path: string, width?: number): Promise<Page> {
  const page = await newPage(browser, server, { width });
  page.setDefaultTimeout(30_000);
  await signInWithSession(page, session, path);
  return page;
}

/** The card's gain: the range of the page's ad value, as recommendation-text.ts words it. */
function gainRange(recommendation: Recommendation): string {
  const signed = (value: number) => (value > 0 ? `+${value.toLocaleString('en-US')}` : value < 0 ? `−${(-value).toLocaleString('en-US')}` : '0');
  const [low, high] = [Math.round(recommendation.expected.value_gain_low), Math.round(recommendation.expected.value_gain_high)];
  return `Ad value ${low === high ? signed(low) : `${signed(low)} to ${signed(high)}`} per 1,000 pageviews`;
}

function recommendationsPanel(page: Page) {
  return page.locator('section', { has: page.getByRole('heading', { name: 'Recommendations', exact: true }) });
}

function kpiCard(page: Page, title: string) {
  return page.locator('div', { has: page.getByRole('heading', { name: title, exact: true }) }).last();
}

/** The card of one recommendation: the list item with its reason. */
function recommendationCard(page: Page, recommendation: Recommendation) {
  return recommendationsPanel(page).getByRole('listitem').filter({ hasText: recommendation.reason });
}

describe('recommendations', () => {
  it('page analytics shows the move of the poorly placed unit, its gain and evidence, drawn on the page\'s screenshot', async () => {
    const page = await signedIn(`/dashboard/pages/${pageId}`);
    await page.getByRole('heading', { name: /^Page Analytics: / }).waitFor();
    await page.getByRole('tab', { name: 'Ad Performance' }).click();
    // The phone-only in-article unit (named by its GPT path's last segment) never renders on desktop: greyed as not
    // shown there, not a red 0.0 %.
    const phoneOnly = page.getByRole('listitem').filter({ hasText: 'article_inline' });
    await phoneOnly.getByText('Not shown on desktop', { exact: true }).waitFor();
    expect(await phoneOnly.getByText('viewable', { exact: false }).count()).toBe(0);
    const card = recommendationCard(page, move);
    await card.waitFor({ timeout: FIRST_ANSWER_TIMEOUT });
    await card.getByText('Move ad unit', { exact: true }).waitFor();
    await card.getByRole('heading', { name: `Ad unit ${move.ad_unit_name}` }).waitFor();
    await card.getByText('Desktop', { exact: true }).waitFor();
    await card.getByText(`${move.confidence[0]!.toUpperCase()}${move.confidence.slice(1)} confidence`).waitFor();
    await card.getByText(gainRange(move), { exact: true }).waitFor();
    await card.getByText(`View rate ${move.expected.current_view_rate.toFixed(1)}% → ${move.expected.predicted_view_rate.toFixed(1)}%`, { exact: false }).waitFor();
    await card.getByText(`Based on ${move.evidence.pageviews.toLocaleString('en-US')} pageviews`, { exact: false }).waitFor();
    // The page's own screen links to no page; the website's tab does.
    expect(await card.getByRole('link').count()).toBe(0);
    // What the ads do to readers: the page's layout shift from ads (the demo's GPT slots reserve no height, and its
    // Chrome readers report the shifts), and per unit its fill and time in view.
    const experience = page.locator('section', { has: page.getByRole('heading', { name: 'Ad experience', exact: true }) });
    await experience.getByText(/^Layout shift at the 75th percentile: \d\.\d{3} from ads, \d\.\d{3} from everything else/).waitFor();
    await experience.getByText(/filled \(\d+ empty\) · [\d.]+s in view per impression/).first().waitFor();
    await experience.getByText(/^Shifted the content in [\d.]+% of measured pageviews/).first().waitFor();
    // Its ad density on desktop, from the rendering the advice measured, against the website's limit.
    const density = answer.meta.pages.find((analysis) => analysis.device === 'desktop')!.ad_layout!;
    await experience.getByTestId('ad-density').getByText(`Ads take ${density.density.toFixed(1)}% of the main content's height on desktop`, { exact: false }).waitFor();
    await experience.getByTestId('ad-density').getByText(density.density > density.density_limit ? 'Over the limit' : 'Within the limit', { exact: true }).waitFor();

    // The thumbnail: the recommended place (green) well above where the unit is now (dashed red), both in the frame.
    const thumbnail = card.getByRole('img', { name: /^Desktop screenshot of the page: the unit now at [\d,]+ px and the recommended place at [\d,]+ px$/ });
    await thumbnail.waitFor({ timeout: FIRST_ANSWER_TIMEOUT });
    // Measured in one go: the ad units list above may still arrive and move the whole panel down.
    const { frame, now, recommended } = await thumbnail.evaluate((element) => {
      const rect = (target: Element | null) => {
        const { y, width, height } = target!.getBoundingClientRect();
        return { y, width, height };
      };
      return { frame: rect(element), now: rect(element.querySelector('[data-box="current"]')), recommended: rect(element.querySelector('[data-box="recommended"]')) };
    });
    expect(recommended.y + recommended.height).toBeLessThan(now.y);
    for (const box of [now, recommended]) {
      expect(box.y).toBeGreaterThanOrEqual(frame.y);
      expect(box.y + box.height).toBeLessThanOrEqual(frame.y + frame.height + 1);
      // The unit's share of the page's 1,920 px width, as drawn.
      expect(box.width / frame.width).toBeCloseTo(move.size.width / 1920, 2);
    }
    await checkA11y(page, 'page analytics recommendations');
    await screenshot(page, 'recommendations-page-1280');

    // Tablet readers are too few for advice: their own analysis says so above the other devices' recommendations.
    const tablet = answer.meta.pages.find((analysis) => analysis.device === 'tablet');
    expect(tablet?.status).toBe('too_few_pageviews');
    expect(answer.recommendations.some((r) => r.device === 'tablet')).toBe(false);
    await page.getByLabel('Device').selectOption('tablet');
    const panel = recommendationsPanel(page);
    await panel.getByText(`No recommendations for tablet readers: ${tablet!.message}`).waitFor();
    await panel.getByRole('heading', { name: 'Other devices' }).waitFor();
    await recommendationCard(page, move).waitFor();
    await page.close();
  });

  it('the Ad Units tab lists the website\'s recommendations with their page, and the KPI cards say what the potential is made of', async () => {
    const page = await signedIn(`/dashboard/websites/${site.id}`);
    // The overview's period is the last 7 days; the figure and its line come from the same answer.
    const weekly = await api<DashboardKpiResponse>(`/analytics/dashboard-kpi?period=week&websiteId=${site.id}`);
    // Low-confidence advice promises nothing: the card counts the others.
    expect(weekly.optimization.recommendations).toBe(answer.recommendations.filter((r) => r.confidence !== 'low').length);
    const open = `${weekly.optimization.recommendations} open recommendation${weekly.optimization.recommendations === 1 ? '' : 's'}`;
    await kpiCard(page, 'Optimization Potential').getByText(new RegExp(`^[\\d,]+ extra viewable impressions? from ${open} \\(.*\\d+ moves?.*\\)$`)).waitFor();

    await page.getByRole('tab', { name: 'Ad Units' }).click();
    const card = recommendationCard(page, move);
    await card.waitFor({ timeout: FIRST_ANSWER_TIMEOUT });
    await card.getByText(gainRange(move), { exact: true }).waitFor();
    const cards = await recommendationsPanel(page).getByRole('listitem').count();
    expect(cards).toBe(answer.recommendations.length);
    // Each unit's time in view per impression, under its impressions.
    await page.getByRole('table', { name: 'Ad units' }).getByText(/^\d+\.\ds in view each$/).first().waitFor();
    await checkA11y(page, 'website ad units recommendations');
    await screenshot(page, 'recommendations-ad-units-1280');
    await card.getByRole('link', { name: move.page_title }).click();
    await page.waitForURL(`**/dashboard/pages/${pageId}`);
    await page.getByRole('heading', { name: `Page Analytics: ${move.page_title}` }).waitFor();
    await page.close();

    const home = await signedIn('/dashboard');
    await kpiCard(home, 'Optimization Potential').getByText(new RegExp(`extra viewable impressions? from ${open}`)).waitFor();
    await home.close();
  });

  it('fits a 375 px phone with the thumbnail above the card\'s text', async () => {
    const page = await signedIn(`/dashboard/pages/${pageId}`, MOBILE_WIDTH);
    await page.getByRole('tab', { name: 'Ad Performance' }).click();
    const card = recommendationCard(page, move);
    await card.getByRole('img', { name: /^Desktop screenshot of the page/ }).waitFor({ timeout: FIRST_ANSWER_TIMEOUT });
    await page.getByTestId('ad-density').getByText(/^Ads take [\d.]+% of the main content's height/).waitFor();
    await expectNoHorizontalOverflow(page, 'page analytics recommendations');
    await screenshot(page, 'recommendations-page-375');
    await page.close();
  });

  it('the dashboard\'s top pages show the page\'s ad density as the advice measured it, and sort by it, at 1280 and 375 px', async () => {
    // The worst device against its limit, as the advice measured it.
    const measured = answer.meta.pages.filter((analysis) => analysis.ad_layout).map((analysis) => ({ device: analysis.device, ...analysis.ad_layout! }));
    const worst = measured.sort((a, b) => b.density / b.density_limit - a.density / a.density_limit)[0]!;
    for (const width of [undefined, MOBILE_WIDTH]) {
      const page = await signedIn('/dashboard', width);
      const top = page.getByRole('region', { name: 'Top Performing Pages' });
      const words = `Ad density ${worst.density.toFixed(1)}% · ${worst.device}${worst.density > worst.density_limit ? ' · over limit' : ''}`;
      await top.getByText(words, { exact: true }).waitFor();
      await page.getByLabel('Sort by').selectOption('ad_density');
      await top.getByText(words, { exact: true }).waitFor();
      await expectNoHorizontalOverflow(page, `dashboard top pages with ad density${width ? ' (phone)' : ''}`);
      await screenshot(page, `top-pages-ad-density${width ? '-375' : '-1280'}`);
      await page.close();
    }
  });

  it('dismisses a recommendation with a reason, and it leaves the list until opened again', async () => {
    const page = await signedIn(`/dashboard/pages/${pageId}`);
    await page.getByRole('tab', { name: 'Ad Performance' }).click();
    const card = recommendationCard(page, move);
    await card.waitFor({ timeout: FIRST_ANSWER_TIMEOUT });
    await card.getByRole('button', { name: 'Dismiss' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dismiss recommendation' });
    // A reason is needed.
    await dialog.getByRole('button', { name: 'Dismiss' }).click();
    await dialog.getByText('Say why the recommendation is dismissed (up to 500 characters)').waitFor();
    await dialog.getByLabel('Why?').fill('This slot is sold to a sponsor as it is');
    await checkA11y(page, 'dismiss recommendation dialog');
    await dialog.getByRole('button', { name: 'Dismiss' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.waitFor({ state: 'detached' });
    const after = await api<RecommendationsResponse>(`/analytics/recommendations?pageId=${pageId}`);
    expect(after.recommendations.map((r) => r.id)).not.toContain(move.id);
    // Opened again (as the publisher would from the record), it is back for the tests that follow.
    const reopened = await fetch(`${server.url}/api/analytics/recommendations/status`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${session.tokens.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: move.id, status: 'open' }),
    });
    expect(reopened.status).toBe(200);
    await page.close();
  });
});
