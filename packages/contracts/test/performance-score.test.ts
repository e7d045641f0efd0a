// The ad performance score and its label (specification section 9 with DESIGN.md's deviation): the CTR half is
// measured against 0.5 %, so an ordinary display unit is not "Poor" on its CTR alone.
import { describe, expect, it } from 'vitest';
import { adPerformanceScore, CTR_SCORE_CAP, performanceLabel } from '../src/analytics.ts';

describe('ad performance score', () => {
  it('measures the CTR half against 0.5 %, ten times the display benchmark', () => {
    expect(CTR_SCORE_CAP).toBe(0.5);
    expect(adPerformanceScore(0, 0.5)).toBe(50);
    expect(adPerformanceScore(0, 0.25)).toBeCloseTo(25, 10);
    // Capped: a CTR above 0.5 % adds no more, a negative one adds nothing.
    expect(adPerformanceScore(0, 3)).toBe(50);
    expect(adPerformanceScore(0, -1)).toBe(0);
    expect(adPerformanceScore(100, 0.5)).toBe(100);
    expect(adPerformanceScore(80, 0)).toBe(40);
  });

  it('grades a unit of 76.5 % viewability and 0.15 % CTR Average, not Poor', () => {
    const score = adPerformanceScore(76.5, 0.15);
    expect(score).toBeCloseTo(53.25, 10);
    expect(performanceLabel(score)).toBe('Average');
  });

  it('keeps the specification\'s label bands', () => {
    expect(performanceLabel(80)).toBe('Excellent');
    expect(performanceLabel(79.9)).toBe('Good');
    expect(performanceLabel(60)).toBe('Good');
    expect(performanceLabel(40)).toBe('Average');
    expect(performanceLabel(39.9)).toBe('Poor');
  });
});
