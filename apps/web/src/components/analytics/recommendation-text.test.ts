// The recommendations' words: labels, gain, view rates, where the change goes, why there are none, and the
// Optimization Potential card's line.
import { describe, expect, it } from 'vitest';
import { aFormatChange, aMove, aNewPlacement, aResponse, anAnalysis, someValues } from './recommendation-fixtures.ts';
import {
  anchorSelector,
  changeText,
  deviceAnalysisText,
  emptyExplanation,
  evidenceText,
  gainText,
  impressionsText,
  optimizationDescription,
  rangeMeaningText,
  summaryText,
  valuesText,
  viewRateText,
} from './recommendation-text.ts';

describe('recommendation texts', () => {
  it('states the gain over 30 days as a range and the view rate now and predicted, in percent of pageviews', () => {
    // Value leads: what every change is judged by (a format change may trade impressions for it).
    expect(gainText(aMove())).toBe('Ad value +184 to +255 per 1,000 pageviews');
    expect(gainText(aFormatChange({ expected: { ...aFormatChange().expected, value_gain_low: 40.4, value_gain_high: 80.6 } }))).toBe('Ad value +40 to +81 per 1,000 pageviews');
    expect(impressionsText(aMove())).toBe('+650 to +900 viewable impressions / 30 days');
    expect(impressionsText(aMove({ expected: { ...aMove().expected, extra_viewable_impressions_low: -40, extra_viewable_impressions_high: 120 } }))).toBe('−40 to +120 viewable impressions / 30 days');
    expect(viewRateText(aMove())).toBe('View rate 29.8% → 51.8% (50.2%–53.4%) of pageviews');
    // A new placement is seen by nobody today: only the prediction means something.
    expect(viewRateText(aNewPlacement())).toBe('Predicted view rate 61.0% (55.5%–66.3%) of pageviews');
    expect(rangeMeaningText(aMove())).toBe(
      "At the last 30 days' traffic, the result should fall in these ranges 19 times in 20, counting both the sampling error and how far the model missed this page's own units. Ad value is the page's on desktop, every unit's viewable impressions at its format's value (a viewable 300x250 = 1)",
    );
  });

  it("says which values a device's ad value rests on: measured, the publisher's, the defaults", () => {
    const measured = (device: 'desktop' | 'mobile', format: string) => ({ device, format, viewable_ecpm: 1.2, viewable_impressions: 1250, value: 1.5 });
    expect(valuesText(undefined, 'desktop')).toBeNull();
    expect(valuesText(someValues(), 'desktop')).toBe('Values: default relative values (no revenue data yet)');
    const usd = someValues({ currency: 'USD', revenue_sources: { prebid: true, imported: true } });
    expect(valuesText(usd, 'tablet')).toBe('Values: default relative values (no format has 1,000 viewable impressions on tablet in the last 30 days yet)');
    const values = { ...usd, measured: [measured('desktop', '300x250'), measured('desktop', '728x90'), measured('mobile', '320x50')] };
    expect(valuesText(values, 'desktop')).toBe('Values: measured viewable eCPM for 300x250 and 728x90 on desktop (last 30 days); defaults for the rest');
    expect(valuesText({ ...values, revenue_sources: { prebid: true, imported: false } }, 'mobile')).toBe(
      'Values: measured viewable eCPM for 320x50 on mobile (last 30 days, Prebid winning bids only); defaults for the rest',
    );
    const settings = [{ device: 'desktop' as const, format: '300x600', value: 2.4 }];
    expect(valuesText({ ...values, settings }, 'desktop')).toBe(
      'Values: measured viewable eCPM for 300x250 and 728x90 on desktop (last 30 days); your settings for 300x600; defaults for the rest',
    );
    expect(valuesText(someValues({ settings }), 'desktop')).toBe('Values: your settings for 300x600 on desktop; defaults for the rest');
  });

  it('says what to change and where in the content, with the depth at the reference width', () => {
    expect(changeText(aMove())).toBe(
      'Move it from after paragraph 9 of the article ("The line would open in 2029.") to after paragraph 4 of the article ("The council voted 31 to 12.") (1,113 px down at 1920 px wide)',
    );
    expect(changeText(aNewPlacement())).toBe('Add a 300x250 after paragraph 3 of the article ("Work starts in spring."), 900 px down at 375 px wide');
    expect(anchorSelector(aNewPlacement())).toEqual({ label: 'Insert after', selector: '#article-body>p:nth-of-type(3)' });
    // A format change stays where the unit is: the selector says what it follows, not where to insert.
    const place = { description: 'after paragraph 2 of the article ("Bids close in May.")', selector: '#article-body>p:nth-of-type(2)', text: 'Bids close in May.' };
    expect(anchorSelector(aFormatChange({ place }))).toEqual({ label: 'The unit follows', selector: '#article-body>p:nth-of-type(2)' });
    // Without a reading of the page's content, the depth is all there is.
    expect(changeText(aFormatChange())).toBe('Change 300x250 to 300x50 at 2,000 px down the page');
    expect(anchorSelector(aFormatChange())).toBeNull();
  });

  it('names the evidence, leaving out impressions a new placement cannot have', () => {
    expect(evidenceText(aMove())).toBe('Based on 3,530 pageviews and 3,301 impressions');
    expect(evidenceText(aNewPlacement())).toBe('Based on 400 pageviews');
  });

  it('sums the recommendations up against today\'s viewable impressions', () => {
    expect(summaryText(aResponse([aMove(), aNewPlacement()]))).toBe('2 recommendations could add at least 894 viewable impressions over 30 days: 1.5% more than today\'s 59,669.');
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
