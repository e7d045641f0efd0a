// The words of the Ad experience panel: layout shift against Core Web Vitals' thresholds, and each unit's line.
import { layoutShiftBand, MIN_RECOMMENDATION_PAGEVIEWS, RECOMMENDATION_WINDOW_DAYS, type AdExperienceResponse, type AdExperienceUnit, type LayoutShiftBand, type PageAnalysis } from '@foldline/contracts';
import type { BadgeTone } from '../../../components/ui/badge.tsx';
import { formatNumber, formatPercent, formatSeconds } from '../../../lib/format.ts';

/** Core Web Vitals' bands for a layout shift score at the 75th percentile. */
const BAND_TONES: Record<LayoutShiftBand, BadgeTone> = { good: 'green', 'needs improvement': 'yellow', poor: 'red' };
export function shiftRating(score: number | null): { label: string; tone: BadgeTone } {
  if (score === null) return { label: 'not measured', tone: 'gray' };
  const band = layoutShiftBand(score);
  return { label: band, tone: BAND_TONES[band] };
}

const score = (value: number) => value.toFixed(3);

/** 'Layout shift at the 75th percentile: 0.120 from ads, 0.080 from everything else (1,234 of 2,000 pageviews measured:
 * Chromium browsers report it).' */
export function pageShiftText(page: AdExperienceResponse['data']['page']): string {
  if (page.measured_pageviews === 0) {
    return page.pageviews === 0 ? 'No pageviews in this period.' : 'Layout shift is reported by Chrome, Edge and other Chromium browsers; none of these pageviews came from one.';
  }
  return `Layout shift at the 75th percentile: ${score(page.layout_shift_ads_p75 ?? 0)} from ads, ${score(page.layout_shift_other_p75 ?? 0)} from everything else (${formatNumber(page.measured_pageviews)} of ${formatNumber(page.pageviews)} pageviews measured: Chromium browsers report it).`;
}

/** The unit's figures in a line: fill, time in view, long views, refreshes. */
export function unitFiguresText(unit: AdExperienceUnit): string {
  const parts = [
    unit.fill_rate === null ? null : `${formatPercent(unit.fill_rate)} filled (${formatNumber(unit.empty)} empty)`,
    unit.time_in_view === null ? null : `${formatSeconds(unit.time_in_view)} in view per impression`,
    unit.viewable_time === null ? null : `${formatSeconds(unit.viewable_time)} per viewable one`,
    unit.long_views === null ? null : `${formatPercent(unit.long_views)} in view 5s or more`,
    unit.renders_per_pageview === null ? null : unit.renders_per_pageview > 1.05 ? `refreshes: ${unit.renders_per_pageview.toFixed(2)} renders per pageview${unseenText(unit)}` : 'no refreshes',
  ];
  return parts.filter(Boolean).join(' · ');
}

/** ', 40.0% of refreshes never in view': refreshes nobody could see spend impressions on no reader. */
function unseenText(unit: AdExperienceUnit): string {
  if (unit.refreshes === 0) return '';
  return `, ${formatPercent((100 * unit.unseen_refreshes) / unit.refreshes)} of refreshes never in view`;
}

/** 'Shifted the content in 66.7% of measured pageviews (p75 0.120)', or that it did not. */
export function unitShiftText(unit: AdExperienceUnit): string | null {
  if (unit.shifting_pageviews === null) return null;
  if (unit.shifting_pageviews === 0) return 'Never shifted the content';
  return `Shifted the content in ${formatPercent(unit.shifting_pageviews)} of measured pageviews (p75 ${score(unit.layout_shift_p75 ?? 0)})`;
}

/** 'Reserve 280 px for this slot (CSS min-height): its creatives were 250 px (82.5%), 280 px (15.0%) and 600 px (2.5%),
 * and its content moved when a taller one arrived.' — issue 21 §5's advice, for a unit that shifts the content. */
export function reserveText(unit: AdExperienceUnit): string | null {
  if (!unit.reserve) return null;
  const heights = unit.reserve.heights.map((entry) => `${formatNumber(entry.height)} px (${formatPercent(entry.share)})`);
  const list = heights.length > 1 ? `${heights.slice(0, -1).join(', ')} and ${heights.at(-1)}` : heights[0];
  return `Reserve ${formatNumber(unit.reserve.height)} px for this slot (CSS min-height on its container), so the content below stays put when the ad arrives. Its creatives were ${list} tall.`;
}

/** The page's ad density on a device against its limit, in words, with whether it is over; null while not measured. */
export function densityText(analysis: PageAnalysis | undefined, device: string): { text: string; over: boolean | null } {
  const layout = analysis?.ad_layout;
  if (!layout) {
    const why =
      !analysis || analysis.status === 'too_few_pageviews'
        ? `it is measured on pages with ${formatNumber(MIN_RECOMMENDATION_PAGEVIEWS)} ${device} pageviews in the last ${RECOMMENDATION_WINDOW_DAYS} days, from a rendering of the page`
        : `it needs a rendering of the page's main content on ${device}, which there is not yet`;
    return { text: `Ad density: not measured; ${why}.`, over: null };
  }
  const limit = device === 'mobile' ? `Better Ads' limit for phones is ${formatPercent(layout.density_limit)}` : `the website's limit is ${formatPercent(layout.density_limit)}`;
  return {
    text: `Ads take ${formatPercent(layout.density)} of the main content's height on ${device} (${formatNumber(layout.ad_height)} of ${formatNumber(layout.content_height)} px; ${limit}). ${formatNumber(layout.above_fold)} ${layout.above_fold === 1 ? 'ad' : 'ads'} above the fold, ${layout.per_1000px.toFixed(2)} per 1,000 px of content. Last ${RECOMMENDATION_WINDOW_DAYS} days.`,
    over: layout.density > layout.density_limit,
  };
}
