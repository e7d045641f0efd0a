// Exchange rates that came with imported ad-server reports (migration 2026-11-26T1000): written with the import's
// revenue days (replaceRevenueDays, in its transaction), read by the revenue reports to convert amounts the
// publisher gave no rate for, and summed up per source for the import's and the settings' screens.
import type { Kysely, Transaction } from 'kysely';
import type { MetadataDb } from '../database.ts';
import type { MetadataSchema } from '../tables.ts';
import type { RevenueSource } from './revenue-days.repository.ts';

/** 1 `currency` was worth `rate` of `into` on `day`. */
export interface RevenueRateInput {
  day: string;
  currency: string;
  into: string;
  rate: number;
}

/** Rows per INSERT: 7 values each (a report of 400 days and two pairs is 800 rows). */
const INSERT_ROWS = 1000;

/** The source's rates from `from` to `to` deleted and the report's inserted: inside the import's transaction, so a
 * re-import of the same days replaces them, and a report without rates leaves those days with none. */
export async function replaceRevenueRates(
  trx: Transaction<MetadataSchema> | Kysely<MetadataSchema>,
  input: { websiteId: string; source: RevenueSource; from: string; to: string; rates: readonly RevenueRateInput[]; importedAt: string },
): Promise<void> {
  await trx
    .deleteFrom('revenue_rates')
    .where('website_id', '=', input.websiteId)
    .where('source', '=', input.source)
    .where('day', '>=', input.from)
    .where('day', '<=', input.to)
    .execute();
  for (let start = 0; start < input.rates.length; start += INSERT_ROWS) {
    const values = input.rates.slice(start, start + INSERT_ROWS).map((rate) => ({
      website_id: input.websiteId,
      source: input.source,
      day: rate.day,
      currency: rate.currency,
      into_currency: rate.into,
      rate: rate.rate,
      imported_at: input.importedAt,
    }));
    await trx.insertInto('revenue_rates').values(values).execute();
  }
}

export interface ImportedRate extends RevenueRateInput {
  websiteId: string;
}

/** The imported rates of the websites from `from` to `to` (days, both included): one per website, day and pair (of
 * two sources' rates for it, the later import's). */
export async function importedRates(db: MetadataDb, websiteIds: readonly string[], from: string, to: string): Promise<ImportedRate[]> {
  if (websiteIds.length === 0) return [];
  const rows = await db
    .selectFrom('revenue_rates')
    .select(['website_id', 'day', 'currency', 'into_currency', 'rate'])
    .where('website_id', 'in', websiteIds)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('website_id')
    .orderBy('day')
    .orderBy('currency')
    .orderBy('into_currency')
    .orderBy('imported_at', 'desc')
    .orderBy('source')
    .execute();
  const rates: ImportedRate[] = [];
  for (const row of rows) {
    const last = rates.at(-1);
    if (last && last.websiteId === row.website_id && last.day === row.day && last.currency === row.currency && last.into === row.into_currency) continue;
    rates.push({ websiteId: row.website_id, day: row.day, currency: row.currency, into: row.into_currency, rate: Number(row.rate) });
  }
  return rates;
}

/** What a source's imports brought of one currency pair: its days, and the lowest and highest rate. */
export interface RevenueRateSummary {
  source: RevenueSource;
  currency: string;
  into: string;
  days: number;
  from: string;
  to: string;
  min: number;
  max: number;
}

/** The website's imported rates, per source and pair. */
export async function revenueRateSummaries(db: MetadataDb, websiteId: string): Promise<RevenueRateSummary[]> {
  const rows = await db
    .selectFrom('revenue_rates')
    .select((eb) => [
      'source',
      'currency',
      'into_currency',
      eb.fn.countAll().as('days'),
      eb.fn.min('day').as('from'),
      eb.fn.max('day').as('to'),
      eb.fn.min('rate').as('min'),
      eb.fn.max('rate').as('max'),
    ])
    .where('website_id', '=', websiteId)
    .groupBy(['source', 'currency', 'into_currency'])
    .orderBy('source')
    .orderBy('currency')
    .orderBy('into_currency')
    .execute();
  return rows.map((row) => ({
    source: row.source as RevenueSource,
    currency: row.currency,
    into: row.into_currency,
    days: Number(row.days),
    from: String(row.from),
    to: String(row.to),
    min: Number(row.min),
    max: Number(row.max),
  }));
}
