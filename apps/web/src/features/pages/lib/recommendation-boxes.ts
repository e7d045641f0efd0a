// Where a recommendation's ad sits on the page's screenshot: the unit now and where it should go (layout pixels of
// the device's reference width, as the engine gives them), and the parts of the page a thumbnail shows so that both
// are in view at a size where they can still be told apart.
import type { Change, Recommendation } from '@foldline/contracts';

export interface PreviewBox {
  kind: 'current' | 'recommended';
  x: number;
  y: number;
  width: number;
  height: number;
}

/** '300x250' → its size; undefined for anything else (a fluid or named format). */
export function parseFormat(format: string): { width: number; height: number } | undefined {
  const match = /^(\d+)x(\d+)$/.exec(format.trim());
  return match ? { width: Number(match[1]), height: Number(match[2]) } : undefined;
}

/** A new placement has only the place to add; a move has the unit now and its new place (same size); a format change
 * has the unit now in its current format and, at the same place, the recommended one. */
export function recommendationBoxes(recommendation: Recommendation): PreviewBox[] {
  const { size } = recommendation;
  switch (recommendation.type) {
    case 'new_ad_placement':
      return [{ kind: 'recommended', ...recommendation.position, ...size }];
    case 'move_ad_unit':
      return [
        { kind: 'current', ...recommendation.current_position, ...size },
        { kind: 'recommended', ...recommendation.recommended_position, ...size },
      ];
    case 'format_change':
      return [
        { kind: 'current', ...recommendation.position, ...(parseFormat(recommendation.current_format) ?? size) },
        { kind: 'recommended', ...recommendation.position, ...size },
      ];
  }
}

/** A detected change: the unit before (as 'current') and after (as 'recommended'), each where it rendered; across, at
 * the unit's last known left edge. A unit that appeared has only its after, one that disappeared only its before. */
export function changeBoxes(change: Change): PreviewBox[] {
  return [
    ...(change.before ? [{ kind: 'current' as const, x: change.x, ...change.before }] : []),
    ...(change.after ? [{ kind: 'recommended' as const, x: change.x, ...change.after }] : []),
  ];
}

/** A stretch of the page shown in the thumbnail, in layout pixels. */
export interface PreviewSegment {
  top: number;
  height: number;
}

export interface PreviewLayout {
  /** CSS pixels per layout pixel. */
  scale: number;
  /** The thumbnail's width in CSS pixels. */
  width: number;
  /** Top to bottom; two or more when the boxes are too far apart to show at a useful size in one view. */
  segments: PreviewSegment[];
}

export interface PreviewLimits {
  /** The thumbnail's largest size in CSS pixels. */
  maxWidth: number;
  maxHeight: number;
  /** CSS pixels between two segments (where the skipped part of the page is named). */
  gap: number;
}

/**
 * The page around the boxes with a margin of a tenth of its width above and below, at least half its width tall (so
 * a lone box keeps some of the page around it), kept within the image.
 */
export function frameAround(boxes: readonly PreviewBox[], imageHeight: number, referenceWidth: number): PreviewSegment {
  const margin = referenceWidth / 10;
  let top = Math.min(...boxes.map((box) => box.y)) - margin;
  let bottom = Math.max(...boxes.map((box) => box.y + box.height)) + margin;
  const minHeight = referenceWidth / 2;
  if (bottom - top < minHeight) {
    const grow = (minHeight - (bottom - top)) / 2;
    top -= grow;
    bottom += grow;
  }
  // Shift a frame that runs off an end back inside, then cut what still does not fit.
  if (top < 0) {
    bottom -= top;
    top = 0;
  }
  if (bottom > imageHeight) {
    top = Math.max(0, top - (bottom - imageHeight));
    bottom = imageHeight;
  }
  return { top, height: Math.max(1, bottom - top) };
}

/**
 * One view of the page around every box while it fits the limits at no less than half the full width's scale; else
 * one view per box (overlapping ones merged) at the largest scale that fits, so a unit moved thousands of pixels up
 * the page is not drawn as a sliver.
 */
export function previewLayout(boxes: readonly PreviewBox[], imageHeight: number, referenceWidth: number, { maxWidth, maxHeight, gap }: PreviewLimits): PreviewLayout {
  const fullScale = maxWidth / referenceWidth;
  const whole = frameAround(boxes, imageHeight, referenceWidth);
  const wholeScale = Math.min(fullScale, maxHeight / whole.height);
  if (boxes.length < 2 || wholeScale >= fullScale / 2) return { scale: wholeScale, width: referenceWidth * wholeScale, segments: [whole] };

  const frames = boxes.map((box) => frameAround([box], imageHeight, referenceWidth)).sort((a, b) => a.top - b.top);
  const segments: PreviewSegment[] = [];
  for (const frame of frames) {
    const last = segments.at(-1);
    if (last && frame.top <= last.top + last.height) last.height = Math.max(last.height, frame.top + frame.height - last.top);
    else segments.push({ ...frame });
  }
  const total = segments.reduce((sum, segment) => sum + segment.height, 0);
  const scale = Math.min(fullScale, (maxHeight - gap * (segments.length - 1)) / total);
  return { scale, width: referenceWidth * scale, segments };
}
