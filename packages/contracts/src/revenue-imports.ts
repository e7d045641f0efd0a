// Imports of the ad servers' revenue reports (issue 23 §2): POST /api/websites/:websiteId/revenue-imports takes an
// Ad Manager or AdSense CSV export as its body and answers what was stored; GET lists what a website holds per source.
import { z } from 'zod';

export const REVENUE_SOURCES = ['ad_manager', 'adsense'] as const;
export const revenueSourceSchema = z.enum(REVENUE_SOURCES, { error: 'source must be ad_manager or adsense' });
export type RevenueSource = z.infer<typeof revenueSourceSchema>;
export const REVENUE_SOURCE_NAMES: Record<RevenueSource, string> = { ad_manager: 'Google Ad Manager', adsense: 'AdSense' };

/** The largest report file the import takes. */
export const REVENUE_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** The body's content types: the file as it is. */
export const REVENUE_IMPORT_CONTENT_TYPES = ['text/csv', 'text/plain'] as const;

const CURRENCY_CODE_MESSAGE = 'currency must be a code of three letters, such as USD or EUR';

export const revenueImportQuerySchema = z.object({
  /** The ad server; told from the report's columns when left out. */
  source: revenueSourceSchema.optional(),
  /** The currency, for a report that names none. */
  currency: z
    .string({ error: CURRENCY_CODE_MESSAGE })
    .regex(/^[A-Za-z]{3}$/, CURRENCY_CODE_MESSAGE)
    .transform((code) => code.toUpperCase())
    .optional(),
});
export type RevenueImportQuery = z.input<typeof revenueImportQuerySchema>;

const daysSchema = z.object({ from: z.string(), to: z.string() });

/** A report unit that matched none of the website's ad units: kept, and shown so the publisher can tell why. */
export const unmatchedRevenueUnitSchema = z.object({
  unit: z.string(),
  source: revenueSourceSchema,
  currency: z.string(),
  /** Days with figures for it. */
  days: z.number().int(),
  impressions: z.number(),
  /** In the currency's units. */
  revenue: z.number(),
});
export type UnmatchedRevenueUnit = z.infer<typeof unmatchedRevenueUnitSchema>;

/** Exchange rates that came with a report (an exchange-rate column, or its revenue in a second currency), per currency
 * pair: 1 `currency` was worth `min` to `max` of `into` on `days` days from `from` to `to`. Amounts in `currency` are
 * converted with them where the publisher's own rates name none. */
export const importedRatesSchema = z.object({
  currency: z.string(),
  into: z.string(),
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  min: z.number(),
  max: z.number(),
});
export type ImportedRates = z.infer<typeof importedRatesSchema>;

export const revenueImportResponseSchema = z.object({
  source: revenueSourceSchema,
  /** The first and last day of the report: every stored day of the source between them was replaced. */
  days: daysSchema,
  /** The report's lines of figures read (blank and summary lines left out). */
  rows: z.number().int(),
  /** Stored: one per day and report unit. */
  unitDays: z.number().int(),
  /** Stored rows of earlier imports the report replaced. */
  replaced: z.number().int(),
  currency: z.string(),
  impressions: z.number(),
  revenue: z.number(),
  /** Report units that matched an ad unit of the website. */
  matchedUnits: z.number().int(),
  unmatched: z.array(unmatchedRevenueUnitSchema),
  /** The report's exchange rates; absent when it carries none. */
  rates: z.array(importedRatesSchema).optional(),
});
export type RevenueImportResponse = z.infer<typeof revenueImportResponseSchema>;

export const revenueImportSummarySchema = z.object({
  source: revenueSourceSchema,
  days: daysSchema,
  /** Days with figures. */
  dayCount: z.number().int(),
  unitDays: z.number().int(),
  impressions: z.number(),
  /** Per currency: never added up across currencies. */
  revenue: z.array(z.object({ currency: z.string(), amount: z.number() })),
  matchedUnits: z.number().int(),
  unmatchedUnits: z.number().int(),
  lastImportedAt: z.string(),
  /** The exchange rates its reports carried; absent when none did. */
  rates: z.array(importedRatesSchema).optional(),
});
export type RevenueImportSummary = z.infer<typeof revenueImportSummarySchema>;

export const revenueImportListResponseSchema = z.object({
  imports: z.array(revenueImportSummarySchema),
  /** The units of every source that matched nothing, the most revenue first (at most 100). */
  unmatched: z.array(unmatchedRevenueUnitSchema),
});
export type RevenueImportListResponse = z.infer<typeof revenueImportListResponseSchema>;

// The daily fetch (issue 23 §2: "or points Foldline at the file's address for a daily fetch"): GET and PUT
// /api/websites/:websiteId/revenue-imports/fetch. One address per website; the server fetches it once a day (and once
// right after it is saved) and imports it as an upload is imported.

/** The longest address taken. */
export const REVENUE_FETCH_URL_MAX = 2000;
export const REVENUE_FETCH_URL_MESSAGE = "The report's address must be a web address, such as https://reports.example.com/revenue.csv";

const isWebAddress = (text: string) => {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

/** What a client sends. The server also refuses http:// and private addresses unless its operator allows them. */
export const revenueFetchInputSchema = z.object({
  url: z
    .string({ error: REVENUE_FETCH_URL_MESSAGE })
    .trim()
    .max(REVENUE_FETCH_URL_MAX, `The report's address may be at most ${REVENUE_FETCH_URL_MAX} characters`)
    .refine(isWebAddress, REVENUE_FETCH_URL_MESSAGE),
  source: revenueSourceSchema,
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});
export type RevenueFetchInput = z.infer<typeof revenueFetchInputSchema>;

/** The last fetch: when it ended, and what it imported or why it failed (an import's own message: a bad file's line
 * and column, or why the address could not be fetched). */
export const revenueFetchOutcomeSchema = z.object({
  at: z.string(),
  ok: z.boolean(),
  /** Why it failed; null when it imported. */
  error: z.string().nullable(),
  /** What it imported; null when it failed. */
  days: daysSchema.nullable(),
  dayCount: z.number().int().nullable(),
  /** Report units, and of them those that matched none of the website's. */
  units: z.number().int().nullable(),
  unmatchedUnits: z.number().int().nullable(),
  currency: z.string().nullable(),
});
export type RevenueFetchOutcome = z.infer<typeof revenueFetchOutcomeSchema>;

export const revenueFetchSchema = z.object({
  url: z.string(),
  source: revenueSourceSchema,
  enabled: z.boolean(),
  last: revenueFetchOutcomeSchema.nullable(),
  /** When the next daily fetch is due; null while off. */
  next: z.string().nullable(),
});
export type RevenueFetch = z.infer<typeof revenueFetchSchema>;

/** `fetch` is null until an address is saved. */
export const revenueFetchResponseSchema = z.object({ fetch: revenueFetchSchema.nullable() });
export type RevenueFetchResponse = z.infer<typeof revenueFetchResponseSchema>;

/** GET /api/websites/:websiteId/revenue-imports/currencies: the currencies of the website's revenue data, for the
 * exchange rates of its "Ads & revenue" settings. */
export const revenueCurrenciesResponseSchema = z.object({
  /** Its revenue currency: the setting, else the first one seen; null with neither. */
  currency: z.string().nullable(),
  /** The first currency seen in its revenue data (Prebid's bids, imported reports), whatever the setting. */
  firstSeen: z.string().nullable(),
  /** Every currency in its revenue data, by code. */
  seen: z.array(z.string()),
});
export type RevenueCurrenciesResponse = z.infer<typeof revenueCurrenciesResponseSchema>;
