// Display formatting: one decimal, signed changes, 'Ns' / 'Nm Ns' durations, local dates.
import { describe, expect, it } from 'vitest';
import { formatChange, formatDate, formatDecimal, formatDuration, formatDurationMs, formatNumber, formatPercent, formatSeconds, isIncrease } from './format.ts';

describe('format', () => {
  it('shows percentages, seconds and plain decimals with one decimal', () => {
    expect(formatPercent(12.345)).toBe('12.3%');
    expect(formatPercent(70)).toBe('70.0%');
    expect(formatSeconds(4.25)).toBe('4.3s');
    expect(formatDecimal(0)).toBe('0.0');
    expect(formatPercent(Number.NaN)).toBe('0.0%');
    expect(formatPercent(null)).toBe('0.0%');
  });

  it('signs changes, non-negative being an increase', () => {
    expect(formatChange(2)).toBe('+2.0');
    expect(formatChange(-1.26, '%')).toBe('-1.3%');
    expect(formatChange(0)).toBe('+0.0');
    expect(isIncrease(0)).toBe(true);
    expect(isIncrease(-0.1)).toBe(false);
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
  });

  it('formats dates in local time and marks missing ones', () => {
    const date = new Date(2026, 0, 31, 23, 30);
    expect(formatDate(date.toISOString(), 'en-US')).toBe('1/31/2026');
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });
});
