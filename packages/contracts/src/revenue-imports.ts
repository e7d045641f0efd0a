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
});
export type RevenueImportSummary = z.infer<typeof revenueImportSummarySchema>;

export const revenueImportListResponseSchema = z.object({
  imports: z.array(revenueImportSummarySchema),
  /** The units of every source that matched nothing, the most revenue first (at most 100). */
  unmatched: z.array(unmatchedRevenueUnitSchema),
});
export type RevenueImportListResponse = z.infer<typeof revenueImportListResponseSchema>;
