// The revenue figures of /api/analytics (issue 23, docs/notes/revenue.md "Revenue figures"): Prebid bids, empty renders
// and impressions written through the ingest pipeline, imported ad-server revenue stored as an import stores it, and
// every figure — revenue, RPM, eCPM, viewable eCPM, fill rate, Prebid win share, revenue per 1,000 sessions — checked
// against values computed here, independently, from the same fixture records: Prebid revenue as each impression's
// largest CPM (a late win adds a second bid row), imported revenue beyond Prebid's per unit-day spread over that
// day's impressions, currencies never added.
import { randomUUID } from 'node:crypto';
import { deviceFromViewportWidth, type CollectEvent, type DeviceType } from '@foldline/contracts';
import { replaceRevenueDays } from '@foldline/metadata/revenue-days/revenue-days.repository';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, HOUR, insertWebsite, MINUTE, type FixtureWebsite } from './analytics-fixture.ts';
import { createTestApp, describeEachDialect, signUp, type TestApp } from './test-app.ts';

type Auth = { authorization: string };
interface Window {
  start: number;
  end: number;
}

/** Ad events arrive in a second beacon this long after their pageview. */
const FOLLOW_UP = 20_000;
const SLOTS = {
  top: { key: 'top', name: 'Top banner', w: 728, h: 90, y: 0 },
  side: { key: 'side', name: 'Side box', w: 300, h: 250, y: 600 },
} as const;
type SlotKey = keyof typeof SLOTS;

interface AdRecord {
  site: FixtureWebsite;
  path: string;
  slot: SlotKey;
  device: DeviceType;
  kind: 'impression' | 'viewable' | 'empty' | 'bid';
  /** When it is stored. */
  at: number;
  imp: string;
  bid?: { cpm: number; won: 0 | 1; cur: string };
}

interface PageviewRecord {
  site: FixtureWebsite;
  path: string;
  width: number;
  at: number;
  sessionId: string;
  pageviewId: string;
  ads: AdRecord[];
}

interface ImportedRecord {
  site: FixtureWebsite;
  unit: string;
  day: string;
  currency: string;
  revenue: number;
}

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const within = (time: number, w: Window) => time >= w.start && time < w.end;
/** The share of a UTC day inside a window. */
const dayShare = (day: string, w: Window) => Math.max(0, Math.min(Date.parse(day) + DAY, w.end) - Math.max(Date.parse(day), w.start)) / DAY;
const perMille = (amount: number, count: number) => (count > 0 ? (amount / count) * 1000 : null);
const percent = (part: number, whole: number) => (whole > 0 ? (part / whole) * 100 : null);

/** Each impression's Prebid revenue: its largest CPM ÷ 1,000, in the currency of that bid; its auction won if any row
 * says so. */
function auctionsOf(records: readonly AdRecord[]) {
  const byImpression = new Map<string, AdRecord[]>();
  for (const record of records.filter((r) => r.kind === 'bid')) byImpression.set(record.imp, [...(byImpression.get(record.imp) ?? []), record]);
  return [...byImpression.values()].map((rows) => {
    const top = rows.reduce((a, b) => (b.bid!.cpm > a.bid!.cpm ? b : a));
    return { first: rows[0]!, rows: rows.length, revenue: top.bid!.cpm / 1000, currency: top.bid!.cur, won: rows.some((r) => r.bid!.won === 1) };
  });
}

describeEachDialect('revenue figures', (dialect) => {
  let t: TestApp;
  let app: FastifyInstance;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let siteA: FixtureWebsite;
  let siteB: FixtureWebsite;
  let bare: FixtureWebsite;
  let now: number;
  const pageviews: PageviewRecord[] = [];
  const imported: ImportedRecord[] = [];
  const pageIds = new Map<string, string>();
  const slotIds = new Map<string, string>();
  const currencyOf = (site: FixtureWebsite) => (site === siteB ? 'EUR' : 'USD');
  const ads = () => pageviews.flatMap((pv) => pv.ads);

  const get = (url: string, auth: Auth = owner.auth) => app.inject({ method: 'GET', url: `/api/analytics${url}`, headers: auth });
  const ok = async (url: string, auth?: Auth) => {
    const response = await get(url, auth);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  /**
   * The revenue (in the website's currency) per key of the records that `keep` keeps in window `w`: Prebid's, plus each
   * unit-day's imported revenue beyond Prebid's that day (whole day, every page and device), spread over that day's
   * impressions and taken in the share of the day the window covers. A unit-day without impressions goes to
   * `unitKey(unit)` when given (units and websites), nowhere otherwise (pages, slots).
   */
  function revenueBy(site: FixtureWebsite, w: Window, keyOf: (record: AdRecord) => string, keep: (record: AdRecord) => boolean, unitKey?: (unit: string) => string) {
    const currency = currencyOf(site);
    const out = new Map<string, number>();
    const add = (key: string, amount: number) => out.set(key, (out.get(key) ?? 0) + amount);
    const own = ads().filter((r) => r.site === site);
    for (const auction of auctionsOf(own.filter((r) => keep(r) && within(r.at, w)))) if (auction.currency === currency) add(keyOf(auction.first), auction.revenue);
    for (const row of imported.filter((r) => r.site === site && r.currency === currency)) {
      const ofUnitDay = own.filter((r) => r.slot === row.unit && dayOf(r.at) === row.day);
      const prebid = auctionsOf(ofUnitDay).filter((a) => a.currency === currency).reduce((sum, a) => sum + a.revenue, 0);
      const net = Math.max(0, row.revenue - prebid) * dayShare(row.day, w);
      const impressions = ofUnitDay.filter((r) => r.kind === 'impression');
      if (impressions.length === 0) {
        if (unitKey) add(unitKey(row.unit), net);
        continue;
      }
      for (const impression of impressions.filter(keep)) add(keyOf(impression), net / impressions.length);
    }
    return out;
  }

  /** Counts of the records `keep` keeps in window `w`. */
  function countsOf(records: readonly AdRecord[], w: Window) {
    const inWindow = records.filter((r) => within(r.at, w));
    const auctions = auctionsOf(inWindow);
    return {
      impressions: inWindow.filter((r) => r.kind === 'impression').length,
      viewable: inWindow.filter((r) => r.kind === 'viewable').length,
      empties: inWindow.filter((r) => r.kind === 'empty').length,
      // Auctions are bid rows (a late win's impression has two: event-store migration 024); wins are impressions.
      bidRows: auctions.reduce((sum, a) => sum + a.rows, 0),
      wins: auctions.filter((a) => a.won).length,
    };
  }

  async function send(pv: PageviewRecord): Promise<void> {
    const url = `https://${pv.site.domain}${pv.path}`;
    const base = { site: pv.site.trackingCode, u: url, pv: pv.pageviewId, sid: pv.sessionId, vw: pv.width };
    const meta = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36' };
    const first = await app.ingest.accept({ ...base, e: [{ k: 'pv', a: 0, t: `Title ${pv.path}`, r: '', vw: pv.width, vh: 800, dh: 3000 }] }, { ...meta, receivedAt: pv.at });
    if (first.outcome !== 'stored') throw new Error(`pageview not stored: ${JSON.stringify(first)}`);
    const events: CollectEvent[] = pv.ads.map((ad) => {
      const slot = SLOTS[ad.slot];
      const bid = ad.bid ? { cpm: ad.bid.cpm, best: Math.max(ad.bid.cpm, 1.2), cur: ad.bid.cur, bidder: 'appnexus', net: 1 as const, won: ad.bid.won } : {};
      return { k: 'ad', a: 0, slot: { ...slot, sel: `#${slot.key}`, x: 10 }, imp: ad.imp, ev: ad.kind, ...bid };
    });
    if (events.length === 0) return;
    const second = await app.ingest.accept({ ...base, e: events }, { ...meta, receivedAt: pv.at + FOLLOW_UP });
    if (second.outcome !== 'stored') throw new Error(`ad events not stored: ${JSON.stringify(second)}`);
  }

  /** A pageview with the ads `make` gives it (times and devices filled in). */
  function pageview(site: FixtureWebsite, path: string, width: number, at: number, sessionId: string, make: (ad: (slot: SlotKey, kind: AdRecord['kind'], imp: string, bid?: AdRecord['bid']) => void) => void) {
    const pv: PageviewRecord = { site, path, width, at, sessionId, pageviewId: randomUUID(), ads: [] };
    make((slot, kind, imp, bid) => pv.ads.push({ site, path, slot, device: deviceFromViewportWidth(width), kind, at: at + FOLLOW_UP, imp, ...(bid ? { bid } : {}) }));
    pageviews.push(pv);
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    app = t.app;
    owner = await signUp(app);
    const stranger = await signUp(app);
    siteA = await insertWebsite(app, owner.user.user_id, { name: 'Alpha' });
    siteB = await insertWebsite(app, owner.user.user_id, { name: 'Beta' });
    bare = await insertWebsite(app, owner.user.user_id, { name: 'No revenue' });
    const strangerSite = await insertWebsite(app, stranger.user.user_id, { name: 'Theirs' });
    // Beta's settings name EUR; Alpha's none, so its currency is the first one seen in its data: USD.
    const settings = await app.metadata.db.selectFrom('websites').select('settings').where('id', '=', siteB.id).executeTakeFirstOrThrow();
    await app.metadata.db.updateTable('websites').set({ settings: JSON.stringify({ ...JSON.parse(settings.settings), ads: { currency: 'EUR' } }) }).where('id', '=', siteB.id).execute();
    now = Date.now();

    // Alpha: two pages; 'top' on both (one unit, two slots), 'side' on the story only. Offsets stay minutes away from
    // every period boundary (whole days before now); none is within a day of 20 days ago (an imported day without
    // impressions).
    const offsets = [1 * HOUR, 5 * HOUR, 26 * HOUR, 3 * DAY + 2 * HOUR, 9 * DAY + 5 * HOUR, 15 * DAY + HOUR, 29 * DAY + 20 * HOUR, 30 * DAY + 3 * HOUR, 45 * DAY, 59 * DAY];
    let i = 0;
    for (const offset of offsets) {
      for (const path of ['/', '/story']) {
        for (const width of [1440, 375]) {
          // The patterns below turn with each offset, so every page and device gets each of them.
          const n = i + Math.floor(i / 4);
          i += 1;
          // A reader sees a page on both devices in one session: a page has half as many sessions as pageviews.
          const session = width === 375 ? pageviews.at(-1)!.sessionId : randomUUID();
          pageview(siteA, path, width, now - offset - (n % 7) * MINUTE, session, (ad) => {
            const top = randomUUID();
            ad('top', 'impression', top);
            if (width === 1440 || n % 3 === 0) ad('top', 'viewable', top);
            if (n % 4 === 0) ad('top', 'bid', top, { cpm: 2.5, won: 1, cur: 'USD' });
            if (n % 4 === 1) ad('top', 'bid', top, { cpm: 0, won: 0, cur: 'USD' });
            if (n % 4 === 2) {
              // A late win: the lost auction was sent when the page was hidden, the win when it came back.
              ad('top', 'bid', top, { cpm: 0, won: 0, cur: 'USD' });
              ad('top', 'bid', top, { cpm: 1.8, won: 1, cur: 'USD' });
            }
            if (path !== '/story') return;
            if (width === 375 && n % 2 === 1) return ad('side', 'empty', randomUUID());
            const side = randomUUID();
            ad('side', 'impression', side);
            if (n % 3 !== 1) ad('side', 'viewable', side);
            if (n % 3 === 0) ad('side', 'bid', side, { cpm: 1.0, won: 1, cur: 'USD' });
          });
        }
      }
    }
    // A Prebid bid in euros on the dollar website: never added, listed apart.
    pageview(siteA, '/story', 1440, now - 3 * DAY, randomUUID(), (ad) => {
      const top = randomUUID();
      ad('top', 'impression', top);
      ad('top', 'bid', top, { cpm: 4, won: 1, cur: 'EUR' });
    });
    // Beta: euros, and one bid in dollars.
    for (const [offset, cpm, cur] of [[2 * HOUR, 3, 'EUR'], [4 * DAY, 2, 'EUR'], [6 * DAY, 5, 'USD'], [40 * DAY, 1.5, 'EUR']] as const) {
      pageview(siteB, '/', 1440, now - offset, randomUUID(), (ad) => {
        const top = randomUUID();
        ad('top', 'impression', top);
        ad('top', 'viewable', top);
        ad('top', 'bid', top, { cpm, won: 1, cur });
      });
    }
    // Someone else's revenue, never counted.
    pageview(strangerSite, '/', 1440, now - 2 * HOUR, randomUUID(), (ad) => {
      const top = randomUUID();
      ad('top', 'impression', top);
      ad('top', 'bid', top, { cpm: 100, won: 1, cur: 'USD' });
    });
    // The website without revenue has traffic and impressions only.
    pageview(bare, '/', 1440, now - 2 * HOUR, randomUUID(), (ad) => ad('top', 'impression', randomUUID()));
    await Promise.all(pageviews.map(send));

    // Alpha's ad server report: 'top' on a day with more than Prebid earned, on a day with less (Prebid's revenue that
    // day covers it: nothing added), on a day without impressions, on the month's first (partial) day and in the
    // previous month; 'side' once; euros once; and a unit that matches none (left out).
    const at = (offset: number) => dayOf(now - offset + FOLLOW_UP);
    const usd: Array<[string, string, number]> = [
      ['top', at(26 * HOUR), 5],
      ['top', at(9 * DAY + 5 * HOUR), 0.001],
      ['top', dayOf(now - 20 * DAY), 2],
      ['top', dayOf(now - 30 * DAY), 3],
      ['top', at(45 * DAY), 4],
      ['side', at(26 * HOUR), 1.5],
      ['newsletter', at(26 * HOUR), 9.99],
    ];
    imported.push(...usd.filter(([unit]) => unit !== 'newsletter').map(([unit, day, revenue]) => ({ site: siteA, unit, day, currency: 'USD', revenue })));
    imported.push({ site: siteA, unit: 'top', day: at(26 * HOUR), currency: 'EUR', revenue: 1 });
    const days = usd.map(([, day]) => day).sort();
    await replaceRevenueDays(app.metadata.db, {
      websiteId: siteA.id,
      source: 'ad_manager',
      currency: 'USD',
      from: days[0]!,
      to: days.at(-1)!,
      rows: usd.map(([unit, day, revenue]) => ({ day, unit, impressions: 100, revenueMicros: Math.round(revenue * 1e6) })),
      matches: new Map([['top', 'top'], ['side', 'side'], ['newsletter', null]]),
      importedAt: new Date(),
    });
    await replaceRevenueDays(app.metadata.db, {
      websiteId: siteA.id,
      source: 'adsense',
      currency: 'EUR',
      from: at(26 * HOUR),
      to: at(26 * HOUR),
      rows: [{ day: at(26 * HOUR), unit: 'top', impressions: 10, revenueMicros: 1_000_000 }],
      matches: new Map([['top', 'top']]),
      importedAt: new Date(),
    });

    const pages = await app.metadata.db.selectFrom('pages').select(['id', 'website_id', 'url_path']).execute();
    for (const row of pages) pageIds.set(`${row.website_id}|${row.url_path}`, row.id);
    const slots = await app.metadata.db.selectFrom('ad_units').select(['id', 'page_id', 'slot_key']).execute();
    for (const row of slots) slotIds.set(`${row.page_id}|${row.slot_key}`, row.id);
  });
  afterAll(() => t.close());

  it('has the cases it means to check', () => {
    const own = ads().filter((r) => r.site === siteA);
    const prebidOn = (day: string) => auctionsOf(own.filter((r) => r.slot === 'top' && dayOf(r.at) === day)).reduce((sum, a) => sum + a.revenue, 0);
    const [more, less, none] = imported.filter((r) => r.currency === 'USD' && r.unit === 'top');
    expect(prebidOn(more!.day)).toBeLessThan(more!.revenue);
    expect(prebidOn(less!.day)).toBeGreaterThan(less!.revenue);
    expect(own.filter((r) => r.slot === 'top' && dayOf(r.at) === none!.day)).toEqual([]);
    expect(auctionsOf(own).some((a) => a.rows === 2 && a.won)).toBe(true);
  });

  describe('dashboard KPIs', () => {
    it.each(['week', 'month', 'quarter'] as const)("gives one website's revenue and RPM with their change (%s)", async (period) => {
      const body = await ok(`/dashboard-kpi?period=${period}&websiteId=${siteA.id}`);
      const window = (w: { start: string; end: string }) => ({ start: Date.parse(w.start), end: Date.parse(w.end) });
      const [current, previous] = [window(body.timeRange.current), window(body.timeRange.previous)];
      const total = (w: Window) => [...revenueBy(siteA, w, () => 'all', () => true, () => 'all').values()].reduce((a, b) => a + b, 0);
      const views = (w: Window) => pageviews.filter((pv) => pv.site === siteA && within(pv.at, w)).length;
      const [revenue, before] = [total(current), total(previous)];
      const [rpm, rpmBefore] = [perMille(revenue, views(current))!, perMille(before, views(previous))];
      expect(revenue).toBeGreaterThan(0);
      expect(body.revenue).toMatchObject({ currency: 'USD', byCurrency: [], sources: { prebid: true, imported: true } });
      expect(body.revenue.revenue.value).toBeCloseTo(revenue, 9);
      expect(body.revenue.rpm.value).toBeCloseTo(rpm, 9);
      // The quarter before the fixture's first event has none: no change from nothing.
      if (before === 0) {
        expect(period).toBe('quarter');
        expect([body.revenue.revenue.change, body.revenue.rpm.change]).toEqual([null, null]);
      } else {
        expect(body.revenue.revenue.change).toBeCloseTo(((revenue - before) / before) * 100, 6);
        expect(body.revenue.rpm.change).toBeCloseTo(((rpm - rpmBefore!) / rpmBefore!) * 100, 6);
      }
      // The euro bid (3 days ago) and the euro report's day (2 days ago at most) are in every period here; neither is added.
      const euroReport = imported.find((r) => r.currency === 'EUR')!;
      const shown = ads().filter((r) => r.site === siteA && r.slot === 'top' && r.kind === 'impression' && dayOf(r.at) === euroReport.day).length;
      expect(shown).toBeGreaterThan(0);
      expect(body.revenue.unconverted).toEqual([{ currency: 'EUR', amount: expect.closeTo(4 / 1000 + euroReport.revenue * dayShare(euroReport.day, current), 9) }]);
      // The specification's KPIs are what they were.
      expect(Object.keys(body.kpis)).toEqual(['impressions', 'viewability', 'ctr', 'optimizationPotential']);
    });

    it('gives each currency apart for all websites, never one sum', async () => {
      const body = await ok('/dashboard-kpi?period=month');
      const w = { start: Date.parse(body.timeRange.current.start), end: Date.parse(body.timeRange.current.end) };
      const sum = (site: FixtureWebsite) => [...revenueBy(site, w, () => 'all', () => true, () => 'all').values()].reduce((a, b) => a + b, 0);
      const views = (site: FixtureWebsite) => pageviews.filter((pv) => pv.site === site && within(pv.at, w)).length;
      expect(body.revenue).toMatchObject({ currency: null, revenue: { value: 0, change: null }, rpm: { value: 0, change: null } });
      expect(body.revenue.byCurrency.map((entry: { currency: string; websites: number }) => [entry.currency, entry.websites])).toEqual([['EUR', 1], ['USD', 1]]);
      const [eur, usd] = body.revenue.byCurrency;
      expect(eur.revenue.value).toBeCloseTo(sum(siteB), 9);
      expect(eur.rpm.value).toBeCloseTo(perMille(sum(siteB), views(siteB))!, 9);
      expect(usd.revenue.value).toBeCloseTo(sum(siteA), 9);
      // Beta's dollar bid and Alpha's euros: apart, per currency.
      expect(body.revenue.unconverted.map((entry: { currency: string }) => entry.currency)).toEqual(['EUR', 'USD']);
      expect(body.revenue.unconverted[1].amount).toBeCloseTo(5 / 1000, 9);
    });

    it('takes the first currency seen in a website\'s data, unless its settings name one', async () => {
      const gamma = await insertWebsite(app, owner.user.user_id, { name: 'Gamma' });
      const day = dayOf(now - 3 * DAY);
      await replaceRevenueDays(app.metadata.db, {
        websiteId: gamma.id,
        source: 'adsense',
        currency: 'EUR',
        from: day,
        to: day,
        rows: [{ day, unit: 'top', impressions: 10, revenueMicros: 2_500_000 }],
        matches: new Map([['top', 'top']]),
        importedAt: new Date(),
      });
      // No impressions that day: the whole day is the website's (no page's).
      const first = await ok(`/dashboard-kpi?period=week&websiteId=${gamma.id}`);
      expect(first.revenue).toMatchObject({ currency: 'EUR', revenue: { value: 2.5 }, sources: { prebid: false, imported: true }, unconverted: [] });
      const settings = await app.metadata.db.selectFrom('websites').select('settings').where('id', '=', gamma.id).executeTakeFirstOrThrow();
      await app.metadata.db.updateTable('websites').set({ settings: JSON.stringify({ ...JSON.parse(settings.settings), ads: { currency: 'GBP' } }) }).where('id', '=', gamma.id).execute();
      const set = await ok(`/dashboard-kpi?period=week&websiteId=${gamma.id}`);
      expect(set.revenue).toMatchObject({ currency: 'GBP', revenue: { value: 0, change: null }, unconverted: [{ currency: 'EUR', amount: 2.5 }] });
    });

    it('says there is no revenue data for a website without any, and counts no one else\'s', async () => {
      const body = await ok(`/dashboard-kpi?period=month&websiteId=${bare.id}`);
      expect(body.kpis.impressions.value).toBe(1);
      expect(body.revenue).toEqual({
        currency: null,
        revenue: { value: 0, change: null },
        rpm: { value: 0, change: null },
        byCurrency: [],
        sources: { prebid: false, imported: false },
        unconverted: [],
      });
    });
  });

  describe('ad units', () => {
    // Quarter: its first day has no imported revenue and the report's days end before today, so the figures do not
    // depend on the instant the server takes as now (the ad units answer gives no time range).
    const quarter = () => ({ start: now - 90 * DAY, end: now + MINUTE });

    it('give each unit and slot its revenue, eCPM, viewable eCPM, fill rate and Prebid win share', async () => {
      const body = await ok(`/ad-units?websiteId=${siteA.id}&period=quarter`);
      const w = quarter();
      const own = ads().filter((r) => r.site === siteA);
      const byUnit = revenueBy(siteA, w, (r) => r.slot, () => true, (unit) => unit);
      const bySlot = revenueBy(siteA, w, (r) => `${r.path}|${r.slot}`, () => true);
      expect(body.revenue).toMatchObject({ currency: 'USD', sources: { prebid: true, imported: true } });
      expect(body.revenue.total).toBeCloseTo([...byUnit.values()].reduce((a, b) => a + b, 0), 9);
      expect(body.ad_units.map((unit: { unit_key: string }) => unit.unit_key).sort()).toEqual(['side', 'top']);
      for (const unit of body.ad_units) {
        const counts = countsOf(own.filter((r) => r.slot === unit.unit_key), w);
        const revenue = byUnit.get(unit.unit_key)!;
        expect(unit.revenue, unit.unit_key).toBeCloseTo(revenue, 9);
        expect(unit.ecpm).toBeCloseTo(perMille(revenue, counts.impressions)!, 9);
        expect(unit.viewable_ecpm).toBeCloseTo(perMille(revenue, counts.viewable)!, 9);
        expect(unit.fill_rate).toBeCloseTo(percent(counts.impressions, counts.impressions + counts.empties)!, 9);
        expect(unit.prebid_win_share).toBeCloseTo(percent(counts.wins, counts.bidRows)!, 9);
        for (const slot of unit.pages) {
          const slotCounts = countsOf(own.filter((r) => r.slot === unit.unit_key && r.path === slot.page_url_path), w);
          const slotRevenue = bySlot.get(`${slot.page_url_path}|${unit.unit_key}`) ?? 0;
          expect(slot.revenue, slot.page_url_path).toBeCloseTo(slotRevenue, 9);
          expect(slot.ecpm).toBeCloseTo(perMille(slotRevenue, slotCounts.impressions)!, 9);
          expect(slot.fill_rate).toBeCloseTo(percent(slotCounts.impressions, slotCounts.impressions + slotCounts.empties)!, 9);
        }
      }
      // The side box rendered empty on some phones; the top banner never did.
      expect(body.ad_units.find((u: { unit_key: string }) => u.unit_key === 'side').fill_rate).toBeLessThan(100);
      expect(body.ad_units.find((u: { unit_key: string }) => u.unit_key === 'top').fill_rate).toBe(100);
    });

    it('count imported revenue of a day without impressions on the unit, not on a page', async () => {
      const all = await ok(`/ad-units?websiteId=${siteA.id}&period=quarter`);
      const top = all.ad_units.find((u: { unit_key: string }) => u.unit_key === 'top');
      const slotsSum = top.pages.reduce((sum: number, p: { revenue: number }) => sum + p.revenue, 0);
      const unspread = imported.find((r) => r.unit === 'top' && r.day === dayOf(now - 20 * DAY))!.revenue;
      expect(top.revenue - slotsSum).toBeCloseTo(unspread, 9);
      // With a page chosen, a unit is what it does there.
      const story = pageIds.get(`${siteA.id}|/story`)!;
      const onPage = await ok(`/ad-units?websiteId=${siteA.id}&period=quarter&pageId=${story}`);
      const topThere = onPage.ad_units.find((u: { unit_key: string }) => u.unit_key === 'top');
      expect(topThere.revenue).toBeCloseTo(top.pages.find((p: { page_url_path: string }) => p.page_url_path === '/story').revenue, 9);
    });

    it('sort by revenue and by eCPM, units without the figure last', async () => {
      const byRevenue = await ok(`/ad-units?websiteId=${siteA.id}&period=quarter&sort=revenue&order=desc`);
      const revenues = byRevenue.ad_units.map((u: { revenue: number }) => u.revenue);
      expect(revenues).toEqual([...revenues].sort((a, b) => b - a));
      const byEcpm = await ok(`/ad-units?websiteId=${siteA.id}&period=quarter&sort=ecpm&order=asc`);
      const ecpms = byEcpm.ad_units.map((u: { ecpm: number }) => u.ecpm);
      expect(ecpms).toEqual([...ecpms].sort((a, b) => a - b));
      // A website without revenue data: every unit's revenue figures are null, fill rate aside.
      const none = await ok(`/ad-units?websiteId=${bare.id}&period=quarter&sort=ecpm`);
      expect(none.revenue).toEqual({ currency: null, sources: { prebid: false, imported: false }, unconverted: [], total: null });
      expect(none.ad_units[0]).toMatchObject({ revenue: null, ecpm: null, viewable_ecpm: null, fill_rate: 100, prebid_win_share: null });
    });
  });

  describe('page analytics: ad performance', () => {
    it.each(['all', 'desktop', 'mobile'] as const)('gives each unit of the page its revenue figures there (%s)', async (device) => {
      const story = pageIds.get(`${siteA.id}|/story`)!;
      const body = await ok(`/ad-performance?pageId=${story}&period=quarter&deviceType=${device}`);
      const w = { start: now - 90 * DAY, end: now + MINUTE };
      const keep = (r: AdRecord) => r.path === '/story' && (device === 'all' || r.device === device);
      const revenue = revenueBy(siteA, w, (r) => r.slot, keep);
      expect(body.data.revenue).toMatchObject({ currency: 'USD', sources: { prebid: true, imported: true } });
      expect(body.data.ad_units).toHaveLength(2);
      for (const item of body.data.ad_units) {
        const slot = (Object.keys(SLOTS) as SlotKey[]).find((key) => SLOTS[key].name === item.ad_unit.name)!;
        const counts = countsOf(ads().filter((r) => r.site === siteA && r.slot === slot && keep(r)), w);
        const amount = revenue.get(slot) ?? 0;
        expect(item.metrics.total_impressions).toBe(counts.impressions);
        expect(item.metrics.revenue, slot).toBeCloseTo(amount, 9);
        expect(item.metrics.ecpm).toBeCloseTo(perMille(amount, counts.impressions)!, 9);
        expect(item.metrics.viewable_ecpm).toBeCloseTo(perMille(amount, counts.viewable)!, 9);
        expect(item.metrics.fill_rate).toBeCloseTo(percent(counts.impressions, counts.impressions + counts.empties)!, 9);
        if (counts.bidRows === 0) expect(item.metrics.prebid_win_share).toBeNull();
        else expect(item.metrics.prebid_win_share).toBeCloseTo(percent(counts.wins, counts.bidRows)!, 9);
      }
    });
  });

  describe('top pages', () => {
    it('give each page its revenue, RPM and revenue per 1,000 sessions, in its website\'s currency', async () => {
      const body = await ok('/top-pages?period=quarter&limit=50');
      const w = { start: Date.parse(body.timeRange.current.start), end: Date.parse(body.timeRange.current.end) };
      expect(body.revenue_sources).toEqual({ prebid: true, imported: true });
      for (const site of [siteA, siteB, bare]) {
        const revenue = revenueBy(site, w, (r) => r.path, () => true);
        for (const path of [...new Set(pageviews.filter((pv) => pv.site === site).map((pv) => pv.path))]) {
          const page = body.pages.find((p: { page_id: string }) => p.page_id === pageIds.get(`${site.id}|${path}`));
          const views = pageviews.filter((pv) => pv.site === site && pv.path === path && within(pv.at, w));
          const sessions = new Set(views.map((pv) => pv.sessionId)).size;
          if (site === bare) {
            expect(page.revenue_metrics).toBeNull();
            continue;
          }
          const amount = revenue.get(path) ?? 0;
          expect(page.revenue_metrics.currency).toBe(currencyOf(site));
          expect(page.revenue_metrics.revenue, `${site.id} ${path}`).toBeCloseTo(amount, 9);
          expect(page.revenue_metrics.rpm).toBeCloseTo(perMille(amount, views.length)!, 9);
          expect(page.revenue_metrics.revenue_per_1000_sessions).toBeCloseTo(perMille(amount, sessions)!, 9);
          if (site === siteA) expect(sessions).toBeLessThan(views.length);
        }
      }
    });
  });

  it('answers 404 for another user\'s website or page and 401 without a token, as before', async () => {
    const stranger = await signUp(app);
    const story = pageIds.get(`${siteA.id}|/story`)!;
    for (const url of [`/dashboard-kpi?websiteId=${siteA.id}`, `/ad-units?websiteId=${siteA.id}&sort=revenue`, `/ad-performance?pageId=${story}`, `/top-pages?websiteId=${siteA.id}`]) {
      expect((await get(url, stranger.auth)).statusCode, url).toBe(404);
      expect((await app.inject({ method: 'GET', url: `/api/analytics${url}` })).statusCode, url).toBe(401);
    }
    expect(slotIds.size).toBeGreaterThan(0);
  });
});
