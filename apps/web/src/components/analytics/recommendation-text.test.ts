// The recommendations' words: labels, gain, view rates, where the change goes, why there are none, and the
// Optimization Potential card's line.
import { describe, expect, it } from 'vitest';
import { aFormatChange, aMove, aNewPlacement, aResponse, anAnalysis } from './recommendation-fixtures.ts';
import { changeText, deviceAnalysisText, emptyExplanation, evidenceText, gainText, optimizationDescription, summaryText, viewRateText } from './recommendation-text.ts';

describe('recommendation texts', () => {
  it('states the gain over 30 days and the view rate now and predicted, in percent', () => {
    expect(gainText(aMove())).toBe('+774 viewable impressions / 30 days');
    expect(viewRateText(aMove())).toBe('View rate 29.8% → 51.8% (at least 50.2%)');
    // A new placement is seen by nobody today: only the prediction means something.
    expect(viewRateText(aNewPlacement())).toBe('Predicted view rate 61.0% (at least 55.5%)');
  });

  it('says what to change and where, for each kind', () => {
    expect(changeText(aMove())).toBe('Move it from 1,713 px to 1,113 px down the page');
    expect(changeText(aNewPlacement())).toBe('Add a 300x250 at 900 px down the page');
    expect(changeText(aFormatChange())).toBe('Change 300x250 to 300x50 at 2,000 px down the page');
  });

  it('names the evidence, leaving out impressions a new placement cannot have', () => {
    expect(evidenceText(aMove())).toBe('Based on 3,530 pageviews and 3,301 impressions');
    expect(evidenceText(aNewPlacement())).toBe('Based on 400 pageviews');
  });

  it('sums the recommendations up against today\'s viewable impressions', () => {
    expect(summaryText(aResponse([aMove(), aNewPlacement()]))).toBe('2 recommendations could add 894 viewable impressions over 30 days: 1.5% more than today\'s 59,669.');
  });

  it('explains an empty answer: no readers, too few everywhere, or nothing worth changing', () => {
    expect(emptyExplanation(aResponse([], []).meta)).toMatchObject({ title: 'No recommendations yet', description: expect.stringMatching(/^No pageviews in the last 30 days\./) });
    expect(emptyExplanation(aResponse([], [anAnalysis(), anAnalysis({ device: 'mobile' })]).meta).description).toBe(
      'No page has enough readers yet: recommendations need 300 pageviews of a page on one device in the last 30 days.',
    );
    const mixed = emptyExplanation(aResponse([], [anAnalysis({ status: 'analysed', message: 'Analysed 3,530 desktop pageviews.' }), anAnalysis({ device: 'mobile' })]).meta);
    expect(mixed.title).toBe('No recommendations right now');
    expect(mixed.pages).toHaveLength(2);
  });

  it("gives the selected device's own analysis, or that it had no readers", () => {
    const meta = aResponse([], [anAnalysis()]).meta;
    expect(deviceAnalysisText(meta, 'desktop')).toBe('241 desktop pageviews in the last 30 days; recommendations need 300 (59 to go).');
    expect(deviceAnalysisText(meta, 'tablet')).toBe('No tablet pageviews in the last 30 days.');
  });

  it('explains the optimization potential by its open recommendations, or says there are none', () => {
    const optimization = { recommendations: 0, byType: { new_ad_placement: 0, move_ad_unit: 0, format_change: 0 }, extraViewableImpressions: 0, viewableImpressions: 100 };
    expect(optimizationDescription(optimization)).toBe('No open recommendations');
    expect(optimizationDescription({ ...optimization, recommendations: 6, byType: { new_ad_placement: 0, move_ad_unit: 6, format_change: 0 }, extraViewableImpressions: 1996 })).toBe(
      '1,996 extra viewable impressions from 6 open recommendations (6 moves)',
    );
    expect(optimizationDescription({ ...optimization, recommendations: 3, byType: { new_ad_placement: 1, move_ad_unit: 1, format_change: 1 }, extraViewableImpressions: 1 })).toBe(
      '1 extra viewable impression from 3 open recommendations (1 move, 1 new placement, 1 format change)',
    );
  });
});
