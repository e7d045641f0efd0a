// The line of the rates that came with an imported report: one rate, a range, several pairs.
import { describe, expect, it } from 'vitest';
import { importedRatesText } from './imported-rates-text.ts';

const pair = { currency: 'EUR', into: 'USD', days: 14, from: '2026-11-01', to: '2026-11-14' };

describe('importedRatesText', () => {
  it('says the rate and its days, a range when the days differ', () => {
    expect(importedRatesText([{ ...pair, min: 1.0842, max: 1.0842 }])).toBe('1 EUR = 1.0842 USD on 14 days');
    expect(importedRatesText([{ ...pair, days: 1, min: 14.09 / 13, max: 14.09 / 13 }])).toBe('1 EUR = 1.0838 USD on 1 day');
    expect(importedRatesText([{ ...pair, min: 1.0791, max: 1.0842 }])).toBe('1 EUR = 1.0791–1.0842 USD on 14 days');
  });

  it('joins several pairs', () => {
    expect(importedRatesText([{ ...pair, min: 1.08, max: 1.08 }, { ...pair, into: 'JPY', days: 2, min: 162.31, max: 162.31 }])).toBe(
      '1 EUR = 1.08 USD on 14 days; 1 EUR = 162.31 JPY on 2 days',
    );
  });
});
