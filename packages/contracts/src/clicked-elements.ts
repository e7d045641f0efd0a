// GET /api/analytics/clicked-elements (issue 26): the element list beside a click map — each clicked element of the
// page (by the tracker's selector) with a readable label, its clicks, share of clicks, share of pageviews that clicked
// it, the pageviews with rage clicks on it and its dead clicks; the page's ad units with their estimated clicks, under
// their names. `only=dead|rage` narrows the list to those clicks, as it does the click map.
import { z } from 'zod';
import { CLICK_FILTERS, heatmapQuerySchema } from './heatmaps.ts';

export const clickedElementsQuerySchema = heatmapQuerySchema;
export type ClickedElementsQuery = z.input<typeof clickedElementsQuerySchema>;

/** Rage clicks: this many clicks or more within RAGE_WINDOW_MS and RAGE_RADIUS_PX of each other in one pageview. */
export const RAGE_CLICKS = 3;
export const RAGE_WINDOW_MS = 1000;
export const RAGE_RADIUS_PX = 30;
/** Elements listed, at most (most clicked first). */
export const MAX_CLICKED_ELEMENTS = 50;

export const CLICKED_ELEMENT_KINDS = ['link', 'button', 'input', 'image', 'heading', 'ad', 'other'] as const;

export const clickedElementSchema = z.object({
  selector: z.string(),
  /** Its link text, alt text, aria-label or title from the page's rendering; else its id or tag. An ad unit's name. */
  label: z.string(),
  kind: z.enum(CLICKED_ELEMENT_KINDS),
  ad_unit_id: z.string().nullable(),
  clicks: z.number(),
  /** Percent of the page's clicks (ad clicks included), and of its pageviews that clicked the element. */
  click_share: z.number(),
  pageviews: z.number(),
  pageview_share: z.number(),
  /** Pageviews in which a reader rage-clicked it (RAGE_CLICKS within RAGE_WINDOW_MS and RAGE_RADIUS_PX). */
  rage_pageviews: z.number(),
  /** Its dead clicks (flagged by the tracker: see collect.ts) and the pageviews with one; 0 for an ad unit. These two
   * and rage_pageviews count every click of the element, whatever `only` is. */
  dead_clicks: z.number(),
  dead_pageviews: z.number(),
  /** Where it is on the rendering (document px of the reference width): null when the rendering lacks it. */
  box: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
});
export type ClickedElement = z.infer<typeof clickedElementSchema>;

export const clickedElementsResponseSchema = z.object({
  data: z.object({
    pageviews: z.number(),
    clicks: z.number(),
    elements: z.array(clickedElementSchema),
    /** Clicked elements beyond the list. */
    more: z.number(),
  }),
  meta: z.object({
    layout: z.object({ captured: z.boolean(), message: z.string().optional() }),
    /** The clicks the list is narrowed to (absent: every click, ad units included). With it, an element's clicks,
     * pageviews and shares, and `clicks`, count only those clicks, and ad units (estimated clicks) are left out. */
    only: z.enum(CLICK_FILTERS).optional(),
  }),
});
export type ClickedElementsResponse = z.infer<typeof clickedElementsResponseSchema>;
