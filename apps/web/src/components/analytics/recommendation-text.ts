// The words of the recommendations panel and of the Optimization Potential card: type labels, the gain, where the
// change goes, why there is nothing to recommend (from the server's per page and device analysis), and what the
// potential figure is made of.
import {
  RECOMMENDATION_WINDOW_DAYS as DAYS,
  REFERENCE_WIDTHS,
  type AdviceValues,
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

/** A signed count: '+774', '−120', '0'. */
const signed = (value: number) => (value > 0 ? `+${formatNumber(value)}` : value < 0 ? `−${formatNumber(-value)}` : '0');

/** '+184 to +255': a range, or one figure where its ends meet. */
const range = (low: number, high: number) => (low === high ? signed(low) : `${signed(low)} to ${signed(high)}`);

/** 'Ad value +184 to +255 per 1,000 pageviews': what the engine judges every change by (the page's, net of what the
 * change does to its other units), as a range. A format change may trade impressions for value, so value leads. */
export function gainText(recommendation: Recommendation): string {
  const { value_gain_low: low, value_gain_high: high } = recommendation.expected;
  return `Ad value ${range(Math.round(low), Math.round(high))} per 1,000 pageviews`;
}

/** '+650 to +900 viewable impressions / 30 days' (the window recommendations rest on): the range, not one number. */
export function impressionsText(recommendation: Recommendation): string {
  const { extra_viewable_impressions_low: low, extra_viewable_impressions_high: high } = recommendation.expected;
  return `${range(low, high)} viewable impressions / ${DAYS} days`;
}

/** What the ranges mean, in plain words, and what the ad value counts. */
export function rangeMeaningText(recommendation: Recommendation): string {
  return `At the last ${DAYS} days' traffic, the result should fall in these ranges 19 times in 20, counting both the sampling error and how far the model missed this page's own units. Ad value is the page's on ${DEVICE_LABELS[recommendation.device].toLowerCase()}, every unit's viewable impressions at its format's value (a viewable 300x250 = 1)`;
}

/** '300x250', '300x250 and 728x90', '300x250, 728x90 and 970x90'. */
function listOf(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** Which values the ad value of a device's card rests on: 'Values: measured viewable eCPM for 300x250 and 728x90 on
 * desktop (last 30 days); defaults for the rest', 'Values: default relative values (no revenue data yet)'. Null when
 * the server did not say. */
export function valuesText(values: AdviceValues | undefined, device: DeviceType): string | null {
  if (!values) return null;
  const measured = values.measured.filter((m) => m.device === device).map((m) => m.format);
  const own = values.settings.filter((s) => s.device === device).map((s) => s.format);
  if (measured.length === 0 && own.length === 0) {
    const why =
      values.currency === null
        ? 'no revenue data yet'
        : `no format has ${formatNumber(values.min_viewable_impressions)} viewable impressions on ${device} in the last ${values.days} days yet`;
    return `Values: default relative values (${why})`;
  }
  const prebidOnly = values.revenue_sources.prebid && !values.revenue_sources.imported;
  // The device once, after the first list: 'measured … for 300x250 on desktop (…); your settings for 300x600'.
  const parts: string[] = [];
  if (measured.length > 0) {
    parts.push(`measured viewable eCPM for ${listOf(measured)} on ${device} (last ${values.days} days${prebidOnly ? ', Prebid winning bids only' : ''})`);
  }
  if (own.length > 0) parts.push(`your settings for ${listOf(own)}${measured.length > 0 ? '' : ` on ${device}`}`);
  return `Values: ${parts.join('; ')}; defaults for the rest`;
}

/** 'View rate 29.8% → 51.8% (50.2–53.4%)': the share of pageviews with the unit in view for a second — not its
 * viewability, which is per measured impression. A new placement has no current rate, only the prediction. */
export function viewRateText(recommendation: Recommendation): string {
  const { current_view_rate, predicted_view_rate, predicted_view_rate_low, predicted_view_rate_high } = recommendation.expected;
  const range = `(${formatPercent(predicted_view_rate_low)}–${formatPercent(predicted_view_rate_high)})`;
  if (recommendation.type === 'new_ad_placement') return `Predicted view rate ${formatPercent(predicted_view_rate)} ${range} of pageviews`;
  return `View rate ${formatPercent(current_view_rate)} → ${formatPercent(predicted_view_rate)} ${range} of pageviews`;
}

const px = (value: number) => `${formatNumber(value)} px`;
/** '1,113 px down at 375 px wide': where the place is in the reference rendering, beside its name in the content. */
const depth = (recommendation: Recommendation, y: number) => `${px(y)} down at ${REFERENCE_WIDTHS[recommendation.device]} px wide`;

/** What to do and where: the place in the content a publisher finds in their CMS, with its depth in the page's rendering
 * at the device's reference width (only the depth where the content could not be read). */
export function changeText(recommendation: Recommendation): string {
  switch (recommendation.type) {
    case 'new_ad_placement': {
      const { place, position } = recommendation;
      return place
        ? `Add a ${recommendation.recommended_ad_format} ${place.description}, ${depth(recommendation, position.y)}`
        : `Add a ${recommendation.recommended_ad_format} at ${px(position.y)} down the page`;
    }
    case 'move_ad_unit': {
      const { current_place: from, recommended_place: to, current_position, recommended_position } = recommendation;
      return from && to
        ? `Move it from ${from.description} to ${to.description} (${depth(recommendation, recommended_position.y)})`
        : `Move it from ${px(current_position.y)} to ${px(recommended_position.y)} down the page`;
    }
    case 'format_change': {
      const { place, position } = recommendation;
      return place
        ? `Change ${recommendation.current_format} to ${recommendation.recommended_format} ${place.description}, ${depth(recommendation, position.y)}`
        : `Change ${recommendation.current_format} to ${recommendation.recommended_format} at ${px(position.y)} down the page`;
    }
  }
}

/** The CSS selector of the element to insert after (the unit follows it, for a format change in place), for a
 * developer or a CMS that takes one, with the words that say which. */
export function anchorSelector(recommendation: Recommendation): { label: string; selector: string } | null {
  const place = recommendation.type === 'move_ad_unit' ? recommendation.recommended_place : recommendation.place;
  if (!place?.selector) return null;
  return { label: recommendation.type === 'format_change' ? 'The unit follows' : 'Insert after', selector: place.selector };
}

/** 'Based on 3,530 pageviews and 3,301 impressions'. */
export function evidenceText(recommendation: Recommendation): string {
  const { pageviews, impressions } = recommendation.evidence;
  const base = `Based on ${plural(pageviews, 'pageview')}`;
  return impressions > 0 ? `${base} and ${plural(impressions, 'impression')}` : base;
}

/** '2 recommendations could add at least 1,607 viewable impressions over 30 days: 2.7% more than today's 59,669.' The
 * figure is the low ends of their ranges, low-confidence ones left out (as the Optimization Potential counts them). */
export function summaryText(response: RecommendationsResponse): string {
  const { extra_viewable_impressions: extra, viewable_impressions: viewable, optimization_potential: potential } = response.meta;
  const head = `${plural(response.recommendations.length, 'recommendation')} could add at least ${formatNumber(extra)} viewable impressions over ${DAYS} days`;
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
    description: "No change would raise a page's ad value clearly enough to act on. What was found for each page and device:",
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
