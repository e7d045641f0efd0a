// The heatmap as a PNG (issue 26's export), the pure part: which part of the page is shown and at what size the image
// is made, the caption's lines (what the map is of and what its colours mean) wrapped to the image's width, and the
// file's name. The drawing itself is components/heatmap-png-button.tsx.
import type { DeviceType, HeatmapType } from '@foldline/contracts';
import { MAX_CANVAS_AREA, MAX_CANVAS_SIDE } from '../heatmap/render-heatmap.ts';

/** A crop saving less than 5 % of the width is not applied (as the screenshot frame does, screenshot-overlay.tsx). */
const MIN_CROP_SAVING = 0.05;

/** Rows kept free under the canvas limits for the caption above the map, px. */
export const CAPTION_RESERVE = 640;

/** The part of the page's width a map shows, reference px: the crop it was given, or the whole width. Passed to the
 * screenshot frame as its crop too, so the image and the frame show the same part. */
export function shownPart(crop: { x: number; width: number } | undefined, referenceWidth: number): { x: number; width: number } {
  return crop && crop.width > 0 && crop.width < referenceWidth * (1 - MIN_CROP_SAVING) ? crop : { x: 0, width: referenceWidth };
}

/**
 * The image's map at the scale it is shown: `scale` image px per reference px (the screen's CSS px per reference px
 * times its pixel ratio, zoom included), lowered only as far as the browsers' canvas limits need with the caption's
 * rows kept free. Width and the map's height in whole pixels.
 */
export function exportSize(options: { shownWidth: number; imageHeight: number; scale: number }): { width: number; mapHeight: number; scale: number } {
  const { shownWidth, imageHeight } = options;
  if (!(shownWidth > 0) || !(imageHeight > 0) || !(options.scale > 0)) return { width: 0, mapHeight: 0, scale: 0 };
  // The whole image, w·s wide and h·s + R high (R the caption's rows), within the area limit: w·h·s² + w·R·s ≤ A.
  const [w, h, r] = [shownWidth, imageHeight, CAPTION_RESERVE];
  const byArea = (-w * r + Math.sqrt(w * w * r * r + 4 * w * h * MAX_CANVAS_AREA)) / (2 * w * h);
  const scale = Math.min(options.scale, MAX_CANVAS_SIDE / shownWidth, (MAX_CANVAS_SIDE - CAPTION_RESERVE) / imageHeight, byArea);
  // Floor, not round: rounding up could step over a limit the scale was just lowered to meet (the hair of tolerance
  // keeps 912.0000001 and 911.9999999 both 912).
  const whole = (value: number) => Math.max(1, Math.floor(value + 1e-6));
  return { width: whole(shownWidth * scale), mapHeight: whole(imageHeight * scale), scale };
}

/** Words of `text` in lines at most `maxWidth` wide as `measure` measures them; a word wider than a line has its own. */
export function wrapText(text: string, maxWidth: number, measure: (text: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && measure(candidate) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export interface CaptionInput {
  /** 'Engagement Heatmap', and the compared map's caption ('This period · Search'). */
  title: string;
  side?: string | undefined;
  pageUrl: string;
  device: DeviceType;
  referenceWidth: number;
  /** 'Last 7 days'. */
  periodLabel: string;
  timeRange: { start: string; end: string };
  /** The legend as one line (heatmap-legend-text.ts legendLine) and how its figure is counted. */
  legend: string;
  note?: string | undefined;
  /** 'Based on 12 pageviews.' */
  evidence: string;
}

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** The caption's paragraphs, first the title: what the map is of (page, device, period with its dates) and what its
 * colours mean. */
export function captionParagraphs(input: CaptionInput): { title: string; lines: string[] } {
  // The period ends at the top of the next hour, the maps' whole hours: its last day is the one before that instant.
  const end = new Date(new Date(input.timeRange.end).getTime() - 1);
  const dates = `${DAY.format(new Date(input.timeRange.start))} – ${DAY.format(end)}, UTC`;
  return {
    title: input.side ? `${input.title} — ${input.side}` : input.title,
    lines: [
      input.pageUrl,
      `${capitalise(input.device)}, ${input.referenceWidth.toLocaleString('en-US')} px wide · ${input.periodLabel} (${dates}) · ${input.evidence}`,
      input.legend,
      ...(input.note ? [input.note] : []),
    ],
  };
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'engagement-heatmap-desktop-week-ferry-timetable.png': the map, device, period and the page's last path segment
 * (or host), in letters, digits and dashes. */
export function pngFileName(type: HeatmapType, device: DeviceType, period: string, pageUrl: string): string {
  let name: string;
  try {
    const url = new URL(pageUrl);
    name = url.pathname.split('/').filter(Boolean).at(-1) || url.hostname;
  } catch {
    name = pageUrl;
  }
  const slug = name
    .toLowerCase()
    .replace(/\.[a-z0-9]+$/, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${[type, 'heatmap', device, period, slug].filter(Boolean).join('-')}.png`;
}
