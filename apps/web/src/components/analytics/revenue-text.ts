// The words of the revenue figures (docs/notes/revenue.md, "Revenue figures"): the Revenue and RPM cards of the
// dashboard and the website overview, what a figure is made of ("Prebid winning bids only", "Includes EUR converted
// at your rate"), amounts in other currencies without a rate (listed apart, never added), and the empty state.
import type { CurrencyAmount, RevenueKpis, RevenueSources } from '@foldline/contracts';
import { formatMoney } from '../../lib/format.ts';

export const NO_REVENUE_DATA = 'No revenue data yet: connect Prebid or import an ad server report in';
export const PREBID_ONLY = 'Prebid winning bids only';

/** Whether there is anything to show: a currency, or several. */
export function hasRevenueData(kpis: RevenueKpis | undefined): kpis is RevenueKpis {
  return kpis !== undefined && (kpis.currency !== null || kpis.byCurrency.length > 0);
}

/** 'EUR', 'EUR and GBP', 'CHF, EUR and GBP'. */
const listed = (items: readonly string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** What a figure is made of: only partly known (Prebid's winning bids, no ad server report), and amounts converted at
 * the publisher's rates ("Includes EUR converted at your rate") or at those that came with the imported reports. */
export function coverageNote(sources: RevenueSources | undefined): string | undefined {
  const converted = sources?.converted ?? [];
  const reportRates = sources?.reportRates ?? [];
  const notes = [
    sources?.prebid && !sources.imported ? PREBID_ONLY : undefined,
    converted.length > 0 ? `Includes ${listed(converted)} converted at your ${converted.length === 1 ? 'rate' : 'rates'}` : undefined,
    reportRates.length > 0 ? `Includes ${listed(reportRates)} converted at the imported reports' rates` : undefined,
  ].filter(Boolean);
  return notes.join('. ') || undefined;
}

/** 'Also €1.20 not converted', 'Also €1.20 and £3.00 not converted'; nothing without such amounts. */
export function unconvertedNote(amounts: readonly CurrencyAmount[]): string | undefined {
  if (amounts.length === 0) return undefined;
  return `Also ${listed(amounts.map((entry) => formatMoney(entry.amount, entry.currency)))} not converted`;
}

export interface RevenueCardText {
  value: string;
  /** Relative change in percent; null: nothing in the previous period; undefined: no single figure to change. */
  change: number | null | undefined;
  description: string | undefined;
}

/**
 * The Revenue and RPM cards. One currency: the amount, its change and what it is made of. Several (all websites of
 * different currencies): each currency's amount side by side, never added, and no single change.
 */
export function revenueCards(kpis: RevenueKpis): { revenue: RevenueCardText; rpm: RevenueCardText } {
  const notes = (...parts: (string | undefined)[]) => parts.filter(Boolean).join('. ') || undefined;
  if (kpis.currency !== null) {
    return {
      revenue: {
        value: formatMoney(kpis.revenue.value, kpis.currency),
        change: kpis.revenue.change,
        description: notes(coverageNote(kpis.sources), unconvertedNote(kpis.unconverted)),
      },
      rpm: { value: formatMoney(kpis.rpm.value, kpis.currency), change: kpis.rpm.change, description: 'Revenue per 1,000 pageviews' },
    };
  }
  const each = (pick: (entry: RevenueKpis['byCurrency'][number]) => number) =>
    kpis.byCurrency.map((entry) => formatMoney(pick(entry), entry.currency)).join(' · ');
  const several = `${kpis.byCurrency.length} currencies, never added`;
  return {
    revenue: { value: each((entry) => entry.revenue.value), change: undefined, description: notes(several, coverageNote(kpis.sources), unconvertedNote(kpis.unconverted)) },
    rpm: { value: each((entry) => entry.rpm.value), change: undefined, description: `Revenue per 1,000 pageviews, ${several}` },
  };
}
