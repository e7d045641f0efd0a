// One heatmap tab of page analytics: the click, scroll or engagement map of the page on the chosen device, over the
// page's screenshot, with its legend and the evidence it rests on; loading, failure and empty states of section 8.
// Above the map, the segment selectors (issue 26): a source or browser narrows the map and the element list, and
// Compare draws two maps side by side (stacked on a phone) — this period and the previous one, or two segments — at
// one colour scale, or one map of where the first differs from the second (heatmap/heatmap-difference.ts: each side per
// its own readers, red where the first has more, blue where it has less); the click map's element list then holds both
// sides. Each map downloads as a PNG with its legend and what it is of (heatmap-png-button.tsx), the difference too.
import {
  HEATMAP_STYLES,
  heatmapDevice,
  type ClickFilter,
  type DeviceType,
  type HeatmapPeriod,
  type HeatmapType,
  type PageWithWebsite,
  type PointHeatmapResponse,
  type ScrollHeatmapResponse,
} from '@foldline/contracts';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { PAGE_PERIOD_OPTIONS } from '../../../components/analytics/period-options.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useClickedElements, type GetClickedElementsParams } from '../api/get-clicked-elements.ts';
import { getHeatmapQueryOptions, type GetHeatmapParams } from '../api/get-heatmap.ts';
import {
  DIFFERENCE_GRADIENT,
  differenceFill,
  drawPointDifference,
  drawScrollDifference,
  pointDifference,
  scrollDifference,
  scrollDifferenceEnds,
  sideReaders,
  type ScrollDifferencePoint,
} from '../heatmap/heatmap-difference.ts';
import { drawBlocksUnder } from '../heatmap/block-layer.ts';
import { DEFAULT_GRADIENT, buildPalette, cssGradient, drawPointHeatmap, drawScrollHeatmap, overlayPixelSize, resizeCanvas, type Gradient, type HeatmapStyle } from '../heatmap/render-heatmap.ts';
import { blockDifferenceEnds, blockDifferences, blockDifferenceText, blockFill, blockShareText } from '../lib/engagement-blocks.ts';
import { differenceLegendText, noDifferenceText, type DifferenceWords } from '../lib/heatmap-difference-text.ts';
import { legendLine, pointLegendText, type LegendText } from '../lib/heatmap-legend-text.ts';
import { pngFileName, shownPart, type CaptionInput } from '../lib/heatmap-png.ts';
import { differenceWords, emptySegmentText, mapSides, sharedMax, showsDifference, type HeatmapView, type MapSide } from '../lib/heatmap-view.ts';
import { differenceMarkLines, reachMarkLines } from '../lib/scroll-mark-lines.ts';
import { BlockBoxes, BlockStatus, type BlockTarget } from './block-boxes.tsx';
import { ClickedElements } from './clicked-elements.tsx';
import { HeatmapLegend } from './heatmap-legend.tsx';
import { HeatmapPngButton, type HeatmapPng } from './heatmap-png-button.tsx';
import { HeatmapSegmentControls } from './heatmap-segment-controls.tsx';
import { ScreenshotOverlay, type OverlayView } from './screenshot-overlay.tsx';
import { ScrollMarks } from './scroll-marks.tsx';

const TITLES: Record<HeatmapType, string> = { click: 'Click Heatmap', scroll: 'Scroll Depth Analysis', engagement: 'Engagement Heatmap' };
const EMPTY_TEXTS: Record<HeatmapType, { title: string; description: string }> = {
  click: { title: 'No click heatmap data available', description: 'No clicks on this page were recorded for the selected time range and device.' },
  scroll: { title: 'No scroll depth data available', description: 'No scrolling on this page was recorded for the selected time range and device.' },
  engagement: { title: 'No engagement heatmap data available', description: 'No attention time on this page was recorded for the selected time range and device.' },
};

export interface HeatmapPanelProps {
  type: HeatmapType;
  page: PageWithWebsite;
  period: HeatmapPeriod;
  device: DeviceType;
  /** The segment and comparison, kept by the screen so they hold across the heatmap tabs. */
  view: HeatmapView;
  onViewChange: (view: HeatmapView) => void;
}

interface Scope {
  pageId: string;
  period: HeatmapPeriod;
  deviceType: DeviceType;
}

export function HeatmapPanel({ type, page, period, device, view, onViewChange }: HeatmapPanelProps) {
  // The specification's rule for 'all'; the Device select offers only the three devices today.
  const deviceType = heatmapDevice(device);
  const scope: Scope = { pageId: page.page_id, period, deviceType };
  const sides = mapSides(view);
  // Of two compared maps, the one map of their difference when asked for, with the words its legend names them by.
  const difference = showsDifference(view) && sides.length === 2 ? differenceWords(view) : undefined;
  return (
    <Card title={TITLES[type]} description={`Device: ${deviceType}`}>
      <div className="space-y-5">
        <HeatmapSegmentControls scope={scope} view={view} onChange={onViewChange} />
        {type === 'scroll' ? (
          <ScrollHeatmaps scope={scope} sides={sides} url={page.url} difference={difference} />
        ) : (
          <PointHeatmaps type={type} scope={scope} sides={sides} url={page.url} difference={difference} />
        )}
      </div>
    </Card>
  );
}

/** A side's query: the scope, its segment and, for the previous period, its window. */
function sideQuery<T extends HeatmapType>(type: T, scope: Scope, side: MapSide, only?: ClickFilter): GetHeatmapParams<T> {
  return { type, ...sideScope(scope, side), ...(only ? { only } : {}) };
}

/** The scope of a side's map and element list. */
function sideScope(scope: Scope, side: MapSide): GetClickedElementsParams {
  return { ...scope, ...side.segment, ...(side.window === 'previous' ? { window: 'previous' as const } : {}) };
}

/** Loading and failure of the two maps a difference is made of; `null` once both are there. */
function bothState(queries: readonly UseQueryResult<PointHeatmapResponse | ScrollHeatmapResponse>[], sides: readonly MapSide[]): ReactNode {
  if (queries.some((query) => query.isPending)) return <LoadingState text="Loading heatmap..." />;
  const index = queries.findIndex((query) => query.isError);
  if (index >= 0) {
    return (
      <Alert variant="error">
        Error loading heatmap data ({sides[index]!.caption}): {queries[index]!.error!.message}
      </Alert>
    );
  }
  return null;
}

/** Loading, failure and empty states of one map; `null` when it has something to draw. */
function mapState(type: HeatmapType, query: UseQueryResult<PointHeatmapResponse | ScrollHeatmapResponse>, side: MapSide, compared: boolean): ReactNode {
  if (query.isPending) return <LoadingState text="Loading heatmap..." />;
  if (query.isError) return <Alert variant="error">Error loading heatmap data: {query.error.message}</Alert>;
  if (!hasMap(query.data)) {
    return <EmptyState {...(side.segmented || compared ? emptySegmentText(type, side) : EMPTY_TEXTS[type])} />;
  }
  return null;
}

/** Whether a map has anything to draw: points, or (an engagement map per content block) readers whose time it shows. */
function hasMap(map: PointHeatmapResponse | ScrollHeatmapResponse): boolean {
  const blocks = 'blocks' in map.meta && map.meta.blocks !== undefined && map.meta.blocks.length > 0;
  return (map.data.length > 0 || blocks) && map.meta.maxValue > 0;
}

/** Two maps side by side from 1,024 px, stacked below, each under its caption. */
function SideBySide({ sides, children }: { sides: readonly MapSide[]; children: (side: MapSide, index: number) => ReactNode }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {sides.map((side, index) => (
        <section key={side.key} aria-label={side.caption} data-testid="compared-map" className="min-w-0 space-y-2">
          <h3 className="text-sm font-semibold text-slate-900">{side.caption}</h3>
          {children(side, index)}
        </section>
      ))}
    </div>
  );
}

type Highlight = { selector: string; box: readonly [number, number, number, number] | null } | null;

/** What a map's PNG says it is of besides its legend: the map, the page, the period. */
interface PngScope {
  title: string;
  url: string;
  period: HeatmapPeriod;
}

interface PointHeatmapsProps {
  type: 'click' | 'engagement';
  scope: Scope;
  sides: readonly MapSide[];
  url: string;
  /** Of two compared maps: draw their difference, naming the sides so. */
  difference: DifferenceWords | undefined;
}

function PointHeatmaps({ type, scope, sides, url, difference }: PointHeatmapsProps) {
  // The element list's filter narrows the click map too: its rage or dead clicks alone.
  const [only, setOnly] = useState<ClickFilter | undefined>(undefined);
  const queries = useQueries({ queries: sides.map((side) => getHeatmapQueryOptions(sideQuery(type, scope, side, type === 'click' ? only : undefined))) });
  const first = sides[0]!;
  const second = sides[1];
  const isClick = type === 'click';
  // The click map's element list — of both maps when two are compared — and the element its hovered row outlines.
  const elements = useClickedElements(sideScope(scope, first), isClick);
  const otherElements = useClickedElements(sideScope(scope, second ?? first), isClick && second !== undefined);
  const [highlighted, setHighlighted] = useState<Highlight>(null);
  const list = isClick && (
    <ClickedElements
      elements={elements}
      highlighted={highlighted?.selector ?? null}
      onHighlight={(element) => setHighlighted(element && { selector: element.selector, box: element.box })}
      only={only}
      onOnly={setOnly}
      compared={second ? { elements: otherElements, captions: [first.caption, second.caption] } : undefined}
    />
  );
  const png: PngScope = { title: TITLES[type], url, period: scope.period };

  if (difference && second) {
    return (
      <div className="space-y-4">
        <PointDifferenceMap type={type} url={url} queries={queries} sides={sides} words={difference} highlighted={highlighted} png={png} />
        {list}
      </div>
    );
  }

  if (sides.length === 1) {
    const state = mapState(type, queries[0]!, first, false);
    if (state) return state;
    const heatmap = queries[0]!.data!;
    const legend = pointLegendText(type, heatmap.meta.maxValue, { shared: false, timedPageviews: heatmap.meta.timedPageviews, byBlock: heatmap.meta.blocks !== undefined });
    return (
      <div className="space-y-4">
        <div className="space-y-2">
          <PointLegend type={type} legend={legend} />
          <Evidence type={type} meta={heatmap.meta} />
        </div>
        <PointOverlay
          type={type}
          url={url}
          heatmap={heatmap}
          maxValue={heatmap.meta.maxValue}
          crop={cropOf(heatmap.meta, heatmap.data)}
          label={`${TITLES[type]} over the page`}
          highlighted={highlighted}
          png={png}
          legend={legend}
        />
        {list}
      </div>
    );
  }

  const loaded = queries.map((query) => query.data).filter((data): data is PointHeatmapResponse => data !== undefined && hasMap(data));
  const scale = sharedMax(loaded.map((data) => data.meta.maxValue));
  const crop = unionCrop(loaded.map((data) => cropOf(data.meta, data.data)));
  const anyHasData = queries.some((query, index) => query.data !== undefined && mapState(type, query, sides[index]!, true) === null);
  const legend = pointLegendText(type, scale, { shared: true, byBlock: loaded.some((data) => data.meta.blocks !== undefined) });
  return (
    <div className="space-y-4">
      {loaded.length > 0 && <PointLegend type={type} legend={legend} />}
      <SideBySide sides={sides}>
        {(side, index) => {
          const query = queries[index]!;
          const state = mapState(type, query, side, true);
          if (state) return state;
          const heatmap = query.data!;
          return (
            <>
              <Evidence type={type} meta={heatmap.meta} />
              <PointOverlay
                type={type}
                url={url}
                heatmap={heatmap}
                maxValue={scale}
                crop={crop}
                label={`${TITLES[type]} over the page: ${side.caption}`}
                highlighted={highlighted}
                png={png}
                side={side.caption}
                legend={legend}
              />
            </>
          );
        }}
      </SideBySide>
      {anyHasData && list}
    </div>
  );
}

function PointLegend({ type, legend }: { type: 'click' | 'engagement'; legend: LegendText }) {
  const style: HeatmapStyle = HEATMAP_STYLES[type];
  return (
    <div className="space-y-1">
      <HeatmapLegend caption={legend.caption} gradient={cssGradient(style.gradient ?? DEFAULT_GRADIENT)} low={legend.low} high={legend.high} />
      {legend.note && <p className="text-xs text-slate-500">{legend.note}</p>}
    </div>
  );
}

/** 'Based on 12 pageviews and 30 clicks, …' or, for engagement, '…, 10 of them with time measured'. */
function evidenceText(type: 'click' | 'engagement', meta: PointHeatmapResponse['meta']): string {
  if (type === 'engagement') {
    const timed = meta.timedPageviews;
    return `Based on ${count(meta.pageviews, 'pageview')}${timed !== undefined ? `, ${formatNumber(timed)} of them with time measured` : ''}.`;
  }
  const anchored = meta.layout.captured && meta.clicks > 0 ? `, ${formatNumber(meta.anchoredClicks)} of them placed on the element that was clicked` : '';
  return `Based on ${count(meta.pageviews, 'pageview')} and ${count(meta.clicks, 'click')}${anchored}.`;
}

function Evidence({ type, meta }: { type: 'click' | 'engagement'; meta: PointHeatmapResponse['meta'] }) {
  const isClick = type === 'click';
  return (
    <>
      <p className="text-sm text-slate-600">{evidenceText(type, meta)}</p>
      {isClick && !meta.layout.captured && (
        <p className="text-xs text-slate-500">
          Clicks are placed by scaled coordinates because the page could not be rendered{meta.layout.message ? ` (${meta.layout.message})` : ''}.
        </p>
      )}
    </>
  );
}

/** The caption of a map's PNG. */
function pngCaption(png: PngScope, meta: PointHeatmapResponse['meta'] | ScrollHeatmapResponse['meta'], legend: LegendText, evidence: string, side?: string): CaptionInput {
  return {
    title: png.title,
    side,
    pageUrl: png.url,
    device: meta.device,
    referenceWidth: meta.referenceWidth,
    periodLabel: PAGE_PERIOD_OPTIONS.find((option) => option.value === png.period)?.label ?? png.period,
    timeRange: meta.timeRange,
    legend: legendLine(legend),
    note: legend.note,
    evidence,
  };
}

/** The overlay's last drawn view, kept for the PNG, and whether there is one: `draw` wrapped to record it. */
function useDrawnView(draw: (canvas: HTMLCanvasElement, view: OverlayView) => void) {
  const view = useRef<OverlayView | null>(null);
  const [ready, setReady] = useState(false);
  const recorded = useCallback(
    (canvas: HTMLCanvasElement, next: OverlayView) => {
      draw(canvas, next);
      view.current = next;
      setReady(true);
    },
    [draw],
  );
  const current = useCallback(() => view.current, []);
  return { recorded, current, ready };
}

interface PointOverlayProps {
  type: 'click' | 'engagement';
  url: string;
  heatmap: PointHeatmapResponse;
  /** The top of the colour scale: the map's own, or the larger of two compared maps'. */
  maxValue: number;
  crop: { x: number; width: number } | undefined;
  label: string;
  highlighted: Highlight;
  png: PngScope;
  /** The compared map's caption. */
  side?: string;
  legend: LegendText;
}

/** Pointer rests over shaded blocks: drawn lighter than the specification's engagement field (whose least opacity
 * would lay a veil over every block a pointer crossed, seen on the demo's article), so a block's colour still reads
 * beneath and only where pointers gathered stands out. */
const OVER_BLOCKS = (style: HeatmapStyle): HeatmapStyle => ({ ...style, minOpacity: 0, maxOpacity: Math.min(style.maxOpacity, 0.5) });

function PointOverlay({ type, url, heatmap, maxValue, crop, label, highlighted, png, side, legend }: PointOverlayProps) {
  const { data, meta } = heatmap;
  const style: HeatmapStyle = HEATMAP_STYLES[type];
  // An engagement map per content block: each block's box shaded by its share, on the map's colour scale, under the
  // pointer rests' field (the points).
  const blocks = meta.blocks;
  const shaded = useMemo(() => {
    if (!blocks) return undefined;
    const palette = buildPalette(style.gradient ?? DEFAULT_GRADIENT);
    return blocks.map((block) => ({ box: block.box, fill: blockFill(block.share, maxValue, palette) }));
  }, [blocks, maxValue, style]);
  const targets = useMemo<BlockTarget[] | undefined>(() => blocks?.map((block) => ({ box: block.box, label: blockShareText(block) })), [blocks]);
  const draw = useCallback(
    (canvas: HTMLCanvasElement, view: OverlayView) => {
      resizeCanvas(canvas, overlayPixelSize(view.cssWidth, view.cssHeight, view.devicePixelRatio, { radius: style.radius, sourceWidth: view.referenceWidth }));
      drawPointHeatmap(canvas, { points: data, maxValue, sourceWidth: meta.referenceWidth }, shaded ? OVER_BLOCKS(style) : style);
      if (shaded) drawBlocksUnder(canvas, shaded, meta.referenceWidth);
    },
    [data, maxValue, meta.referenceWidth, style, shaded],
  );
  return (
    <MapFrame
      url={url}
      meta={meta}
      draw={draw}
      crop={crop}
      label={label}
      highlighted={highlighted}
      side={side}
      gradient={style.gradient ?? DEFAULT_GRADIENT}
      caption={pngCaption(png, meta, legend, evidenceText(type, meta), side)}
      fileName={pngFileName(type, meta.device, png.period, url)}
      blocks={targets}
    />
  );
}

interface MapFrameProps {
  url: string;
  meta: Pick<PointHeatmapResponse['meta'], 'device' | 'referenceWidth'>;
  draw: (canvas: HTMLCanvasElement, view: OverlayView) => void;
  /** The part of the page's width shown; the whole width without one (a scroll map). */
  crop: { x: number; width: number } | undefined;
  label: string;
  /** The element outlined over the map (a point map's). */
  highlighted?: Highlight;
  /** A compared map's caption, or the difference's. */
  side?: string | undefined;
  gradient: Gradient;
  caption: CaptionInput;
  fileName: string;
  /** The scroll map's marks, on screen and in the PNG. */
  scroll?: HeatmapPng['scroll'];
  /** An engagement map's content blocks, each saying its figure when pointed at. */
  blocks?: readonly BlockTarget[] | undefined;
}

/** One drawn map over its screenshot, with Download PNG of exactly what it shows and the outline of a hovered element. */
function MapFrame({ url, meta, draw, crop, label, highlighted, side, gradient, caption, fileName, scroll, blocks }: MapFrameProps) {
  const drawn = useDrawnView(draw);
  const [activeBlock, setActiveBlock] = useState<number | null>(null);
  // The frame and the PNG show the same part of the page.
  const shown = shownPart(crop, meta.referenceWidth);
  const image: HeatmapPng = { url, device: meta.device, shown, draw, gradient, caption, fileName, ...(scroll ? { scroll } : {}) };
  return (
    <div className="space-y-2">
      <HeatmapPngButton png={image} view={drawn.current} ready={drawn.ready} label={side ? `Download PNG: ${side}` : undefined} />
      {blocks && <BlockStatus blocks={blocks} active={activeBlock} />}
      <ScreenshotOverlay url={url} device={meta.device} label={label} draw={drawn.recorded} crop={crop && shown}>
        {(geometry) => (
          <>
            {scroll && <ScrollMarks lines={scroll.lines} averageFold={scroll.averageFold} geometry={geometry} />}
            {blocks && <BlockBoxes blocks={blocks} geometry={geometry} active={activeBlock} onActive={setActiveBlock} />}
            {highlighted?.box && (
              <div
                data-testid="element-outline"
                className="pointer-events-none absolute rounded-sm border-2 border-indigo-600 shadow-[0_0_0_2px_rgb(255_255_255/0.8)]"
                style={{
                  left: `${(100 * highlighted.box[0]) / geometry.referenceWidth}%`,
                  top: `${(100 * highlighted.box[1]) / geometry.imageHeight}%`,
                  width: `${(100 * highlighted.box[2]) / geometry.referenceWidth}%`,
                  height: `${(100 * highlighted.box[3]) / geometry.imageHeight}%`,
                }}
              />
            )}
          </>
        )}
      </ScreenshotOverlay>
    </div>
  );
}

/** The legend of a difference: a blue-to-red bar, then what red and what blue mean in words, and how each side is
 * counted. The sentences go under the bar, not beside it, so they stay readable on a phone. */
function DifferenceLegend({ legend }: { legend: LegendText }) {
  const swatch = (color: string) => <span className="mt-0.5 inline-block size-3 shrink-0 rounded-sm" style={{ backgroundColor: color }} aria-hidden="true" />;
  return (
    <div className="space-y-1 text-xs text-slate-600" data-testid="difference-legend">
      <HeatmapLegend caption={legend.caption} gradient={cssGradient(DIFFERENCE_GRADIENT)} low="Fewer" high="More" />
      <p className="flex gap-2">
        {swatch(DIFFERENCE_GRADIENT[1]!)}
        <span>{legend.high}</span>
      </p>
      <p className="flex gap-2">
        {swatch(DIFFERENCE_GRADIENT[0]!)}
        <span>{legend.low}</span>
      </p>
      {legend.note && <p className="text-slate-500">{legend.note}</p>}
    </div>
  );
}

/** What a difference is of: both maps' captions, as its heading and its PNG's. */
const differenceCaption = (sides: readonly MapSide[]) => `${sides[0]!.caption} against ${sides[1]!.caption}`;

/** A map's PNG file name with '-difference' before its extension. */
const differenceFileName = (name: string) => name.replace(/\.png$/, '-difference.png');

interface PointDifferenceMapProps {
  type: 'click' | 'engagement';
  url: string;
  queries: readonly UseQueryResult<PointHeatmapResponse>[];
  sides: readonly MapSide[];
  words: DifferenceWords;
  highlighted: Highlight;
  png: PngScope;
}

/** One map of where the first compared click or engagement map differs from the second, each per its own readers. */
function PointDifferenceMap({ type, url, queries, sides, words, highlighted, png }: PointDifferenceMapProps) {
  const [first, second] = [queries[0]!.data, queries[1]!.data];
  // Engagement maps per content block: each block's difference shaded in its box, the pointer rests' difference over
  // them, one symmetric scale for both.
  const blocks = useMemo(() => blockDifferences(first?.meta.blocks, second?.meta.blocks), [first, second]);
  const grid = useMemo(() => {
    const rests = first && second ? pointDifference(type, first, second) : null;
    if (!rests || !blocks) return rests;
    const ends = blockDifferenceEnds(blocks);
    return { ...rests, most: Math.max(rests.most, ends.most), fewest: Math.max(rests.fewest, ends.fewest) };
  }, [type, first, second, blocks]);
  const draw = useCallback(
    (canvas: HTMLCanvasElement, view: OverlayView) => {
      resizeCanvas(canvas, overlayPixelSize(view.cssWidth, view.cssHeight, view.devicePixelRatio));
      if (!grid) return;
      drawPointDifference(canvas, grid, view.referenceWidth);
      if (blocks) drawBlocksUnder(canvas, blocks.map((block) => ({ box: block.box, fill: differenceFill(block.difference, grid) })), view.referenceWidth);
    },
    [grid, blocks],
  );
  const targets = useMemo<BlockTarget[] | undefined>(() => blocks?.map((block) => ({ box: block.box, label: blockDifferenceText(block, words) })), [blocks, words]);
  const state = bothState(queries, sides);
  if (state) return state;
  const heading = differenceCaption(sides);
  if (!grid) {
    const empty = sides[sideReaders(type, first!.meta) > 0 ? 1 : 0]!;
    return <EmptyState {...noDifferenceText(type, empty.caption)} />;
  }
  const legend = differenceLegendText(type, grid, words);
  const evidence = sides.map((side, index) => `${side.caption}: ${evidenceText(type, queries[index]!.data!.meta)}`).join(' ');
  const meta = first!.meta;
  const crop = unionCrop([cropOf(first!.meta, first!.data), cropOf(second!.meta, second!.data)]);
  return (
    <section aria-label={`Difference: ${heading}`} data-testid="difference-map" className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">Difference: {heading}</h3>
      <DifferenceLegend legend={legend} />
      <p className="text-sm text-slate-600">{evidence}</p>
      <MapFrame
        url={url}
        meta={meta}
        draw={draw}
        crop={crop}
        label={`${TITLES[type]} difference over the page`}
        highlighted={highlighted}
        side={`Difference: ${heading}`}
        gradient={DIFFERENCE_GRADIENT}
        caption={pngCaption(png, meta, legend, evidence, `Difference: ${heading}`)}
        fileName={differenceFileName(pngFileName(type, meta.device, png.period, url))}
        blocks={targets}
      />
    </section>
  );
}

const SCROLL_LEGEND: Record<'one' | 'shared', LegendText> = {
  one: { caption: 'Share of visitors reaching each depth', low: '0%', high: '100%' },
  shared: { caption: 'Share of each map’s visitors reaching each depth', low: '0%', high: '100%' },
};

interface ScrollHeatmapsProps {
  scope: Scope;
  sides: readonly MapSide[];
  url: string;
  /** Of two compared maps: draw their difference, naming the sides so. */
  difference: DifferenceWords | undefined;
}

function ScrollHeatmaps({ scope, sides, url, difference }: ScrollHeatmapsProps) {
  const queries = useQueries({ queries: sides.map((side) => getHeatmapQueryOptions(sideQuery('scroll', scope, side))) });
  const style: HeatmapStyle = HEATMAP_STYLES.scroll;
  const png: PngScope = { title: TITLES.scroll, url, period: scope.period };
  const legend = (shared: boolean) => {
    const text = SCROLL_LEGEND[shared ? 'shared' : 'one'];
    return <HeatmapLegend caption={text.caption} gradient={cssGradient(style.gradient ?? DEFAULT_GRADIENT)} low={text.low} high={text.high} />;
  };
  if (difference && sides.length === 2) return <ScrollDifferenceMap url={url} queries={queries} sides={sides} words={difference} png={png} />;
  if (sides.length === 1) {
    const state = mapState('scroll', queries[0]!, sides[0]!, false);
    if (state) return state;
    const heatmap = queries[0]!.data!;
    return (
      <div className="space-y-4">
        <div className="space-y-2">
          {legend(false)}
          <p className="text-sm text-slate-600">Based on {count(heatmap.meta.pageviews, 'pageview')}.</p>
        </div>
        <ScrollOverlay url={url} heatmap={heatmap} label={`${TITLES.scroll} over the page`} png={png} legend={SCROLL_LEGEND.one} />
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {legend(true)}
      <SideBySide sides={sides}>
        {(side, index) => {
          const query = queries[index]!;
          const state = mapState('scroll', query, side, true);
          if (state) return state;
          const heatmap = query.data!;
          return (
            <>
              <p className="text-sm text-slate-600">Based on {count(heatmap.meta.pageviews, 'pageview')}.</p>
              <ScrollOverlay url={url} heatmap={heatmap} label={`${TITLES.scroll} over the page: ${side.caption}`} png={png} side={side.caption} legend={SCROLL_LEGEND.shared} />
            </>
          );
        }}
      </SideBySide>
    </div>
  );
}

function ScrollOverlay({ url, heatmap, label, png, side, legend }: { url: string; heatmap: ScrollHeatmapResponse; label: string; png: PngScope; side?: string; legend: LegendText }) {
  const { data, meta } = heatmap;
  const style: HeatmapStyle = HEATMAP_STYLES.scroll;
  const draw = useCallback(
    (canvas: HTMLCanvasElement, view: OverlayView) => {
      // The band only changes down the page: one column of pixels, stretched across the image, draws it exactly.
      resizeCanvas(canvas, overlayPixelSize(1, view.cssHeight, view.devicePixelRatio));
      drawScrollHeatmap(canvas, { points: data, maxValue: meta.maxValue, pageHeight: view.pageHeight, imageHeight: view.imageHeight }, style);
    },
    [data, meta.maxValue, style],
  );
  const scroll = useMemo(() => ({ lines: reachMarkLines(data, meta.maxValue), averageFold: meta.averageFold }), [data, meta.maxValue, meta.averageFold]);
  return (
    <MapFrame
      url={url}
      meta={meta}
      draw={draw}
      crop={undefined}
      label={label}
      side={side}
      gradient={style.gradient ?? DEFAULT_GRADIENT}
      caption={pngCaption(png, meta, legend, `Based on ${count(meta.pageviews, 'pageview')}.`, side)}
      fileName={pngFileName('scroll', meta.device, png.period, url)}
      scroll={scroll}
    />
  );
}

interface ScrollDifferenceMapProps {
  url: string;
  queries: readonly UseQueryResult<ScrollHeatmapResponse>[];
  sides: readonly MapSide[];
  words: DifferenceWords;
  png: PngScope;
}

/** One band of where the share of readers reaching each depth differs between the two compared maps. */
function ScrollDifferenceMap({ url, queries, sides, words, png }: ScrollDifferenceMapProps) {
  const [first, second] = [queries[0]!.data, queries[1]!.data];
  const points = useMemo<ScrollDifferencePoint[] | null>(() => (first && second ? scrollDifference(first, second) : null), [first, second]);
  const draw = useCallback(
    (canvas: HTMLCanvasElement, view: OverlayView) => {
      resizeCanvas(canvas, overlayPixelSize(1, view.cssHeight, view.devicePixelRatio));
      if (points) drawScrollDifference(canvas, points, { pageHeight: view.pageHeight, imageHeight: view.imageHeight });
    },
    [points],
  );
  // The fold is the device's, alike on both sides: the first map's is drawn.
  const scroll = useMemo(() => (points && first ? { lines: differenceMarkLines(points), averageFold: first.meta.averageFold } : undefined), [points, first]);
  const state = bothState(queries, sides);
  if (state) return state;
  const heading = differenceCaption(sides);
  if (!points || !scroll) {
    const empty = sides[first!.meta.maxValue > 0 ? 1 : 0]!;
    return <EmptyState {...noDifferenceText('scroll', empty.caption)} />;
  }
  const legend = differenceLegendText('scroll', scrollDifferenceEnds(points), words);
  const evidence = sides.map((side, index) => `${side.caption}: based on ${count(queries[index]!.data!.meta.pageviews, 'pageview')}.`).join(' ');
  const meta = first!.meta;
  return (
    <section aria-label={`Difference: ${heading}`} data-testid="difference-map" className="space-y-4">
      <div className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-900">Difference: {heading}</h3>
        <DifferenceLegend legend={legend} />
        <p className="text-sm text-slate-600">{evidence}</p>
      </div>
      <MapFrame
        url={url}
        meta={meta}
        draw={draw}
        crop={undefined}
        label={`${TITLES.scroll} difference over the page`}
        side={`Difference: ${heading}`}
        gradient={DIFFERENCE_GRADIENT}
        caption={pngCaption(png, meta, legend, evidence, `Difference: ${heading}`)}
        fileName={differenceFileName(pngFileName('scroll', meta.device, png.period, url))}
        scroll={scroll}
      />
    </section>
  );
}

/** Margin kept around the content and the map's points when the screenshot is cropped to them, px. */
const CROP_MARGIN = 24;

/** The part of the page's width a point map shows: the page's content columns and every point drawn, with a margin;
 * the whole width when the content is not known. */
function cropOf(meta: PointHeatmapResponse['meta'], points: PointHeatmapResponse['data']): { x: number; width: number } | undefined {
  if (!meta.content) return undefined;
  const xs = points.map((point) => point.x);
  const left = Math.max(0, Math.min(meta.content.x, ...xs) - CROP_MARGIN);
  const right = Math.min(meta.referenceWidth, Math.max(meta.content.x + meta.content.width, ...xs) + CROP_MARGIN);
  return { x: left, width: right - left };
}

/** Compared maps show the same part of the page: the union of their crops, the whole width if either has none. */
function unionCrop(crops: readonly ({ x: number; width: number } | undefined)[]): { x: number; width: number } | undefined {
  if (crops.length === 0 || crops.some((crop) => !crop)) return undefined;
  const left = Math.min(...crops.map((crop) => crop!.x));
  const right = Math.max(...crops.map((crop) => crop!.x + crop!.width));
  return { x: left, width: right - left };
}

/** '1 pageview', '1,234 pageviews'. */
function count(value: number, noun: string): string {
  return `${formatNumber(value)} ${value === 1 ? noun : `${noun}s`}`;
}
