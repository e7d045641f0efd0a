// A horizontal bar with its percentage (one decimal), for scroll depth and viewability columns.
import { formatPercent } from '../../lib/format.ts';

export interface PercentBarProps {
  value: number | null | undefined;
  /** What the percentage measures, for screen readers ('Scroll depth'). */
  label: string;
  tone?: 'indigo' | 'green' | 'yellow' | 'red';
}

const FILLS = { indigo: 'bg-indigo-600', green: 'bg-green-600', yellow: 'bg-yellow-500', red: 'bg-red-600' } as const;

export function PercentBar({ value, label, tone = 'indigo' }: PercentBarProps) {
  const v = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  const width = Math.min(100, Math.max(0, v));
  return (
    <div className="flex items-center gap-2">
      <div
        className="h-2 w-12 shrink-0 overflow-hidden rounded-full bg-slate-200"
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(width * 10) / 10}
      >
        <div className={`h-full ${FILLS[tone]}`} style={{ width: `${width}%` }} />
      </div>
      <span className="tabular-nums text-slate-700">{formatPercent(v)}</span>
    </div>
  );
}
