// The revenue figures (docs/notes/revenue.md, "Revenue figures") from a unit's, page's or website's counts: pure
// definitions, one place for every report. A rate over nothing is null (no impressions: no eCPM), never 0 or infinite.

/** amount per 1,000 of count: RPM (pageviews), eCPM (impressions), viewable eCPM (viewable impressions), revenue per
 * 1,000 sessions; null without any of them. */
export function perThousand(amount: number, count: number): number | null {
  return count > 0 ? (amount / count) * 1000 : null;
}

/** part of whole in percent (fill rate, Prebid win share); null when whole is 0. */
export function percentOf(part: number, whole: number): number | null {
  return whole > 0 ? (part / whole) * 100 : null;
}

/** What a unit (or a slot) did in a period: its revenue in the website's currency and its counts. */
export interface UnitCounts {
  /** Null when the website has no revenue data in any currency yet. */
  revenue: number | null;
  impressions: number;
  viewable: number;
  /** Prebid auctions the tracker reported, and those Prebid won. */
  auctions: number;
  wins: number;
  /** Renders with no ad. */
  empties: number;
}

export interface UnitRevenueFigures {
  revenue: number | null;
  ecpm: number | null;
  viewable_ecpm: number | null;
  fill_rate: number | null;
  prebid_win_share: number | null;
}

/**
 * eCPM = revenue per 1,000 impressions; viewable eCPM = revenue per 1,000 viewable impressions; fill rate =
 * impressions ÷ (impressions + empty renders), in percent; Prebid win share = Prebid wins ÷ Prebid auctions, in percent.
 */
export function unitRevenueFigures(counts: UnitCounts): UnitRevenueFigures {
  const { revenue } = counts;
  return {
    revenue,
    ecpm: revenue === null ? null : perThousand(revenue, counts.impressions),
    viewable_ecpm: revenue === null ? null : perThousand(revenue, counts.viewable),
    fill_rate: percentOf(counts.impressions, counts.impressions + counts.empties),
    prebid_win_share: percentOf(counts.wins, counts.auctions),
  };
}
