// Whose figures (issue 26): the pageviews of one traffic source and/or browser family. One query parameter pair for
// every report that narrows to a segment — each heatmap, the element list and the page metrics — and its echo in the
// answers.
import { z } from 'zod';

/** Where a pageview's reader came from, told by its referrer and UTM parameters (the lists of search engines and social
 * networks are in packages/event-store/src/traffic-source.ts, docs/notes/heatmap-segments.md). 'referral' is
 * every other site, and tagged campaigns that are neither search nor social. */
export const TRAFFIC_SOURCES = ['search', 'social', 'direct', 'referral'] as const;
export type TrafficSource = (typeof TRAFFIC_SOURCES)[number];

/** Longest browser name taken: the names the collector stores (bowser's: 'Chrome', 'Microsoft Edge', 'Samsung Internet
 * for Android') are far shorter. */
export const MAX_BROWSER_NAME = 64;

/** A segment's query parameters. Without either a report reads its rollups; with one, the raw rows of the segment's
 * pageviews. */
export const visitorSegmentSchema = z.object({
  source: z.enum(TRAFFIC_SOURCES, { error: `source must be one of: ${TRAFFIC_SOURCES.join(', ')}` }).optional(),
  /** A browser family as stored ('Chrome', 'Firefox'), compared without regard to case. */
  browser: z
    .string({ error: 'browser must be a browser name such as Chrome' })
    .trim()
    .min(1, 'browser must be a browser name such as Chrome')
    .max(MAX_BROWSER_NAME, `browser must be at most ${MAX_BROWSER_NAME} characters`)
    .optional(),
});
export type VisitorSegment = z.infer<typeof visitorSegmentSchema>;

/** The segment an answer is of, as it reports it: only what was asked; absent for every visitor. */
export const segmentEchoSchema = z.object({ source: z.enum(TRAFFIC_SOURCES).optional(), browser: z.string().optional() });
