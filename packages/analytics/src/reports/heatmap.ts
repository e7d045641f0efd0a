// GET /api/analytics/heatmap/{type}: one page's click, scroll or engagement map on one device, on the layout of the
// page at that device's reference width (the screenshot's, through its element map and height); of every visitor (the
// rollups) or of a segment (raw rows, issue 26), for the period or the one before it (a comparison's other map). The
// engagement map's figures are each reader's share of their own time, averaged (engagement-shares.ts): read from the
// page's raw viewport spans and pointer rests, segmented or not, since the rollups hold no pageview's total. The
// settled days' cells and sums are kept after a first look; a look reads its open days' raw rows (kept-sums.ts).
import {
  heatmapDevice,
  pageUrl,
  REFERENCE_WIDTHS,
  type ClickFilter,
  type DeviceFilter,
  type DeviceType,
  type HeatmapPeriod,
  type HeatmapSegment,
  type HeatmapWindow,
  type HeatmapType,
  type PointHeatmapResponse,
  type ScrollHeatmapResponse,
} from '@foldline/contracts';
import type { HeatmapCellKind } from '@foldline/event-store';
import type { AnalyticsContext } from '../context.ts';
import { blockShares } from '../heatmaps/block-shares.ts';
import { sharesRead, type EngagementShares } from '../heatmaps/engagement-shares.ts';
import { cellsRead, type CellRow } from '../heatmaps/heatmap-cells.ts';
import { isSegmented, readSegmentPageviews, segmentOf } from '../heatmaps/heatmap-segment.ts';
import { binPoints, contentExtent, dwellPoints, MAX_POINTS, placeClicks, placeRests, reachByDepth, type ReferenceLayout, type WeightedPoint } from '../heatmaps/heatmap-points.ts';
import { periodWindows, wholeHours } from '../periods.ts';
import { QUERY_OPTIONS } from '../execute.ts';
import { pageInScope } from '../scope.ts';
import { queryTogether } from '../together.ts';

/** The page as rendered at a reference width: its height and the box of each element by the tracker's selector. */
export type RenderedLayout = Omit<ReferenceLayout, 'width'>;

/** Renders (or finds the cached rendering of) a page at a device's reference width; throws with a readable message
 * when it cannot (no browser, address refused, page down). */
export type LayoutSource = (url: string, device: DeviceType) => Promise<RenderedLayout>;

export interface HeatmapParams extends HeatmapSegment {
  pageId: string;
  period: HeatmapPeriod;
  deviceType: DeviceFilter;
  /** The period ending now (the default) or the one before it. */
  window?: HeatmapWindow;
  /** A click map of dead clicks or of rage bursts' clicks only (raw rows; the route refuses it for the other maps). */
  only?: ClickFilter;
}

/** Which cells each map reads one by one, and which only as totals (evidence size, page height). The engagement map's
 * detail is its shares, read apart. */
const KINDS: Record<HeatmapType, { detail: HeatmapCellKind[]; totals: HeatmapCellKind[] }> = {
  click: { detail: ['click'], totals: ['fold', 'doc'] },
  engagement: { detail: [], totals: ['fold', 'doc', 'click'] },
  scroll: { detail: ['reach'], totals: ['fold', 'doc', 'click'] },
};

/** Pointer rests keep at least this many points however much of the budget the dwell bands take. */
const MIN_REST_POINTS = 1000;

/** Grid the points are summed on before they leave the server, px: finer than either map's radius (25, 50). */
const GRID = { click: 4, engagement: 10 } as const;

export async function heatmap<T extends HeatmapType>(
  context: AnalyticsContext,
  type: T,
  params: HeatmapParams,
  layoutOf: LayoutSource,
): Promise<T extends 'scroll' ? ScrollHeatmapResponse : PointHeatmapResponse>;
export async function heatmap(context: AnalyticsContext, type: HeatmapType, params: HeatmapParams, layoutOf: LayoutSource): Promise<ScrollHeatmapResponse | PointHeatmapResponse> {
  const page = await pageInScope(context.db, context.userId, params.pageId);
  const device = heatmapDevice(params.deviceType);
  const width = REFERENCE_WIDTHS[device];
  const range = wholeHours(periodWindows(params.period, context.now)[params.window ?? 'current']);
  const segment = isSegmented(params) ? segmentOf(params) : undefined;
  const only = type === 'click' ? params.only : undefined;
  const where = { websiteId: page.website_id, pageId: page.id, device, range };
  // A segment's pageviews are read once for the request's statements, and give its fold and doc cells themselves; the
  // engagement map's statement then counts the clicks too, so that map takes one statement after the read.
  const read = segment ? await readSegmentPageviews(context.events, { ...where, range, segment }) : undefined;
  const scope = { ...where, ...(segment ? { segment } : {}), ...(read ? { segmentPageviews: read } : {}) };
  const clicksWithShares = type === 'engagement' && read !== undefined;
  const kinds = clicksWithShares ? { detail: [], totals: KINDS.engagement.totals.filter((kind) => kind !== 'click') } : KINDS[type];
  // The cells, and the engagement map's shares, in one statement; their settled days kept after the first look.
  const cellsOf = cellsRead(context.events, { ...scope, ...kinds, ...(only ? { only } : {}) }, context.now);
  const sharesOf = type === 'engagement' ? sharesRead(context.events, { ...scope, ...(clicksWithShares ? { withClicks: true } : {}) }, context.now) : undefined;
  const results = await queryTogether(context.events, [...cellsOf.statements, ...(sharesOf?.statements ?? [])], QUERY_OPTIONS);
  const [rows, shares] = await Promise.all([cellsOf.cells(results.slice(0, cellsOf.statements.length)), sharesOf?.shares(results.slice(cellsOf.statements.length))]);

  const total = (kind: HeatmapCellKind) => rows.filter((row) => row.kind === kind).reduce((sum, row) => sum + row.value, 0);
  const pageviews = total('fold');
  const clicks = total('click') + (shares?.clicks ?? 0);
  const visitorsHeight = pageviews > 0 ? Math.round(total('doc') / pageviews) : 0;

  // The rendering is needed only to place what there is to show.
  let layout: ReferenceLayout = { width, documentHeight: visitorsHeight, elements: {} };
  let captured: { captured: boolean; message?: string } = { captured: false, message: 'No data to place' };
  if (shares ? shares.readers > 0 : rows.some((row) => KINDS[type].detail.includes(row.kind))) {
    try {
      const rendered = await layoutOf(pageUrl(page.origin, page.domain, page.url_path), device);
      layout = { width, documentHeight: rendered.documentHeight, elements: rendered.elements, outline: rendered.outline, labels: rendered.labels };
      captured = { captured: true };
    } catch (error) {
      captured = { captured: false, message: error instanceof Error ? error.message : 'The page could not be rendered' };
    }
  }
  const content = contentExtent(layout);
  const meta = {
    device,
    content: content ?? null,
    referenceWidth: width,
    documentHeight: layout.documentHeight,
    pageviews,
    clicks,
    layout: captured,
    timeRange: { start: range.start.toISOString(), end: range.end.toISOString() },
    ...(segment ? { segment } : {}),
    ...(only ? { only } : {}),
  };

  if (type === 'scroll') {
    const data = reachByDepth(rows.filter((row) => row.kind === 'reach').map((row) => ({ depth: row.y, delta: row.value })));
    const fold = rows.find((row) => row.kind === 'fold');
    const averageFold = fold && fold.value > 0 ? Math.round((fold.yValue / fold.value) * 10) / 10 : 0;
    return { data: data[0]!.count > 0 ? data : [], meta: { ...meta, maxValue: data[0]!.count, averageFold } };
  }

  const placed = type === 'click' ? placeClicks(clickCells(rows), layout) : undefined;
  // With the rendering's outline the engagement map is per content block; its points are then the pointer rests alone.
  const blocks = shares && blockShares(shares.bands, layout);
  const binned = placed ? binPoints(placed.points, GRID.click, layout) : engagementPoints(shares!, layout, blocks !== undefined);
  return {
    data: binned.map((p) => ({ x: p.x, y: p.y, value: p.value, viewport: { width } })),
    meta: {
      ...meta,
      maxValue: Math.max(binned[0]?.value ?? 0, ...(blocks ?? []).map((block) => block.share)),
      anchoredClicks: placed?.anchored ?? 0,
      ...(shares ? { timedPageviews: shares.readers, ...(blocks ? { blocks } : {}) } : {}),
    },
  };
}

function clickCells(rows: readonly CellRow[]) {
  return rows.filter((row) => row.kind === 'click').map((row) => ({ selector: row.selector, ox: row.ox, oy: row.oy, x: row.x, y: row.y, count: row.value }));
}

/** The average share of a reader's time each band was on screen, as an even grid over the page's content (already one
 * point per cell; none when the blocks carry them), and pointer rests where they were on the content, binned into what
 * is left of the point budget. Hottest first. */
function engagementPoints(shares: EngagementShares, layout: ReferenceLayout, byBlock: boolean): WeightedPoint[] {
  const across = contentExtent(layout);
  const bands = byBlock ? [] : dwellPoints(shares.bands, layout, across);
  const rests = placeRests(shares.rests.map((rest) => ({ viewportWidth: rest.viewportWidth, x: rest.x, yPerMille: rest.yPerMille, value: rest.share })), layout, across);
  const binnedRests = binPoints(rests, GRID.engagement, layout, Math.max(MIN_REST_POINTS, MAX_POINTS - bands.length));
  return [...bands, ...binnedRests].sort((a, b) => b.value - a.value);
}
