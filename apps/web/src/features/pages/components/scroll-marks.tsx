// The scroll map's marks over the screenshot: lines at 0, 25, 50, 75 and 100 % of the page, each with its words (the
// share of visitors who reached it, or in the difference view both sides' shares; lib/scroll-mark-lines.ts), and the
// average fold. Text in the page, not on the canvas, so it stays sharp and readable.
import { formatPercent } from '../../../lib/format.ts';
import { depthPosition } from '../heatmap/heatmap-geometry.ts';
import type { MarkLines } from '../lib/scroll-mark-lines.ts';
import type { ScreenshotGeometry } from './screenshot-overlay.tsx';

export interface ScrollMarksProps {
  lines: MarkLines;
  /** Where the first screen ends on average, in percent of the page. */
  averageFold: number;
  geometry: ScreenshotGeometry;
}

export function ScrollMarks({ lines, averageFold, geometry }: ScrollMarksProps) {
  const marks = lines(geometry.pageHeight, geometry.imageHeight);
  const fold = averageFold > 0 ? depthPosition(averageFold, geometry.pageHeight, geometry.imageHeight) : null;
  return (
    <>
      {marks.map(({ depth, text, top }) =>
        top === null ? null : (
          <div key={depth} className="pointer-events-none absolute inset-x-0 border-t border-dashed border-slate-900/70" style={{ top: `${top}%` }}>
            {/* The last mark sits on the image's bottom edge: its label goes above the line. */}
            <span className={`absolute left-2 rounded bg-slate-900/80 px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-white ${top > 97 ? 'bottom-1' : 'top-1'}`}>
              {text}
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
