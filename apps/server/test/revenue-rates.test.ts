// Exchange rates (issue 23: "convert with rates the publisher gives"; docs/notes/revenue.md, "Currencies"): given in
// a website's "Ads & revenue" settings through PUT /api/websites/:id and refused with a 400 when out of bounds, they
// convert imported and Prebid revenue in a rated currency into the website's and add it, saying so
// (`sources.converted`), while a currency without a rate stays apart as before; Prebid's revenue in a rated currency
// is taken off a report in another (no double count); GET .../revenue-imports/currencies lists what a website's
// revenue data holds; and the rates an imported report carries convert its revenue day by day where the publisher gave
// none, until a re-import of the same days replaces them.
import { randomUUID } from 'node:crypto';
import {
  CURRENCY_MESSAGE,
  EXCHANGE_RATE_COUNT_MESSAGE,
  exchangeRateMessage,
  type CollectEvent,
  type RevenueCurrenciesResponse,
  type RevenueImportListResponse,
  type RevenueImportResponse,
} from '@foldline/contracts';
import { replaceRevenueDays } from '@foldline/metadata/revenue-days/revenue-days.repository';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, HOUR, insertWebsite, type FixtureWebsite } from './analytics-fixture.ts';
import { createTestApp, describeEachDialect, signUp, type TestApp } from './test-app.ts';

type Auth = { authorization: string };

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

describeEachDialect('revenue exchange rates', (dialect) => {
  let t: TestApp;
  let app: FastifyInstance;
  let owner: Auth;
  let ownerId: string;
  /** Two days ago: whole inside the week's period. */
  let day: string;

  const put = (websiteId: string, ads: unknown, auth: Auth = owner) => app.inject({ method: 'PUT', url: `/api/websites/${websiteId}`, headers: auth, payload: { settings: { ads } } });
  const kpis = async (websiteId: string) => {
    const response = await app.inject({ method: 'GET', url: `/api/analytics/dashboard-kpi?period=week&websiteId=${websiteId}`, headers: owner });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().revenue;
  };
  const adUnits = async (websiteId: string) => {
    const response = await app.inject({ method: 'GET', url: `/api/analytics/ad-units?period=week&websiteId=${websiteId}`, headers: owner });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  /** An imported report of one unit and day (no impressions that day: the unit's and the website's). */
  const importDay = (websiteId: string, source: 'ad_manager' | 'adsense', currency: string, unit: string, revenue: number, on = day) =>
    replaceRevenueDays(app.metadata.db, {
      websiteId,
      source,
      currency,
      from: on,
      to: on,
      rows: [{ day: on, unit, impressions: 100, revenueMicros: Math.round(revenue * 1e6) }],
      matches: new Map([[unit, unit]]),
      importedAt: new Date(),
    });

  /** A pageview at noon of `day` with one impression of `top` and a won Prebid bid of that CPM and currency. */
  async function prebidImpression(site: FixtureWebsite, cpm: number, cur: string) {
    const at = Date.parse(day) + 12 * HOUR;
    const base = { site: site.trackingCode, u: `https://${site.domain}/`, pv: randomUUID(), sid: randomUUID(), vw: 1440 };
    const meta = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36' };
    const pageview = await app.ingest.accept({ ...base, e: [{ k: 'pv', a: 0, t: 'Home', r: '', vw: 1440, vh: 800, dh: 3000 }] }, { ...meta, receivedAt: at });
    expect(pageview.outcome).toBe('stored');
    const imp = randomUUID();
    const slot = { key: 'top', name: 'Top banner', sel: '#top', x: 10, y: 0, w: 728, h: 90 };
    const events: CollectEvent[] = [
      { k: 'ad', a: 0, slot, imp, ev: 'impression' },
      { k: 'ad', a: 0, slot, imp, ev: 'bid', cpm, best: cpm, cur, bidder: 'appnexus', net: 1, won: 1 },
    ];
    const ads = await app.ingest.accept({ ...base, e: events }, { ...meta, receivedAt: at + 20_000 });
    expect(ads.outcome).toBe('stored');
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    app = t.app;
    const account = await signUp(app);
    owner = account.auth;
    ownerId = account.user.user_id;
    day = dayOf(Date.now() - 2 * DAY);
  });
  afterAll(() => t.close());

  describe('validation', () => {
    let websiteId: string;
    beforeAll(async () => {
      websiteId = (await insertWebsite(app, ownerId)).id;
    });

    it('saves rates, answers them, and takes them back with null', async () => {
      const rates = { base: 'USD', rates: { EUR: 1.0832, JPY: 0.0067 } };
      const saved = await put(websiteId, { currency: 'USD', exchangeRates: rates });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().website.settings.ads).toEqual({ currency: 'USD', exchangeRates: rates });
      // Left out keeps them; another part changed keeps them too.
      expect((await put(websiteId, { desktopDensityPercent: 25 })).json().website.settings.ads).toEqual({ desktopDensityPercent: 25, currency: 'USD', exchangeRates: rates });
      expect((await put(websiteId, { exchangeRates: null })).json().website.settings.ads).toEqual({ desktopDensityPercent: 25, currency: 'USD' });
      // No rate left is no rates at all.
      expect((await put(websiteId, { exchangeRates: { base: 'USD', rates: {} } })).json().website.settings.ads).toEqual({ desktopDensityPercent: 25, currency: 'USD' });
    });

    it.each([
      ['a negative rate', { base: 'USD', rates: { EUR: -1 } }, exchangeRateMessage('EUR', 'USD')],
      ['a zero rate', { base: 'USD', rates: { EUR: 0 } }, exchangeRateMessage('EUR', 'USD')],
      ['a rate beyond the bound', { base: 'USD', rates: { IDR: 2_000_000 } }, exchangeRateMessage('IDR', 'USD')],
      ['a rate below the bound', { base: 'USD', rates: { EUR: 0.0000001 } }, exchangeRateMessage('EUR', 'USD')],
      ['a rate of text', { base: 'USD', rates: { EUR: '1.08' } }, expect.stringMatching(/^Exchange rates must be numbers/)],
      ['an unknown currency', { base: 'USD', rates: { EURO: 1.08 } }, CURRENCY_MESSAGE],
      ['an unknown base', { base: 'usd', rates: { EUR: 1.08 } }, CURRENCY_MESSAGE],
      ['a rate of the base itself', { base: 'USD', rates: { USD: 1 } }, 'USD needs no rate: the rates are given in it'],
      ['no base', { rates: { EUR: 1.08 } }, expect.any(String)],
      ['rates that are no object', 'EUR 1.08', 'Exchange rates must be an object with a base currency and rates'],
    ])('refuses %s with a 400 and keeps what was stored', async (_name, exchangeRates, message) => {
      const before = (await app.inject({ method: 'GET', url: `/api/websites/${websiteId}`, headers: owner })).json().website.settings.ads;
      const response = await put(websiteId, { exchangeRates });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { message } });
      expect((await app.inject({ method: 'GET', url: `/api/websites/${websiteId}`, headers: owner })).json().website.settings.ads).toEqual(before);
    });

    it('refuses more than 20 currencies', async () => {
      const codes = ['EUR', 'GBP', 'JPY', 'CAD', 'AUD', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'INR', 'BRL', 'MXN', 'ZAR', 'NZD', 'SGD', 'HKD', 'KRW', 'HUF', 'RON'];
      const rates = Object.fromEntries(codes.map((code) => [code, 1]));
      const response = await put(websiteId, { exchangeRates: { base: 'USD', rates } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { message: EXCHANGE_RATE_COUNT_MESSAGE } });
      const twenty = await put(websiteId, { exchangeRates: { base: 'USD', rates: Object.fromEntries(codes.slice(0, 20).map((code) => [code, 1])) } });
      expect(twenty.statusCode).toBe(200);
    });

    it("answers 404 for another user's website and 401 without a token", async () => {
      const stranger = (await signUp(app)).auth;
      expect((await put(websiteId, { exchangeRates: { base: 'USD', rates: { EUR: 2 } } }, stranger)).statusCode).toBe(404);
      expect((await app.inject({ method: 'PUT', url: `/api/websites/${websiteId}`, payload: { settings: { ads: {} } } })).statusCode).toBe(401);
      const currencies = `/api/websites/${websiteId}/revenue-imports/currencies`;
      expect((await app.inject({ method: 'GET', url: currencies, headers: stranger })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: currencies })).statusCode).toBe(401);
    });
  });

  it('adds imported revenue of a rated currency converted, says so, and keeps a currency without a rate apart', async () => {
    const site = await insertWebsite(app, ownerId);
    expect((await put(site.id, { currency: 'USD' })).statusCode).toBe(200);
    await importDay(site.id, 'adsense', 'USD', 'side', 10);
    await importDay(site.id, 'ad_manager', 'EUR', 'top', 20);

    const before = await kpis(site.id);
    expect(before).toMatchObject({ currency: 'USD', revenue: { value: 10 }, sources: { prebid: false, imported: true }, unconverted: [{ currency: 'EUR', amount: 20 }] });
    expect(before.sources.converted).toBeUndefined();

    expect((await put(site.id, { exchangeRates: { base: 'USD', rates: { EUR: 1.0832 } } })).statusCode).toBe(200);
    const after = await kpis(site.id);
    expect(after.revenue.value).toBeCloseTo(10 + 20 * 1.0832, 9);
    expect(after).toMatchObject({ currency: 'USD', sources: { prebid: false, imported: true, converted: ['EUR'] }, unconverted: [] });
    // The Ad Units tab says so too (its units' figures: the next test).
    expect((await adUnits(site.id)).revenue).toMatchObject({ currency: 'USD', sources: { converted: ['EUR'] }, unconverted: [] });

    // A third currency without a rate (another day's report) stays apart while the rated one is added.
    await importDay(site.id, 'ad_manager', 'GBP', 'top', 5, dayOf(Date.parse(day) - DAY));
    const third = await kpis(site.id);
    expect(third.revenue.value).toBeCloseTo(10 + 20 * 1.0832, 9);
    expect(third).toMatchObject({ sources: { converted: ['EUR'] }, unconverted: [{ currency: 'GBP', amount: 5 }] });

    // Rates given in another currency convert through it: 1 EUR = 1.0832 USD and 1 GBP = 1.27 USD on a euro website.
    expect((await put(site.id, { currency: 'EUR', exchangeRates: { base: 'USD', rates: { EUR: 1.0832, GBP: 1.27 } } })).statusCode).toBe(200);
    const euro = await kpis(site.id);
    expect(euro.revenue.value).toBeCloseTo(20 + 5 * (1.27 / 1.0832) + 10 / 1.0832, 9);
    expect(euro).toMatchObject({ currency: 'EUR', sources: { converted: ['GBP', 'USD'] }, unconverted: [] });

    const currencies = await app.inject({ method: 'GET', url: `/api/websites/${site.id}/revenue-imports/currencies`, headers: owner });
    expect(currencies.statusCode).toBe(200);
    // The first seen: the GBP report's day, the earliest.
    expect(currencies.json()).toEqual({ currency: 'EUR', firstSeen: 'GBP', seen: ['EUR', 'GBP', 'USD'] } satisfies RevenueCurrenciesResponse);
  });

  it("takes Prebid's revenue in a rated currency off a report in another: never counted twice", async () => {
    const site = await insertWebsite(app, ownerId);
    expect((await put(site.id, { currency: 'USD' })).statusCode).toBe(200);
    // Prebid won 0.04 USD and 0.02 EUR on 'top' that day; the ad server's report (in euros) says 0.10 EUR, Prebid's
    // line items included.
    await prebidImpression(site, 40, 'USD');
    await prebidImpression(site, 20, 'EUR');
    await importDay(site.id, 'ad_manager', 'EUR', 'top', 0.1);

    // Without a rate: dollars only; the euros apart (the report beyond Prebid's euros, and Prebid's euros: 0.10).
    const before = await kpis(site.id);
    expect(before.revenue.value).toBeCloseTo(0.04, 9);
    expect(before.unconverted).toEqual([{ currency: 'EUR', amount: expect.closeTo(0.1, 9) }]);

    // 1 EUR = 1.5 USD: Prebid's 0.04 USD + 0.02 EUR is 0.07 USD, 0.046667 EUR; the report adds 0.1 − 0.046667 EUR
    // beyond it. In all, the report's 0.10 EUR: 0.15 USD, not 0.15 + Prebid's.
    expect((await put(site.id, { exchangeRates: { base: 'USD', rates: { EUR: 1.5 } } })).statusCode).toBe(200);
    const after = await kpis(site.id);
    expect(after.revenue.value).toBeCloseTo(0.15, 9);
    expect(after).toMatchObject({ sources: { prebid: true, imported: true, converted: ['EUR'] }, unconverted: [] });
    const top = (await adUnits(site.id)).ad_units.find((unit: { unit_key: string }) => unit.unit_key === 'top');
    expect(top.revenue).toBeCloseTo(0.15, 9);

    // A report smaller than Prebid's converted revenue adds nothing: Prebid's own, converted, stays.
    expect((await put(site.id, { exchangeRates: { base: 'USD', rates: { EUR: 0.5 } } })).statusCode).toBe(200);
    // Prebid: 0.04 + 0.02 × 0.5 = 0.05 USD = 0.1 EUR, the report's 0.1 EUR: nothing beyond.
    expect((await kpis(site.id)).revenue.value).toBeCloseTo(0.05, 9);
  });

  it("converts an imported report's revenue at the rates that came with it, the publisher's rate winning, a re-import replacing them", async () => {
    const site = await insertWebsite(app, ownerId);
    expect((await put(site.id, { currency: 'USD' })).statusCode).toBe(200);
    // Prebid won 0.04 USD on 'top' on `day` (the report's second day): the report in euros includes it.
    await prebidImpression(site, 40, 'USD');
    const before = dayOf(Date.parse(day) - DAY);
    const upload = (lines: string[]) =>
      app.inject({ method: 'POST', url: `/api/websites/${site.id}/revenue-imports`, headers: { ...owner, 'content-type': 'text/csv' }, payload: lines.join('\n') });
    const storedRates = async () => (await app.metadata.db.selectFrom('revenue_rates').selectAll().where('website_id', '=', site.id).orderBy('day').execute()).map((row) => [row.day, Number(row.rate)]);

    // The revenue in euros and in dollars: the day's rate is their ratio (1.1, then 1.08).
    const imported = await upload([
      'Date,Ad unit,Total impressions,Total CPM and CPC revenue (EUR),Total CPM and CPC revenue (USD)',
      `${before},top,100,10.00,11.00`,
      `${day},top,100,20.00,21.60`,
    ]);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json<RevenueImportResponse>()).toMatchObject({
      currency: 'EUR',
      revenue: 30,
      matchedUnits: 1,
      rates: [{ currency: 'EUR', into: 'USD', days: 2, from: before, to: day, min: expect.closeTo(1.08, 12), max: expect.closeTo(1.1, 12) }],
    });
    // Each day at its own rate, Prebid's dollars taken off the second day's euros at that day's rate: the report's
    // 11 + 21.60 USD in all, not a cent of Prebid's twice.
    const converted = await kpis(site.id);
    expect(converted.revenue.value).toBeCloseTo(32.6, 9);
    expect(converted).toMatchObject({ currency: 'USD', sources: { prebid: true, imported: true, reportRates: ['EUR'] }, unconverted: [] });
    expect(converted.sources.converted).toBeUndefined();
    const top = (await adUnits(site.id)).ad_units.find((unit: { unit_key: string }) => unit.unit_key === 'top');
    expect(top.revenue).toBeCloseTo(32.6, 9);

    // The publisher's rate wins over the report's, on every day.
    expect((await put(site.id, { exchangeRates: { base: 'USD', rates: { EUR: 1.5 } } })).statusCode).toBe(200);
    const publishers = await kpis(site.id);
    expect(publishers.revenue.value).toBeCloseTo(45, 9);
    expect(publishers).toMatchObject({ sources: { converted: ['EUR'] }, unconverted: [] });
    expect(publishers.sources.reportRates).toBeUndefined();
    expect((await put(site.id, { exchangeRates: null })).statusCode).toBe(200);
    expect((await kpis(site.id)).revenue.value).toBeCloseTo(32.6, 9);

    // A rate that is no positive number is refused with its line and column, and nothing changes.
    const bad = await upload(['Date,Ad unit,Total impressions,Total CPM and CPC revenue,Currency code,Exchange rate', `${day},top,100,20.00,EUR,-1.2`]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: { message: "Line 2, column 'Exchange rate': '-1.2' is not an exchange rate: a rate is a number from 0.000001 to 1,000,000." } });
    expect(await storedRates()).toEqual([
      [before, expect.closeTo(1.1, 12)],
      [day, expect.closeTo(1.08, 12)],
    ]);

    // The second day again, with Ad Manager's exchange-rate column (in the website's currency: its header names none):
    // its rate replaces that day's; the first day keeps the first import's.
    const again = await upload(['Date,Ad unit,Total impressions,Total CPM and CPC revenue,Currency code,Exchange rate', `${day},top,100,20.00,EUR,1.2`]);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<RevenueImportResponse>()).toMatchObject({ replaced: 1, rates: [{ currency: 'EUR', into: 'USD', days: 1, min: 1.2, max: 1.2 }] });
    expect(await storedRates()).toEqual([
      [before, expect.closeTo(1.1, 12)],
      [day, 1.2],
    ]);
    expect((await kpis(site.id)).revenue.value).toBeCloseTo(11 + 24, 9);
    const list = await app.inject({ method: 'GET', url: `/api/websites/${site.id}/revenue-imports`, headers: owner });
    expect(list.json<RevenueImportListResponse>().imports[0]!.rates).toEqual([
      { currency: 'EUR', into: 'USD', days: 2, from: before, to: day, min: expect.closeTo(1.1, 12), max: 1.2 },
    ]);

    // A report of the same days without rates takes them away: its euros stay apart again, never added.
    expect((await upload(['Date,Ad unit,Total impressions,Total CPM and CPC revenue (EUR)', `${before},top,100,10.00`, `${day},top,100,20.00`])).statusCode).toBe(200);
    expect(await storedRates()).toEqual([]);
    const apart = await kpis(site.id);
    expect(apart.revenue.value).toBeCloseTo(0.04, 9);
    expect(apart.unconverted).toEqual([{ currency: 'EUR', amount: expect.closeTo(30, 9) }]);
  });
});
