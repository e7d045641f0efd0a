// Each website's revenue currency (issue 23: one per website): the one its "Ads & revenue" settings name, else the
// first one seen in its revenue data (contracts' websiteCurrency): the earlier of its first Prebid bid's day and its
// first imported report day (on the same day the ad server's, the account's currency). A website with neither has
// none: no revenue data yet. Amounts in another currency are added to its revenue only converted, at the exchange
// rates of its settings (contracts' exchangeFactors), else, for imported revenue, at the rate its report carried for
// the day (imported-rates.ts); without a rate, never.
//
// The first currency seen is looked for once per website and kept for ten minutes (a statement of 10 to 20 ms on the
// embedded engine, which runs one at a time, on every revenue report otherwise): it changes only when older revenue
// data arrives in another currency or the website's data is cleared (forgetCurrencies). A website with none is
// looked for again at every report, so its first revenue shows at once.
import { adsSettingsSchema, exchangeFactors, websiteCurrency, type AdsSettings } from '@foldline/contracts';
import type { EventStore } from '@foldline/event-store';
import type { MetadataDb } from '@foldline/metadata';
import { firstImportedCurrencies } from '@foldline/metadata/revenue-days/revenue-days.repository';

const MAX_EXECUTION_TIME = 10;
const KEPT_MS = 10 * 60_000;

/** Per event store, each website's first currency seen and until when it is kept. */
const firstSeen = new WeakMap<EventStore, Map<string, { currency: string; until: number }>>();

/** Forgets the first currencies seen in this store's data: a website's events were deleted. */
export function forgetCurrencies(events: EventStore): void {
  firstSeen.delete(events);
}

/** The settings' ads part, or none when the settings have none or it cannot be read. */
function adsSettings(settingsText: string): AdsSettings | undefined {
  try {
    const parsed = adsSettingsSchema.optional().safeParse((JSON.parse(settingsText) as { ads?: unknown } | null)?.ads);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Each website's first Prebid bid day and currency (of two on that day, the first by code), in one statement: the
 * revenue rollup is sorted by website and day. */
async function firstBidCurrencies(events: EventStore, websiteIds: readonly string[]): Promise<Map<string, { day: string; currency: string }>> {
  if (websiteIds.length === 0) return new Map();
  const rows = await events.query<{ website_id: string; day: string; currency: string }>(
    `SELECT website_id, day, currency FROM foldline.ad_revenue_daily WHERE website_id IN {website_ids:Array(UUID)} AND currency != ''
     ORDER BY website_id, day, currency LIMIT 1 BY website_id`,
    { website_ids: websiteIds },
    { readonly: true, maxExecutionTime: MAX_EXECUTION_TIME },
  );
  return new Map(rows.map((row) => [String(row.website_id), { day: String(row.day), currency: String(row.currency) }]));
}

export interface WebsiteMoney {
  /** Each website's currency, by id; websites without one (no setting, no revenue data) are left out. */
  currencies: Map<string, string>;
  /** Per website with rates, what 1 of each other currency is worth in its currency (the publisher's rates). */
  rates: Map<string, ReadonlyMap<string, number>>;
}

/** Each website's currency and exchange rates into it. */
export async function websiteMoney(db: MetadataDb, events: EventStore, websiteIds: readonly string[]): Promise<WebsiteMoney> {
  const money: WebsiteMoney = { currencies: new Map(), rates: new Map() };
  if (websiteIds.length === 0) return money;
  const rows = await db.selectFrom('websites').select(['id', 'settings']).where('id', 'in', websiteIds).execute();
  const ads = new Map(rows.map((row) => [row.id, adsSettings(row.settings)]));
  let kept = firstSeen.get(events);
  if (!kept) firstSeen.set(events, (kept = new Map()));
  const now = Date.now();
  const unknown = websiteIds.filter((id) => ads.get(id)?.currency === undefined && !((kept.get(id)?.until ?? 0) > now));
  const [imported, bids] = await Promise.all([firstImportedCurrencies(db, unknown), firstBidCurrencies(events, unknown)]);
  for (const id of unknown) {
    const report = imported.get(id);
    const bid = bids.get(id);
    const first = report && (!bid || report.day <= bid.day) ? report : bid;
    if (first) kept.set(id, { currency: first.currency, until: now + KEPT_MS });
    else kept.delete(id);
  }
  for (const id of websiteIds) {
    const settings = { ads: ads.get(id) };
    const currency = websiteCurrency(settings, kept.get(id)?.currency);
    if (!currency) continue;
    money.currencies.set(id, currency);
    const factors = exchangeFactors(settings.ads?.exchangeRates, currency);
    if (factors.size > 0) money.rates.set(id, factors);
  }
  return money;
}

/** Each website's currency, by id; websites without one (no setting, no revenue data) are left out. */
export async function websiteCurrencies(db: MetadataDb, events: EventStore, websiteIds: readonly string[]): Promise<Map<string, string>> {
  return (await websiteMoney(db, events, websiteIds)).currencies;
}

/** The currencies of a website's revenue data, for its settings' exchange rates: every one, and the first one seen
 * (as websiteMoney takes it, whatever the setting). Two short reads, not kept: a settings screen asks. */
export async function seenCurrencies(db: MetadataDb, events: EventStore, websiteId: string): Promise<{ first: string | undefined; all: string[] }> {
  const [imported, bids] = await Promise.all([
    db.selectFrom('revenue_days').select('currency').select((eb) => eb.fn.min('day').as('day')).where('website_id', '=', websiteId).groupBy('currency').execute(),
    events.query<{ currency: string; day: string }>(
      `SELECT currency, toString(min(day)) AS day FROM foldline.ad_revenue_daily WHERE website_id = {website_id:UUID} AND currency != '' GROUP BY currency`,
      { website_id: websiteId },
      { readonly: true, maxExecutionTime: MAX_EXECUTION_TIME },
    ),
  ]);
  // The earliest day; the ad server's on a tie, then the first by code (websiteMoney's order).
  const ordered = [...imported.map((row) => ({ day: String(row.day), currency: row.currency, bid: 1 })), ...bids.map((row) => ({ day: String(row.day), currency: String(row.currency), bid: 2 }))].sort(
    (a, b) => a.day.localeCompare(b.day) || a.bid - b.bid || a.currency.localeCompare(b.currency),
  );
  return { first: ordered[0]?.currency, all: [...new Set(ordered.map((entry) => entry.currency))].sort() };
}
