// Unit tests of the Ad Units table's Layout shift cell: the figure and its Core Web Vitals band, and why there is none.
import { describe, expect, it } from 'vitest';
import { layoutShiftBand } from '@foldline/contracts';
import { pendingShiftCell, unitShiftCell } from './unit-layout-shift.ts';

describe('unitShiftCell', () => {
  it('gives the share of measured pageviews and the p75 with its band', () => {
    expect(unitShiftCell({ impressions: 40, measured_pageviews: 3, shifting_pageviews: 66.7, layout_shift_p75: 0.12 })).toEqual({
      value: '66.7% of views',
      detail: 'p75 0.120',
      title: 'Shifted the content in 66.7% of 3 measured pageviews (Chromium browsers report it); layout shift it caused at the 75th percentile: 0.120, needs improvement.',
      band: 'needs improvement',
    });
    expect(unitShiftCell({ impressions: 1, measured_pageviews: 1, shifting_pageviews: 0, layout_shift_p75: 0 })).toMatchObject({ value: '0.0% of views', detail: 'p75 0.000', band: 'good' });
  });

  it('says why a unit has no figure: no impressions, or none from a browser that reports layout shift', () => {
    expect(unitShiftCell({ impressions: 0, measured_pageviews: 0, shifting_pageviews: null, layout_shift_p75: null })).toMatchObject({ value: '—', detail: 'No impressions', band: null });
    expect(unitShiftCell({ impressions: 12, measured_pageviews: 0, shifting_pageviews: null, layout_shift_p75: null })).toMatchObject({ value: '—', detail: 'No Chromium views', band: null });
  });

  it("bands a p75 as Core Web Vitals do: up to 0.1 good, up to 0.25 needs improvement, above that poor", () => {
    expect([0.1, 0.1001, 0.25, 0.2501].map(layoutShiftBand)).toEqual(['good', 'needs improvement', 'needs improvement', 'poor']);
  });

  it('says the figure is being read (it comes after the rows), or that it could not be', () => {
    expect(pendingShiftCell(undefined)).toMatchObject({ value: '…', detail: 'Reading', band: null });
    expect(pendingShiftCell('failed')).toMatchObject({ value: '—', detail: 'Could not be read', band: null });
  });
});
