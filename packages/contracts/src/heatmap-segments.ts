// GET /api/analytics/heatmap-segments (issue 26): what the heatmap card's segment selectors offer for one page, device
// and period — the pageviews of each traffic source and of each browser family seen, so a choice that holds nothing
// says so before it is made.
import { z } from 'zod';
import { heatmapScopeSchema } from './heatmaps.ts';
import { TRAFFIC_SOURCES } from './visitor-segments.ts';

export const heatmapSegmentsQuerySchema = heatmapScopeSchema;
export type HeatmapSegmentsQuery = z.input<typeof heatmapSegmentsQuerySchema>;

/** Browser families listed, at most (most pageviews first); the others are still asked by name. */
export const MAX_SEGMENT_BROWSERS = 12;

export const heatmapSegmentsResponseSchema = z.object({
  data: z.object({
    /** Pageviews of the page on the device in the period (the maps' `meta.pageviews`). */
    pageviews: z.number(),
    /** Every source, in TRAFFIC_SOURCES order, with 0 where none came. */
    sources: z.array(z.object({ source: z.enum(TRAFFIC_SOURCES), pageviews: z.number() })),
    /** Browser families seen, most pageviews first. */
    browsers: z.array(z.object({ browser: z.string(), pageviews: z.number() })),
  }),
});
export type HeatmapSegmentsResponse = z.infer<typeof heatmapSegmentsResponseSchema>;
