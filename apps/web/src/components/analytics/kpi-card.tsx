// A KPI card: title, value and its change against the previous period, as a signed change ('+2.0% from previous
// period') or as an arrow with the absolute change (website overview, specification section 2); when the previous
// period has no data, it says so instead of a change from nothing.
import { formatChange, formatDecimal, isIncrease } from '../../lib/format.ts';

const NO_PREVIOUS_DATA = 'No data in the previous period';

export interface KpiCardProps {
  title: string;
  value: string;
  /** Omitted for figures without a previous period (Total Pages); null when the previous period has no data. */
  change?: number | null;
  /** Formats the change's size: formatPercent for a relative change, formatPoints for a rate's; one decimal by default. */
  formatMagnitude?: (value: number) => string;
  /** 'signed': '+1.2% from previous period'; 'arrow': ▲ 1.2% (absolute value). */
  changeStyle?: 'signed' | 'arrow';
  description?: string;
  className?: string;
}

export function KpiCard({ title, value, change, formatMagnitude = formatDecimal, changeStyle = 'signed', description, className = '' }: KpiCardProps) {
  const up = isIncrease(change);
  const tone = up ? 'text-green-700' : 'text-red-700';
  return (
    <div className={`min-w-0 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200 ${className}`}>
      {/* One line, so every card's value sits at the same height; the grids leave room for the longest title. */}
      <h3 className="truncate text-sm font-medium text-slate-600" title={title}>
        {title}
      </h3>
      <p className="mt-2 text-3xl font-semibold tabular-nums text-slate-900">{value}</p>
      {description && <p className="mt-1 text-sm text-slate-500">{description}</p>}
      {change === null && <p className="mt-1 text-sm text-slate-500">{NO_PREVIOUS_DATA}</p>}
      {typeof change === 'number' && changeStyle === 'signed' && (
        <p className={`mt-1 text-sm ${tone}`}>
          <span className="sr-only">{up ? 'Increase' : 'Decrease'}: </span>
          <span className="font-medium tabular-nums">{formatChange(change, formatMagnitude)}</span> from previous period
        </p>
      )}
      {typeof change === 'number' && changeStyle === 'arrow' && (
        <p className={`mt-1 text-sm ${tone}`}>
          <span aria-hidden="true">{up ? '▲' : '▼'} </span>
          <span className="sr-only">{up ? 'Up' : 'Down'} </span>
          <span className="font-medium tabular-nums">{formatMagnitude(Math.abs(change))}</span>
          <span className="block text-xs text-slate-500">vs previous period</span>
        </p>
      )}
    </div>
  );
}
