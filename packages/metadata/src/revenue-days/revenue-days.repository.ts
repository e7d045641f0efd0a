// Revenue the ad servers reported per website, source, day and unit (migration 2026-11-25T1300): written by the
// import of an Ad Manager or AdSense report, read by the import's summary and by the revenue reports.
import { sql } from 'kysely';
import type { MetadataDb } from '../database.ts';
import { replaceRevenueRates, type RevenueRateInput } from './revenue-rates.repository.ts';

export type RevenueSource = 'ad_manager' | 'adsense';

/** One unit's figures for one day, as the report gives them. */
export interface RevenueDayInput {
  day: string;
  /** The unit as the report names it. */
  unit: string;
  impressions: number;
  /** Millionths of the currency's unit. */
  revenueMicros: number;
}

export interface ReplaceRevenueDays {
  websiteId: string;
  source: RevenueSource;
  currency: string;
  /** The days the report covers, first and last: every stored day of the source between them is replaced. */
  from: string;
  to: string;
  rows: readonly RevenueDayInput[];
  /** The website unit each report unit matched (its key, contracts' adUnitKey); a unit missing or null matched none.
   * Apart from the rows: a report has few units and many rows of each. */
  matches: ReadonlyMap<string, string | null>;
  /** The exchange rates the report carries: they replace the source's rates of the same days. */
  rates?: readonly RevenueRateInput[];
  importedAt: Date;
}

/** Rows per INSERT: 9 values each, well under SQLite's and PostgreSQL's limits on bound values, and short enough a
 * write (SQLite's are synchronous) that the server's other requests are not kept waiting. */
const INSERT_ROWS = 1000;
/** Days per DELETE, for the same reason: an import may replace 400 days of 5,000 units. */
const DELETE_DAYS = 10;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Stores an import: the source's stored days from `from` to `to` are deleted and the report's rows inserted, in one
 * transaction, so importing the same days again replaces them and never adds them twice, and a failure leaves the
 * days as they were; the same for the exchange rates that came with it. A day inside the range the report has no line for (nothing served that day) is emptied too.
 * Answers how many stored rows were replaced. Written in slices with the event loop given back between them.
 */
export async function replaceRevenueDays(db: MetadataDb, input: ReplaceRevenueDays): Promise<{ replaced: number }> {
  const imported_at = input.importedAt.toISOString();
  return db.transaction().execute(async (trx) => {
    const stored = await trx
      .selectFrom('revenue_days')
      .select('day')
      .distinct()
      .where('website_id', '=', input.websiteId)
      .where('source', '=', input.source)
      .where('day', '>=', input.from)
      .where('day', '<=', input.to)
      .orderBy('day')
      .execute();
    let replaced = 0;
    for (let start = 0; start < stored.length; start += DELETE_DAYS) {
      const days = stored.slice(start, start + DELETE_DAYS).map((row) => row.day);
      const deleted = await trx.deleteFrom('revenue_days').where('website_id', '=', input.websiteId).where('source', '=', input.source).where('day', 'in', days).executeTakeFirst();
      replaced += Number(deleted.numDeletedRows);
      await yieldToEventLoop();
    }
    for (let start = 0; start < input.rows.length; start += INSERT_ROWS) {
      const values = input.rows.slice(start, start + INSERT_ROWS).map((row) => ({
        website_id: input.websiteId,
        source: input.source,
        day: row.day,
        report_unit: row.unit,
        unit_key: input.matches.get(row.unit) ?? null,
        currency: input.currency,
        impressions: row.impressions,
        revenue_micros: row.revenueMicros,
        imported_at,
      }));
      await trx.insertInto('revenue_days').values(values).execute();
      await yieldToEventLoop();
    }
    await replaceRevenueRates(trx, { websiteId: input.websiteId, source: input.source, from: input.from, to: input.to, rates: input.rates ?? [], importedAt: imported_at });
    return { replaced };
  });
}

/** What a website has stored from one source. */
export interface RevenueImportSummary {
  source: RevenueSource;
  from: string;
  to: string;
  /** Days with at least one row. */
  days: number;
  /** Rows: one per day and report unit. */
  unitDays: number;
  impressions: number;
  /** Per currency (a source's imports may differ), in millionths. */
  revenue: Array<{ currency: string; revenueMicros: number }>;
  /** Report units that matched a website unit, and that matched none. */
  matchedUnits: number;
  unmatchedUnits: number;
  lastImportedAt: string;
}

/** The website's stored revenue, per source. */
export async function revenueImportSummaries(db: MetadataDb, websiteId: string): Promise<RevenueImportSummary[]> {
  const [sources, currencies] = await Promise.all([
    db
      .selectFrom('revenue_days')
      .select((eb) => [
        'source',
        eb.fn.min('day').as('from'),
        eb.fn.max('day').as('to'),
        eb.fn.count('day').distinct().as('days'),
        eb.fn.countAll().as('unit_days'),
        eb.fn.sum('impressions').as('impressions'),
        sql<number>`count(distinct case when unit_key is not null then report_unit end)`.as('matched_units'),
        sql<number>`count(distinct case when unit_key is null then report_unit end)`.as('unmatched_units'),
        eb.fn.max('imported_at').as('last_imported_at'),
      ])
      .where('website_id', '=', websiteId)
      .groupBy('source')
      .orderBy('source')
      .execute(),
    db
      .selectFrom('revenue_days')
      .select((eb) => ['source', 'currency', eb.fn.sum('revenue_micros').as('revenue_micros')])
      .where('website_id', '=', websiteId)
      .groupBy(['source', 'currency'])
      .orderBy('currency')
      .execute(),
  ]);
  return sources.map((row) => ({
    source: row.source as RevenueSource,
    from: row.from,
    to: row.to,
    days: Number(row.days),
    unitDays: Number(row.unit_days),
    impressions: Number(row.impressions),
    revenue: currencies.filter((entry) => entry.source === row.source).map((entry) => ({ currency: entry.currency, revenueMicros: Number(entry.revenue_micros) })),
    matchedUnits: Number(row.matched_units),
    unmatchedUnits: Number(row.unmatched_units),
    lastImportedAt: row.last_imported_at,
  }));
}

/** A report unit that matched none of the website's units, over the days stored. */
export interface UnmatchedRevenueUnit {
  source: RevenueSource;
  reportUnit: string;
  currency: string;
  days: number;
  impressions: number;
  revenueMicros: number;
}

/** The website's stored report units that matched no unit, the most revenue first, at most `limit`. */
export async function unmatchedRevenueUnits(db: MetadataDb, websiteId: string, limit = 100): Promise<UnmatchedRevenueUnit[]> {
  const rows = await db
    .selectFrom('revenue_days')
    .select((eb) => [
      'source',
      'report_unit',
      'currency',
      eb.fn.countAll().as('days'),
      eb.fn.sum('impressions').as('impressions'),
      eb.fn.sum('revenue_micros').as('revenue_micros'),
    ])
    .where('website_id', '=', websiteId)
    .where('unit_key', 'is', null)
    .groupBy(['source', 'report_unit', 'currency'])
    .orderBy(sql`sum(revenue_micros)`, 'desc')
    .orderBy('report_unit')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    source: row.source as RevenueSource,
    reportUnit: row.report_unit,
    currency: row.currency,
    days: Number(row.days),
    impressions: Number(row.impressions),
    revenueMicros: Number(row.revenue_micros),
  }));
}

/** Imported revenue of one matched unit on one day of one website, both sources added up. */
export interface ImportedUnitRevenue {
  websiteId: string;
  day: string;
  /** The website unit the report's unit matched: its key (contracts' adUnitKey), shared by its slots on every page. */
  unitKey: string;
  currency: string;
  /** As the ad server counted them. */
  impressions: number;
  /** Millionths of the currency's unit, exact. */
  revenueMicros: number;
}

/**
 * Imported revenue per website, day and matched unit from `from` to `to` (days, both included), for the revenue
 * reports. Rows of unmatched report units are left out; a unit and day in two currencies (imports in different
 * currencies) gives one row per currency, never their sum. The caller resolves the user's websites first.
 */
export async function importedRevenue(db: MetadataDb, websiteIds: readonly string[], from: string, to: string): Promise<ImportedUnitRevenue[]> {
  if (websiteIds.length === 0) return [];
  const rows = await db
    .selectFrom('revenue_days')
    .select((eb) => ['website_id', 'day', 'unit_key', 'currency', eb.fn.sum('impressions').as('impressions'), eb.fn.sum('revenue_micros').as('revenue_micros')])
    .where('website_id', 'in', websiteIds)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .where('unit_key', 'is not', null)
    .groupBy(['website_id', 'day', 'unit_key', 'currency'])
    .orderBy('website_id')
    .orderBy('day')
    .orderBy('unit_key')
    .orderBy('currency')
    .execute();
  return rows.map((row) => ({
    websiteId: row.website_id,
    day: row.day,
    unitKey: row.unit_key!,
    currency: row.currency,
    impressions: Number(row.impressions),
    revenueMicros: Number(row.revenue_micros),
  }));
}

/**
 * Each website's earliest imported day and its currency (of two on that day, the first by code), for the websites whose
 * settings name no currency: the first one seen in their revenue data is theirs (contracts' websiteCurrency). One
 * read of the (website, day) index per website; websites without imports are left out.
 */
export async function firstImportedCurrencies(db: MetadataDb, websiteIds: readonly string[]): Promise<Map<string, { day: string; currency: string }>> {
  const rows = await Promise.all(
    websiteIds.map((websiteId) =>
      db.selectFrom('revenue_days').select(['website_id', 'day', 'currency']).where('website_id', '=', websiteId).orderBy('day').orderBy('currency').limit(1).executeTakeFirst(),
    ),
  );
  return new Map(rows.filter((row) => row !== undefined).map((row) => [row.website_id, { day: row.day, currency: row.currency }]));
}

/** Whether any of the websites has imported revenue of a matched unit from `from` to `to` (days, both included): one
 * read of the (website, day) index, so a report of websites without imports reads no further. */
export async function hasImportedRevenue(db: MetadataDb, websiteIds: readonly string[], from: string, to: string): Promise<boolean> {
  if (websiteIds.length === 0) return false;
  const row = await db
    .selectFrom('revenue_days')
    .select('website_id')
    .where('website_id', 'in', websiteIds)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .where('unit_key', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** What a website's imported revenue of matched units is made of: how many unit-days, imported when last, and the
 * days they cover. The imported revenue spread (analytics' revenue/imported-spread.ts) is kept per such state. */
export interface ImportedRevenueState {
  rows: number;
  /** The latest import's time (ISO). */
  lastImport: string;
  firstDay: string;
  lastDay: string;
}

/** The state of each website's matched imported revenue; websites without any are left out. One grouped read of the
 * (website, day) index. */
export async function importedRevenueStates(db: MetadataDb, websiteIds: readonly string[]): Promise<Map<string, ImportedRevenueState>> {
  if (websiteIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('revenue_days')
    .select((eb) => [
      'website_id',
      eb.fn.countAll().as('rows'),
      eb.fn.max('imported_at').as('last_import'),
      eb.fn.min('day').as('first_day'),
      eb.fn.max('day').as('last_day'),
    ])
    .where('website_id', 'in', websiteIds)
    .where('unit_key', 'is not', null)
    .groupBy('website_id')
    .execute();
  return new Map(
    rows.map((row) => [
      row.website_id,
      { rows: Number(row.rows), lastImport: String(row.last_import), firstDay: String(row.first_day), lastDay: String(row.last_day) },
    ]),
  );
}
