// One heatmap tab of page analytics: the click, scroll or engagement map of the page on the chosen device, over the
// page's screenshot, with its legend and the evidence it rests on; loading, failure and empty states of section 8.
import {
  HEATMAP_STYLES,
  heatmapDevice,
  type DeviceType,
  type HeatmapPeriod,
  type HeatmapType,
  type PageWithWebsite,
  type PointHeatmapResponse,
  type ScrollHeatmapResponse,
} from '@foldline/contracts';
import { useCallback, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { formatDurationMs, formatNumber } from '../../../lib/format.ts';
import { useClickedElements } from '../api/get-clicked-elements.ts';
import { useHeatmap } from '../api/get-heatmap.ts';
import { ClickedElements } from './clicked-elements.tsx';
import { DEFAULT_GRADIENT, cssGradient, drawPointHeatmap, drawScrollHeatmap, overlayPixelSize, resizeCanvas, type HeatmapStyle } from '../heatmap/render-heatmap.ts';
import { HeatmapLegend } from './heatmap-legend.tsx';
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
}

export function HeatmapPanel({ type, page, period, device }: HeatmapPanelProps) {
  // The specification's rule for 'all'; the Device select offers only the three devices today.
  const deviceType = heatmapDevice(device);
  const query = { pageId: page.page_id, period, deviceType };
  return (
    <Card title={TITLES[type]} description={`Device: ${deviceType}`}>
      {type === 'scroll' ? <ScrollHeatmap {...query} url={page.url} /> : <PointHeatmap {...query} type={type} url={page.url} />}
    </Card>
  );
}

interface MapProps {
  pageId: string;
  url: string;
  period: HeatmapPeriod;
  deviceType: DeviceType;
}

function PointHeatmap({ type, url, ...query }: MapProps & { type: 'click' | 'engagement' }) {
  const heatmap = useHeatmap({ type, ...query });
  if (heatmap.isPending) return <LoadingState text="Loading heatmap..." />;
  if (heatmap.isError) return <Alert variant="error">Error loading heatmap data: {heatmap.error.message}</Alert>;
  if (heatmap.data.data.length === 0 || heatmap.data.meta.maxValue <= 0) return <EmptyState {...EMPTY_TEXTS[type]} />;
  return <PointHeatmapView type={type} url={url} device={query.deviceType} heatmap={heatmap.data} query={query} />;
}

function PointHeatmapView({ type, url, device, heatmap, query }: { type: 'click' | 'engagement'; url: string; device: DeviceType; heatmap: PointHeatmapResponse; query: Omit<MapProps, 'url'> }) {
  const { data, meta } = heatmap;
  // The click map's element list, and the element its hovered row outlines on the map.
  const elements = useClickedElements({ ...query, deviceType: device }, type === 'click');
  const [highlighted, setHighlighted] = useState<{ selector: string; box: readonly [number, number, number, number] | null } | null>(null);
  const style: HeatmapStyle = HEATMAP_STYLES[type];
  const draw = useCallback(
    (canvas: HTMLCanvasElement, view: OverlayView) => {
      resizeCanvas(canvas, overlayPixelSize(view.cssWidth, view.cssHeight, view.devicePixelRatio, { radius: style.radius, sourceWidth: view.referenceWidth }));
      drawPointHeatmap(canvas, { points: data, maxValue: meta.maxValue, sourceWidth: meta.referenceWidth }, style);
    },
    [data, meta.maxValue, meta.referenceWidth, style],
  );
  const isClick = type === 'click';
  return (
    <div className="space-y-4">
      <div className="space-y-2">
        <HeatmapLegend
          caption={isClick ? 'Clicks' : 'Attention time'}
          gradient={cssGradient(style.gradient ?? DEFAULT_GRADIENT)}
          low={isClick ? 'Fewer' : 'Less'}
          high={
            isClick
              ? `More (up to ${count(meta.maxValue, 'click')} in one spot)`
              : `More (up to ${formatDurationMs(meta.maxValue)} in one spot, every reader's time added up)`
          }
        />
        <p className="text-sm text-slate-600">
          Based on {count(meta.pageviews, 'pageview')}
          {isClick && (
            <>
              {' '}
              and {count(meta.clicks, 'click')}
              {meta.layout.captured && meta.clicks > 0 && <>, {formatNumber(meta.anchoredClicks)} of them placed on the element that was clicked</>}
            </>
          )}
          .
        </p>
        {isClick && !meta.layout.captured && (
          <p className="text-xs text-slate-500">
            Clicks are placed by scaled coordinates because the page could not be rendered{meta.layout.message ? ` (${meta.layout.message})` : ''}.
          </p>
        )}
      </div>
      <ScreenshotOverlay url={url} device={device} label={`${TITLES[type]} over the page`} draw={draw} crop={cropOf(meta, data)}>
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
      {isClick && <ClickedElements elements={elements} highlighted={highlighted?.selector ?? null} onHighlight={(element) => setHighlighted(element && { selector: element.selector, box: element.box })} />}
    </div>
  );
}

function ScrollHeatmap({ url, ...query }: MapProps) {
  const heatmap = useHeatmap({ type: 'scroll', ...query });
  if (heatmap.isPending) return <LoadingState text="Loading heatmap..." />;
  if (heatmap.isError) return <Alert variant="error">Error loading heatmap data: {heatmap.error.message}</Alert>;
  if (heatmap.data.data.length === 0 || heatmap.data.meta.maxValue <= 0) return <EmptyState {...EMPTY_TEXTS.scroll} />;
  return <ScrollHeatmapView url={url} device={query.deviceType} heatmap={heatmap.data} />;
}

function ScrollHeatmapView({ url, device, heatmap }: { url: string; device: DeviceType; heatmap: ScrollHeatmapResponse }) {
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
  return (
    <div className="space-y-4">
      <div className="space-y-2">
        <HeatmapLegend caption="Share of visitors reaching each depth" gradient={cssGradient(style.gradient ?? DEFAULT_GRADIENT)} low="0%" high="100%" />
        <p className="text-sm text-slate-600">Based on {count(meta.pageviews, 'pageview')}.</p>
      </div>
      <ScreenshotOverlay url={url} device={device} label={`${TITLES.scroll} over the page`} draw={draw}>
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

/** '1 pageview', '1,234 pageviews'. */
function count(value: number, noun: string): string {
  return `${formatNumber(value)} ${value === 1 ? noun : `${noun}s`}`;
}
