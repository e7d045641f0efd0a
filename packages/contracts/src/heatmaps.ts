// Heatmaps and screenshots: the query parameters of GET /api/analytics/heatmap/{type} and GET /api/screenshots, their
// answers, and the drawing constants of the specification's section 9.
import { z } from 'zod';
import { type DeviceType } from './common.ts';
import type { OutlineBlockKind } from './content-outline.ts';
import { DEVICE_FILTERS, type DeviceFilter } from './analytics.ts';
import { segmentEchoSchema, visitorSegmentSchema, type VisitorSegment } from './visitor-segments.ts';

export const HEATMAP_TYPES = ['click', 'scroll', 'engagement'] as const;
export type HeatmapType = (typeof HEATMAP_TYPES)[number];

/** Page analytics offers these periods (specification section 9: no year). */
export const HEATMAP_PERIODS = ['day', 'week', 'month', 'quarter'] as const;
export type HeatmapPeriod = (typeof HEATMAP_PERIODS)[number];

const deviceParam = z.enum(DEVICE_FILTERS, { error: `deviceType must be one of: ${DEVICE_FILTERS.join(', ')}` });

export const heatmapParamsSchema = z.object({
  type: z.enum(HEATMAP_TYPES, { error: `heatmap type must be one of: ${HEATMAP_TYPES.join(', ')}` }),
});

/** Which page, device and period a map (or its element list, or its segments' counts) is of. */
export const heatmapScopeSchema = z.object({
  pageId: z.string({ error: 'pageId is required' }).uuid('pageId must be a valid id'),
  period: z.enum(HEATMAP_PERIODS, { error: `period must be one of: ${HEATMAP_PERIODS.join(', ')}` }).default('week'),
  deviceType: deviceParam.default('all'),
});

/** The period ending now, or the one of the same length just before it (the comparison's other map). */
export const HEATMAP_WINDOWS = ['current', 'previous'] as const;
export type HeatmapWindow = (typeof HEATMAP_WINDOWS)[number];

/** A heatmap's segment (visitor-segments.ts, shared with the page metrics) and window. Without a segment a map is read
 * from the rollups; with one, from the raw events of the segment's pageviews. */
export const heatmapSegmentSchema = visitorSegmentSchema.extend({
  window: z.enum(HEATMAP_WINDOWS, { error: `window must be one of: ${HEATMAP_WINDOWS.join(', ')}` }).default('current'),
});
export type HeatmapSegment = VisitorSegment;

/** Which clicks a click map and its element list count (issue 26): every click (absent), only dead clicks (the
 * tracker's flag: on nothing interactive, followed within 1 s by no DOM change around it, no scroll, no navigation), or
 * only the clicks of rage bursts (RAGE_CLICKS within RAGE_WINDOW_MS and RAGE_RADIUS_PX, clicked-elements.ts). */
export const CLICK_FILTERS = ['dead', 'rage'] as const;
export type ClickFilter = (typeof CLICK_FILTERS)[number];

export const clickFilterSchema = z.object({
  /** Read from raw clicks (the rollups carry neither): a filtered map costs what a segmented one does. Only the click
   * map takes it; the scroll and engagement maps answer 400. */
  only: z.enum(CLICK_FILTERS, { error: `only must be one of: ${CLICK_FILTERS.join(', ')}` }).optional(),
});

export const heatmapQuerySchema = heatmapScopeSchema.extend(heatmapSegmentSchema.shape).extend(clickFilterSchema.shape);
export type HeatmapQuery = z.input<typeof heatmapQuerySchema>;

/** The specification's rule: the device value 'all' is treated as desktop for the heatmap view. */
export function heatmapDevice(device: DeviceFilter): DeviceType {
  return device === 'all' ? 'desktop' : device;
}

/** One weighted point in document pixels of the reference width's layout. */
export const heatmapPointSchema = z.object({
  x: z.number(),
  y: z.number(),
  value: z.number(),
  viewport: z.object({ width: z.number() }),
});
export type HeatmapPoint = z.infer<typeof heatmapPointSchema>;

export const scrollPointSchema = z.object({
  /** Percent of the page, 0–100 in steps of 1. */
  depth: z.number(),
  /** Pageviews whose viewport reached this depth (never rises with depth). */
  count: z.number(),
});
export type ScrollPoint = z.infer<typeof scrollPointSchema>;

const heatmapMetaSchema = z.object({
  /** The device the map is for ('all' resolved to desktop) and its reference width (px). */
  device: z.enum(['desktop', 'tablet', 'mobile']),
  referenceWidth: z.number(),
  /** Height of the page in the reference layout (px): the screenshot's when one was taken, else the visitors' average. */
  documentHeight: z.number(),
  /** Evidence size: pageviews of the page on this device in the period, and the clicks among them. */
  pageviews: z.number(),
  clicks: z.number(),
  /** The largest point value: clicks; for engagement the average share of a reader's time (0–1) spent there; for
   * scroll the largest count. */
  maxValue: z.number(),
  /** The page's content columns' horizontal extent on the rendering (px): the engagement map stays within it and the
   * screen crops the screenshot's empty margins to it; null without a rendering of the page's content. */
  content: z.object({ x: z.number(), width: z.number() }).nullable().optional(),
  /** Whether the screenshot's element map was available to place clicks on their elements, and why not. */
  layout: z.object({ captured: z.boolean(), message: z.string().optional() }),
  timeRange: z.object({ start: z.string(), end: z.string() }),
  /** The segment the map is of (absent: every visitor), read from raw events rather than the rollups. */
  segment: segmentEchoSchema.optional(),
  /** The clicks a click map is narrowed to (absent: every click); `clicks` counts only those. */
  only: z.enum(CLICK_FILTERS).optional(),
});

/** What a content block is to a reader (content-outline.ts OutlineBlockKind). */
const OUTLINE_BLOCK_KINDS = ['paragraph', 'heading', 'enclosure', 'ad', 'block'] as const satisfies readonly OutlineBlockKind[];

/** A block of the rendering's content outline on the engagement map (issue 26): its box in document px of the reference
 * layout and the average share of a reader's time it was in view, by the part of it in view (0–1; engagement-shares'
 * definition, heatmaps/block-shares.ts). */
export const engagementBlockSchema = z.object({
  kind: z.enum(OUTLINE_BLOCK_KINDS),
  /** The element's tag ('p', 'h2', 'figure', …) and the tracker's selector of it. */
  tag: z.string(),
  selector: z.string(),
  box: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  /** Its heading's text, else its first words. */
  text: z.string(),
  share: z.number(),
});
export type EngagementBlock = z.infer<typeof engagementBlockSchema>;

export const pointHeatmapResponseSchema = z.object({
  data: z.array(heatmapPointSchema),
  meta: heatmapMetaSchema.extend({
    /** Clicks placed on the element they were recorded on; the rest fall back to scaled document coordinates. */
    anchoredClicks: z.number(),
    /** Engagement only: the pageviews whose time on the page was measured (a viewport span or a pointer rest in the
     * period). Each point's value is the average over them of the share of their own time spent there (0–1). */
    timedPageviews: z.number().optional(),
    /** Engagement only, when the rendering has a content outline: its blocks, each with its share of readers' time;
     * `data` then holds only the pointer rests, drawn over them, and `maxValue` is the largest of both. Absent (no
     * rendering, or one without an outline): `data` holds the bands across the content as well. */
    blocks: z.array(engagementBlockSchema).optional(),
  }),
});
export type PointHeatmapResponse = z.infer<typeof pointHeatmapResponseSchema>;

export const scrollHeatmapResponseSchema = z.object({
  data: z.array(scrollPointSchema),
  meta: heatmapMetaSchema.extend({
    /** Where the first screen ends on average: the viewport's height in percent of the page at the pageview's start. */
    averageFold: z.number(),
  }),
});
export type ScrollHeatmapResponse = z.infer<typeof scrollHeatmapResponseSchema>;

export const heatmapResponseSchema = z.union([pointHeatmapResponseSchema, scrollHeatmapResponseSchema]);
export type HeatmapResponse<T extends HeatmapType = HeatmapType> = T extends 'scroll' ? ScrollHeatmapResponse : PointHeatmapResponse;

export const screenshotQuerySchema = z.object({
  url: z
    .string({ error: 'url is required' })
    .max(2048, 'url is too long')
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'url must be an http or https address'),
  deviceType: deviceParam.default('desktop'),
  /** Take a new screenshot even when a fresh one is cached. */
  refresh: z.enum(['0', '1', 'true', 'false'], { error: 'refresh must be 0, 1, true or false' }).optional(),
});
export type ScreenshotQuery = z.input<typeof screenshotQuerySchema>;

/** Response headers of GET /api/screenshots that describe the image. */
export const SCREENSHOT_HEADERS = {
  /** Height of the whole page in the reference layout (px), before any cap. */
  documentHeight: 'x-document-height',
  /** '1' when the page was taller than the cap and the image stops at it. */
  truncated: 'x-screenshot-truncated',
  /** When the image was captured (ISO-8601). */
  capturedAt: 'x-captured-at',
} as const;

/** Drawing constants of the specification's section 9. */
export const HEATMAP_STYLES = {
  click: { radius: 25, maxOpacity: 0.9, max: 10, minOpacity: 0, blur: 0.85, gradient: { 0.25: 'yellow', 0.55: 'orange', 0.85: 'red', 1: 'white' } },
  scroll: { radius: 50, maxOpacity: 0.7, max: 20, minOpacity: 0.35, blur: 0.75 },
  engagement: { radius: 50, maxOpacity: 0.7, max: 20, minOpacity: 0.35, blur: 0.75 },
} as const;

/** Marks of the scroll overlay, percent of the page. */
export const SCROLL_MARKS = [0, 25, 50, 75, 100] as const;

/** Screenshot delay after the image loads before the overlay is drawn (ms). */
export const HEATMAP_DRAW_DELAY_MS = 300;
