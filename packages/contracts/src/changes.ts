// GET /api/analytics/changes (issue 25): the ad-layout changes detected on a page, or on every page of a website, per
// device — a unit moved, changed format, appeared or disappeared — each with its figures before and after.
// How a change is detected and compared: packages/analytics/src/changes/.
import { z } from 'zod';
import { deviceParam, idParam } from './analytics.ts';
import { countParam, deviceTypeSchema } from './common.ts';

export const CHANGE_KINDS = ['moved', 'format', 'appeared', 'disappeared'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** Changes are looked for in this many UTC days, today included. */
export const CHANGE_LOOKBACK_DAYS = 90;
/** Days compared on each side of a change, unless the request says otherwise; whole weeks are compared (see below). */
export const DEFAULT_CHANGE_WINDOW_DAYS = 14;
export const MAX_CHANGE_WINDOW_DAYS = 60;

/** Exactly one of pageId (one page) and websiteId (every page of a website), as for recommendations. */
export const changesQuerySchema = z
  .object({
    pageId: idParam('pageId').optional(),
    websiteId: idParam('websiteId').optional(),
    deviceType: deviceParam,
    window: countParam('window', 1, MAX_CHANGE_WINDOW_DAYS, DEFAULT_CHANGE_WINDOW_DAYS),
  })
  .refine((query) => (query.pageId === undefined) !== (query.websiteId === undefined), { message: 'Give exactly one of pageId and websiteId' });
export type ChangesQuery = z.input<typeof changesQuerySchema>;

/** up / down: the difference is beyond chance (two-sided test at 95 %); within_noise: it is not; too_short: a window
 * has fewer than 7 days yet, or fewer than 30 of what the figure divides by (impressions or pageviews); no_data: one
 * side has nothing to divide by (a unit's viewability before it appeared). */
export const CHANGE_VERDICTS = ['up', 'down', 'within_noise', 'too_short', 'no_data'] as const;
export type ChangeVerdict = (typeof CHANGE_VERDICTS)[number];

/** A measured figure and its 95 % interval; null where there is nothing to divide by. */
const estimateSchema = z.object({ value: z.number(), low: z.number(), high: z.number() }).nullable();
const figureSchema = z.object({ before: estimateSchema, after: estimateSchema, verdict: z.enum(CHANGE_VERDICTS) });
export type ChangeFigure = z.infer<typeof figureSchema>;

/** What a window holds, summed over its days: the page's pageviews on the device and the units' ad counts. */
const countsSchema = z.object({ pageviews: z.number(), impressions: z.number(), viewable: z.number(), clicks: z.number() });
export type ChangeCounts = z.infer<typeof countsSchema>;

/** Figures of a set of units: viewability (viewable ÷ impressions) and CTR (clicks ÷ impressions), percent, with
 * Wilson intervals; viewable impressions per 1,000 pageviews, with a Poisson score interval (several units can make
 * more than one viewable impression per pageview: not a share). */
const groupFiguresSchema = z.object({
  before: countsSchema,
  after: countsSchema,
  viewability: figureSchema,
  ctr: figureSchema,
  viewable_per_1000: figureSchema,
  /** Ad value per 1,000 pageviews: viewable impressions weighted by their format's value on the device (the advice's
   * relative values, a viewable 300x250 = 1, or the website's own), so a format change is judged by what it earns,
   * not only by how often it is seen. */
  value_per_1000: figureSchema.optional(),
});
export type ChangeGroupFigures = z.infer<typeof groupFiguresSchema>;

/** One unit's figures add its view rate: the share of pageviews in which it was viewable, percent (viewable impressions
 * ÷ pageviews, at most 100 %: the recommendations' measure, so a promise and what it delivered are one figure). */
const unitFiguresSchema = groupFiguresSchema.extend({ view_rate: figureSchema });
export type ChangeUnitFigures = z.infer<typeof unitFiguresSchema>;

/** Where and at what size the unit rendered: its median top (document px) and its most frequent size on a day. */
const placeSchema = z.object({ y: z.number(), width: z.number(), height: z.number() });
export type ChangePlace = z.infer<typeof placeSchema>;

/** The UTC days a window covers, inclusive; null when it has none yet (a change made yesterday). */
const windowSchema = z.object({ start: z.string(), end: z.string(), days: z.number() }).nullable();
export type ChangeWindow = z.infer<typeof windowSchema>;

/** The recommendation a change carried out (a move to its place, its format, a new unit at its place), what it
 * promised for the unit's view rate (percent of pageviews: its predicted rate and range) and what the unit delivered
 * in the after window; `within` is null while that window is too short to judge. */
const appliedRecommendationSchema = z.object({
  recommendation_id: z.string(),
  type: z.enum(['new_ad_placement', 'move_ad_unit', 'format_change']),
  reason: z.string(),
  promised: z.object({ view_rate: z.number(), low: z.number(), high: z.number() }),
  delivered: z.number().nullable(),
  within: z.boolean().nullable(),
});
export type AppliedRecommendation = z.infer<typeof appliedRecommendationSchema>;

export const changeSchema = z.object({
  /** Stable for the same change (a hash of page, device, unit, kind and day): what later marks and records refer to. */
  id: z.string(),
  page_id: z.string(),
  page_title: z.string(),
  page_path: z.string(),
  device: deviceTypeSchema,
  ad_unit_id: z.string(),
  ad_unit_name: z.string(),
  kind: z.enum(CHANGE_KINDS),
  /** The UTC day it happened (YYYY-MM-DD): the first day at the new place, or the day before when the page was
   * already off the old one that day (a change made during the day). Neither window includes it. */
  day: z.string(),
  /** The place on the last day before (null for a unit that appeared) and on the first day after (null for one that
   * disappeared). */
  before: placeSchema.nullable(),
  after: placeSchema.nullable(),
  /** The unit's left edge as last detected (document px; the tracker's daily places hold its top only), for drawing
   * both places on the page's screenshot. */
  x: z.number(),
  /** Whole weeks on each side when the window is 7 days or more, so both hold each day of the week equally often;
   * never across another change of the same page and device. */
  windows: z.object({ before: windowSchema, after: windowSchema }),
  /** The unit; the page's other units together; every unit of the page (the same device throughout). */
  unit: unitFiguresSchema,
  other_units: groupFiguresSchema,
  page: groupFiguresSchema,
  /** The recommendation it carried out, or null for a change nobody recommended. */
  recommendation: appliedRecommendationSchema.nullable(),
});
export type Change = z.infer<typeof changeSchema>;

/** The advice's record over the changes listed: recommendations carried out, those whose after window can be judged,
 * and those whose unit delivered a view rate within the promised range. */
export const adviceRecordSchema = z.object({ applied: z.number(), judged: z.number(), within: z.number() });
export type AdviceRecordSummary = z.infer<typeof adviceRecordSchema>;

export const changesResponseSchema = z.object({ data: z.object({ changes: z.array(changeSchema), record: adviceRecordSchema }) });
export type ChangesResponse = z.infer<typeof changesResponseSchema>;
