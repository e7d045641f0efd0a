// The website's Ads & revenue settings reach its placement advice: the demo's longest story read by the simulator's
// readers (through the real collector), analysed on the simulated layout. Its desktop side column's 160x600 is worth
// turning into a 300x600 at the default values (0.7 and 1.6); once the publisher says a 300x600 is worth no more than
// a 160x600 on their site, it is not, and the next look says so at once — after a save through the API (the
// remembered analysis is forgotten) and after a change written by another process (the analysis is remembered under
// the settings it was computed on).
import { REFERENCE_WIDTHS, type Recommendation } from '@foldline/contracts';
import { analyseWebsite, type LayoutLookup } from '@foldline/analytics';
import { articlePath, ARTICLES } from '@foldline/demo/site/content';
import { layoutPage } from '@foldline/demo/site/layout';
import { planByPath, type PagePlan } from '@foldline/demo/site/page-plan';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertWebsite, type TestWebsite } from './collect-factory.ts';
import { feedBeacons, simulateReaders } from './simulated-readers.ts';
import { createTestApp, describeOnLastDialect, signUp, type TestApp } from './test-app.ts';

const article = ARTICLES.find((a) => a.slug === 'reservoir-summer-water-savings');
const plan = planByPath(articlePath(article!)) as PagePlan;
/** Enough for desktop (about half the readers) to pass the 300-pageview minimum. */
const READERS = 900;

/** The page as the simulator lays it out at the device's reference width, in the screenshot service's terms. */
const layoutOf: LayoutLookup = async (_url, device) => {
  const layout = layoutPage(plan, REFERENCE_WIDTHS[device]);
  const elements: Record<string, [number, number, number, number]> = {};
  for (const element of [...layout.content, ...layout.links, ...layout.slots]) elements[element.selector] = [element.rect.x, element.rect.y, element.rect.w, element.rect.h];
  return { documentHeight: layout.docHeight, elements };
};

const toTallerSkyscraper = (recommendations: readonly Recommendation[]) =>
  recommendations.find((r) => r.type === 'format_change' && r.device === 'desktop' && r.current_format === '160x600' && r.recommended_format === '300x600');

describeOnLastDialect('advice on the website settings', (dialect) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let site: TestWebsite;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await signUp(t.app);
    site = await insertWebsite(t.app, { userId: owner.user.user_id, domain: 'news.localhost' });
    const outcomes = await feedBeacons(t.app, simulateReaders(plan, READERS, 'http://news.localhost'), site.trackingCode);
    expect([...outcomes.keys()]).toEqual(['stored']);
  }, 180_000);
  afterAll(() => t?.close());

  /** The website's analysis as every screen reads it, at one instant: a remembered answer is given if still valid. */
  const now = new Date();
  const look = async () => (await analyseWebsite({ db: t.app.metadata.db, events: t.app.events, userId: owner.user.user_id, now }, site.id, layoutOf)).recommendations;
  const saveAds = async (ads: object) => {
    const response = await t.app.inject({ method: 'PUT', url: `/api/websites/${site.id}`, headers: owner.auth, payload: { settings: { ads } } });
    expect(response.statusCode, response.body).toBe(200);
  };

  it("drops a format change once the new format is worth no more on the website, and words it in the website's values", async () => {
    const byDefault = toTallerSkyscraper(await look());
    expect(byDefault?.reason).toContain('A viewable 300x600 counts as 1.6 and a 160x600 as 0.7 (default relative values)');

    await saveAds({ formatValues: { desktop: { '300x600': 0.7 } } });
    expect(toTallerSkyscraper(await look())).toBeUndefined();

    // Worth more than the defaults say: the change is back, in the website's own figures.
    await saveAds({ formatValues: { desktop: { '300x600': 2.4 } } });
    const dearer = toTallerSkyscraper(await look());
    // Each figure says where it came from: the 300x600's from the settings, the 160x600's still the default.
    expect(dearer?.reason).toContain("A viewable 300x600 counts as 2.4 and a 160x600 as 0.7 (300x600: this website's values; 160x600: default relative values)");
    expect(dearer!.expected.value_gain).toBeGreaterThan(byDefault!.expected.value_gain);
  });

  it('takes a change written by another process at the next look', async () => {
    await saveAds({ formatValues: null });
    expect(toTallerSkyscraper(await look())).toBeDefined();
    // Written straight to the shared metadata store, as another dashboard process would: this one forgot nothing.
    const settings = { thresholds: {}, preference: {}, ads: { formatValues: { desktop: { '300x600': 0.5, '160x600': 1 } } } };
    await t.app.metadata.db.updateTable('websites').set({ settings: JSON.stringify(settings) }).where('id', '=', site.id).execute();
    expect(toTallerSkyscraper(await look())).toBeUndefined();
  });
});
