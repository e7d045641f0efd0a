// Imported ad-server revenue on every dialect: an import replaces the days it covers (never adds them twice), keeps
// revenue exact in millionths, and reads back per source, per unmatched unit and per matched unit and day, with each
// website's first imported currency and whether a range holds any matched revenue; the exchange rates an import
// carried replaced with its days, one per day and pair when two sources give one.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  firstImportedCurrencies,
  hasImportedRevenue,
  importedRevenue,
  replaceRevenueDays,
  revenueImportSummaries,
  unmatchedRevenueUnits,
  type ReplaceRevenueDays,
  type RevenueDayInput,
} from '../src/revenue-days/revenue-days.repository.ts';
import { importedRates, revenueRateSummaries } from '../src/revenue-days/revenue-rates.repository.ts';
import { describeEachDialect, openTestStore, type TestStore } from './test-store.ts';

const TOP = '/21700045/daily_gazette/article_top';
const SLOT = '4821596307';

const row = (day: string, unit: string, unitKey: string | null, impressions: number, revenueMicros: number): RevenueDayInput & { unitKey: string | null } => ({ day, unit, unitKey, impressions, revenueMicros });
/** The report units' matches, as the import passes them beside the rows. */
const matchesOf = (rows: Array<ReturnType<typeof row>>) => new Map(rows.map((entry) => [entry.unit, entry.unitKey]));

describeEachDialect('revenue days', (dialect) => {
  let store: TestStore;
  let websiteId: string;
  let otherWebsiteId: string;

  async function insertWebsite(): Promise<string> {
    const now = new Date().toISOString();
    const userId = randomUUID();
    const id = randomUUID();
    await store.db.insertInto('users').values({ id: userId, name: 'Publisher', email: `${userId}@example.com`, password_hash: 'x', created_at: now, updated_at: now }).execute();
    await store.db
      .insertInto('websites')
      .values({ id, user_id: userId, name: 'Gazette', domain: `${id.slice(0, 8)}.example.com`, tracking_code: `fl_${id}`, status: 'active', timezone: 'UTC', settings: '{}', created_at: now, updated_at: now })
      .execute();
    return id;
  }

  /** Stores rows carrying their match, as an import does: the matches beside the rows. */
  const importRows = (input: Omit<ReplaceRevenueDays, 'matches' | 'rows'> & { rows: Array<ReturnType<typeof row>> }) =>
    replaceRevenueDays(store.db, { ...input, matches: matchesOf(input.rows) });

  beforeAll(async () => {
    store = await openTestStore(dialect);
    websiteId = await insertWebsite();
    otherWebsiteId = await insertWebsite();
  });
  afterAll(() => store.dispose());

  it('replaces the days a re-import covers, keeps the others and the other source, and stores revenue exactly', async () => {
    const importedAt = new Date('2026-11-25T10:00:00Z');
    await importRows({
      websiteId,
      source: 'ad_manager',
      currency: 'USD',
      from: '2026-11-01',
      to: '2026-11-03',
      importedAt,
      rows: [
        row('2026-11-01', 'daily_gazette » article_top', TOP, 1000, 1_234_567),
        row('2026-11-02', 'daily_gazette » article_top', TOP, 1100, 1_300_001),
        row('2026-11-03', 'daily_gazette » article_top', TOP, 1200, 1_400_000),
        row('2026-11-03', 'daily_gazette » newsletter', null, 50, 10_000),
      ],
    });
    await importRows({
      websiteId,
      source: 'adsense',
      currency: 'USD',
      from: '2026-11-02',
      to: '2026-11-02',
      importedAt,
      rows: [row('2026-11-02', `ca-pub-1:${SLOT}`, SLOT, 700, 900_000)],
    });
    // The other website's rows are never touched nor read.
    await importRows({ websiteId: otherWebsiteId, source: 'ad_manager', currency: 'EUR', from: '2026-11-02', to: '2026-11-02', importedAt, rows: [row('2026-11-02', 'x', 'x', 1, 1)] });

    // Again from the 2nd to the 3rd: the 3rd's newsletter line is gone from the new report, so it goes; the 1st stays.
    const again = await importRows({
      websiteId,
      source: 'ad_manager',
      currency: 'USD',
      from: '2026-11-02',
      to: '2026-11-03',
      importedAt: new Date('2026-11-26T10:00:00Z'),
      rows: [row('2026-11-02', 'daily_gazette » article_top', TOP, 1110, 1_310_000), row('2026-11-03', 'daily_gazette » article_top', TOP, 1210, 1_410_000)],
    });
    expect(again).toEqual({ replaced: 3 });
    // The same import twice: the same rows, not twice as many.
    await importRows({
      websiteId,
      source: 'ad_manager',
      currency: 'USD',
      from: '2026-11-02',
      to: '2026-11-03',
      importedAt: new Date('2026-11-26T10:00:00Z'),
      rows: [row('2026-11-02', 'daily_gazette » article_top', TOP, 1110, 1_310_000), row('2026-11-03', 'daily_gazette » article_top', TOP, 1210, 1_410_000)],
    });

    expect(await importedRevenue(store.db, [websiteId], '2026-11-01', '2026-11-03')).toEqual([
      { websiteId, day: '2026-11-01', unitKey: TOP, currency: 'USD', impressions: 1000, revenueMicros: 1_234_567 },
      { websiteId, day: '2026-11-02', unitKey: TOP, currency: 'USD', impressions: 1110, revenueMicros: 1_310_000 },
      { websiteId, day: '2026-11-02', unitKey: SLOT, currency: 'USD', impressions: 700, revenueMicros: 900_000 },
      { websiteId, day: '2026-11-03', unitKey: TOP, currency: 'USD', impressions: 1210, revenueMicros: 1_410_000 },
    ]);
    expect(await importedRevenue(store.db, [websiteId], '2026-11-02', '2026-11-02')).toHaveLength(2);
    expect(await importedRevenue(store.db, [], '2026-11-01', '2026-11-30')).toEqual([]);

    expect(await revenueImportSummaries(store.db, websiteId)).toEqual([
      {
        source: 'ad_manager',
        from: '2026-11-01',
        to: '2026-11-03',
        days: 3,
        unitDays: 3,
        impressions: 3320,
        revenue: [{ currency: 'USD', revenueMicros: 3_954_567 }],
        matchedUnits: 1,
        unmatchedUnits: 0,
        lastImportedAt: '2026-11-26T10:00:00.000Z',
      },
      {
        source: 'adsense',
        from: '2026-11-02',
        to: '2026-11-02',
        days: 1,
        unitDays: 1,
        impressions: 700,
        revenue: [{ currency: 'USD', revenueMicros: 900_000 }],
        matchedUnits: 1,
        unmatchedUnits: 0,
        lastImportedAt: '2026-11-25T10:00:00.000Z',
      },
    ]);
  });

  it('keeps unmatched units and lists them, the most revenue first; never sums unlike currencies', async () => {
    const importedAt = new Date('2026-11-27T10:00:00Z');
    await importRows({
      websiteId,
      source: 'ad_manager',
      currency: 'USD',
      from: '2026-10-01',
      to: '2026-10-02',
      importedAt,
      rows: [row('2026-10-01', 'newsletter', null, 10, 5_000), row('2026-10-02', 'newsletter', null, 12, 6_000), row('2026-10-01', 'app_banner', null, 99, 50_000)],
    });
    await importRows({ websiteId, source: 'ad_manager', currency: 'EUR', from: '2026-09-01', to: '2026-09-01', importedAt, rows: [row('2026-09-01', 'daily_gazette » article_top', TOP, 5, 7)] });
    expect(await unmatchedRevenueUnits(store.db, websiteId)).toEqual([
      { source: 'ad_manager', reportUnit: 'app_banner', currency: 'USD', days: 1, impressions: 99, revenueMicros: 50_000 },
      { source: 'ad_manager', reportUnit: 'newsletter', currency: 'USD', days: 2, impressions: 22, revenueMicros: 11_000 },
    ]);
    const [adManager] = await revenueImportSummaries(store.db, websiteId);
    expect(adManager).toMatchObject({ from: '2026-09-01', to: '2026-11-03', matchedUnits: 1, unmatchedUnits: 2 });
    expect(adManager!.revenue).toEqual([
      { currency: 'EUR', revenueMicros: 7 },
      { currency: 'USD', revenueMicros: 3_954_567 + 61_000 },
    ]);
  });

  it("gives each website's first imported day and currency, and says whether matched revenue lies in a range", async () => {
    // The euro day of September is the first; a website without imports has none.
    const fresh = await insertWebsite();
    expect(await firstImportedCurrencies(store.db, [websiteId, fresh])).toEqual(new Map([[websiteId, { day: '2026-09-01', currency: 'EUR' }]]));
    expect(await hasImportedRevenue(store.db, [websiteId], '2026-09-01', '2026-09-01')).toBe(true);
    // October holds unmatched units only: nothing a report counts.
    expect(await hasImportedRevenue(store.db, [websiteId], '2026-10-01', '2026-10-31')).toBe(false);
    expect(await hasImportedRevenue(store.db, [fresh], '2026-01-01', '2026-12-31')).toBe(false);
    expect(await hasImportedRevenue(store.db, [], '2026-01-01', '2026-12-31')).toBe(false);
  });

  it('writes a large import in one transaction, and goes with its website', async () => {
    const rows = Array.from({ length: 2500 }, (_, n) => row(`2026-08-${String((n % 28) + 1).padStart(2, '0')}`, `unit_${Math.floor(n / 28)}`, null, n, n * 1000));
    await importRows({ websiteId: otherWebsiteId, source: 'adsense', currency: 'EUR', from: '2026-08-01', to: '2026-08-28', importedAt: new Date(), rows });
    const [summary] = (await revenueImportSummaries(store.db, otherWebsiteId)).filter((entry) => entry.source === 'adsense');
    expect(summary).toMatchObject({ unitDays: 2500, days: 28, unmatchedUnits: 90 });
    await store.db.deleteFrom('websites').where('id', '=', otherWebsiteId).execute();
    expect(await revenueImportSummaries(store.db, otherWebsiteId)).toEqual([]);
  });

  it("replaces an import's exchange rates with its days, and of two sources' rates for a day reads the later import's", async () => {
    const site = await insertWebsite();
    const rates = (pairs: Array<[string, number]>) => pairs.map(([day, rate]) => ({ day, currency: 'EUR', into: 'USD', rate }));
    const on = (day: string) => ({ websiteId: site, currency: 'EUR', rows: [row(day, 'top', TOP, 10, 1_000_000)] });
    const base = on('2026-11-01');
    await importRows({ ...base, source: 'ad_manager', from: '2026-11-01', to: '2026-11-03', rates: rates([['2026-11-01', 1.08], ['2026-11-02', 1.09], ['2026-11-03', 1.0842]]), importedAt: new Date('2026-11-26T08:00:00Z') });
    await importRows({ ...on('2026-11-02'), source: 'adsense', from: '2026-11-02', to: '2026-11-02', rates: rates([['2026-11-02', 1.1]]), importedAt: new Date('2026-11-26T09:00:00Z') });
    // The second day again from Ad Manager, without rates: that day's Ad Manager rate is gone, AdSense's stays.
    await importRows({ ...on('2026-11-02'), source: 'ad_manager', from: '2026-11-02', to: '2026-11-02', importedAt: new Date('2026-11-26T10:00:00Z') });
    expect(await importedRates(store.db, [site], '2026-11-01', '2026-11-30')).toEqual([
      { websiteId: site, day: '2026-11-01', currency: 'EUR', into: 'USD', rate: 1.08 },
      { websiteId: site, day: '2026-11-02', currency: 'EUR', into: 'USD', rate: 1.1 },
      { websiteId: site, day: '2026-11-03', currency: 'EUR', into: 'USD', rate: 1.0842 },
    ]);
    // Both give the third day: the later import's rate is read.
    await importRows({ ...on('2026-11-03'), source: 'adsense', from: '2026-11-03', to: '2026-11-03', rates: rates([['2026-11-03', 1.2]]), importedAt: new Date('2026-11-26T11:00:00Z') });
    expect((await importedRates(store.db, [site], '2026-11-03', '2026-11-03')).map((rate) => rate.rate)).toEqual([1.2]);
    expect(await importedRates(store.db, [otherWebsiteId], '2026-11-01', '2026-11-30')).toEqual([]);
    expect(await revenueRateSummaries(store.db, site)).toEqual([
      { source: 'ad_manager', currency: 'EUR', into: 'USD', days: 2, from: '2026-11-01', to: '2026-11-03', min: 1.08, max: 1.0842 },
      { source: 'adsense', currency: 'EUR', into: 'USD', days: 2, from: '2026-11-02', to: '2026-11-03', min: 1.1, max: 1.2 },
    ]);
  });
});
