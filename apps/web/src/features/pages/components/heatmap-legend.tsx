// A heatmap's key: what the colours measure, the colour scale from low to high, and what each end stands for.
import type { ReactNode } from 'react';

export interface HeatmapLegendProps {
  /** What the colours measure ('Clicks', 'Share of visitors'). */
  caption: string;
  /** A CSS gradient of the map's colours, low on the left. */
  gradient: string;
  low: ReactNode;
  high: ReactNode;
}

export function HeatmapLegend({ caption, gradient, low, high }: HeatmapLegendProps) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
      <span className="font-medium text-slate-800">{caption}</span>
      <span className="flex items-center gap-2">
        <span>{low}</span>
        <span className="h-2.5 w-28 rounded-full ring-1 ring-slate-300 sm:w-40" style={{ backgroundImage: gradient }} aria-hidden="true" />
        <span>{high}</span>
      </span>
    </div>
  );
}
