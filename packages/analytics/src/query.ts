// An analytics query as data (Plausible's model): metrics, dimensions, filters, a time range and an optional
// comparison range. A new chart is a new metric or dimension here, not a new endpoint.
import type { DeviceType } from '@foldline/contracts';

export interface TimeWindow {
  /** Inclusive. */
  start: Date;
  /** Exclusive. */
  end: Date;
}

export const METRICS = [
  'pageviews',
  'sessions',
  'events',
  'impressions',
  'viewable_impressions',
  'ad_clicks',
  'viewability',
  'ctr',
  'avg_engagement_ms',
  'avg_scroll_depth',
  // The sums the two averages divide, additive, for a caller that adds periods' figures itself (kept-sums.ts).
  'engaged_pageviews',
  'engaged_ms',
  'scroll_sum',
  'active_visitors',
  // Prebid.js in the page (ad_events kind 'bid', the revenue rollups of event-store migration 024): the won CPMs ÷
  // 1,000 in the bids' currency (split by `currency`: amounts of different currencies are never added), the auctions
  // the tracker reported (bid rows), the ones Prebid won, and the slots that rendered empty (kind 'empty').
  'prebid_revenue',
  'prebid_auctions',
  'prebid_wins',
  'empty_renders',
] as const;
export type Metric = (typeof METRICS)[number];

/** Metrics whose figure over two windows is the sum of their figures over each: what a caller may add up itself. Distinct
 * counts (sessions, active visitors) and ratios are not. */
export const ADDITIVE_METRICS: ReadonlySet<Metric> = new Set([
  'pageviews',
  'events',
  'impressions',
  'viewable_impressions',
  'ad_clicks',
  'engaged_pageviews',
  'engaged_ms',
  'scroll_sum',
  'prebid_revenue',
  'prebid_auctions',
  'prebid_wins',
  'empty_renders',
]);

/** `currency` splits the Prebid metrics (the bid's currency; '' for empty renders); every other metric is under ''. */
export const DIMENSIONS = ['website_id', 'page_id', 'ad_unit_id', 'device', 'hour', 'day', 'currency'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

export interface QueryFilters {
  /** Always present: the signed-in user's websites the query may read (resolved from metadata first). */
  websiteIds: readonly string[];
  pageIds?: readonly string[];
  device?: DeviceType;
}

export interface OrderBy {
  field: Metric | Dimension;
  direction: 'asc' | 'desc';
}

export interface AnalyticsQuery {
  metrics: readonly Metric[];
  dimensions?: readonly Dimension[];
  filters: QueryFilters;
  range: TimeWindow;
  /** The window just before `range` (it must end where `range` starts); adds a `period` column: current or previous. */
  comparison?: TimeWindow;
  /** Whole UTC days inside `range` that are not read: the caller has their figures already (kept-sums.ts). Only with
   * additive metrics (ADDITIVE_METRICS) and no comparison. */
  skip?: TimeWindow;
  /** IANA zone the `day` dimension is cut in. */
  timezone?: string;
  orderBy?: readonly OrderBy[];
  limit?: number;
}

/** One result row: the dimensions as text, the metrics as numbers, and `period` when comparing. */
export interface ResultRow {
  period: 'current' | 'previous';
  dimensions: Partial<Record<Dimension, string>>;
  metrics: Record<Metric, number>;
}
