// 'Download PNG' beside a heatmap (issue 26's export): the map as shown — the screenshot cropped as on screen, the
// overlay drawn by the screen's own draw function at the scale it is shown (zoom and pixel ratio), the scroll map's
// marks — under a caption saying what it is of and what its colours mean, made in the browser on a canvas. The
// screenshot is our own API's, fetched with the token into a Blob of our origin, so the canvas is never tainted and
// toBlob may read it; were it ever refused, the failure is shown, not swallowed.
import type { DeviceType } from '@foldline/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useScreenshot } from '../api/get-screenshot.ts';
import { depthPosition } from '../heatmap/heatmap-geometry.ts';
import { gradientStops, type Gradient } from '../heatmap/render-heatmap.ts';
import { formatPercent } from '../../../lib/format.ts';
import { captionParagraphs, exportSize, wrapText, type CaptionInput } from '../lib/heatmap-png.ts';
import type { MarkLines } from '../lib/scroll-mark-lines.ts';
import type { OverlayView } from './screenshot-overlay.tsx';

export interface HeatmapPng {
  /** The page and device whose screenshot the map is drawn over. */
  url: string;
  device: DeviceType;
  /** The part of the page's width shown, reference px (lib/heatmap-png.ts shownPart). */
  shown: { x: number; width: number };
  /** The screen's draw function: sizes the canvas for the view and draws the overlay. */
  draw: (canvas: HTMLCanvasElement, view: OverlayView) => void;
  /** The scroll map's marks (its own, or the difference view's), drawn over the map as the screen lays them. */
  scroll?: { lines: MarkLines; averageFold: number };
  /** The colours of the legend's bar. */
  gradient: Gradient;
  caption: CaptionInput;
  fileName: string;
}

export interface HeatmapPngButtonProps {
  png: HeatmapPng;
  /** The view the overlay was last drawn for; null until it has been. */
  view: () => OverlayView | null;
  ready: boolean;
  /** Names the button when two maps are shown ('Download PNG: Previous period · All visitors'). */
  label?: string | undefined;
}

export function HeatmapPngButton({ png, view, ready, label }: HeatmapPngButtonProps) {
  const screenshot = useScreenshot({ url: png.url, deviceType: png.device });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    const shown = view();
    if (!screenshot.data || !shown) return;
    setBusy(true);
    setError(null);
    try {
      const blob = await heatmapPngBlob(png, screenshot.data.image, shown);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = png.fileName;
      link.click();
      // The click has started the download; the bytes are no longer needed once it has read them.
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The image could not be made');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      {error && (
        <p role="alert" className="text-xs text-red-700">
          The PNG could not be made: {error}
        </p>
      )}
      <Button size="sm" variant="secondary" disabled={!ready || !screenshot.data || busy} loading={busy} onClick={download} aria-label={label}>
        Download PNG
      </Button>
    </div>
  );
}

const TEXT = { title: '#0f172a', body: '#334155', rule: '#cbd5e1', background: '#ffffff' } as const;
const FONT = 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** The PNG of a map as last drawn on screen. */
export async function heatmapPngBlob(png: HeatmapPng, image: Blob, view: OverlayView): Promise<Blob> {
  const bitmap = await createImageBitmap(image);
  try {
    // Image px per reference px, as the screen shows it: its CSS px per reference px (zoom included) times its ratio.
    const size = exportSize({ shownWidth: png.shown.width, imageHeight: view.imageHeight, scale: (view.cssWidth * view.devicePixelRatio) / view.referenceWidth });
    if (size.width === 0) throw new Error('the map has no size yet');
    const overlay = document.createElement('canvas');
    png.draw(overlay, view);

    const out = document.createElement('canvas');
    const ctx = out.getContext('2d');
    if (!ctx) throw new Error('this browser has no canvas to draw on');
    const caption = layoutCaption(ctx, png, size.width);
    out.width = size.width;
    out.height = caption.height + size.mapHeight;
    ctx.fillStyle = TEXT.background;
    ctx.fillRect(0, 0, out.width, out.height);
    caption.draw(ctx);

    // The shown part of the screenshot and of the overlay, each scaled from its own pixels to the map's.
    const top = caption.height;
    const part = (width: number) => [(png.shown.x * width) / view.referenceWidth, (png.shown.width * width) / view.referenceWidth] as const;
    const [imageX, imageWidth] = part(bitmap.width);
    ctx.drawImage(bitmap, imageX, 0, imageWidth, bitmap.height, 0, top, size.width, size.mapHeight);
    if (overlay.width > 0 && overlay.height > 0) {
      // A scroll map's overlay is one column of pixels, stretched across the image as on screen.
      const [overlayX, overlayWidth] = overlay.width === 1 ? [0, 1] : part(overlay.width);
      ctx.drawImage(overlay, overlayX, 0, overlayWidth, overlay.height, 0, top, size.width, size.mapHeight);
    }
    if (png.scroll) drawScrollMarks(ctx, png.scroll, view, { top, width: size.width, height: size.mapHeight, fontSize: caption.fontSize });
    return await new Promise<Blob>((resolve, reject) => out.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the browser made no image'))), 'image/png'));
  } finally {
    bitmap.close();
  }
}

/** The caption above the map: the title, then what the map is of, the colour bar and the legend, wrapped to the width. */
function layoutCaption(ctx: CanvasRenderingContext2D, png: HeatmapPng, width: number) {
  const fontSize = Math.round(Math.min(18, Math.max(11, width / 64)));
  const titleSize = Math.round(fontSize * 1.3);
  const padding = Math.round(fontSize * 1.2);
  const lineHeight = Math.round(fontSize * 1.4);
  const textWidth = Math.max(1, width - 2 * padding);
  const { title, lines } = captionParagraphs(png.caption);
  const wrap = (text: string, font: string) => {
    ctx.font = font;
    return wrapText(text, textWidth, (candidate) => ctx.measureText(candidate).width);
  };
  const titleFont = `600 ${titleSize}px ${FONT}`;
  const bodyFont = `${fontSize}px ${FONT}`;
  const titleLines = wrap(title, titleFont);
  const bodyLines = lines.map((line) => wrap(line, bodyFont));
  // The colour bar goes before the legend (the third paragraph), as on screen.
  const barHeight = Math.round(fontSize * 0.7);
  const gap = Math.round(fontSize * 0.5);
  const height =
    padding + titleLines.length * Math.round(titleSize * 1.35) + bodyLines.reduce((sum, paragraph) => sum + paragraph.length * lineHeight + gap, 0) + barHeight + gap + padding;
  const draw = (target: CanvasRenderingContext2D) => {
    let y = padding;
    target.textBaseline = 'top';
    target.fillStyle = TEXT.title;
    target.font = titleFont;
    for (const line of titleLines) {
      target.fillText(line, padding, y);
      y += Math.round(titleSize * 1.35);
    }
    target.font = bodyFont;
    bodyLines.forEach((paragraph, index) => {
      y += gap;
      if (index === 2) {
        const bar = target.createLinearGradient(padding, 0, padding + Math.min(240, textWidth), 0);
        for (const stop of gradientStops(png.gradient)) bar.addColorStop(stop.offset, `rgb(${stop.rgb.join(',')})`);
        target.fillStyle = bar;
        target.fillRect(padding, y, Math.min(240, textWidth), barHeight);
        y += barHeight + gap;
      }
      target.fillStyle = TEXT.body;
      target.font = bodyFont;
      for (const line of paragraph) {
        target.fillText(line, padding, y);
        y += lineHeight;
      }
    });
    target.fillStyle = TEXT.rule;
    target.fillRect(0, height - 1, width, 1);
  };
  return { height, fontSize, draw };
}

/** The scroll map's marks as the screen lays them: dashed lines with their words, and the fold. */
function drawScrollMarks(
  ctx: CanvasRenderingContext2D,
  scroll: NonNullable<HeatmapPng['scroll']>,
  view: OverlayView,
  area: { top: number; width: number; height: number; fontSize: number },
) {
  const label = (text: string, x: number, y: number, fill: string, right = false) => {
    ctx.font = `600 ${area.fontSize}px ${FONT}`;
    const textWidth = ctx.measureText(text).width;
    const pad = Math.round(area.fontSize * 0.35);
    const left = right ? area.width - x - textWidth - 2 * pad : x;
    const boxTop = Math.max(area.top, Math.min(y, area.top + area.height - area.fontSize - 2 * pad));
    ctx.fillStyle = fill;
    ctx.fillRect(left, boxTop, textWidth + 2 * pad, area.fontSize + 2 * pad);
    ctx.fillStyle = '#ffffff';
    ctx.textBaseline = 'top';
    ctx.fillText(text, left + pad, boxTop + pad);
  };
  for (const mark of scroll.lines(view.pageHeight, view.imageHeight)) {
    if (mark.top === null) continue;
    const y = area.top + (mark.top / 100) * area.height;
    ctx.save();
    ctx.strokeStyle = 'rgba(15, 23, 42, 0.7)';
    ctx.setLineDash([6, 4]);
    ctx.beginPath();
    ctx.moveTo(0, y + 0.5);
    ctx.lineTo(area.width, y + 0.5);
    ctx.stroke();
    ctx.restore();
    label(mark.text, 8, y + 4, 'rgba(15, 23, 42, 0.8)');
  }
  const fold = scroll.averageFold > 0 ? depthPosition(scroll.averageFold, view.pageHeight, view.imageHeight) : null;
  if (fold !== null) {
    const y = area.top + (fold / 100) * area.height;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, y - 1, area.width, 2);
    label(`Average fold (${formatPercent(scroll.averageFold)} of the page)`, 8, y - area.fontSize * 1.8, 'rgba(67, 56, 202, 0.9)', true);
  }
}
