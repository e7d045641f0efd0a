// Display formatting shared by every screen: one decimal for percentages, seconds and changes (two for a CTR below
// 1 %); compact counts; durations; local dates.
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

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

/**
 * A CTR's digits: two below 1 %, else one. Display CTRs sit around 0.1 %, where one decimal shows every unit alike
 * and every change as +0.0 (a deliberate deviation from the specification's one decimal, see DESIGN.md).
 */
function ctrDecimal(value: number | null | undefined): string {
  const v = finite(value);
  const precise = twoDecimals.format(v);
  return Math.abs(Number(precise)) < 1 ? precise : oneDecimal.format(v);
}

/** A click-through rate: 0.123 → '0.12%', 2.345 → '2.3%'. */
export function formatCtr(value: number | null | undefined): string {
  return `${ctrDecimal(value)}%`;
}

/** A difference of percentages in percentage points: 1.25 → '1.3 pp'. */
export function formatPoints(value: number | null | undefined): string {
  return `${formatDecimal(value)} pp`;
}

/** A difference of CTRs in percentage points, two decimals below 1: 0.034 → '0.03 pp'. */
export function formatCtrPoints(value: number | null | undefined): string {
  return `${ctrDecimal(value)} pp`;
}

/** Whole counts with thousands separators: 12345 → '12,345'. */
export function formatNumber(value: number | null | undefined): string {
  return integer.format(finite(value));
}

const moneyFormats = new Map<string, Intl.NumberFormat | null>();

/** The currency's formatter, once per code; null for a code Intl does not take. */
function moneyFormat(currency: string): Intl.NumberFormat | null {
  let format = moneyFormats.get(currency);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    } catch {
      format = null;
    }
    moneyFormats.set(currency, format);
  }
  return format;
}

/** An amount in its currency: 1234.56 USD → '$1,234.56', 88.42 EUR → '€88.42', 1500 JPY → '¥1,500', a code without a
 * symbol before the figure ('XYZ 12.50'), one Intl refuses after it; '—' for no figure (null: nothing to divide by). */
export function formatMoney(amount: number | null | undefined, currency: string): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '—';
  const format = moneyFormat(currency);
  return format ? format.format(amount) : `${twoDecimals.format(amount)} ${currency}`;
}

/** A rate in percent, or '—' when there is nothing to take it of (no renders for a fill rate, no auctions for a win
 * share): 45.25 → '45.3%'. */
export function formatOptionalPercent(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '—' : formatPercent(value);
}

/** Counts for narrow columns: 950 → '950', 12345 → '12.3K', 1234567 → '1.2M' (formatNumber gives the exact figure). */
export function formatCompact(value: number | null | undefined): string {
  return compact.format(finite(value));
}

/** A signed change: the sign, then the magnitude as `magnitude` formats it (one decimal by default): 2 → '+2.0',
 * -1.25 with formatPoints → '-1.3 pp'. */
export function formatChange(value: number | null | undefined, magnitude: (value: number) => string = formatDecimal): string {
  const v = finite(value);
  return `${v >= 0 ? '+' : '-'}${magnitude(Math.abs(v))}`;
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
