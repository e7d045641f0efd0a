// The scroll map's marks as lines of text down the image: the share of visitors reaching 0, 25, 50, 75 and 100 % of the
// page, or in the difference view both sides' shares and the change. One source for the marks on screen
// (components/scroll-marks.tsx) and in the exported PNG (components/heatmap-png-button.tsx).
import type { ScrollPoint } from '@foldline/contracts';
import { formatPercent } from '../../../lib/format.ts';
import type { ScrollDifferencePoint } from '../heatmap/heatmap-difference.ts';
import { scrollDifferenceMarks, scrollMarks } from '../heatmap/heatmap-geometry.ts';
import { scrollDifferenceMarkText } from './heatmap-difference-text.ts';

export interface MarkLine {
  depth: number;
  /** Percent of the image's height; null below its end. */
  top: number | null;
  text: string;
}

/** The lines of a scroll map for a page `pageHeight` layout px tall in an image covering `imageHeight`. */
export type MarkLines = (pageHeight: number, imageHeight: number) => MarkLine[];

/** '80.0% of visitors reach 25%'. */
export function reachMarkLines(points: readonly ScrollPoint[], maxValue: number): MarkLines {
  return (pageHeight, imageHeight) =>
    scrollMarks(points, maxValue, pageHeight, imageHeight).map(({ depth, share, top }) => ({ depth, top, text: `${formatPercent(share)} of visitors reach ${depth}%` }));
}

/** '50%: 60.0% vs 50.0% of readers (+10.0 pp)'. */
export function differenceMarkLines(points: readonly ScrollDifferencePoint[]): MarkLines {
  return (pageHeight, imageHeight) => scrollDifferenceMarks(points, pageHeight, imageHeight).map((mark) => ({ depth: mark.depth, top: mark.top, text: scrollDifferenceMarkText(mark) }));
}
