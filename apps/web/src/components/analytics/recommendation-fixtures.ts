// Factories of recommendations and their answer for the panel's and texts' tests: one of each kind with the figures
// the server sends, and the per page and device analysis that explains an empty answer.
import type { AdviceValues, PageAnalysis, Recommendation, RecommendationsResponse } from '@foldline/contracts';

const base = {
  page_id: 'p1',
  page_title: 'Tram extension approved',
  device: 'desktop',
  size: { width: 336, height: 280 },
  expected: {
    current_view_rate: 29.8,
    predicted_view_rate: 51.8,
    predicted_view_rate_low: 50.2,
    predicted_view_rate_high: 53.4,
    extra_viewable_impressions: 774,
    extra_viewable_impressions_low: 650,
    extra_viewable_impressions_high: 900,
    value_gain: 219.3,
    value_gain_low: 184,
    value_gain_high: 255,
  },
  other_units: [] as Recommendation['other_units'],
  evidence: { pageviews: 3530, impressions: 3301 },
  confidence: 'high',
} as const;

export function aMove(overrides: Partial<Extract<Recommendation, { type: 'move_ad_unit' }>> = {}): Recommendation {
  return {
    ...base,
    id: 'move:p1:desktop:u1',
    reason: 'Only 30 % of desktop readers see this unit for a second; at 1,113 px, 52 % do.',
    type: 'move_ad_unit',
    ad_unit_id: 'u1',
    ad_unit_name: '4821596307',
    current_position: { x: 632, y: 1713 },
    recommended_position: { x: 632, y: 1113 },
    current_place: { description: 'after paragraph 9 of the article ("The line would open in 2029.")', selector: '#article-body>p:nth-of-type(9)', text: 'The line would open in 2029.' },
    recommended_place: { description: 'after paragraph 4 of the article ("The council voted 31 to 12.")', selector: '#article-body>p:nth-of-type(4)', text: 'The council voted 31 to 12.' },
    ...overrides,
  };
}

export function aNewPlacement(overrides: Partial<Extract<Recommendation, { type: 'new_ad_placement' }>> = {}): Recommendation {
  return {
    ...base,
    id: 'new:p1:mobile:900',
    device: 'mobile',
    size: { width: 300, height: 250 },
    expected: {
      current_view_rate: 0,
      predicted_view_rate: 61,
      predicted_view_rate_low: 55.5,
      predicted_view_rate_high: 66.3,
      extra_viewable_impressions: 120,
      extra_viewable_impressions_low: 109,
      extra_viewable_impressions_high: 130,
      value_gain: 610,
      value_gain_low: 555,
      value_gain_high: 663,
    },
    evidence: { pageviews: 400, impressions: 0 },
    confidence: 'medium',
    reason: '61 % of mobile readers see the break in the text at 900 px for a second and no ad is within a screen of it.',
    type: 'new_ad_placement',
    position: { x: 38, y: 900 },
    place: { description: 'after paragraph 3 of the article ("Work starts in spring.")', selector: '#article-body>p:nth-of-type(3)', text: 'Work starts in spring.' },
    recommended_ad_format: '300x250',
    ...overrides,
  };
}

export function aFormatChange(overrides: Partial<Extract<Recommendation, { type: 'format_change' }>> = {}): Recommendation {
  return {
    ...base,
    id: 'format:p1:tablet:u2',
    device: 'tablet',
    size: { width: 300, height: 50 },
    expected: {
      current_view_rate: 40,
      predicted_view_rate: 55,
      predicted_view_rate_low: 51,
      predicted_view_rate_high: 59,
      extra_viewable_impressions: 60,
      extra_viewable_impressions_low: 20,
      extra_viewable_impressions_high: 100,
      value_gain: 150,
      value_gain_low: 50,
      value_gain_high: 250,
    },
    confidence: 'low',
    reason: 'Only 40 % of tablet readers see this 300x250 for a second; a 300x50 in its place would be seen by 55 %.',
    type: 'format_change',
    ad_unit_id: 'u2',
    ad_unit_name: '/21700045/gazette/article_mid',
    position: { x: 234, y: 2000 },
    place: null,
    current_format: '300x250',
    recommended_format: '300x50',
    ...overrides,
  };
}

export function anAnalysis(overrides: Partial<PageAnalysis> = {}): PageAnalysis {
  return {
    page_id: 'p1',
    page_title: 'Tram extension approved',
    device: 'desktop',
    pageviews: 241,
    status: 'too_few_pageviews',
    message: '241 desktop pageviews in the last 30 days; recommendations need 300 (59 to go).',
    calibration: null,
    ad_layout: null,
    ...overrides,
  };
}

export function aResponse(recommendations: Recommendation[], pages: PageAnalysis[] = [anAnalysis()]): RecommendationsResponse {
  const extra = recommendations.reduce((sum, r) => sum + r.expected.extra_viewable_impressions, 0);
  const viewable = 59_669;
  return {
    recommendations,
    meta: {
      window: { start: '2026-10-24T00:00:00.000Z', end: '2026-11-23T00:00:00.000Z' },
      min_pageviews: 300,
      pages,
      extra_viewable_impressions: extra,
      viewable_impressions: viewable,
      optimization_potential: (extra / viewable) * 100,
    },
  };
}

/** What the ad values were: none measured nor set and no revenue data unless overridden. */
export function someValues(overrides: Partial<AdviceValues> = {}): AdviceValues {
  return { measured: [], settings: [], currency: null, revenue_sources: { prebid: false, imported: false }, days: 30, min_viewable_impressions: 1000, ...overrides };
}
