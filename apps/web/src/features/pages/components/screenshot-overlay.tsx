// A page screenshot with a heatmap drawn over it: loads the image through the API (an object URL, released when the
// image changes or the screen is left), draws the overlay about 300 ms after the image loads and again whenever the
// image's displayed size or the data change, and shows the failure with 'Retry' — or, for a website whose tracking
// code Foldline has not seen yet, why there is no screenshot and what to do.
import { HEATMAP_DRAW_DELAY_MS, REFERENCE_WIDTHS, type DeviceType } from '@foldline/contracts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { awaitsTrackingCode, useRefreshScreenshot, useScreenshot, type Screenshot } from '../api/get-screenshot.ts';
import { imageLayoutHeight, pageLayoutHeight } from '../heatmap/heatmap-geometry.ts';

/** Where the page sits in the image, in layout pixels of the reference width. */
export interface ScreenshotGeometry {
  referenceWidth: number;
  /** Layout pixels the image covers from top to bottom. */
  imageHeight: number;
  /** The whole page's height, which depth percentages are of (taller than imageHeight when the image was capped). */
  pageHeight: number;
  truncated: boolean;
}

/** The geometry plus the image's displayed size, for sizing and drawing the canvas. */
export interface OverlayView extends ScreenshotGeometry {
  cssWidth: number;
  cssHeight: number;
  devicePixelRatio: number;
}

export interface ScreenshotOverlayProps {
  url: string;
  device: DeviceType;
  /** Names the scrollable frame for assistive technology ('Click heatmap over the page'). */
  label: string;
  /** Sizes the canvas for the view and draws the overlay on it; a new function (new data) is drawn at once. */
  draw: (canvas: HTMLCanvasElement, view: OverlayView) => void;
  /** Elements laid over the image once the overlay is drawn (the scroll map's marks), positioned in percent. */
  children?: (geometry: ScreenshotGeometry) => ReactNode;
  /** The part of the page's width to show (reference px): its content, not the empty margins beside it. */
  crop?: { x: number; width: number } | undefined;
}

export function ScreenshotOverlay({ url, device, label, draw, children, crop }: ScreenshotOverlayProps) {
  const screenshot = useScreenshot({ url, deviceType: device });
  const retry = useRefreshScreenshot({ url, deviceType: device });
  // A Retry after a failure refetches: show that it is under way rather than the old failure.
  if (screenshot.isPending || (screenshot.isError && screenshot.isFetching)) return <LoadingState text="Loading screenshot..." />;
  if (screenshot.isError && awaitsTrackingCode(screenshot.error)) {
    return (
      <EmptyState
        title="No screenshot yet"
        description={screenshot.error.message}
        action={
          <Button variant="secondary" onClick={retry}>
            Check again
          </Button>
        }
      />
    );
  }
  if (screenshot.isError) return <ScreenshotError message={screenshot.error.message} onRetry={retry} />;
  return (
    <ScreenshotImage
      screenshot={screenshot.data}
      referenceWidth={REFERENCE_WIDTHS[device]}
      alt={`Screenshot of ${url} at ${REFERENCE_WIDTHS[device]} px wide (${device})`}
      label={label}
      draw={draw}
      onRetry={retry}
      crop={crop}
    >
      {children}
    </ScreenshotImage>
  );
}

const ZOOMS = [1, 1.5, 2, 3] as const;

/** Zoom out, fit to width, zoom in; the current zoom said in words for assistive technology. */
function ZoomControls({ zoom, onZoom }: { zoom: number; onZoom: (zoom: number) => void }) {
  const index = ZOOMS.indexOf(zoom as (typeof ZOOMS)[number]);
  return (
    <div className="flex items-center gap-2" role="group" aria-label="Zoom">
      <Button size="sm" variant="secondary" aria-label="Zoom out" disabled={index <= 0} onClick={() => onZoom(ZOOMS[index - 1]!)}>
        −
      </Button>
      <Button size="sm" variant="secondary" disabled={zoom === 1} onClick={() => onZoom(1)}>
        Fit to width
      </Button>
      <Button size="sm" variant="secondary" aria-label="Zoom in" disabled={index >= ZOOMS.length - 1} onClick={() => onZoom(ZOOMS[index + 1]!)}>
        +
      </Button>
      <span className="text-xs text-slate-600" aria-live="polite">
        {zoom === 1 ? 'Fitted to width' : `Zoom ${Math.round(zoom * 100)} %`}
      </span>
    </div>
  );
}

function ScreenshotError({ message, onRetry }: { message?: string; onRetry: () => void }) {
  return (
    <div className="space-y-3">
      <Alert variant="error">Error loading screenshot: {message || 'Failed to load screenshot'}</Alert>
      <Button variant="secondary" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

interface ScreenshotImageProps extends Omit<ScreenshotOverlayProps, 'url' | 'device'> {
  screenshot: Screenshot;
  referenceWidth: number;
  alt: string;
  onRetry: () => void;
}

function ScreenshotImage({ screenshot, referenceWidth, alt, label, draw, onRetry, children, crop }: ScreenshotImageProps) {
  const imgRef = useRef<HTMLImageElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { image, documentHeight, truncated } = screenshot;
  // Each state names the image it is about, so a new image (Retry) starts over without an effect resetting them.
  const [loaded, setLoaded] = useState<{ image: Blob; naturalWidth: number; naturalHeight: number } | null>(null);
  const [broken, setBroken] = useState<Blob | null>(null);
  const [drawable, setDrawable] = useState<Blob | null>(null);
  // Zoom (issue 26): 1 fits the map to the column; more makes the page's text readable, the frame scrolling both ways.
  const [zoom, setZoom] = useState(1);
  const isLoaded = loaded?.image === image;
  // A crop of under 5 % of the width is not worth the shift.
  const shown = crop && crop.width < referenceWidth * 0.95 ? crop : { x: 0, width: referenceWidth };
  const ready = isLoaded && drawable === image;

  const imageHeight = isLoaded ? imageLayoutHeight(loaded.naturalWidth, loaded.naturalHeight, referenceWidth) : 0;
  const pageHeight = pageLayoutHeight(documentHeight, imageHeight);

  // The image is fetched with the bearer token, so it is shown through an object URL, which holds the bytes until
  // revoked: revoke it when the image is replaced or the screen is left.
  useEffect(() => {
    const img = imgRef.current;
    if (!img) return;
    const objectUrl = URL.createObjectURL(image);
    img.src = objectUrl;
    return () => URL.revokeObjectURL(objectUrl);
  }, [image]);

  // The specification draws the overlay about 300 ms after the image loads (layout has settled by then).
  useEffect(() => {
    if (!isLoaded) return;
    const timer = window.setTimeout(() => setDrawable(image), HEATMAP_DRAW_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [isLoaded, image]);

  useEffect(() => {
    const img = imgRef.current;
    const canvas = canvasRef.current;
    if (!ready || !img || !canvas) return;
    let frame = 0;
    let drawnFor = '';
    const render = () => {
      frame = 0;
      const view: OverlayView = {
        referenceWidth,
        imageHeight,
        pageHeight,
        truncated,
        cssWidth: img.clientWidth,
        cssHeight: img.clientHeight,
        devicePixelRatio: window.devicePixelRatio || 1,
      };
      // Resize events come in bursts and often leave the image as it was: draw once per frame, only for a new size.
      const key = `${view.cssWidth}×${view.cssHeight}@${view.devicePixelRatio}`;
      if (key === drawnFor) return;
      drawnFor = key;
      draw(canvas, view);
    };
    const schedule = () => {
      if (frame === 0) frame = window.requestAnimationFrame(render);
    };
    render();
    // The window's resize (the specification), and any other change of the image's width: a scrollbar appearing,
    // the column narrowing.
    window.addEventListener('resize', schedule);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    observer?.observe(img);
    return () => {
      window.removeEventListener('resize', schedule);
      observer?.disconnect();
      if (frame !== 0) window.cancelAnimationFrame(frame);
      // No stale overlay over a new image while it loads; a redraw for new data follows in the same commit.
      canvas.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height);
    };
  }, [ready, draw, referenceWidth, imageHeight, pageHeight, truncated]);

  if (broken === image) return <ScreenshotError onRetry={onRetry} />;
  return (
    <div className="space-y-2">
      {!isLoaded && <LoadingState text="Loading screenshot..." />}
      {isLoaded && <ZoomControls zoom={zoom} onZoom={setZoom} />}
      {/* A long page scrolls inside its frame, so the rest of the screen stays within reach. */}
      <div
        role="region"
        aria-label={label}
        tabIndex={0}
        className={`max-h-[80vh] overflow-auto rounded-md bg-slate-100 ring-1 ring-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${isLoaded ? '' : 'hidden'}`}
      >
        {/* Fitted: the shown part never wider than it is at the reference width (a phone layout is not blown up),
            scaled down to the column. Zoomed: that width times the zoom. Cropped: the page's empty margins are
            outside the shown part, the image and its overlay shifted and clipped together. */}
        <div className="relative mx-auto overflow-hidden" style={{ width: `calc(min(100%, ${shown.width}px) * ${zoom})` }} data-zoom={zoom}>
          <div className="relative" style={{ width: `${(100 * referenceWidth) / shown.width}%`, marginLeft: `${(-100 * shown.x) / shown.width}%` }}>
            <img
              ref={imgRef}
              alt={alt}
              className="block h-auto w-full select-none"
              draggable={false}
              onLoad={(event) => setLoaded({ image, naturalWidth: event.currentTarget.naturalWidth, naturalHeight: event.currentTarget.naturalHeight })}
              onError={() => setBroken(image)}
            />
            <canvas ref={canvasRef} aria-hidden="true" className="pointer-events-none absolute inset-0 size-full" />
            {ready && children?.({ referenceWidth, imageHeight, pageHeight, truncated })}
          </div>
        </div>
      </div>
      {isLoaded && truncated && (
        <p className="text-xs text-slate-500">
          The page is taller than the screenshot can be: the image stops at {Math.round(imageHeight).toLocaleString('en-US')} px of its{' '}
          {Math.round(pageHeight).toLocaleString('en-US')} px.
        </p>
      )}
    </div>
  );
}
