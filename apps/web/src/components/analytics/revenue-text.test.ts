// The Revenue and RPM cards' words: one currency with its change and what the figure is made of (partly known,
// converted at the publisher's rates), several side by side and never added, amounts in other currencies without a
// rate listed apart, and no card without revenue data.
import type { RevenueKpis } from '@foldline/contracts';
import { describe, expect, it } from 'vitest';
import { coverageNote, hasRevenueData, PREBID_ONLY, revenueCards, unconvertedNote } from './revenue-text.ts';

const none: RevenueKpis = {
  currency: null,
  revenue: { value: 0, change: null },
  rpm: { value: 0, change: null },
  byCurrency: [],
  sources: { prebid: false, imported: false },
  unconverted: [],
};

describe('revenue text', () => {
  it('has nothing to show without a currency', () => {
    expect(hasRevenueData(undefined)).toBe(false);
    expect(hasRevenueData(none)).toBe(false);
    expect(hasRevenueData({ ...none, currency: 'USD' })).toBe(true);
  });

  it('writes one currency with its change, and says when only Prebid is known and what was not converted', () => {
    const cards = revenueCards({
      ...none,
      currency: 'USD',
      revenue: { value: 1234.564, change: 12.5 },
      rpm: { value: 2.5, change: null },
      sources: { prebid: true, imported: false },
      unconverted: [{ currency: 'EUR', amount: 3.2 }],
    });
    expect(cards.revenue).toEqual({ value: '$1,234.56', change: 12.5, description: 'Prebid winning bids only. Also €3.20 not converted' });
    expect(cards.rpm).toEqual({ value: '$2.50', change: null, description: 'Revenue per 1,000 pageviews' });
    expect(revenueCards({ ...none, currency: 'EUR', sources: { prebid: true, imported: true } }).revenue.description).toBeUndefined();
    expect(revenueCards({ ...none, currency: 'USD', sources: { prebid: true, imported: true, converted: ['EUR'] }, unconverted: [{ currency: 'GBP', amount: 2 }] }).revenue.description).toBe(
      'Includes EUR converted at your rate. Also £2.00 not converted',
    );
  });

  it('writes several currencies side by side, never added, with no single change', () => {
    const cards = revenueCards({
      ...none,
      byCurrency: [
        { currency: 'EUR', websites: 1, revenue: { value: 10, change: 5 }, rpm: { value: 1.5, change: null } },
        { currency: 'USD', websites: 2, revenue: { value: 20.5, change: -3 }, rpm: { value: 2, change: 1 } },
      ],
    });
    expect(cards.revenue).toEqual({ value: '€10.00 · $20.50', change: undefined, description: '2 currencies, never added' });
    expect(cards.rpm).toEqual({ value: '€1.50 · $2.00', change: undefined, description: 'Revenue per 1,000 pageviews, 2 currencies, never added' });
  });

  it('names partial coverage and lists unconverted amounts', () => {
    expect(coverageNote({ prebid: true, imported: false })).toBe(PREBID_ONLY);
    expect(coverageNote({ prebid: true, imported: true })).toBeUndefined();
    expect(coverageNote({ prebid: false, imported: true })).toBeUndefined();
    // Amounts converted at the publisher's rates are said on the figure, like partial coverage.
    expect(coverageNote({ prebid: false, imported: true, converted: ['EUR'] })).toBe('Includes EUR converted at your rate');
    expect(coverageNote({ prebid: true, imported: false, converted: ['EUR', 'GBP'] })).toBe(`${PREBID_ONLY}. Includes EUR and GBP converted at your rates`);
    expect(coverageNote({ prebid: true, imported: true, converted: [] })).toBeUndefined();
    // And at the rates that came with the imported reports, where the publisher gave none.
    expect(coverageNote({ prebid: false, imported: true, converted: ['GBP'], reportRates: ['EUR'] })).toBe(
      "Includes GBP converted at your rate. Includes EUR converted at the imported reports' rates",
    );
    expect(unconvertedNote([])).toBeUndefined();
    expect(unconvertedNote([{ currency: 'EUR', amount: 1 }, { currency: 'GBP', amount: 2 }, { currency: 'JPY', amount: 300 }])).toBe('Also €1.00, £2.00 and ¥300 not converted');
  });
});
