// The scroll map's marks over the screenshot: lines at 0, 25, 50, 75 and 100 % of the page, each with the share of
// visitors who reached it, and the average fold. Text in the page, not on the canvas, so it stays sharp and readable.
import type { ScrollPoint } from '@foldline/contracts';
import { formatPercent } from '../../../lib/format.ts';
import { depthPosition, scrollMarks } from '../heatmap/heatmap-geometry.ts';
import type { ScreenshotGeometry } from './screenshot-overlay.tsx';

export interface ScrollMarksProps {
  points: readonly ScrollPoint[];
  maxValue: number;
  /** Where the first screen ends on average, in percent of the page. */
  averageFold: number;
  geometry: ScreenshotGeometry;
}

export function ScrollMarks({ points, maxValue, averageFold, geometry }: ScrollMarksProps) {
  const marks = scrollMarks(points, maxValue, geometry.pageHeight, geometry.imageHeight);
  const fold = averageFold > 0 ? depthPosition(averageFold, geometry.pageHeight, geometry.imageHeight) : null;
  return (
    <>
      {marks.map(({ depth, share, top }) =>
        top === null ? null : (
          <div key={depth} className="pointer-events-none absolute inset-x-0 border-t border-dashed border-slate-900/70" style={{ top: `${top}%` }}>
            {/* The last mark sits on the image's bottom edge: its label goes above the line. */}
            <span className={`absolute left-2 rounded bg-slate-900/80 px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-white ${top > 97 ? 'bottom-1' : 'top-1'}`}>
              {formatPercent(share)} of visitors reach {depth}%
            </span>
          </div>
        ),
      )}
      {fold !== null && (
        <div className="pointer-events-none absolute inset-x-0 border-t-2 border-white shadow-[0_1px_0_rgb(15_23_42/0.6)]" style={{ top: `${fold}%` }}>
          <span className="absolute right-2 bottom-1 rounded bg-indigo-700/90 px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-white">
            Average fold ({formatPercent(averageFold)} of the page)
          </span>
        </div>
      )}
    </>
  );
}
