import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, differenceWords, emptySegmentText, mapSides, segmentLabel, segmentQuery, sharedMax, showsDifference } from './heatmap-view.ts';

describe('heatmap view', () => {
  it('asks nothing for every visitor, and only what was chosen for a segment', () => {
    expect(segmentQuery({ source: 'all', browser: '' })).toEqual({});
    expect(segmentQuery({ source: 'search', browser: '' })).toEqual({ source: 'search' });
    expect(segmentQuery({ source: 'all', browser: 'Firefox' })).toEqual({ browser: 'Firefox' });
    expect(segmentLabel({ source: 'referral', browser: 'Safari' })).toBe('Other sites, Safari');
    expect(segmentLabel({ source: 'all', browser: '' })).toBe('All visitors');
  });

  it('draws one map, or two: this period and the previous one, or two segments', () => {
    expect(mapSides(DEFAULT_VIEW)).toEqual([{ key: 'current', caption: 'All visitors', segment: {}, window: 'current', segmented: false }]);
    const social = { source: 'social', browser: '' } as const;
    expect(mapSides({ ...DEFAULT_VIEW, segment: social, compare: 'previous' }).map((side) => [side.caption, side.window, side.segment])).toEqual([
      ['This period · Social', 'current', { source: 'social' }],
      ['Previous period · Social', 'previous', { source: 'social' }],
    ]);
    expect(mapSides({ ...DEFAULT_VIEW, segment: social, compare: 'segment', other: { source: 'search', browser: 'Chrome' } }).map((side) => [side.caption, side.segment])).toEqual([
      ['Social', { source: 'social' }],
      ['Search, Chrome', { source: 'search', browser: 'Chrome' }],
    ]);
  });

  it('says which segment and period have nothing, and shares the larger scale', () => {
    expect(emptySegmentText('click', { segmented: true, window: 'current' }).title).toBe('No clicks from this segment in this period');
    expect(emptySegmentText('scroll', { segmented: false, window: 'previous' }).title).toBe('No scrolling in the previous period');
    expect(sharedMax([3, 7])).toBe(7);
    expect(sharedMax([])).toBe(0);
  });

  it('shows the difference only of two compared maps, naming the sides as the legend reads them', () => {
    const social = { source: 'social', browser: '' } as const;
    expect(showsDifference({ ...DEFAULT_VIEW, display: 'difference' })).toBe(false);
    expect(showsDifference({ ...DEFAULT_VIEW, compare: 'previous' })).toBe(false);
    expect(showsDifference({ ...DEFAULT_VIEW, compare: 'previous', display: 'difference' })).toBe(true);
    expect(differenceWords({ ...DEFAULT_VIEW, segment: social, compare: 'previous', display: 'difference' })).toEqual({ first: '', second: 'in the previous period' });
    expect(differenceWords({ ...DEFAULT_VIEW, segment: social, compare: 'segment', display: 'difference' })).toEqual({ first: 'in Social', second: 'in All visitors' });
  });
});
