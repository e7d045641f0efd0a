// The layout shift ad units caused (issue 24), counted one way for page analytics' Ad experience card and the Ad Units
// tab, so the two agree for the same unit, page and period: over the measured pageviews in which a unit rendered, the
// share in which it shifted the content and the 75th percentile of the shift it caused (0 where it caused none).
//
// Layout shift is reported by Chromium's browsers only (the tracker feature-detects it), so "measured" means a pageview
// of one of those browsers; a 0 there is a page that did not move, not one that was not measured. A pageview's score is
// the sum of its shifts without recent input; Core Web Vitals' CLS takes the worst 5 s window instead, so on long
// visits this is the larger figure. Counted per day with the ad experience's other figures (ad-days.ts).

/** Browsers that report layout-shift entries (Chromium's), as the collector names them (bowser). */
export const LAYOUT_SHIFT_BROWSERS = ['Chrome', 'Chromium', 'Microsoft Edge', 'Opera', 'Samsung Internet for Android', 'Yandex Browser', 'Vivaldi'];

/** What a unit's layout shift figures are made of: its measured pageviews, those in which it shifted the content, and
 * the 75th percentile of its shift over them. */
export interface LayoutShiftCounts {
  measured: number;
  shifting: number;
  p75: number;
}

/** The figures a screen shows: the share of measured pageviews in which the unit shifted the content (percent, one
 * decimal) and its p75 (four decimals), both null without a measured pageview. */
export function layoutShiftFigures(counts: LayoutShiftCounts | undefined): { shifting_pageviews: number | null; layout_shift_p75: number | null } {
  if (!counts || counts.measured === 0) return { shifting_pageviews: null, layout_shift_p75: null };
  return { shifting_pageviews: Math.round(((100 * counts.shifting) / counts.measured) * 10) / 10, layout_shift_p75: Math.round(counts.p75 * 10_000) / 10_000 };
}
