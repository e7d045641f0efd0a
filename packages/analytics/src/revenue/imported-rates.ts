// The exchange rates that came with imported reports (metadata's revenue_rates) as each website's factors per day:
// what 1 of a currency was worth in the website's currency that day, for the currencies its publisher gave no rate
// for (the publisher's word wins: issue 23, "convert with rates the publisher gives or that come with the import").
// A rate into the website's currency serves as it is, one from it inverted (a euro website's report with its revenue
// in dollars too converts its dollar bids); a rate between two other currencies serves nothing: no rate is chained.
import type { MetadataDb } from '@foldline/metadata';
import { importedRates } from '@foldline/metadata/revenue-days/revenue-rates.repository';
import type { WebsiteMoney } from './currencies.ts';

/** Per website, `${day}|${currency}` → what 1 of the currency was worth in the website's currency that day. */
export type DayFactors = ReadonlyMap<string, number>;

/** 'YYYY-MM-DD|EUR': the spread's statements build the same keys (imported-spread.ts). */
const dayFactorKey = (day: string, currency: string) => `${day}|${currency}`;

/** The day factors of the websites from `from` to `to` (days, both included); websites without any are left out. */
export async function importedDayFactors(db: MetadataDb, money: WebsiteMoney, websiteIds: readonly string[], from: string, to: string): Promise<Map<string, DayFactors>> {
  const byWebsite = new Map<string, Map<string, number>>();
  const rates = await importedRates(db, websiteIds, from, to);
  // Rates into the website's currency first: of a day's direct and inverted rate of one currency, the direct one.
  const ordered = [...rates].sort((a, b) => Number(b.into === money.currencies.get(b.websiteId)) - Number(a.into === money.currencies.get(a.websiteId)));
  for (const rate of ordered) {
    const currency = money.currencies.get(rate.websiteId);
    if (!currency) continue;
    const [other, factor] = rate.into === currency ? [rate.currency, rate.rate] : rate.currency === currency ? [rate.into, 1 / rate.rate] : [undefined, 0];
    if (other === undefined || other === currency || money.rates.get(rate.websiteId)?.has(other)) continue;
    let factors = byWebsite.get(rate.websiteId);
    if (!factors) byWebsite.set(rate.websiteId, (factors = new Map()));
    const key = dayFactorKey(rate.day, other);
    if (!factors.has(key)) factors.set(key, factor);
  }
  return byWebsite;
}
