// The words of the recommendations panel and of the Optimization Potential card: type labels, the gain, where the
// change goes, why there is nothing to recommend (from the server's per page and device analysis), and what the
// potential figure is made of.
import {
  RECOMMENDATION_WINDOW_DAYS as DAYS,
  type DashboardKpiResponse,
  type DeviceType,
  type PageAnalysis,
  type Recommendation,
  type RecommendationType,
  type RecommendationsResponse,
} from '@foldline/contracts';
import { formatNumber, formatPercent } from '../../lib/format.ts';

export const TYPE_LABELS: Record<RecommendationType, string> = {
  new_ad_placement: 'New ad placement',
  move_ad_unit: 'Move ad unit',
  format_change: 'Format change',
};

export const DEVICE_LABELS: Record<DeviceType, string> = { desktop: 'Desktop', tablet: 'Tablet', mobile: 'Mobile' };

export const CONFIDENCE_LABELS: Record<Recommendation['confidence'], string> = {
  high: 'High confidence',
  medium: 'Medium confidence',
  low: 'Low confidence',
};

/** '1 move', '3 moves'. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatNumber(count)} ${count === 1 ? singular : pluralForm}`;
}

/** '+774 viewable impressions / 30 days' (the window recommendations rest on). */
export function gainText(recommendation: Recommendation): string {
  return `+${formatNumber(recommendation.expected.extra_viewable_impressions)} viewable impressions / ${DAYS} days`;
}

/** 'View rate 29.8% → 51.8% (at least 50.2%)'; a new placement has no current rate, only the prediction. */
export function viewRateText(recommendation: Recommendation): string {
  const { current_view_rate, predicted_view_rate, predicted_view_rate_low } = recommendation.expected;
  const low = `(at least ${formatPercent(predicted_view_rate_low)})`;
  if (recommendation.type === 'new_ad_placement') return `Predicted view rate ${formatPercent(predicted_view_rate)} ${low}`;
  return `View rate ${formatPercent(current_view_rate)} → ${formatPercent(predicted_view_rate)} ${low}`;
}

const px = (value: number) => `${formatNumber(value)} px`;

/** What to do and where, in the page's layout at the device's reference width. */
export function changeText(recommendation: Recommendation): string {
  switch (recommendation.type) {
    case 'new_ad_placement':
      return `Add a ${recommendation.recommended_ad_format} at ${px(recommendation.position.y)} down the page`;
    case 'move_ad_unit':
      return `Move it from ${px(recommendation.current_position.y)} to ${px(recommendation.recommended_position.y)} down the page`;
    case 'format_change':
      return `Change ${recommendation.current_format} to ${recommendation.recommended_format} at ${px(recommendation.position.y)} down the page`;
  }
}

/** 'Based on 3,530 pageviews and 3,301 impressions'. */
export function evidenceText(recommendation: Recommendation): string {
  const { pageviews, impressions } = recommendation.evidence;
  const base = `Based on ${plural(pageviews, 'pageview')}`;
  return impressions > 0 ? `${base} and ${plural(impressions, 'impression')}` : base;
}

/** '2 recommendations could add 1,607 viewable impressions over 30 days: 2.7% more than today's 59,669.' */
export function summaryText(response: RecommendationsResponse): string {
  const { extra_viewable_impressions: extra, viewable_impressions: viewable, optimization_potential: potential } = response.meta;
  const head = `${plural(response.recommendations.length, 'recommendation')} could add ${formatNumber(extra)} viewable impressions over ${DAYS} days`;
  return viewable > 0 ? `${head}: ${formatPercent(potential)} more than today's ${formatNumber(viewable)}.` : `${head}.`;
}

export interface EmptyExplanation {
  title: string;
  description: string;
  /** The server's word on each page and device, most read first. */
  pages: PageAnalysis[];
}

/** Why there is nothing to recommend: no readers at all, too few on every page and device, or nothing worth moving. */
export function emptyExplanation(meta: RecommendationsResponse['meta']): EmptyExplanation {
  const { pages, min_pageviews: min } = meta;
  if (pages.length === 0) {
    return {
      title: 'No recommendations yet',
      description: `No pageviews in the last ${DAYS} days. Recommendations are made from what readers scrolled past and saw in that time.`,
      pages,
    };
  }
  if (pages.every((page) => page.status === 'too_few_pageviews')) {
    return {
      title: 'No recommendations yet',
      description: `No page has enough readers yet: recommendations need ${formatNumber(min)} pageviews of a page on one device in the last ${DAYS} days.`,
      pages,
    };
  }
  return {
    title: 'No recommendations right now',
    description: 'No change would make clearly more readers see an ad. What was found for each page and device:',
    pages,
  };
}

/** The selected device's own analysis of the page, or why there is none. */
export function deviceAnalysisText(meta: RecommendationsResponse['meta'], device: DeviceType): string {
  const analysis = meta.pages.find((page) => page.device === device);
  return analysis ? analysis.message : `No ${device} pageviews in the last ${DAYS} days.`;
}

/** The Optimization Potential card's line: what the percentage is made of. */
export function optimizationDescription(optimization: DashboardKpiResponse['optimization']): string {
  if (optimization.recommendations === 0) return 'No open recommendations';
  const { move_ad_unit: moves, new_ad_placement: placements, format_change: formats } = optimization.byType;
  const parts = [
    moves > 0 ? plural(moves, 'move') : '',
    placements > 0 ? plural(placements, 'new placement') : '',
    formats > 0 ? plural(formats, 'format change') : '',
  ].filter(Boolean);
  const from = `${plural(optimization.extraViewableImpressions, 'extra viewable impression')} from ${plural(optimization.recommendations, 'open recommendation')}`;
  return parts.length > 0 ? `${from} (${parts.join(', ')})` : from;
}
