// Analytics API: query parameters, response shapes and the display rules of the specification's section 9.
import { z } from 'zod';
import { countParam, deviceTypeSchema, PERIOD_HOURS, type Period } from './common.ts';
import { segmentEchoSchema, visitorSegmentSchema } from './visitor-segments.ts';

const PERIOD_KEYS = Object.keys(PERIOD_HOURS) as [Period, ...Period[]];
const PERIOD_MESSAGE = `period must be one of: ${PERIOD_KEYS.join(', ')}`;

/** A uuid query parameter with a message that names the parameter. */
export const idParam = (name: string) =>
  z.string({ error: `${name} is required` }).uuid(`${name} must be a valid id`);

const periodParam = (fallback: Period) => z.enum(PERIOD_KEYS, { error: PERIOD_MESSAGE }).default(fallback);

export const TOP_PAGES_LIMITS = [5, 10, 20, 50] as const;
/** The website overview offers the first three only (specification section 9). */
export const OVERVIEW_TOP_PAGES_LIMITS = [5, 10, 20] as const;
const LIMIT_MESSAGE = `limit must be one of: ${TOP_PAGES_LIMITS.join(', ')}`;

export const DEVICE_FILTERS = ['all', 'desktop', 'tablet', 'mobile'] as const;
export type DeviceFilter = (typeof DEVICE_FILTERS)[number];
export const deviceParam = z.enum(DEVICE_FILTERS, { error: `deviceType must be one of: ${DEVICE_FILTERS.join(', ')}` }).default('all');

export const dashboardKpiQuerySchema = z.object({
  period: periodParam('month'),
  websiteId: idParam('websiteId').optional(),
});
export type DashboardKpiQuery = z.input<typeof dashboardKpiQuerySchema>;

export const topPagesQuerySchema = z.object({
  period: periodParam('month'),
  limit: z
    .string()
    .default('5')
    .refine((value) => (TOP_PAGES_LIMITS as readonly number[]).includes(Number(value)) && /^\d+$/.test(value), LIMIT_MESSAGE)
    .transform(Number),
  websiteId: idParam('websiteId').optional(),
});
export type TopPagesQuery = z.input<typeof topPagesQuerySchema>;

/** One page on a device over a period: what ad performance and ad experience take. */
export const pageQuerySchema = z.object({
  pageId: idParam('pageId'),
  period: periodParam('week'),
  deviceType: deviceParam,
});

/** The page metrics narrow to a segment as the heatmaps do, by the same parameters (issue 26). */
export const pageMetricsQuerySchema = pageQuerySchema.extend(visitorSegmentSchema.shape);
export type PageMetricsQuery = z.input<typeof pageMetricsQuerySchema>;

export const adPerformanceQuerySchema = pageQuerySchema;
export type AdPerformanceQuery = z.input<typeof adPerformanceQuerySchema>;

export const AD_UNIT_SORTS = ['name', 'format', 'viewability', 'ctr', 'impressions', 'revenue', 'ecpm'] as const;
export type AdUnitSort = (typeof AD_UNIT_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Units per page of the Ad Units tab. */
export const AD_UNITS_PAGE_SIZE = 25;

export const adUnitsQuerySchema = z.object({
  websiteId: idParam('websiteId'),
  period: periodParam('week'),
  pageId: idParam('pageId').optional(),
  format: z.string().trim().max(32, 'format is too long').optional(),
  status: z.enum(['all', 'active', 'inactive'], { error: 'status must be one of: all, active, inactive' }).default('all'),
  search: z.string().trim().max(200, 'search is too long').optional(),
  sort: z.enum(AD_UNIT_SORTS, { error: `sort must be one of: ${AD_UNIT_SORTS.join(', ')}` }).default('impressions'),
  order: z.enum(SORT_ORDERS, { error: 'order must be one of: asc, desc' }).default('desc'),
  limit: countParam('limit', 1, 100, AD_UNITS_PAGE_SIZE),
  offset: countParam('offset', 0, 1_000_000, 0),
});
export type AdUnitsQuery = z.input<typeof adUnitsQuerySchema>;

export const timeseriesQuerySchema = z.object({
  websiteId: idParam('websiteId').optional(),
  period: periodParam('week'),
});
export type TimeseriesQuery = z.input<typeof timeseriesQuerySchema>;

export const realtimeQuerySchema = z.object({ websiteId: idParam('websiteId').optional() });
export type RealtimeQuery = z.input<typeof realtimeQuerySchema>;

const rangeSchema = z.object({ start: z.string(), end: z.string() });
export const timeRangeSchema = z.object({ current: rangeSchema, previous: rangeSchema });
export type TimeRange = z.infer<typeof timeRangeSchema>;

/** A figure of the period and its change against the previous period: relative percent for impressions, percentage
 * points for viewability and CTR, a plain difference for the optimization potential. `change` is null when the previous
 * period has no data to compare with (no ad impressions; for the potential, no viewable impressions): a change from
 * nothing is not '+100 %'. */
const kpiSchema = z.object({ value: z.number(), change: z.number().nullable() });
export type Kpi = z.infer<typeof kpiSchema>;

// Revenue (issue 23; docs/notes/revenue.md, "Revenue figures"): beside the specification's figures, never instead of
// them, so every field below is optional in the responses that carry it. Amounts are in the website's currency
// (its "Ads & revenue" setting, else the first one seen in its revenue data); amounts in other currencies are converted
// and added where the publisher gave a rate for them (imported revenue also where its report gave one for the day), and
// otherwise never added: listed apart, unconverted.

/** Where the period's revenue comes from: Prebid's winning bids in the page, the ad servers' imported reports. With
 * Prebid only, revenue is partly known ("Prebid winning bids only"). `converted`: the currencies whose amounts the
 * figures include converted at the publisher's rates (absent when none). */
export const revenueSourcesSchema = z.object({
  prebid: z.boolean(),
  imported: z.boolean(),
  converted: z.array(z.string()).optional(),
  /** The currencies whose imported amounts the figures include converted at the rates that came with the reports. */
  reportRates: z.array(z.string()).optional(),
});
export type RevenueSources = z.infer<typeof revenueSourcesSchema>;
export const currencyAmountSchema = z.object({ currency: z.string(), amount: z.number() });
export type CurrencyAmount = z.infer<typeof currencyAmountSchema>;

/** What a response's revenue figures are in and made of. */
export const revenueBasisSchema = z.object({
  /** The website's currency; null while it has no revenue data (nor a currency set). */
  currency: z.string().nullable(),
  sources: revenueSourcesSchema,
  /** Revenue in currencies other than the website's without a rate, per currency, as it came: never added. */
  unconverted: z.array(currencyAmountSchema),
});
export type RevenueBasis = z.infer<typeof revenueBasisSchema>;

/** A unit's (or a slot's) revenue figures in the period; null where there is nothing to divide by, and revenue null
 * while the website has no revenue data. eCPM: per 1,000 impressions; viewable eCPM: per 1,000 viewable impressions;
 * fill rate: impressions ÷ (impressions + empty renders), percent; Prebid win share: wins ÷ auctions, percent. */
const unitRevenueFields = {
  revenue: z.number().nullable().optional(),
  ecpm: z.number().nullable().optional(),
  viewable_ecpm: z.number().nullable().optional(),
  fill_rate: z.number().nullable().optional(),
  prebid_win_share: z.number().nullable().optional(),
};

/** Revenue and RPM (per 1,000 pageviews) of the dashboard and the website overview, with their relative change in
 * percent (null when the previous period had none). */
export const revenueKpisSchema = z.object({
  /** The websites' one currency; null when they have none yet or several (then see byCurrency). */
  currency: z.string().nullable(),
  revenue: kpiSchema,
  rpm: kpiSchema,
  /** When the websites in scope have different currencies: each currency's websites, their revenue and RPM, never
   * added together. Empty otherwise. */
  byCurrency: z.array(z.object({ currency: z.string(), websites: z.number(), revenue: kpiSchema, rpm: kpiSchema })),
  sources: revenueSourcesSchema,
  unconverted: z.array(currencyAmountSchema),
});
export type RevenueKpis = z.infer<typeof revenueKpisSchema>;

export const dashboardKpiResponseSchema = z.object({
  timeRange: timeRangeSchema,
  kpis: z.object({ impressions: kpiSchema, viewability: kpiSchema, ctr: kpiSchema, optimizationPotential: kpiSchema }),
  /** What the optimization potential is made of: the open recommendations (GET /api/analytics/recommendations) and
   * the extra viewable impressions they promise over the current period, against the period's viewable impressions. */
  optimization: z.object({
    recommendations: z.number(),
    byType: z.object({ new_ad_placement: z.number(), move_ad_unit: z.number(), format_change: z.number() }),
    extraViewableImpressions: z.number(),
    viewableImpressions: z.number(),
  }),
  revenue: revenueKpisSchema.optional(),
});
export type DashboardKpiResponse = z.infer<typeof dashboardKpiResponseSchema>;

export const topPageSchema = z.object({
  page_id: z.string(),
  website_id: z.string(),
  title: z.string(),
  full_url: z.string(),
  url_path: z.string(),
  /** Distinct sessions with a pageview of the page in the period. */
  session_count: z.number(),
  /** Every tracked event of the page in the period: pageviews, engagement and scroll updates, clicks, attention, ad events. */
  event_count: z.number(),
  /** Seconds. */
  avg_engagement_time: z.number(),
  scroll_metrics: z.object({ avg_scroll_depth: z.number() }),
  ad_metrics: z.object({ viewability: z.number(), ctr: z.number(), clicks: z.number() }),
  /** In its website's currency; null while the website has no revenue data. RPM: per 1,000 pageviews. */
  revenue_metrics: z
    .object({ currency: z.string(), revenue: z.number(), rpm: z.number().nullable(), revenue_per_1000_sessions: z.number().nullable() })
    .nullable()
    .optional(),
  /** Ad experience (issue 24): the page's ad density on its worst device (the highest against its limit), as the
   * placement advice last measured it over its 30 days (percent of the main content's height; limits as in
   * recommendations' ad_layout); null where the advice has not measured the page on any device yet. */
  ad_density: z.object({ device: deviceTypeSchema, density: z.number(), density_limit: z.number() }).nullable().optional(),
});
export type TopPage = z.infer<typeof topPageSchema>;
export const topPagesResponseSchema = z.object({
  timeRange: timeRangeSchema,
  pages: z.array(topPageSchema),
  /** Where the listed websites' revenue comes from in the period. */
  revenue_sources: revenueSourcesSchema.optional(),
});
export type TopPagesResponse = z.infer<typeof topPagesResponseSchema>;

export const pageMetricsResponseSchema = z.object({
  metrics: z.object({
    /** Unique page sessions. */
    totalViews: z.number(),
    /** Milliseconds. */
    avgTimeOnPage: z.number(),
    avgScrollDepth: z.number(),
  }),
  /** The segment the figures are of (absent: every visitor), read from raw events rather than the rollups. */
  segment: segmentEchoSchema.optional(),
});
export type PageMetricsResponse = z.infer<typeof pageMetricsResponseSchema>;

export const adPerformanceItemSchema = z.object({
  ad_unit: z.object({
    id: z.string(),
    name: z.string(),
    format: z.string(),
    dimensions: z.object({ width: z.number(), height: z.number() }),
  }),
  metrics: z.object({ viewability: z.number(), ctr: z.number(), total_impressions: z.number(), ...unitRevenueFields }),
});
export type AdPerformanceItem = z.infer<typeof adPerformanceItemSchema>;
export const adPerformanceResponseSchema = z.object({
  data: z.object({ ad_units: z.array(adPerformanceItemSchema), revenue: revenueBasisSchema.optional() }),
});
export type AdPerformanceResponse = z.infer<typeof adPerformanceResponseSchema>;

export const PERFORMANCE_LABELS = ['Excellent', 'Good', 'Average', 'Poor'] as const;
export type PerformanceLabel = (typeof PERFORMANCE_LABELS)[number];

/** One detected slot of a unit: the unit on one page (and one device size there). */
export const adUnitPlacementSchema = z.object({
  ad_unit_id: z.string(),
  page_id: z.string(),
  page_title: z.string(),
  page_url_path: z.string(),
  ad_format: z.string(),
  status: z.string(),
  viewability: z.number(),
  ctr: z.number(),
  impressions: z.number(),
  clicks: z.number(),
  ...unitRevenueFields,
});
export type AdUnitPlacementRow = z.infer<typeof adUnitPlacementSchema>;

/** One ad unit of a website, over all its pages (see ad-unit-names.ts for what makes a unit). */
export const adUnitRowSchema = z.object({
  /** A slot of the unit: what the rename route takes. */
  ad_unit_id: z.string(),
  unit_key: z.string(),
  /** The publisher's name for the unit, else its automatic name. */
  name: z.string(),
  named_by_publisher: z.boolean(),
  google_ad_slot_id: z.string().nullable(),
  /** Its sizes, e.g. '300x250' or '320x50, 728x90, 970x90'. */
  ad_format: z.string(),
  width: z.number(),
  height: z.number(),
  /** Active while any of its slots is. */
  status: z.string(),
  created_at: z.string(),
  last_detected: z.string(),
  viewability: z.number(),
  ctr: z.number(),
  impressions: z.number(),
  clicks: z.number(),
  performance: z.object({ score: z.number(), label: z.enum(PERFORMANCE_LABELS) }),
  /** Viewability minus the median of the website's units with impressions in the period, in points; null without impressions. */
  viewability_vs_site_median_pp: z.number().nullable(),
  page_count: z.number(),
  /** Its slots, by impressions. */
  pages: z.array(adUnitPlacementSchema),
  ...unitRevenueFields,
});
export type AdUnitRow = z.infer<typeof adUnitRowSchema>;
export const adUnitsResponseSchema = z.object({
  ad_units: z.array(adUnitRowSchema),
  /** Every format the website's ad units use, for the format filter. */
  formats: z.array(z.string()),
  /** Every page the website's ad units sit on, by title, for the page filter (a website may have 100,000 pages). */
  pages: z.array(z.object({ page_id: z.string(), title: z.string(), url_path: z.string() })),
  /** Over every unit the filters match, not only this page of them: total_units is what the pager counts. */
  summary: z.object({ total_units: z.number(), avg_viewability: z.number(), total_impressions: z.number() }),
  limit: z.number(),
  offset: z.number(),
  /** The median viewability of the website's units with impressions in the period; null when none had any. */
  site_median_viewability: z.number().nullable(),
  /** The revenue of every unit the filters match, and what the figures are in. */
  revenue: revenueBasisSchema.extend({ total: z.number().nullable() }).optional(),
});
export type AdUnitsResponse = z.infer<typeof adUnitsResponseSchema>;

export const timeseriesPointSchema = z.object({
  /** The bucket: an ISO-8601 UTC instant for hours, a calendar date (YYYY-MM-DD, in `timezone`) for days. */
  time: z.string(),
  pageviews: z.number(),
  impressions: z.number(),
  viewability: z.number(),
  ctr: z.number(),
});
export type TimeseriesPoint = z.infer<typeof timeseriesPointSchema>;
export const timeseriesResponseSchema = z.object({
  interval: z.enum(['hour', 'day']),
  timezone: z.string(),
  timeRange: timeRangeSchema,
  points: z.array(timeseriesPointSchema),
});
export type TimeseriesResponse = z.infer<typeof timeseriesResponseSchema>;

export const REALTIME_WINDOW_MINUTES = 5;
/** visitors: distinct sessions with any tracked activity (pageview, engagement, scroll, click) in the window. */
export const realtimeResponseSchema = z.object({ visitors: z.number(), windowMinutes: z.number() });
export type RealtimeResponse = z.infer<typeof realtimeResponseSchema>;

/** The CTR (in percent) that earns the score's whole CTR half. The specification caps at 5 %, fifty times a display
 * ad's typical 0.1 %: every real unit then grades on viewability alone, and one of 76 % viewability is "Poor". Ten
 * times the benchmark keeps the scale's top for the exceptional (DESIGN.md, deviations; the docs page says so). */
export const CTR_SCORE_CAP = 0.5;

/** Section 9's score with DESIGN.md's deviation: 50 % viewability plus 50 % of CTR capped at CTR_SCORE_CAP, on 0 to 100. */
export function adPerformanceScore(viewability: number, ctr: number): number {
  return 0.5 * viewability + 0.5 * ((Math.min(Math.max(ctr, 0), CTR_SCORE_CAP) / CTR_SCORE_CAP) * 100);
}

export function performanceLabel(score: number): PerformanceLabel {
  if (score >= 80) return 'Excellent';
  if (score >= 60) return 'Good';
  if (score >= 40) return 'Average';
  return 'Poor';
}

/** Page ad viewability badge colour: green at 70 or more, yellow at 50 or more, otherwise red. */
export function viewabilityBadge(viewability: number): 'green' | 'yellow' | 'red' {
  if (viewability >= 70) return 'green';
  if (viewability >= 50) return 'yellow';
  return 'red';
}
