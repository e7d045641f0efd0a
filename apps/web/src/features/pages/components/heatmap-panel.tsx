// One heatmap tab of page analytics: the click, scroll or engagement map of the page on the chosen device, over the
// page's screenshot, with its legend and the evidence it rests on; loading, failure and empty states of section 8.
// Above the map, the segment selectors (issue 26): a source or browser narrows the map and the element list, and
// Compare draws two maps side by side (stacked on a phone) — this period and the previous one, or two segments — at
// one colour scale. Each map downloads as a PNG with its legend and what it is of (heatmap-png-button.tsx).
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
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { PAGE_PERIOD_OPTIONS } from '../../../components/analytics/period-options.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useClickedElements } from '../api/get-clicked-elements.ts';
import { getHeatmapQueryOptions, type GetHeatmapParams } from '../api/get-heatmap.ts';
import { DEFAULT_GRADIENT, cssGradient, drawPointHeatmap, drawScrollHeatmap, overlayPixelSize, resizeCanvas, type HeatmapStyle } from '../heatmap/render-heatmap.ts';
import { legendLine, pointLegendText, type LegendText } from '../lib/heatmap-legend-text.ts';
import { pngFileName, shownPart, type CaptionInput } from '../lib/heatmap-png.ts';
import { emptySegmentText, mapSides, sharedMax, type HeatmapView, type MapSide } from '../lib/heatmap-view.ts';
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
  return (
    <Card title={TITLES[type]} description={`Device: ${deviceType}`}>
      <div className="space-y-5">
        <HeatmapSegmentControls scope={scope} view={view} onChange={onViewChange} />
        {type === 'scroll' ? <ScrollHeatmaps scope={scope} sides={sides} url={page.url} /> : <PointHeatmaps type={type} scope={scope} sides={sides} url={page.url} />}
      </div>
    </Card>
  );
}

/** A side's query: the scope, its segment and, for the previous period, its window. */
function sideQuery<T extends HeatmapType>(type: T, scope: Scope, side: MapSide, only?: ClickFilter): GetHeatmapParams<T> {
  return { type, ...scope, ...side.segment, ...(side.window === 'previous' ? { window: 'previous' as const } : {}), ...(only ? { only } : {}) };
}

/** Loading, failure and empty states of one map; `null` when it has something to draw. */
function mapState(type: HeatmapType, query: UseQueryResult<PointHeatmapResponse | ScrollHeatmapResponse>, side: MapSide, compared: boolean): ReactNode {
  if (query.isPending) return <LoadingState text="Loading heatmap..." />;
  if (query.isError) return <Alert variant="error">Error loading heatmap data: {query.error.message}</Alert>;
  if (query.data.data.length === 0 || query.data.meta.maxValue <= 0) {
    return <EmptyState {...(side.segmented || compared ? emptySegmentText(type, side) : EMPTY_TEXTS[type])} />;
  }
  return null;
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

function PointHeatmaps({ type, scope, sides, url }: { type: 'click' | 'engagement'; scope: Scope; sides: readonly MapSide[]; url: string }) {
  // The element list's filter narrows the click map too: its rage or dead clicks alone.
  const [only, setOnly] = useState<ClickFilter | undefined>(undefined);
  const queries = useQueries({ queries: sides.map((side) => getHeatmapQueryOptions(sideQuery(type, scope, side, type === 'click' ? only : undefined))) });
  const first = sides[0]!;
  // The click map's element list (of the first map when two are compared), and the element its hovered row outlines.
  const elements = useClickedElements({ ...scope, ...first.segment, ...(first.window === 'previous' ? { window: 'previous' as const } : {}) }, type === 'click');
  const [highlighted, setHighlighted] = useState<Highlight>(null);
  const isClick = type === 'click';
  const list = isClick && (
    <ClickedElements
      elements={elements}
      highlighted={highlighted?.selector ?? null}
      onHighlight={(element) => setHighlighted(element && { selector: element.selector, box: element.box })}
      only={only}
      onOnly={setOnly}
    />
  );
  const png: PngScope = { title: TITLES[type], url, period: scope.period };

  if (sides.length === 1) {
    const state = mapState(type, queries[0]!, first, false);
    if (state) return state;
    const heatmap = queries[0]!.data!;
    const legend = pointLegendText(type, heatmap.meta.maxValue, { shared: false, timedPageviews: heatmap.meta.timedPageviews });
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

  const loaded = queries.map((query) => query.data).filter((data): data is PointHeatmapResponse => data !== undefined && data.meta.maxValue > 0);
  const scale = sharedMax(loaded.map((data) => data.meta.maxValue));
  const crop = unionCrop(loaded.map((data) => cropOf(data.meta, data.data)));
  const firstHasData = queries[0]!.data !== undefined && mapState(type, queries[0]!, first, true) === null;
  const legend = pointLegendText(type, scale, { shared: true });
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
                highlighted={index === 0 ? highlighted : null}
                png={png}
                side={side.caption}
                legend={legend}
              />
            </>
          );
        }}
      </SideBySide>
      {firstHasData && list && (
        <div className="space-y-1">
          <p className="text-xs text-slate-500">The element list is of the first map ({first.caption}).</p>
          {list}
        </div>
      )}
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

function PointOverlay({ type, url, heatmap, maxValue, crop, label, highlighted, png, side, legend }: PointOverlayProps) {
  const { data, meta } = heatmap;
  const style: HeatmapStyle = HEATMAP_STYLES[type];
  const draw = useCallback(
    (canvas: HTMLCanvasElement, view: OverlayView) => {
      resizeCanvas(canvas, overlayPixelSize(view.cssWidth, view.cssHeight, view.devicePixelRatio, { radius: style.radius, sourceWidth: view.referenceWidth }));
      drawPointHeatmap(canvas, { points: data, maxValue, sourceWidth: meta.referenceWidth }, style);
    },
    [data, maxValue, meta.referenceWidth, style],
  );
  const drawn = useDrawnView(draw);
  // The frame and the PNG show the same part of the page.
  const shown = shownPart(crop, meta.referenceWidth);
  const image: HeatmapPng = {
    url,
    device: meta.device,
    shown,
    draw,
    gradient: style.gradient ?? DEFAULT_GRADIENT,
    caption: pngCaption(png, meta, legend, evidenceText(type, meta), side),
    fileName: pngFileName(type, meta.device, png.period, url),
  };
  return (
    <div className="space-y-2">
      <HeatmapPngButton png={image} view={drawn.current} ready={drawn.ready} label={side ? `Download PNG: ${side}` : undefined} />
      <ScreenshotOverlay url={url} device={meta.device} label={label} draw={drawn.recorded} crop={shown}>
        {(geometry) =>
          highlighted?.box && (
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
          )
        }
      </ScreenshotOverlay>
    </div>
  );
}

const SCROLL_LEGEND: Record<'one' | 'shared', LegendText> = {
  one: { caption: 'Share of visitors reaching each depth', low: '0%', high: '100%' },
  shared: { caption: 'Share of each map’s visitors reaching each depth', low: '0%', high: '100%' },
};

function ScrollHeatmaps({ scope, sides, url }: { scope: Scope; sides: readonly MapSide[]; url: string }) {
  const queries = useQueries({ queries: sides.map((side) => getHeatmapQueryOptions(sideQuery('scroll', scope, side))) });
  const style: HeatmapStyle = HEATMAP_STYLES.scroll;
  const png: PngScope = { title: TITLES.scroll, url, period: scope.period };
  const legend = (shared: boolean) => {
    const text = SCROLL_LEGEND[shared ? 'shared' : 'one'];
    return <HeatmapLegend caption={text.caption} gradient={cssGradient(style.gradient ?? DEFAULT_GRADIENT)} low={text.low} high={text.high} />;
  };
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
  const drawn = useDrawnView(draw);
  const image: HeatmapPng = {
    url,
    device: meta.device,
    shown: { x: 0, width: meta.referenceWidth },
    draw,
    scroll: { points: data, maxValue: meta.maxValue, averageFold: meta.averageFold },
    gradient: style.gradient ?? DEFAULT_GRADIENT,
    caption: pngCaption(png, meta, legend, `Based on ${count(meta.pageviews, 'pageview')}.`, side),
    fileName: pngFileName('scroll', meta.device, png.period, url),
  };
  return (
    <div className="space-y-2">
      <HeatmapPngButton png={image} view={drawn.current} ready={drawn.ready} label={side ? `Download PNG: ${side}` : undefined} />
      <ScreenshotOverlay url={url} device={meta.device} label={label} draw={drawn.recorded}>
        {(geometry) => <ScrollMarks points={data} maxValue={meta.maxValue} averageFold={meta.averageFold} geometry={geometry} />}
      </ScreenshotOverlay>
    </div>
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
