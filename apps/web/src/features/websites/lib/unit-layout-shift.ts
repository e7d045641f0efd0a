// The Ad Units table's Layout shift cell (issue 24): the share of a unit's measured pageviews in which it shifted the
// content and its 75th percentile against Core Web Vitals' bands, in the words page analytics' Ad experience card uses,
// or a dash and why there is no figure.
import { layoutShiftBand, type AdUnitFigures, type AdUnitRow, type LayoutShiftBand } from '@foldline/contracts';
import { formatNumber, formatPercent } from '../../../lib/format.ts';

/** The row's impressions (from the table) and its figures (asked apart: ad-unit-figures). */
type Unit = Pick<AdUnitRow, 'impressions'> & Pick<AdUnitFigures, 'measured_pageviews' | 'shifting_pageviews' | 'layout_shift_p75'>;

export interface ShiftCell {
  /** '66.7% of views', or '—'. */
  value: string;
  /** 'p75 0.120', or why there is no figure. */
  detail: string;
  /** The whole figure in a sentence, for the cell's hover text. */
  title: string;
  /** Core Web Vitals' band of the p75; null without one. */
  band: LayoutShiftBand | null;
}

export function unitShiftCell(unit: Unit): ShiftCell {
  if (unit.shifting_pageviews === null || unit.layout_shift_p75 === null) {
    return unit.impressions === 0
      ? { value: '—', detail: 'No impressions', title: 'No impressions in this period.', band: null }
      : {
          value: '—',
          detail: 'No Chromium views',
          title: "Layout shift is reported by Chrome, Edge and other Chromium browsers; none of this unit's pageviews came from one.",
          band: null,
        };
  }
  const score = unit.layout_shift_p75.toFixed(3);
  const band = layoutShiftBand(unit.layout_shift_p75);
  const pageviews = `${formatNumber(unit.measured_pageviews)} measured ${unit.measured_pageviews === 1 ? 'pageview' : 'pageviews'}`;
  return {
    value: `${formatPercent(unit.shifting_pageviews)} of views`,
    detail: `p75 ${score}`,
    title: `Shifted the content in ${formatPercent(unit.shifting_pageviews)} of ${pageviews} (Chromium browsers report it); layout shift it caused at the 75th percentile: ${score}, ${band}.`,
    band,
  };
}

/** The cell while the figures are read (they come after the table's rows), or when they could not be. */
export function pendingShiftCell(state: 'failed' | undefined): ShiftCell {
  return state === 'failed'
    ? { value: '—', detail: 'Could not be read', title: 'The layout shift could not be read; reload the page to try again.', band: null }
    : { value: '…', detail: 'Reading', title: 'Reading the layout shift from the period’s ad events.', band: null };
}
