import type { AdExperienceUnit, PageAnalysis } from '@foldline/contracts';
import { describe, expect, it } from 'vitest';
import { densityText, pageShiftText, reserveText, shiftRating, unitFiguresText, unitShiftText } from './ad-experience-text.ts';

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
  refreshes: 0,
  unseen_refreshes: 0,
  shifting_pageviews: 66.7,
  layout_shift_p75: 0.12,
  reserve: null,
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
    expect(unitFiguresText(unit({ renders_per_pageview: 2, refreshes: 5, unseen_refreshes: 2 }))).toMatch(/refreshes: 2.00 renders per pageview, 40.0% of refreshes never in view$/);
    expect(unitShiftText(unit())).toBe('Shifted the content in 66.7% of measured pageviews (p75 0.120)');
    expect(unitShiftText(unit({ shifting_pageviews: 0, layout_shift_p75: 0 }))).toBe('Never shifted the content');
    expect(unitShiftText(unit({ shifting_pageviews: null, layout_shift_p75: null }))).toBeNull();
  });

  it('tells a unit that shifts the content which height to reserve, with the creative heights it saw', () => {
    expect(reserveText(unit())).toBeNull();
    const heights = [{ height: 250, share: 82.5 }, { height: 280, share: 15 }, { height: 600, share: 2.5 }];
    expect(reserveText(unit({ reserve: { height: 280, heights } }))).toBe(
      'Reserve 280 px for this slot (CSS min-height on its container), so the content below stays put when the ad arrives. Its creatives were 250 px (82.5%), 280 px (15.0%) and 600 px (2.5%) tall.',
    );
    expect(reserveText(unit({ reserve: { height: 250, heights: [{ height: 250, share: 100 }] } }))).toContain('Its creatives were 250 px (100.0%) tall.');
  });

  it('says the ad density on the device against its limit, and flags a page over it', () => {
    const analysis = (ad_layout: PageAnalysis['ad_layout'], status: PageAnalysis['status'] = 'analysed'): PageAnalysis => ({
      page_id: 'p1',
      page_title: 'Story',
      device: 'mobile',
      pageviews: 900,
      status,
      message: '',
      calibration: null,
      ad_layout,
    });
    const over = densityText(analysis({ content_height: 4000, ad_height: 1500, density: 37.5, density_limit: 30, above_fold: 1, per_1000px: 1.5 }), 'mobile');
    expect(over).toEqual({
      text: "Ads take 37.5% of the main content's height on mobile (1,500 of 4,000 px; Better Ads' limit for phones is 30.0%). 1 ad above the fold, 1.50 per 1,000 px of content. Last 30 days.",
      over: true,
    });
    expect(densityText(analysis({ content_height: 4000, ad_height: 500, density: 12.5, density_limit: 25, above_fold: 2, per_1000px: 0.5 }), 'desktop').text).toMatch(/the website's limit is 25.0%\)\. 2 ads above the fold/);
    expect(densityText(analysis(null, 'too_few_pageviews'), 'mobile')).toEqual({ text: 'Ad density: not measured; it is measured on pages with 300 mobile pageviews in the last 30 days, from a rendering of the page.', over: null });
    expect(densityText(undefined, 'mobile').over).toBeNull();
  });
});
