// A KPI card: title, value and its change against the previous period, as a signed change ('+2.0% from previous
// period') or as an arrow with the absolute change (website overview, specification section 2).
import { formatChange, formatDecimal, isIncrease } from '../../lib/format.ts';

export interface KpiCardProps {
  title: string;
  value: string;
  /** Omitted for figures without a previous period (Total Pages). */
  change?: number;
  /** Appended to the change: '%' for percentages, '' for plain numbers. */
  changeUnit?: string;
  /** 'signed': '+1.2% from previous period'; 'arrow': ▲ 1.2% (absolute value). */
  changeStyle?: 'signed' | 'arrow';
  description?: string;
}

export function KpiCard({ title, value, change, changeUnit = '', changeStyle = 'signed', description }: KpiCardProps) {
  const up = isIncrease(change);
  const tone = up ? 'text-green-700' : 'text-red-700';
  return (
    <div className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h3 className="text-sm font-medium text-slate-600">{title}</h3>
      <p className="mt-2 text-3xl font-semibold tabular-nums text-slate-900">{value}</p>
      {description && <p className="mt-1 text-sm text-slate-500">{description}</p>}
      {change !== undefined && changeStyle === 'signed' && (
        <p className={`mt-1 text-sm ${tone}`}>
          <span className="sr-only">{up ? 'Increase' : 'Decrease'}: </span>
          <span className="font-medium tabular-nums">{formatChange(change, changeUnit)}</span> from previous period
        </p>
      )}
      {change !== undefined && changeStyle === 'arrow' && (
        <p className={`mt-1 text-sm ${tone}`}>
          <span aria-hidden="true">{up ? '▲' : '▼'} </span>
          <span className="sr-only">{up ? 'Up' : 'Down'} </span>
          <span className="font-medium tabular-nums">
            {formatDecimal(Math.abs(change))}
            {changeUnit}
          </span>
          <span className="block text-xs text-slate-500">vs previous period</span>
        </p>
      )}
    </div>
  );
}
