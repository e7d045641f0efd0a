// The difference view's words: red and blue said with the side measured against, how far each way, and that each side
// is counted per its own readers; the scroll marks' figures.
import { describe, expect, it } from 'vitest';
import { differenceLegendText, formatAmount, noDifferenceText, scrollDifferenceMarkText, signedPoints } from './heatmap-difference-text.ts';

const PREVIOUS = { first: '', second: 'in the previous period' };

describe('difference legend', () => {
  it('says what red and blue mean on a click map, per 1,000 pageviews of each side', () => {
    const text = differenceLegendText('click', { most: 12.4, fewest: 3.25 }, PREVIOUS);
    expect(text.caption).toBe('Difference in clicks per 1,000 pageviews');
    expect(text.high).toBe('Red: more clicks per 1,000 pageviews than in the previous period (up to 12 more in one spot)');
    expect(text.low).toBe('Blue: fewer clicks per 1,000 pageviews than in the previous period (up to 3.3 fewer in one spot)');
    expect(text.note).toContain('counted per 1,000 of its own pageviews');
    // Nothing fewer anywhere: no figure to give that way.
    expect(differenceLegendText('click', { most: 5, fewest: 0 }, { first: 'in Search', second: 'in Social' }).low).toBe(
      'Blue: fewer clicks per 1,000 pageviews in Search than in Social',
    );
  });

  it('speaks of shares of time on the engagement map and of readers reaching a depth on the scroll map, in points', () => {
    const engagement = differenceLegendText('engagement', { most: 0.06, fewest: 0.215 }, { first: 'in Search', second: 'in Social' });
    expect(engagement.high).toBe('Red: readers spent a larger share of their time here in Search than in Social (up to 6 percentage points more)');
    expect(engagement.low).toBe('Blue: readers spent a smaller share of their time here in Search than in Social (up to 22 percentage points less)');
    const scroll = differenceLegendText('scroll', { most: 0.01, fewest: 0 }, PREVIOUS);
    expect(scroll.caption).toBe('Difference in the share of readers reaching each depth');
    expect(scroll.high).toBe('Red: more of the readers get this far than in the previous period (up to 1 percentage point more)');
  });

  it('formats the figures', () => {
    expect([formatAmount(0), formatAmount(0.02), formatAmount(4.25), formatAmount(4), formatAmount(1234.4)]).toEqual(['0', 'under 0.1', '4.3', '4', '1,234']);
    expect([signedPoints(0.1), signedPoints(-0.034), signedPoints(0), signedPoints(0.0001)]).toEqual(['+10.0 pp', '−3.4 pp', '0.0 pp', '0.0 pp']);
    expect(scrollDifferenceMarkText({ depth: 50, first: 0.6, second: 0.5 })).toBe('50%: 60.0% vs 50.0% of readers (+10.0 pp)');
    expect(noDifferenceText('click', 'Previous period · All visitors').description).toBe(
      'Previous period · All visitors has no pageviews, so there is no difference to show. Show the maps side by side, or try a longer time range.',
    );
  });
});
