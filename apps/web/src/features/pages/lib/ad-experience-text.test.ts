import type { AdExperienceUnit } from '@foldline/contracts';
import { describe, expect, it } from 'vitest';
import { pageShiftText, shiftRating, unitFiguresText, unitShiftText } from './ad-experience-text.ts';

const unit = (overrides: Partial<AdExperienceUnit> = {}): AdExperienceUnit => ({
  ad_unit_id: 'u1',
  name: 'article_top',
  format: '320x50',
  impressions: 5,
  empty: 1,
  fill_rate: 83.3,
  time_in_view: 3.6,
  viewable_time: 5.7,
  long_views: 40,
  renders_per_pageview: 1.25,
  shifting_pageviews: 66.7,
  layout_shift_p75: 0.12,
  ...overrides,
});

describe('ad experience texts', () => {
  it("rates layout shift by Core Web Vitals' bands", () => {
    expect(shiftRating(0.05)).toEqual({ label: 'good', tone: 'green' });
    expect(shiftRating(0.1)).toEqual({ label: 'good', tone: 'green' });
    expect(shiftRating(0.2)).toEqual({ label: 'needs improvement', tone: 'yellow' });
    expect(shiftRating(0.3)).toEqual({ label: 'poor', tone: 'red' });
    expect(shiftRating(null)).toEqual({ label: 'not measured', tone: 'gray' });
  });

  it("says the page's shift from ads and from the rest, and how many pageviews could measure it", () => {
    expect(pageShiftText({ pageviews: 2000, measured_pageviews: 1234, layout_shift_ads_p75: 0.12, layout_shift_other_p75: 0.08 })).toBe(
      'Layout shift at the 75th percentile: 0.120 from ads, 0.080 from everything else (1,234 of 2,000 pageviews measured: Chromium browsers report it).',
    );
    expect(pageShiftText({ pageviews: 10, measured_pageviews: 0, layout_shift_ads_p75: null, layout_shift_other_p75: null })).toMatch(/none of these pageviews came from one/);
    expect(pageShiftText({ pageviews: 0, measured_pageviews: 0, layout_shift_ads_p75: null, layout_shift_other_p75: null })).toBe('No pageviews in this period.');
  });

  it("puts a unit's fill, time in view, long views and refreshes in one line, and its shifts in another", () => {
    expect(unitFiguresText(unit())).toBe('83.3% filled (1 empty) · 3.6s in view per impression · 5.7s per viewable one · 40.0% in view 5s or more · refreshes: 1.25 renders per pageview');
    expect(unitFiguresText(unit({ renders_per_pageview: 1 }))).toMatch(/no refreshes$/);
    expect(unitShiftText(unit())).toBe('Shifted the content in 66.7% of measured pageviews (p75 0.120)');
    expect(unitShiftText(unit({ shifting_pageviews: 0, layout_shift_p75: 0 }))).toBe('Never shifted the content');
    expect(unitShiftText(unit({ shifting_pageviews: null, layout_shift_p75: null }))).toBeNull();
  });
});
