// Display formatting: one decimal (two for a CTR below 1 %), signed changes in percent or points, compact counts,
// 'Ns' / 'Nm Ns' durations, local dates.
import { describe, expect, it } from 'vitest';
import {
  formatChange,
  formatCompact,
  formatCtr,
  formatCtrPoints,
  formatDate,
  formatDecimal,
  formatDuration,
  formatDurationMs,
  formatMoney,
  formatNumber,
  formatOptionalPercent,
  formatPercent,
  formatPoints,
  formatSeconds,
  isIncrease,
} from './format.ts';

describe('format', () => {
  it('shows percentages, seconds and plain decimals with one decimal', () => {
    expect(formatPercent(12.345)).toBe('12.3%');
    expect(formatPercent(70)).toBe('70.0%');
    expect(formatSeconds(4.25)).toBe('4.3s');
    expect(formatDecimal(0)).toBe('0.0');
    expect(formatPercent(Number.NaN)).toBe('0.0%');
    expect(formatPercent(null)).toBe('0.0%');
  });

  it('writes amounts in their currency, a code Intl refuses after the figure, and no figure as a dash', () => {
    expect(formatMoney(1234.56, 'USD')).toBe('$1,234.56');
    expect(formatMoney(88.4249, 'EUR')).toBe('€88.42');
    expect(formatMoney(0, 'GBP')).toBe('£0.00');
    expect(formatMoney(1500.4, 'JPY')).toBe('¥1,500');
    expect(formatMoney(0.0025, 'USD')).toBe('$0.00');
    // Intl writes a code it has no symbol for before the figure, with a no-break space.
    expect(formatMoney(12.5, 'XYZ')).toBe('XYZ\u00a012.50');
    expect(formatMoney(12.5, 'US$')).toBe('12.50 US$');
    expect(formatMoney(null, 'USD')).toBe('—');
    expect(formatMoney(Number.POSITIVE_INFINITY, 'USD')).toBe('—');
    expect(formatOptionalPercent(45.25)).toBe('45.3%');
    expect(formatOptionalPercent(null)).toBe('—');
  });

  it('signs changes, non-negative being an increase', () => {
    expect(formatChange(2)).toBe('+2.0');
    expect(formatChange(-1.26, formatPercent)).toBe('-1.3%');
    expect(formatChange(0)).toBe('+0.0');
    expect(formatChange(1.23, formatPoints)).toBe('+1.2 pp');
    expect(formatChange(-0.034, formatCtrPoints)).toBe('-0.03 pp');
    expect(formatChange(1.5, formatCtrPoints)).toBe('+1.5 pp');
    expect(isIncrease(0)).toBe(true);
    expect(isIncrease(-0.1)).toBe(false);
  });

  it('shows a CTR below 1 % with two decimals, and one from 1 % (the documented deviation)', () => {
    expect(formatCtr(0.1234)).toBe('0.12%');
    expect(formatCtr(0.005)).toBe('0.01%');
    expect(formatCtr(0)).toBe('0.00%');
    expect(formatCtr(0.994)).toBe('0.99%');
    // 0.996 rounds to 1.00: from there one decimal.
    expect(formatCtr(0.996)).toBe('1.0%');
    expect(formatCtr(1)).toBe('1.0%');
    expect(formatCtr(12.345)).toBe('12.3%');
    expect(formatCtr(Number.NaN)).toBe('0.00%');
  });

  it("formats durations as 'Ns' under a minute, else 'Nm Ns'", () => {
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(undefined)).toBe('0s');
    expect(formatDuration(59.9)).toBe('59s');
    expect(formatDuration(60)).toBe('1m 0s');
    expect(formatDuration(125)).toBe('2m 5s');
    expect(formatDurationMs(72_400)).toBe('1m 12s');
  });

  it('groups whole numbers', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(12.6)).toBe('13');
    expect(formatCompact(950)).toBe('950');
    expect(formatCompact(12_345)).toBe('12.3K');
    expect(formatCompact(1_234_567)).toBe('1.2M');
  });

  it('formats dates in local time and marks missing ones', () => {
    const date = new Date(2026, 0, 31, 23, 30);
    expect(formatDate(date.toISOString(), 'en-US')).toBe('1/31/2026');
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });
});
