import { describe, expect, it } from 'vitest';
import { emptyMetricsText, segmentVisitorsLabel } from './metrics-segment-text.ts';

describe('page metrics segment text', () => {
  it('names the segment in a reader’s words, and nothing for every visitor', () => {
    expect(segmentVisitorsLabel({ source: 'search', browser: 'Chrome' })).toBe('Search visitors · Chrome');
    expect(segmentVisitorsLabel({ source: 'referral', browser: '' })).toBe('Visitors from other sites');
    expect(segmentVisitorsLabel({ source: 'all', browser: 'Firefox' })).toBe('Firefox visitors');
    expect(segmentVisitorsLabel({ source: 'all', browser: '' })).toBeNull();
  });

  it('says an empty segment is empty, apart from a page without visits', () => {
    expect(emptyMetricsText({ source: 'social', browser: '' }).title).toBe('No metrics for Social visitors');
    expect(emptyMetricsText({ source: 'all', browser: '' })).toEqual({
      title: 'No metrics available',
      description: 'No visits of this page were recorded for the selected time range and device.',
    });
  });
});
