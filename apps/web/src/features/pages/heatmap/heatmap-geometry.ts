// Where things sit on a page screenshot: the layout height the image covers, the page height scroll percentages are
// of, and the scroll map's marks and average fold as positions down the image (percent of its height); the difference
// view's marks with both sides' shares.
import { SCROLL_MARKS, type ScrollPoint } from '@foldline/contracts';
import type { ScrollDifferencePoint } from './heatmap-difference.ts';
import { reachAt, scrollBase } from './render-heatmap.ts';

/** Layout pixels the image covers from top to bottom: its height scaled as its width is to the reference width. */
export function imageLayoutHeight(naturalWidth: number, naturalHeight: number, referenceWidth: number): number {
  return naturalWidth > 0 ? (naturalHeight * referenceWidth) / naturalWidth : 0;
}

/**
 * The page height that depth percentages are of, in layout pixels: the screenshot's own measure of the page (which
 * holds also when the image stops at the height cap), else the image itself, which then is the whole page.
 */
export function pageLayoutHeight(screenshotDocumentHeight: number | null, imageHeight: number): number {
  return screenshotDocumentHeight !== null && screenshotDocumentHeight > 0 ? screenshotDocumentHeight : imageHeight;
}

/** A depth (percent of the page) as a position down the image (percent of its height); null below its end. */
export function depthPosition(depth: number, pageHeight: number, imageHeight: number): number | null {
  if (!(pageHeight > 0) || !(imageHeight > 0)) return null;
  const top = ((depth / 100) * pageHeight * 100) / imageHeight;
  // A hair of tolerance: the 100 % mark of an image that is the whole page must not vanish to rounding.
  return top <= 100.01 ? Math.min(100, top) : null;
}

export interface ScrollMark {
  /** Percent of the page. */
  depth: number;
  /** Percent of visitors (pageviews with a reach) whose viewport got this far. */
  share: number;
  /** Percent of the image's height; null when the image stops above it. */
  top: number | null;
}

/** The scroll overlay's marks: at 0, 25, 50, 75 and 100 % of the page, with the share of visitors reaching each. */
export function scrollMarks(points: readonly ScrollPoint[], maxValue: number, pageHeight: number, imageHeight: number): ScrollMark[] {
  const base = scrollBase(points, maxValue);
  return SCROLL_MARKS.map((depth) => ({ depth, share: reachAt(points, depth, base) * 100, top: depthPosition(depth, pageHeight, imageHeight) }));
}

/** The difference view's marks at the same depths: each side's share (0–1) reaching it, where it is down the image. */
export function scrollDifferenceMarks(points: readonly ScrollDifferencePoint[], pageHeight: number, imageHeight: number): (ScrollDifferencePoint & { top: number | null })[] {
  return SCROLL_MARKS.flatMap((depth) => {
    const point = points.find((p) => p.depth === depth);
    return point ? [{ ...point, top: depthPosition(depth, pageHeight, imageHeight) }] : [];
  });
}
