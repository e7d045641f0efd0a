// What a recommendation counts for in the optimization potential (the Recommendations meta and the dashboard's KPI):
// the low end of its promise, nothing at low confidence.
import type { Recommendation } from '@foldline/contracts';
import { describe, expect, it } from 'vitest';
import { countsForPotential, promisedExtra } from '../src/reports/recommendations.ts';

function advice(confidence: Recommendation['confidence'], low: number): Recommendation {
  return {
    id: `new_ad_placement:p1:desktop:${low}`,
    reason: '80 % of desktop readers see the break in the text at 1,300 px for a second.',
    page_id: 'p1',
    page_title: 'Tram extension approved',
    device: 'desktop',
    size: { width: 300, height: 250 },
    expected: {
      current_view_rate: 0,
      predicted_view_rate: 80,
      predicted_view_rate_low: 70,
      predicted_view_rate_high: 90,
      extra_viewable_impressions: 800,
      extra_viewable_impressions_low: low,
      extra_viewable_impressions_high: 900,
      value_gain: 800,
      value_gain_low: low,
      value_gain_high: 900,
    },
    other_units: [],
    evidence: { pageviews: 1000, impressions: 0 },
    confidence,
    type: 'new_ad_placement',
    position: { x: 650, y: 1300 },
    place: null,
    recommended_ad_format: '300x250',
  };
}

describe('promisedExtra', () => {
  it('is the low end of the extra viewable impressions, not the point estimate', () => {
    expect(promisedExtra(advice('high', 700))).toBe(700);
    expect(promisedExtra(advice('medium', 650))).toBe(650);
  });

  it('counts nothing for low-confidence advice, nor less than nothing for a low end under zero', () => {
    expect(countsForPotential(advice('low', 700))).toBe(false);
    expect(promisedExtra(advice('low', 700))).toBe(0);
    expect(promisedExtra(advice('medium', -40))).toBe(0);
  });
});
