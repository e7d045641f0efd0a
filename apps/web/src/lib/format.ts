// Display formatting shared by every screen: one decimal for percentages, seconds and changes; durations; local dates.
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

function finite(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** 12.345 → '12.3' (one decimal, the specification's displayed precision). */
export function formatDecimal(value: number | null | undefined): string {
  return oneDecimal.format(finite(value));
}

/** 12.345 → '12.3%'. */
export function formatPercent(value: number | null | undefined): string {
  return `${formatDecimal(value)}%`;
}

/** Seconds with one decimal: 4.25 → '4.3s'. */
export function formatSeconds(value: number | null | undefined): string {
  return `${formatDecimal(value)}s`;
}

/** Whole counts with thousands separators: 12345 → '12,345'. */
export function formatNumber(value: number | null | undefined): string {
  return integer.format(finite(value));
}

/** A signed change with one decimal: 2 → '+2.0', -1.25 → '-1.3'; `unit` is appended ('%', ' pp'). */
export function formatChange(value: number | null | undefined, unit = ''): string {
  const v = finite(value);
  const sign = v >= 0 ? '+' : '-';
  return `${sign}${formatDecimal(Math.abs(v))}${unit}`;
}

/** The specification's direction rule: a non-negative change is an increase. */
export function isIncrease(value: number | null | undefined): boolean {
  return finite(value) >= 0;
}

/** Under 60 s 'Ns', otherwise 'Nm Ns' (seconds rounded down to whole seconds; '0s' when empty). */
export function formatDuration(seconds: number | null | undefined): string {
  const total = Math.max(0, Math.floor(finite(seconds)));
  if (total < 60) return `${total}s`;
  return `${Math.floor(total / 60)}m ${total % 60}s`;
}

/** Milliseconds → the same format as formatDuration. */
export function formatDurationMs(ms: number | null | undefined): string {
  return formatDuration(finite(ms) / 1000);
}

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A local calendar date ('11/22/2026' in the user's locale); '—' when missing or invalid. */
export function formatDate(value: string | number | Date | null | undefined, locale?: string): string {
  const date = toDate(value);
  return date ? date.toLocaleDateString(locale) : '—';
}

/** A local date and time; '—' when missing or invalid. */
export function formatDateTime(value: string | number | Date | null | undefined, locale?: string): string {
  const date = toDate(value);
  return date ? date.toLocaleString(locale) : '—';
}
