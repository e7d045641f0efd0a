// GET /api/analytics/ad-units/figures (issue 24): what the Ad Units tab reads from the raw ad events of the units on
// its screen once their rows have come — each unit's time in view per impression and the layout shift it caused. Apart
// from GET /api/analytics/ad-units so that the table answers at the rollups' speed while these (a read of the units'
// raw events over the period, every one of their pageviews grouped) fill in after.
import { z } from 'zod';
import { adUnitsQuerySchema } from './analytics.ts';

/** Units asked about at most: one screen of the table (its page size is at most 100). */
export const AD_UNIT_FIGURES_MAX_UNITS = 100;

/** An id as every other id parameter takes it (idParam). */
const anId = z.string().uuid();

export const adUnitFiguresQuerySchema = adUnitsQuerySchema.pick({ websiteId: true, period: true, pageId: true }).extend({
  /** The rows' `ad_unit_id`s, comma-separated. */
  adUnitIds: z
    .string({ error: 'adUnitIds is required' })
    .transform((text) => text.split(',').map((id) => id.trim()))
    .refine((ids) => ids.length <= AD_UNIT_FIGURES_MAX_UNITS, `adUnitIds takes at most ${AD_UNIT_FIGURES_MAX_UNITS} ids`)
    .refine((ids) => ids.every((id) => anId.safeParse(id).success), 'adUnitIds must be valid ids, separated by commas'),
});
export type AdUnitFiguresQuery = z.input<typeof adUnitFiguresQuerySchema>;

export const adUnitFiguresSchema = z.object({
  /** The row's id, as asked. */
  ad_unit_id: z.string(),
  /** Average seconds in view per impression; null without impressions. */
  time_in_view: z.number().nullable(),
  /** Issue 24's layout shift, counted as page analytics' Ad experience card counts it (ad-layout-shift.ts): its
   * pageviews from browsers that report layout shift (Chromium's) in which it rendered, the share of them in which it
   * shifted the content (percent) and the 75th percentile of the shift it caused; both null without such a pageview. */
  measured_pageviews: z.number(),
  shifting_pageviews: z.number().nullable(),
  layout_shift_p75: z.number().nullable(),
});
export type AdUnitFigures = z.infer<typeof adUnitFiguresSchema>;

export const adUnitFiguresResponseSchema = z.object({ data: z.object({ units: z.array(adUnitFiguresSchema) }) });
export type AdUnitFiguresResponse = z.infer<typeof adUnitFiguresResponseSchema>;
