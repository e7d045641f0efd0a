// GET /api/analytics/ad-experience (issue 24): what a page's ads do to its readers, per unit and for the page, on the
// page analytics screen's period and device: fill, time in view, refreshes and the layout shift each unit caused.
import { z } from 'zod';
import { pageQuerySchema } from './analytics.ts';

export const adExperienceQuerySchema = pageQuerySchema;
export type AdExperienceQuery = z.input<typeof adExperienceQuerySchema>;

/** An impression in view this long is one a reader had time to take in (Ad Manager reports the same cut). */
export const LONG_VIEW_MS = 5000;
/** A layout shift score above this is "poor" by Core Web Vitals (0.1 good, 0.25 poor), at the 75th percentile. */
export const POOR_LAYOUT_SHIFT = 0.25;
export const GOOD_LAYOUT_SHIFT = 0.1;
export type LayoutShiftBand = 'good' | 'needs improvement' | 'poor';
/** Core Web Vitals' band for a layout shift score at the 75th percentile: up to 0.1 good, up to 0.25 needs improvement. */
export function layoutShiftBand(score: number): LayoutShiftBand {
  if (score <= GOOD_LAYOUT_SHIFT) return 'good';
  if (score <= POOR_LAYOUT_SHIFT) return 'needs improvement';
  return 'poor';
}

/** A unit that moved the content below it in at least this share of its measured pageviews (percent), over at least
 * RESERVE_MIN_MEASURED of them, is told to reserve its slot's height. */
export const RESERVE_MIN_SHIFTING = 5;
export const RESERVE_MIN_MEASURED = 30;
/** A creative height rendered in at least this share of a unit's impressions (percent) is a likely one: the height to
 * reserve is the tallest likely one (research/ad-measurement.md §9: "min-height of the tallest likely creative"). */
export const LIKELY_CREATIVE_SHARE = 5;

export const adExperienceUnitSchema = z.object({
  ad_unit_id: z.string(),
  name: z.string(),
  format: z.string(),
  /** Rendered impressions, and renders that came back empty. */
  impressions: z.number(),
  empty: z.number(),
  /** Rendered ÷ (rendered + empty), percent; null without a render. */
  fill_rate: z.number().nullable(),
  /** Seconds in view per impression, and per viewable impression (Ad Manager's "average viewable time"). */
  time_in_view: z.number().nullable(),
  viewable_time: z.number().nullable(),
  /** Share of impressions in view LONG_VIEW_MS or more, percent. */
  long_views: z.number().nullable(),
  /** Impressions (renders, empty or not) per pageview in which the slot rendered: above 1, the slot refreshes. */
  renders_per_pageview: z.number().nullable(),
  /** Renders after the first in a pageview, and those of them never in view at all: a slot refreshed while nobody can
   * see it spends an impression (and the advertiser's trust) on no reader. */
  refreshes: z.number(),
  unseen_refreshes: z.number(),
  /** Share of measured pageviews (browsers that report layout shift) in which it shifted the content, percent, and the
   * 75th percentile over those pageviews of the layout shift it caused (0 where it caused none). */
  shifting_pageviews: z.number().nullable(),
  layout_shift_p75: z.number().nullable(),
  /** Issue 21 §5: for a unit that shifts the content (RESERVE_MIN_SHIFTING), the height to reserve for its slot (CSS
   * min-height, px: the tallest likely creative) and the creative heights it rendered at, by share of its impressions
   * (at most four, percent); null for a unit that does not shift the content or has too few measured pageviews. */
  reserve: z
    .object({ height: z.number(), heights: z.array(z.object({ height: z.number(), share: z.number() })) })
    .nullable(),
});
export type AdExperienceUnit = z.infer<typeof adExperienceUnitSchema>;

export const adExperienceResponseSchema = z.object({
  data: z.object({
    page: z.object({
      pageviews: z.number(),
      /** Pageviews from browsers that report layout shift (Chromium's); the shift figures are of these. */
      measured_pageviews: z.number(),
      /** 75th percentile per pageview of the layout shift from ads, and from everything else. */
      layout_shift_ads_p75: z.number().nullable(),
      layout_shift_other_p75: z.number().nullable(),
    }),
    units: z.array(adExperienceUnitSchema),
  }),
});
export type AdExperienceResponse = z.infer<typeof adExperienceResponseSchema>;
