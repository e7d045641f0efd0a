// Placement recommendations: the query of GET /api/analytics/recommendations and its answer. The three kinds and
// their fields are the specification's (section 3); the figures that back each one (device, expected gain, evidence,
// confidence) are ours, so a publisher can see what a recommendation rests on.
import { z } from 'zod';
import { deviceTypeSchema } from './common.ts';

export const RECOMMENDATION_TYPES = ['new_ad_placement', 'move_ad_unit', 'format_change'] as const;
export type RecommendationType = (typeof RECOMMENDATION_TYPES)[number];

/** Recommendations rest on the last 30 days of evidence, whatever period the screen shows. */
export const RECOMMENDATION_WINDOW_DAYS = 30;
/** Below this many pageviews of a page on a device in the window, nothing is recommended for it (scroll behaviour is
 * too uncertain: the intervals would span tens of points). */
export const MIN_RECOMMENDATION_PAGEVIEWS = 300;

const uuid = (name: string) => z.string({ error: `${name} must be a valid id` }).uuid(`${name} must be a valid id`);

/** Exactly one of pageId (one page, the specification's call) and websiteId (every page of a website). */
export const recommendationsQuerySchema = z
  .object({ pageId: uuid('pageId').optional(), websiteId: uuid('websiteId').optional() })
  .refine((query) => (query.pageId === undefined) !== (query.websiteId === undefined), { message: 'Give exactly one of pageId and websiteId' });
export type RecommendationsQuery = z.infer<typeof recommendationsQuerySchema>;

const positionSchema = z.object({ x: z.number(), y: z.number() });

/** A place in the page's content, as a publisher finds it in their CMS: null where the page's content could not be
 * read (no rendering yet, or none with a column of content), and the pixel position is all there is. */
const placeSchema = z
  .object({
    /** 'after paragraph 4 of the article ("The council voted…")', 'between the second and third content blocks (…)'. */
    description: z.string(),
    /** CSS selector of the element the place follows (insert the unit right after it); null above the content. */
    selector: z.string().nullable(),
    /** The first words of that element's text. */
    text: z.string(),
  })
  .nullable();
export type Place = z.infer<typeof placeSchema>;

const recommendationBase = z.object({
  /** Stable for the same advice on the same page, device and unit: lets a screen keep its place across refetches. */
  id: z.string(),
  reason: z.string(),
  page_id: z.string(),
  page_title: z.string(),
  device: deviceTypeSchema,
  /** Width and height of the unit the advice is about once applied. */
  size: z.object({ width: z.number(), height: z.number() }),
  expected: z.object({
    /** View rate today: the share of pageviews (percent) in which the unit is viewable (measured; 0 for a new
     * placement). Not its viewability, which is viewable ÷ measurable impressions. */
    current_view_rate: z.number(),
    /** The model's view rate (percent of pageviews) for it after the change, and the low and high ends of its range:
     * the 95 % sampling interval widened by the model's calibration error (its mean error, in points) on each side. */
    predicted_view_rate: z.number(),
    predicted_view_rate_low: z.number(),
    predicted_view_rate_high: z.number(),
    /** Extra viewable impressions over 30 days at the window's traffic, and its range: the predicted range against the
     * measured rate's 95 % interval (low = pageviews × (predicted low − current high)). Negative where a format change
     * trades impressions for value. */
    extra_viewable_impressions: z.number(),
    extra_viewable_impressions_low: z.number(),
    extra_viewable_impressions_high: z.number(),
    /** Change in the page's expected ad value on this device per 1,000 pageviews — the sum over its units of view rate
     * × relative value of a viewable impression of the unit's format (300x250 = 1; the publisher's values from Settings,
     * else the website's measured viewable eCPM relative to its 300x250, else the default table: `meta.values` says
     * which) — and its range, built like the impressions'. */
    value_gain: z.number(),
    value_gain_low: z.number(),
    value_gain_high: z.number(),
  }),
  /** The page's other units whose view rate the change would move by at least a point, because the page reflows
   * around it (content pushed down or pulled up past them, or readers following the content away from a side column's
   * unit): the change in their view rate, points. Already counted in the figures above, which are net. */
  other_units: z.array(z.object({ ad_unit_id: z.string(), ad_unit_name: z.string(), view_rate_change: z.number() })),
  evidence: z.object({ pageviews: z.number(), impressions: z.number() }),
  confidence: z.enum(['high', 'medium', 'low']),
});

export const recommendationSchema = z.discriminatedUnion('type', [
  recommendationBase.extend({
    type: z.literal('new_ad_placement'),
    position: positionSchema,
    place: placeSchema,
    recommended_ad_format: z.string(),
  }),
  recommendationBase.extend({
    type: z.literal('move_ad_unit'),
    ad_unit_id: z.string(),
    ad_unit_name: z.string(),
    current_position: positionSchema,
    recommended_position: positionSchema,
    current_place: placeSchema,
    recommended_place: placeSchema,
  }),
  recommendationBase.extend({
    type: z.literal('format_change'),
    ad_unit_id: z.string(),
    ad_unit_name: z.string(),
    position: positionSchema,
    place: placeSchema,
    current_format: z.string(),
    recommended_format: z.string(),
  }),
]);
export type Recommendation = z.infer<typeof recommendationSchema>;

/** Why a page and device has no recommendations, or that it was analysed. */
export const ANALYSIS_STATUSES = ['analysed', 'too_few_pageviews', 'no_layout'] as const;

export const pageAnalysisSchema = z.object({
  page_id: z.string(),
  page_title: z.string(),
  device: deviceTypeSchema,
  pageviews: z.number(),
  status: z.enum(ANALYSIS_STATUSES),
  /** What the status means in plain words (for example how far the page is from the minimum sample). */
  message: z.string(),
  /** How well the model predicted the page's existing units: its correction factor and mean error in points. */
  calibration: z.object({ units: z.number(), factor: z.number(), mean_error: z.number() }).nullable(),
  /** What the ads take of the page on the device (issue 24), from its rendering and its units' measured boxes; null
   * without a rendering of its main content. Density: the ads' height in the main content in percent of its height
   * (Better Ads; a sticky unit once), against the device's limit (30 % on phones, the website's own elsewhere). */
  ad_layout: z
    .object({
      content_height: z.number(),
      ad_height: z.number(),
      density: z.number(),
      density_limit: z.number(),
      /** Units in view before any scrolling, on the device's typical first screen. */
      above_fold: z.number(),
      /** Units in the main content per 1,000 px of its height. */
      per_1000px: z.number(),
    })
    .nullable(),
});
export type PageAnalysis = z.infer<typeof pageAnalysisSchema>;

/** The values a website's advice weighed formats by (issue 21 §1, issue 23): per device, the formats valued at the
 * website's measured viewable eCPM over the window (relative to a 300x250 = 1, as the engine takes them) and those its
 * publisher set in Settings, which win; every other format takes the default table of relative values. */
export const adviceValuesSchema = z.object({
  measured: z.array(
    z.object({
      device: deviceTypeSchema,
      format: z.string(),
      /** Revenue per 1,000 viewable impressions over the window, in `currency`. */
      viewable_ecpm: z.number(),
      viewable_impressions: z.number(),
      /** The value the advice took: the viewable eCPM relative to the device's reference (a 300x250 = 1). */
      value: z.number(),
    }),
  ),
  settings: z.array(z.object({ device: deviceTypeSchema, format: z.string(), value: z.number() })),
  /** The website's currency; null while it has no revenue data. */
  currency: z.string().nullable(),
  /** Where the window's revenue came from: Prebid's winning bids only (no ad-server report imported) leave out what the
   * ad server's other demand paid, so the measured values are Prebid's alone. */
  revenue_sources: z.object({ prebid: z.boolean(), imported: z.boolean() }),
  /** The window measured (days up to now) and the viewable impressions a format needs on a device to be measured. */
  days: z.number(),
  min_viewable_impressions: z.number(),
});
export type AdviceValues = z.infer<typeof adviceValuesSchema>;

export const recommendationsResponseSchema = z.object({
  /** Sorted by extra viewable impressions, largest first. */
  recommendations: z.array(recommendationSchema),
  meta: z.object({
    window: z.object({ start: z.string(), end: z.string() }),
    min_pageviews: z.number(),
    pages: z.array(pageAnalysisSchema),
    /** The extra viewable impressions the recommendations promise at least (the low ends of their ranges, leaving out
     * low-confidence ones; as the dashboard's optimization potential counts them) and today's viewable impressions on
     * the same pages. */
    extra_viewable_impressions: z.number(),
    viewable_impressions: z.number(),
    /** The first in percent of the second: the optimization potential of these pages. */
    optimization_potential: z.number(),
    /** What the ad values were (always sent here; optional beside the specification's fields). */
    values: adviceValuesSchema.optional(),
  }),
});
export type RecommendationsResponse = z.infer<typeof recommendationsResponseSchema>;

/** What became of a recommendation (issue 25): open, applied by the publisher, or dismissed with a reason. */
export const RECOMMENDATION_STATUSES = ['open', 'applied', 'dismissed'] as const;
export type RecommendationStatus = (typeof RECOMMENDATION_STATUSES)[number];
export const DISMISS_REASON_MESSAGE = 'Say why the recommendation is dismissed (up to 500 characters)';

export const recommendationStatusBodySchema = z
  .object({
    id: z.string({ error: 'id is required' }).min(1, 'id is required').max(200, 'id is too long'),
    status: z.enum(RECOMMENDATION_STATUSES, { error: `status must be one of: ${RECOMMENDATION_STATUSES.join(', ')}` }),
    reason: z.string().trim().max(500, DISMISS_REASON_MESSAGE).optional(),
  })
  .refine((body) => body.status !== 'dismissed' || (body.reason ?? '').length > 0, { message: DISMISS_REASON_MESSAGE, path: ['reason'] });
export type RecommendationStatusBody = z.infer<typeof recommendationStatusBodySchema>;

export const recommendationStatusResponseSchema = z.object({
  id: z.string(),
  status: z.enum(RECOMMENDATION_STATUSES),
  reason: z.string().nullable(),
  status_at: z.string(),
});
export type RecommendationStatusResponse = z.infer<typeof recommendationStatusResponseSchema>;
