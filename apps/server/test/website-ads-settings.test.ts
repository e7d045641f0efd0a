// A website's Ads & revenue settings through /api/websites (issue 21 §1 and §5, issue 23): saved inside the website's
// settings, merged like the others (null resets a part), refused with a clear 400, absent for websites that never set
// them; another user's website 404, no token 401.
import {
  CURRENCY_MESSAGE,
  DENSITY_PERCENT_MESSAGE,
  websiteCurrency,
  type WebsiteSettings,
  type WebsiteWithPages,
} from '@foldline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWebsite } from './collect-factory.ts';
import { createTestApp, describeEachDialect, signUp, type TestApp } from './test-app.ts';
import { createWebsite } from './website-fixtures.ts';

const ADS = { desktopDensityPercent: 25, formatValues: { desktop: { '728x90': 0.6, '300x600': 2.5 }, mobile: { '320x50': 0.5 } }, currency: 'EUR' };

describeEachDialect('website ads settings', (dialect) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let stranger: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await signUp(t.app);
    stranger = await signUp(t.app);
  });
  afterAll(() => t.close());

  const put = (websiteId: string, payload: object, headers: Record<string, string> = owner.auth) =>
    t.app.inject({ method: 'PUT', url: `/api/websites/${websiteId}`, headers, payload });
  const settingsOf = async (websiteId: string) =>
    ((await t.app.inject({ method: 'GET', url: `/api/websites/${websiteId}`, headers: owner.auth })).json() as { website: WebsiteWithPages }).website.settings;

  it('saves the density limit, format values and currency, and keeps them with the other settings', async () => {
    const { website_id } = await createWebsite(t.app, owner.auth);
    const before = await settingsOf(website_id);
    const response = await put(website_id, { settings: { ads: ADS } });
    expect(response.statusCode).toBe(200);
    expect(response.json().website.settings).toEqual({ ...before, ads: ADS });
    expect(await settingsOf(website_id)).toEqual({ ...before, ads: ADS });
    expect(websiteCurrency(await settingsOf(website_id), 'USD')).toBe('EUR');

    // The advanced-settings save sends the whole website object back, ads and all: nothing changes but the preference.
    const { website } = (await t.app.inject({ method: 'GET', url: `/api/websites/${website_id}`, headers: owner.auth })).json() as { website: WebsiteWithPages };
    const whole = await put(website_id, { ...website, settings: { ...website.settings, preference: { ...website.settings.preference, collectClickData: false } } });
    expect(whole.statusCode).toBe(200);
    expect(whole.json().website.settings.ads).toEqual(ADS);
  });

  it('merges a part into the stored settings: left out keeps it, null resets it, nothing left is no ads at all', async () => {
    const { website_id } = await createWebsite(t.app, owner.auth, { settings: { ads: ADS } });
    expect((await settingsOf(website_id)).ads).toEqual(ADS);
    await put(website_id, { settings: { ads: { currency: 'GBP' }, thresholds: { engagement: 3000 } } });
    expect((await settingsOf(website_id)).ads).toEqual({ ...ADS, currency: 'GBP' });
    // The table is one setting: sent, it replaces the stored one.
    await put(website_id, { settings: { ads: { desktopDensityPercent: null, formatValues: { tablet: { '970x250': 3 } } } } });
    expect((await settingsOf(website_id)).ads).toEqual({ formatValues: { tablet: { '970x250': 3 } }, currency: 'GBP' });
    await put(website_id, { settings: { ads: { formatValues: null, currency: null } } });
    const settings = await settingsOf(website_id);
    expect(settings.ads).toBeUndefined();
    expect(Object.keys(settings)).toEqual(['thresholds', 'preference']);
    expect(settings.thresholds.engagement).toBe(3000);
  });

  it('answers the settings of a website saved before they existed exactly as before, and saves its others without them', async () => {
    // A row as older versions wrote it: no ads in its settings text.
    const old = await insertWebsite(t.app, { userId: owner.user.user_id, domain: 'older.example.com' });
    const settings = await settingsOf(old.id);
    expect(settings).toEqual({
      thresholds: { engagement: 2000, scrollDepth: 70, viewability: 50, viewTime: 1000 },
      preference: { collectClickData: true, collectScrollData: true, collectEngagementData: true, autoDetectAdUnits: true },
    } satisfies WebsiteSettings);
    expect(websiteCurrency(settings, 'JPY')).toBe('JPY');
    await put(old.id, { settings: { preference: { collectScrollData: false } } });
    const row = await t.app.metadata.db.selectFrom('websites').select('settings').where('id', '=', old.id).executeTakeFirstOrThrow();
    expect(Object.keys(JSON.parse(row.settings) as object)).toEqual(['thresholds', 'preference']);
  });

  describe('refuses bad input with 400 and says what is wrong, changing nothing', () => {
    it.each([
      [{ desktopDensityPercent: 60 }, DENSITY_PERCENT_MESSAGE],
      [{ desktopDensityPercent: 5 }, DENSITY_PERCENT_MESSAGE],
      [{ desktopDensityPercent: '30' }, DENSITY_PERCENT_MESSAGE],
      [{ formatValues: { phone: { '320x50': 1 } } }, 'Unknown device "phone": format values are set for desktop, tablet, mobile'],
      [{ formatValues: { desktop: { '468x60': 1 } } }, expect.stringMatching(/^Unknown ad format "468x60" on desktop: the formats are 300x250, /)],
      [{ formatValues: { mobile: { '320x50': 25 } } }, 'The value of a 320x50 on mobile must be between 0.01 and 20 (a 300x250 is 1)'],
      [{ formatValues: { tablet: { '300x250': 0 } } }, 'The value of a 300x250 on tablet must be between 0.01 and 20 (a 300x250 is 1)'],
      [{ currency: 'usd' }, CURRENCY_MESSAGE],
      [{ currency: 'EURO' }, CURRENCY_MESSAGE],
      [{ currency: 'XYZ' }, CURRENCY_MESSAGE],
    ])('%j', async (ads, message) => {
      const { website_id } = await createWebsite(t.app, owner.auth, { settings: { ads: ADS } });
      const response = await put(website_id, { settings: { ads } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { message } });
      expect((await settingsOf(website_id)).ads).toEqual(ADS);
      // Creating a website refuses it the same way.
      const created = await t.app.inject({ method: 'POST', url: '/api/websites', headers: owner.auth, payload: { name: 'New', domain: 'new.example.com', settings: { ads } } });
      expect(created.statusCode).toBe(400);
      expect(created.json()).toEqual({ error: { message } });
    });
  });

  it("answers 404 for another user's website, leaving it alone, and 401 without a token", async () => {
    const { website_id } = await createWebsite(t.app, owner.auth);
    expect((await put(website_id, { settings: { ads: ADS } }, stranger.auth)).statusCode).toBe(404);
    expect((await put(website_id, { settings: { ads: ADS } }, {})).statusCode).toBe(401);
    expect((await settingsOf(website_id)).ads).toBeUndefined();
  });
});
